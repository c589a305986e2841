import type { DateQuery, Level } from '../app/types';
import { reportKey, tableKey, type TableRequest } from './query';
import type {
	ErrorDialog,
	PayloadOf,
	ReportError,
	ReportsState,
	TablePage,
} from './types';

/**
 * The payload of a report for a date query; undefined while it loads (or when it failed).
 * Its resolver fetches it on first use; a second call with the same dates while the first is in
 * flight does not fetch again.
 */
interface GetReport {
	< N extends string >(
		state: ReportsState,
		name: N,
		query: DateQuery
	): PayloadOf< N > | undefined;
	/** The signature once @wordpress/data binds the state (see SelectorWithCustomCurrySignature). */
	CurriedSignature: < N extends string >(
		name: N,
		query: DateQuery
	) => PayloadOf< N > | undefined;
}

export const getReport = ( (
	state: ReportsState,
	name: string,
	query: DateQuery
) => state.data[ reportKey( name, query ) ] ) as unknown as GetReport;

/**
 * Whether an answer is stored for a request key (internal: what the resolvers share).
 *
 * @param state State.
 * @param key   A key of reportKey or tableKey.
 */
export function hasAnswer( state: ReportsState, key: string ): boolean {
	return key in state.data;
}

/**
 * The error of the last request for a key (internal).
 *
 * @param state State.
 * @param key   A key of reportKey or tableKey.
 */
export function getKeyError(
	state: ReportsState,
	key: string
): ReportError | undefined {
	return state.errors[ key ];
}

/**
 * Whether a request for a key is in flight (internal).
 *
 * @param state State.
 * @param key   A key of reportKey or tableKey.
 */
export function isKeyLoading( state: ReportsState, key: string ): boolean {
	return key in state.requests;
}

/**
 * The token of the request in flight for a key (internal: the store drops answers to superseded
 * requests with it).
 *
 * @param state State.
 * @param key   A key of reportKey or tableKey.
 */
export function getKeyRequest(
	state: ReportsState,
	key: string
): number | undefined {
	return state.requests[ key ];
}

/**
 * Whether a payload is stored for a report and date query.
 *
 * @param state State.
 * @param name  Report name.
 * @param query The date query.
 */
export function hasReport(
	state: ReportsState,
	name: string,
	query: DateQuery
): boolean {
	return hasAnswer( state, reportKey( name, query ) );
}

/**
 * The error of the last request for a report and date query.
 *
 * @param state State.
 * @param name  Report name.
 * @param query The date query.
 */
export function getReportError(
	state: ReportsState,
	name: string,
	query: DateQuery
): ReportError | undefined {
	return getKeyError( state, reportKey( name, query ) );
}

/**
 * Whether a request for a report and date query is in flight.
 *
 * @param state State.
 * @param name  Report name.
 * @param query The date query.
 */
export function isReportLoading(
	state: ReportsState,
	name: string,
	query: DateQuery
): boolean {
	return isKeyLoading( state, reportKey( name, query ) );
}

/**
 * The token of the request in flight for a report and date query (internal: the store drops
 * answers to superseded requests with it).
 *
 * @param state State.
 * @param name  Report name.
 * @param query The date query.
 */
export function getReportRequest(
	state: ReportsState,
	name: string,
	query: DateQuery
): number | undefined {
	return getKeyRequest( state, reportKey( name, query ) );
}

/**
 * A page of a report's table (search, order and page of the tables route); undefined while it
 * loads or when it failed. Its resolver fetches it on first use.
 *
 * @param state   State.
 * @param request The table page.
 */
export function getTablePage(
	state: ReportsState,
	request: TableRequest
): TablePage | undefined {
	// The data holds what the tables route answered for this key: a TablePage.
	return state.data[ tableKey( request ) ] as TablePage | undefined;
}

/**
 * The error of the last request for a table page.
 *
 * @param state   State.
 * @param request The table page.
 */
export function getTablePageError(
	state: ReportsState,
	request: TableRequest
): ReportError | undefined {
	return getKeyError( state, tableKey( request ) );
}

/**
 * Whether the server refused a report to the current licence (403 upgrade_required).
 *
 * @param state State.
 * @param name  Report name.
 */
export function isReportLocked( state: ReportsState, name: string ): boolean {
	return name in state.locked;
}

/**
 * The level a locked report needs; undefined when it is not locked.
 *
 * @param state State.
 * @param name  Report name.
 */
export function getReportLockLevel(
	state: ReportsState,
	name: string
): Level | undefined {
	return state.locked[ name ];
}

/**
 * The error dialog to show, or null.
 *
 * @param state State.
 */
export function getErrorDialog( state: ReportsState ): ErrorDialog | null {
	return state.errorDialog;
}
