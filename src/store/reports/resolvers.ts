import apiFetch from '@wordpress/api-fetch';

import type { DateQuery } from '../app/types';
import { fetchKeyed } from '../requests';
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

/**
 * What the keyed GET of a request key needs from the store (see fetchKeyed in ../requests).
 *
 * @param thunk The resolver's thunk arguments.
 * @param key   A key of reportKey or tableKey.
 * @param path  The api-fetch path.
 */
function keyed( thunk: ReportsThunkArgs, key: string, path: string ) {
	const { select } = thunk;
	return {
		has: () => select.hasAnswer( key ),
		loading: () => select.isKeyLoading( key ),
		failed: () => select.getKeyError( key ) !== undefined,
		latest: () => select.getKeyRequest( key ),
		fetch: () => apiFetch< unknown >( { path } ),
		error: ( failure: unknown ): ReportError => toReportError( failure ),
	};
}

/**
 * Fetches GET /monsterinsights-reports/v1/reports/{name}?start&end[&compare_start&compare_end],
 * once per request key: queries that differ only in their preset share one request.
 *
 * @param name  Report name.
 * @param query The date query.
 */
export function getReport( name: string, query: DateQuery ) {
	return ( thunk: ReportsThunkArgs ): Promise< void > =>
		fetchKeyed( thunk.registry.subscribe, {
			...keyed(
				thunk,
				reportKey( name, query ),
				reportPath( name, query )
			),
			start: ( token ) =>
				thunk.dispatch.startReportRequest( name, query, token ),
			receive: ( payload, token ) =>
				thunk.dispatch.receiveReport( name, query, payload, token ),
			fail: ( error, token ) =>
				thunk.dispatch.handleReportError( name, query, error, token ),
		} );
}

/**
 * Fetches a page of a report's table, once per request key: GET
 * /monsterinsights-reports/v1/reports/{report}/tables/{table} with the dates, search, order and
 * page. A failed page is stored as its error; the table says so.
 *
 * @param request The table page.
 */
export function getTablePage( request: TableRequest ) {
	return ( thunk: ReportsThunkArgs ): Promise< void > =>
		fetchKeyed( thunk.registry.subscribe, {
			...keyed( thunk, tableKey( request ), tablePath( request ) ),
			start: ( token ) =>
				thunk.dispatch.startTableRequest( request, token ),
			receive: ( page, token ) =>
				// The tables route answers a TablePage.
				thunk.dispatch.receiveTablePage(
					request,
					page as TablePage,
					token
				),
			fail: ( error, token ) =>
				thunk.dispatch.receiveTablePageError( request, error, token ),
		} );
}
