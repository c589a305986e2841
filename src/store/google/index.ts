import { createReduxStore } from '@wordpress/data';

import * as actions from './actions';
import { reducer } from './reducer';
import * as resolvers from './resolvers';
import * as selectors from './selectors';

export const GOOGLE_STORE = 'monsterinsights-reports/google';

/**
 * The google source's connection for the settings screen and the setup wizard: its state, what
 * its credentials can read, and the connect, choose, test and disconnect writes.
 */
export const googleStore = createReduxStore( GOOGLE_STORE, {
	reducer,
	actions,
	selectors,
	resolvers,
} );

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
