export const METRICS_PATH = '/monsterinsights-reports/v1/metrics';
