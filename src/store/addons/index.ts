import { createReduxStore } from '@wordpress/data';

import * as actions from './actions';
import { reducer } from './reducer';
import * as resolvers from './resolvers';
import * as selectors from './selectors';

export const ADDONS_STORE = 'monsterinsights-reports/addons';

export const addonsStore = createReduxStore( ADDONS_STORE, {
	reducer,
	actions,
	selectors,
	resolvers,
} );

export type {
	Addon,
	AddonKey,
	AddonsMap,
	AddonsState,
	SetAddonResult,
} from './types';
