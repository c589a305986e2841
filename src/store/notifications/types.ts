/**
 * The header bell's notifications: GET /monsterinsights-reports/v1/notifications, POST
 * …/notifications/{id}/dismiss and POST …/notifications/dismiss-all all answer a
 * NotificationsPayload. includes/REST/NotificationsController.php describes the same shape as a
 * JSON schema.
 */

/** In the order the server sorts them. */
export type NotificationType = 'error' | 'warning' | 'info' | 'success';

export interface NotificationAction {
	label: string;
	/** An admin URL (often a route of this app) or an external page. */
	url: string;
	primary: boolean;
}

export interface ReportsNotification {
	/** Stable slug, e.g. source-not-connected. */
	id: string;
	type: NotificationType;
	/** Plain text. */
	title: string;
	/** Plain text; may hold line breaks. */
	content: string;
	/** ISO 8601. */
	date: string;
	actions: NotificationAction[];
	dismissed: boolean;
}

export interface NotificationsPayload {
	/** Not dismissed: errors first, then warnings, infos and successes, newest first. */
	active: ReportsNotification[];
	/** Dismissed by the current user and still applying, in the same order. */
	dismissed: ReportsNotification[];
}

/** What dismiss and dismissAll resolve to: success, or the server's error text. */
export type DismissResult =
	| { success: true }
	| { success: false; error: string };

export interface NotificationsState {
	/** Null until loaded. */
	payload: NotificationsPayload | null;
	/** Whether a load runs. */
	loading: boolean;
	/** The last load's error text, if it failed. */
	loadError: string | null;
	/** Ids being dismissed; ALL while dismissing every notification. */
	dismissing: string[];
	/** The last dismissal's error text, if it failed. */
	dismissError: string | null;
}
