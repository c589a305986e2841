import { addonsResource } from './constants';

/** Loads the map with GET /monsterinsights-reports/v1/addons, unless received. */
export const getAddons = addonsResource.load;
