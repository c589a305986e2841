import type { DateQuery, Level } from '../app/types';
import { reportKey } from './query';
import type {
	ErrorDialog,
	PayloadOf,
	ReportError,
	ReportsState,
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
	return reportKey( name, query ) in state.data;
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
	return state.errors[ reportKey( name, query ) ];
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
	return reportKey( name, query ) in state.requests;
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
	return state.requests[ reportKey( name, query ) ];
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
