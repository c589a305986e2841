import { resource } from '../resource';
import type { GoogleConnection } from './types';

/** Where a connection lives: the site's own, or the network's (network admin, multisite only). */
export type GoogleScope = 'site' | 'network';

export const GOOGLE_PATH = '/monsterinsights-reports/v1/google';

/** The network's connection: the same routes under /google/network (manage_network_options). */
export const GOOGLE_NETWORK_PATH = `${ GOOGLE_PATH }/network`;

/**
 * The REST path of a scope's connection.
 *
 * @param scope The scope.
 */
export function googlePath( scope: GoogleScope ): string {
	return scope === 'network' ? GOOGLE_NETWORK_PATH : GOOGLE_PATH;
}

/**
 * A scope's connection: loaded by getGoogleConnection, replaced by what each write answers.
 *
 * @param path The REST path of the connection.
 */
export function googleResource( path: string ) {
	return resource< GoogleConnection, 'hasGoogleConnection' >(
		path,
		'hasGoogleConnection'
	);
}

/** The site's connection (its reduce and selectors serve both scopes: they read only the state). */
export const siteGoogleResource = googleResource( GOOGLE_PATH );
