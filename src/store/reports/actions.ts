import { __ } from '@wordpress/i18n';
import type {
	dispatch as dispatchFunction,
	select as selectFunction,
} from '@wordpress/data';

import { defaultDateQuery } from '../../lib/dates';
import { levelNeeded } from '../../lib/tiers';
import { appStore } from '../app';
import type { DateQuery, Level } from '../app/types';
import { isNoticeError } from './errors';
import { tableKey, type TableRequest } from './query';
import type { ErrorDialog, ReportError, TablePage } from './types';

/**
 * Stores a report payload. Seed tests with it; the resolver passes the token of its request so a
 * response that a newer request or an invalidation superseded is dropped.
 *
 * @param name    Report name.
 * @param query   The date query it answers.
 * @param payload The payload.
 * @param token   The request's token; omitted when seeding.
 */
export function receiveReport(
	name: string,
	query: DateQuery,
	payload: unknown,
	token?: number
) {
	return { type: 'RECEIVE_REPORT', name, query, payload, token } as const;
}

/**
 * Marks a report request as in flight.
 *
 * @param name  Report name.
 * @param query The date query.
 * @param token A token unique to this request.
 */
export function startReportRequest(
	name: string,
	query: DateQuery,
	token: number
) {
	return { type: 'START_REPORT_REQUEST', name, query, token } as const;
}

/**
 * Stores the error of a report request.
 *
 * @param name  Report name.
 * @param query The date query.
 * @param error The error.
 * @param token The request's token; omitted when seeding.
 */
export function receiveReportError(
	name: string,
	query: DateQuery,
	error: ReportError,
	token?: number
) {
	return { type: 'RECEIVE_REPORT_ERROR', name, query, error, token } as const;
}

/**
 * Marks a table page request as in flight.
 *
 * @param request The table page.
 * @param token   A token unique to this request.
 */
export function startTableRequest( request: TableRequest, token: number ) {
	return {
		type: 'START_TABLE_REQUEST',
		key: tableKey( request ),
		token,
	} as const;
}

/**
 * Stores a page of a report's table; a response that a newer request or an invalidation
 * superseded is dropped, as for reports.
 *
 * @param request The table page.
 * @param page    The page.
 * @param token   The request's token; omitted when seeding.
 */
export function receiveTablePage(
	request: TableRequest,
	page: TablePage,
	token?: number
) {
	return {
		type: 'RECEIVE_TABLE_PAGE',
		key: tableKey( request ),
		page,
		token,
	} as const;
}

/**
 * Stores the error of a table page request (the table says so; no dialog).
 *
 * @param request The table page.
 * @param error   The error.
 * @param token   The request's token; omitted when seeding.
 */
export function receiveTablePageError(
	request: TableRequest,
	error: ReportError,
	token?: number
) {
	return {
		type: 'RECEIVE_TABLE_PAGE_ERROR',
		key: tableKey( request ),
		error,
		token,
	} as const;
}

/**
 * Marks a report as locked for the current licence: the screen shows demo data blurred under its
 * upsell.
 *
 * @param name  Report name.
 * @param level The level needed.
 */
export function receiveReportLocked( name: string, level: Level ) {
	return { type: 'RECEIVE_REPORT_LOCKED', name, level } as const;
}

/**
 * Opens the shared error dialog.
 *
 * @param dialog Title and text.
 */
export function showErrorDialog( dialog: ErrorDialog ) {
	return { type: 'SHOW_ERROR_DIALOG', dialog } as const;
}

/** Closes the shared error dialog. */
export function dismissErrorDialog() {
	return { type: 'DISMISS_ERROR_DIALOG' } as const;
}

/**
 * Forgets every payload, error and request of one report name, its table pages included (its lock
 * stays), so the next getReport for it fetches again.
 *
 * @param name Report name.
 */
export function forgetReport( name: string ) {
	return { type: 'FORGET_REPORT', name } as const;
}

/** Forgets every payload, table page, error and request (locks stay). */
export function forgetReports() {
	return { type: 'FORGET_REPORTS' } as const;
}

export type ReportsAction =
	| ReturnType< typeof receiveReport >
	| ReturnType< typeof startReportRequest >
	| ReturnType< typeof receiveReportError >
	| ReturnType< typeof receiveReportLocked >
	| ReturnType< typeof startTableRequest >
	| ReturnType< typeof receiveTablePage >
	| ReturnType< typeof receiveTablePageError >
	| ReturnType< typeof showErrorDialog >
	| ReturnType< typeof dismissErrorDialog >
	| ReturnType< typeof forgetReport >
	| ReturnType< typeof forgetReports >;

/** An action creator as a thunk's dispatch binds it. */
type Bound< F extends ( ...args: never[] ) => unknown > = (
	...args: Parameters< F >
) => unknown;

