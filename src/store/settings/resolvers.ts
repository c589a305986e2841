import { settingsResource } from './constants';

/** Loads the settings with GET /monsterinsights-reports/v1/settings, unless received. */
export const getSettings = settingsResource.load;
