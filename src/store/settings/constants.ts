export const SETTINGS_PATH = '/monsterinsights-reports/v1/settings';
