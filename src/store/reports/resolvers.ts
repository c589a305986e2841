import apiFetch from '@wordpress/api-fetch';

import type { DateQuery } from '../app/types';
import type { ReportsThunkArgs } from './actions';
import { toReportError } from './errors';
import {
	reportKey,
	reportPath,
	tableKey,
	tablePath,
	type TableRequest,
} from './query';
import type { ReportError, TablePage } from './types';

let lastToken = 0;

/** A keyed GET: its state key, its path, and how its start and its answer are stored. */
interface KeyedRequest {
	key: string;
	path: string;
	start: ( token: number ) => void;
	receive: ( payload: unknown, token: number ) => void;
	fail: ( error: ReportError, token: number ) => void;
}

/**
 * Fetches a keyed GET unless its answer is stored.
 *
 * The data registry runs a resolver once per argument list; arguments that differ only in what the
 * key leaves out (a date query's preset) share one request key, so this fetches only when nothing
 * is stored for the key and no request for it is in flight. For an in-flight request it waits
 * until that one settles, so resolveSelect and hasFinishedResolution behave the same for every
 * equivalent argument list. A request an invalidation forgot while it ran is dropped and asked
 * again.
 *
 * @param thunk   The resolver's thunk arguments.
 * @param request The request.
 */
async function fetchOnce(
	thunk: ReportsThunkArgs,
	request: KeyedRequest
): Promise< void > {
	const { select, registry } = thunk;
	const { key } = request;
	for (;;) {
		if ( select.hasAnswer( key ) ) {
			return;
		}
		if ( select.isKeyLoading( key ) ) {
			await new Promise< void >( ( resolve ) => {
				const unsubscribe = registry.subscribe( () => {
					if ( ! select.isKeyLoading( key ) ) {
						unsubscribe();
						resolve();
					}
				} );
			} );
			if ( select.getKeyError( key ) ) {
				return;
			}
			continue;
		}
		const token = ++lastToken;
		request.start( token );
		let payload: unknown;
		let failure: ReportError | null = null;
		try {
			payload = await apiFetch( { path: request.path } );
		} catch ( error ) {
			failure = toReportError( error );
		}
		if ( select.getKeyRequest( key ) !== token ) {
			// An invalidation forgot this request while it ran (its answer may be out of date).
			// The registry may count this resolution as finished already, so nobody would ask
			// again: ask again here.
			continue;
		}
		if ( failure ) {
			request.fail( failure, token );
		} else {
			request.receive( payload, token );
		}
		return;
	}
}

/**
 * Fetches GET /monsterinsights-reports/v1/reports/{name}?start&end[&compare_start&compare_end]
 * (see fetchOnce); queries that differ only in their preset share one request.
 *
 * @param name  Report name.
 * @param query The date query.
 */
export function getReport( name: string, query: DateQuery ) {
	return ( thunk: ReportsThunkArgs ): Promise< void > =>
		fetchOnce( thunk, {
			key: reportKey( name, query ),
			path: reportPath( name, query ),
			start: ( token ) =>
				thunk.dispatch.startReportRequest( name, query, token ),
			receive: ( payload, token ) =>
				thunk.dispatch.receiveReport( name, query, payload, token ),
			fail: ( error, token ) =>
				thunk.dispatch.handleReportError( name, query, error, token ),
		} );
}

/**
 * Fetches a page of a report's table: GET
 * /monsterinsights-reports/v1/reports/{report}/tables/{table} with the dates, search, order and
 * page (see fetchOnce). A failed page is stored as its error; the table says so.
 *
 * @param request The table page.
 */
export function getTablePage( request: TableRequest ) {
	return ( thunk: ReportsThunkArgs ): Promise< void > =>
		fetchOnce( thunk, {
			key: tableKey( request ),
			path: tablePath( request ),
			start: ( token ) =>
				thunk.dispatch.startTableRequest( request, token ),
			receive: ( payload, token ) =>
				// The tables route answers a TablePage.
				thunk.dispatch.receiveTablePage(
					request,
					payload as TablePage,
					token
				),
			fail: ( error, token ) =>
				thunk.dispatch.receiveTablePageError( request, error, token ),
		} );
}
