import { createReduxStore } from '@wordpress/data';

import * as actions from './actions';
import { reducer } from './reducer';
import * as resolvers from './resolvers';
import * as selectors from './selectors';

export const SETTINGS_STORE = 'monsterinsights-reports/settings';

export const settingsStore = createReduxStore( SETTINGS_STORE, {
	reducer,
	actions,
	selectors,
	resolvers,
} );

export type {
	ReportsSettings,
	RoleOption,
	SettingsChanges,
	SourceOption,
	TrackingSettings,
	SaveSettingsResult,
	SettingsState,
} from './types';
