import { googleResource } from './constants';

/** Loads the connection with GET /monsterinsights-reports/v1/google, unless received. */
export const getGoogleConnection = googleResource.load;
