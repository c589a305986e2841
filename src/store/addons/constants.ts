export const ADDONS_PATH = '/monsterinsights-reports/v1/addons';
