import { createReduxStore } from '@wordpress/data';

import * as actions from './actions';
import { reducer } from './reducer';
import * as resolvers from './resolvers';
import * as selectors from './selectors';

export const NOTIFICATIONS_STORE = 'monsterinsights-reports/notifications';

export const notificationsStore = createReduxStore( NOTIFICATIONS_STORE, {
	reducer,
	actions,
	selectors,
	resolvers,
} );

export { ALL as ALL_NOTIFICATIONS } from './constants';
export type {
	DismissResult,
	NotificationAction,
	NotificationsPayload,
	NotificationsState,
	NotificationType,
	ReportsNotification,
} from './types';
