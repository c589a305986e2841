import { ALL } from './constants';
import type { NotificationsPayload, NotificationsState } from './types';

/**
 * The active and dismissed notifications; undefined until loaded (its resolver loads them on
 * first use).
 *
 * @param state State.
 */
export function getNotifications(
	state: NotificationsState
): NotificationsPayload | undefined {
	return state.payload ?? undefined;
}

/**
 * Whether the notifications were received (loaded or seeded); no resolver.
 *
 * @param state State.
 */
export function hasNotifications( state: NotificationsState ): boolean {
	return state.payload !== null;
}

/**
 * The number of active notifications; 0 until loaded. No resolver.
 *
 * @param state State.
 */
export function getActiveNotificationCount(
	state: NotificationsState
): number {
	return state.payload?.active.length ?? 0;
}

/**
 * Whether a load runs.
 *
 * @param state State.
 */
export function isLoadingNotifications( state: NotificationsState ): boolean {
	return state.loading;
}

/**
 * Why loading the notifications failed, or null.
 *
 * @param state State.
 */
export function getNotificationsLoadError(
	state: NotificationsState
): string | null {
	return state.loadError;
}

/**
 * Whether a notification is being dismissed (also while all are).
 *
 * @param state State.
 * @param id    The notification's id, or ALL.
 */
export function isDismissing( state: NotificationsState, id: string ): boolean {
	return state.dismissing.includes( id ) || state.dismissing.includes( ALL );
}

/**
 * Why the last dismissal failed, or null.
 *
 * @param state State.
 */
export function getDismissError( state: NotificationsState ): string | null {
	return state.dismissError;
}
