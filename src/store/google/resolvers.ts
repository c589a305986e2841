import { googleResource } from './constants';

/**
 * The resolvers of a scope's connection: getGoogleConnection loads it with a GET of its path,
 * unless received.
 *
 * @param path The REST path of the connection.
 */
export function googleResolvers( path: string ) {
	return { getGoogleConnection: googleResource( path ).load };
}
