import { createReduxStore } from '@wordpress/data';

import * as actions from './actions';
import { reducer } from './reducer';
import * as selectors from './selectors';

export const APP_STORE = 'monsterinsights-reports/app';

export const appStore = createReduxStore( APP_STORE, {
	reducer,
	actions,
	selectors,
} );

export type {
	AppFlags,
	BootData,
	BootShop,
	DateQuery,
	Level,
	PresetKey,
	ShopCurrency,
} from './types';
