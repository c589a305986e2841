import { createReduxStore } from '@wordpress/data';

import * as actions from './actions';
import { googlePath, type GoogleScope } from './constants';
import { reducer } from './reducer';
import { googleResolvers } from './resolvers';
import * as selectors from './selectors';
import type { GoogleConnection } from './types';

export const GOOGLE_STORE = 'monsterinsights-reports/google';
export const GOOGLE_NETWORK_STORE = 'monsterinsights-reports/google-network';

/**
 * The store of a scope's connection.
 *
 * @param name  The store's name.
 * @param scope The scope.
 */
function googleStoreFor( name: string, scope: GoogleScope ) {
	const { googleThunks, ...plain } = actions;
	return createReduxStore( name, {
		reducer,
		actions: { ...plain, ...googleThunks( googlePath( scope ) ) },
		selectors,
		resolvers: googleResolvers( googlePath( scope ) ),
	} );
}

/**
 * The google source's connection for the settings screen and the setup wizard: its state, what
 * its credentials can read, and the connect, choose, test and disconnect writes.
 */
export const googleStore = googleStoreFor( GOOGLE_STORE, 'site' );

/**
 * The network's connection on the network admin screen (the same state and writes against
 * /google/network), which the network's sites without a connection of their own use.
 */
export const googleNetworkStore = googleStoreFor(
	GOOGLE_NETWORK_STORE,
	'network'
);

/**
 * The store of a scope's connection.
 *
 * @param scope The scope.
 */
export function googleStoreOf( scope: GoogleScope ) {
	return scope === 'network' ? googleNetworkStore : googleStore;
}

/**
 * Whether the reports can use google on this site: its own connection is complete, or it has none
 * and uses the network's complete one.
 *
 * @param connection The site's connection; undefined until loaded.
 */
export function googleUsable( connection: GoogleConnection | undefined ) {
	return !! connection && ( connection.connected || connection.uses_network );
}

export {
	GOOGLE_NETWORK_PATH,
	GOOGLE_PATH,
	googlePath,
	type GoogleScope,
} from './constants';
export type {
	GoogleApiTest,
	GoogleConnection,
	GoogleProperty,
	GoogleSelection,
	GoogleSite,
	GoogleState,
	GoogleTestResult,
	OAuthStart,
} from './types';
export type { GoogleWriteResult } from './actions';
