import apiFetch from '@wordpress/api-fetch';

import { errorText } from '../errors';
import { loadInto } from '../requests';
import {
	ALL,
	DISMISS_ALL_PATH,
	dismissPath,
	NOTIFICATIONS_PATH,
} from './constants';
import type { DismissResult, NotificationsPayload } from './types';

/**
 * Stores the notifications (every route's answer; seeds tests).
 *
 * @param payload The active and dismissed notifications.
 */
export function receiveNotifications( payload: NotificationsPayload ) {
	return { type: 'RECEIVE_NOTIFICATIONS', payload } as const;
}

/** Marks a load as running. */
export function startLoadingNotifications() {
	return { type: 'START_LOADING_NOTIFICATIONS' } as const;
}

/**
 * Stores why loading the notifications failed.
 *
 * @param error The error text.
 */
export function receiveNotificationsError( error: string ) {
	return { type: 'RECEIVE_NOTIFICATIONS_ERROR', error } as const;
}

/**
 * Marks a dismissal as running or finished.
 *
 * @param id      The notification's id, or ALL.
 * @param running Whether it runs.
 */
export function setDismissing( id: string, running: boolean ) {
	return { type: 'SET_DISMISSING', id, running } as const;
}

/**
 * Stores why a dismissal failed; null clears it.
 *
 * @param error The error text, or null.
 */
export function receiveDismissError( error: string | null ) {
	return { type: 'RECEIVE_DISMISS_ERROR', error } as const;
}

export type NotificationsAction =
	| ReturnType< typeof receiveNotifications >
	| ReturnType< typeof startLoadingNotifications >
	| ReturnType< typeof receiveNotificationsError >
	| ReturnType< typeof setDismissing >
	| ReturnType< typeof receiveDismissError >;

/** What this store's thunks receive. */
export interface NotificationsThunkArgs {
	dispatch: ( action: NotificationsAction ) => unknown;
	select: { hasNotifications: () => boolean };
}

/**
 * Loads the notifications with GET /monsterinsights-reports/v1/notifications, whether or not they
 * were loaded (the getNotifications resolver loads them once; this is "try again").
 */
export function loadNotifications() {
	return async ( { dispatch }: NotificationsThunkArgs ): Promise< void > => {
		dispatch( startLoadingNotifications() );
		await loadInto< NotificationsPayload, NotificationsAction >(
			dispatch,
			NOTIFICATIONS_PATH,
			receiveNotifications,
			receiveNotificationsError
		);
	};
}

/**
 * Whether api-fetch rejected with the route's "no such notification" error.
 *
 * @param error What api-fetch rejected with.
 */
function isNotFound( error: unknown ): boolean {
	return (
		typeof error === 'object' &&
		error !== null &&
		( error as { code?: unknown } ).code === 'rest_notification_not_found'
	);
}

/**
 * Sends a dismissal and stores the answer. A notification that no longer applies (404) makes the
 * list load again, so it disappears.
 *
 * @param id   The notification's id, or ALL.
 * @param path The route.
 */
function sendDismissal( id: string, path: string ) {
	return async ( {
		dispatch,
		select,
	}: NotificationsThunkArgs ): Promise< DismissResult > => {
		dispatch( setDismissing( id, true ) );
		dispatch( receiveDismissError( null ) );
		try {
			dispatch(
				receiveNotifications(
					await apiFetch< NotificationsPayload >( {
						path,
						method: 'POST',
					} )
				)
			);
			return { success: true };
		} catch ( error ) {
			const text = errorText( error );
			dispatch( receiveDismissError( text ) );
			if ( isNotFound( error ) ) {
				await loadNotifications()( { dispatch, select } );
			}
			return { success: false, error: text };
		} finally {
			dispatch( setDismissing( id, false ) );
		}
	};
}

/**
 * Dismisses one notification for the current user with POST
 * /monsterinsights-reports/v1/notifications/{id}/dismiss. Resolves to { success } or
 * { success: false, error } with the server's error text (kept for getDismissError); never rejects.
 *
 * @param id The notification's id.
 */
export function dismiss( id: string ) {
	return sendDismissal( id, dismissPath( id ) );
}

/**
 * Dismisses every active notification for the current user with POST
 * /monsterinsights-reports/v1/notifications/dismiss-all. Resolves like dismiss().
 */
export function dismissAll() {
	return sendDismissal( ALL, DISMISS_ALL_PATH );
}
