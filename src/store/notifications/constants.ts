export const NOTIFICATIONS_PATH = '/monsterinsights-reports/v1/notifications';

/**
 * The path that dismisses one notification.
 * @param id
 */
export function dismissPath( id: string ): string {
	return `${ NOTIFICATIONS_PATH }/${ encodeURIComponent( id ) }/dismiss`;
}

export const DISMISS_ALL_PATH = `${ NOTIFICATIONS_PATH }/dismiss-all`;

/** Stands for "every notification" among the ids being dismissed. */
export const ALL = '*';
