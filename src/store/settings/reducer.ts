import { settingsResource } from './constants';

/** The settings, the load's error and the saving flag: the resource's own reducer. */
export const reducer = settingsResource.reducer;
