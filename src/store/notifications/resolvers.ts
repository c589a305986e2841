import { loadNotifications, type NotificationsThunkArgs } from './actions';

/** Loads the notifications with GET /monsterinsights-reports/v1/notifications, unless received. */
export function getNotifications() {
	return async ( args: NotificationsThunkArgs ): Promise< void > => {
		if ( args.select.hasNotifications() ) {
			return;
		}
		await loadNotifications()( args );
	};
}