/** What the thunks of this store receive (see @wordpress/data, "thunks"). */
export interface ReportsThunkArgs {
	dispatch: ( ( action: ReportsAction ) => unknown ) & {
		receiveReport: Bound< typeof receiveReport >;
		startReportRequest: Bound< typeof startReportRequest >;
		receiveReportError: Bound< typeof receiveReportError >;
		receiveReportLocked: Bound< typeof receiveReportLocked >;
		showErrorDialog: Bound< typeof showErrorDialog >;
		forgetReport: Bound< typeof forgetReport >;
		forgetReports: Bound< typeof forgetReports >;
		handleReportError: Bound< typeof handleReportError >;
		startTableRequest: Bound< typeof startTableRequest >;
		receiveTablePage: Bound< typeof receiveTablePage >;
		receiveTablePageError: Bound< typeof receiveTablePageError >;
		invalidateResolutionForStoreSelector: ( selector: string ) => unknown;
	};
	select: {
		getReportRequest: (
			name: string,
			query: DateQuery
		) => number | undefined;
		isReportLoading: ( name: string, query: DateQuery ) => boolean;
		hasReport: ( name: string, query: DateQuery ) => boolean;
		getReportError: (
			name: string,
			query: DateQuery
		) => ReportError | undefined;
		hasAnswer: ( key: string ) => boolean;
		isKeyLoading: ( key: string ) => boolean;
		getKeyRequest: ( key: string ) => number | undefined;
		getKeyError: ( key: string ) => ReportError | undefined;
	};
	registry: {
		select: typeof selectFunction;
		dispatch: typeof dispatchFunction;
		subscribe: ( listener: () => void ) => () => void;
	};
}

/**
 * Makes the next getReport of a report name fetch again, for every date query, and the next
 * getTablePage of its tables.
 *
 * @param name Report name.
 */
export function invalidateReport( name: string ) {
	return ( { dispatch }: ReportsThunkArgs ): void => {
		dispatch.forgetReport( name );
		dispatch.invalidateResolutionForStoreSelector( 'getReport' );
		dispatch.invalidateResolutionForStoreSelector( 'getTablePage' );
	};
}

/**
 * Makes the next getReport of every report, and getTablePage of every table, fetch again.
 * Re-selecting the active report (with the new date query after a date change) is the shell's job.
 */
export function refreshReports() {
	return ( { dispatch }: ReportsThunkArgs ): void => {
		dispatch.forgetReports();
		dispatch.invalidateResolutionForStoreSelector( 'getReport' );
		dispatch.invalidateResolutionForStoreSelector( 'getTablePage' );
	};
}

/**
 * Stores a failed request's error and reacts to it (by the report route's codes):
 *
 * - not_connected: the app's noauth and blur flags turn on;
 * - invalid_date_range: the app's date query resets to the default (last 30 days);
 * - upgrade_required: the report is locked with the level needed (from the error, else the tier
 *   table), so the screen shows demo data blurred under its upsell;
 * - anything else: the error dialog opens with the server's message, or "Please try again.".
 *
 * A response to a request that was superseded is ignored.
 *
 * @param name  Report name.
 * @param query The date query.
 * @param error The error.
 * @param token The request's token; omitted to handle it unconditionally.
 */
export function handleReportError(
	name: string,
	query: DateQuery,
	error: ReportError,
	token?: number
) {
	return ( { dispatch, select, registry }: ReportsThunkArgs ): void => {
		if (
			token !== undefined &&
			select.getReportRequest( name, query ) !== token
		) {
			return;
		}
		dispatch.receiveReportError( name, query, error, token );
		// The licence refuses the dates (a custom range or compare), not the report: back to the
		// default last 30 days, which every level may see.
		const refusesDates =
			error.code === 'upgrade_required' &&
			( error.feature === 'custom_date_range' ||
				error.feature === 'compare' );
		if ( isNoticeError( error ) ) {
			// What the site lacks for the report (a shop, a Search Console source or site): the
			// screen says so.
			return;
		}
		switch ( refusesDates ? 'invalid_date_range' : error.code ) {
			case 'not_connected':
				registry
					.dispatch( appStore )
					.setFlags( { noauth: true, blur: true } );
				return;
			case 'invalid_date_range': {
				const today = registry.select( appStore ).getSite()?.today;
				if ( today ) {
					registry
						.dispatch( appStore )
						.showDates( defaultDateQuery( today ) );
				}
				return;
			}
			case 'google_reauth':
				// Google no longer accepts the site's credentials: the re-auth notice, and once a
				// page the dialog that leads to the settings.
				if ( ! registry.select( appStore ).getFlags().reauth ) {
					registry.dispatch( appStore ).setFlags( { reauth: true } );
					dispatch.showErrorDialog( {
						title: __(
							'Reconnect Google Analytics',
							'monsterinsights-reports'
						),
						text: error.message,
						action: 'reconnect',
					} );
				}
				return;
			case 'google_forbidden':
				// Google refused the property or site: the not-connected screen with its reason.
				registry
					.dispatch( appStore )
					.setAuthProblem(
						[ error.message, error.reason ]
							.filter( Boolean )
							.join( ' ' )
					);
				return;
			case 'google_quota':
			case 'google_unavailable':
			case 'google_malformed':
				dispatch.showErrorDialog( {
					title: __( 'Error', 'monsterinsights-reports' ),
					text:
						error.message ||
						__( 'Please try again.', 'monsterinsights-reports' ),
					action: 'retry',
				} );
				return;
			case 'upgrade_required':
				dispatch.receiveReportLocked(
					name,
					error.level ?? levelNeeded( name )
				);
				return;
			default:
				dispatch.showErrorDialog( {
					title: __( 'Error', 'monsterinsights-reports' ),
					text:
						error.message ||
						__( 'Please try again.', 'monsterinsights-reports' ),
				} );
		}
	};
}
