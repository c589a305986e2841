import { metricsResource } from './constants';

/** The user's metrics, the load's error and the saving flag: the resource's own reducer. */
export const reducer = metricsResource.reducer;
