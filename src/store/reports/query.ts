/**
 * Turning a report name and a date query, or a page of one of its tables, into a request and a
 * stable state key.
 */
import { addQueryArgs } from '@wordpress/url';

import type { SortOrder } from '../../types/reports';
import type { DateQuery } from '../app/types';

export const REST_NAMESPACE = 'monsterinsights-reports/v1';

/** The dates a report request carries; compare dates only as a pair. */
export interface RequestDates {
	start: string;
	end: string;
	compare_start?: string;
	compare_end?: string;
}

/**
 * The request's date arguments. The preset does not matter to the server: two queries with the
 * same dates are the same request.
 *
 * @param query The date query.
 */
export function requestDates( query: DateQuery ): RequestDates {
	const dates: RequestDates = { start: query.start, end: query.end };
	if ( query.compareStart && query.compareEnd ) {
		dates.compare_start = query.compareStart;
		dates.compare_end = query.compareEnd;
	}
	return dates;
}

/**
 * A stable key for a report request: the name and the dates in a fixed order, so queries that
 * differ only in their preset or in the order of their properties share one entry.
 *
 * @param name  Report name.
 * @param query The date query.
 */
export function reportKey( name: string, query: DateQuery ): string {
	return JSON.stringify( keyParts( name, requestDates( query ) ) );
}

/**
 * The parts every key of a report's requests starts with: its name and its dates in a fixed order.
 *
 * @param name  Report name.
 * @param dates The request dates.
 */
function keyParts( name: string, dates: RequestDates ): string[] {
	return [
		name,
		dates.start,
		dates.end,
		dates.compare_start ?? '',
		dates.compare_end ?? '',
	];
}

/**
 * Whether a state key belongs to a report name.
 *
 * @param key  A key made by reportKey.
 * @param name Report name.
 */
export function keyHasName( key: string, name: string ): boolean {
	return key.startsWith( JSON.stringify( [ name ] ).slice( 0, -1 ) + ',' );
}

/**
 * The api-fetch path of a report request:
 * /monsterinsights-reports/v1/reports/{name}?start&end[&compare_start&compare_end].
 *
 * @param name  Report name.
 * @param query The date query.
 */
export function reportPath( name: string, query: DateQuery ): string {
	return addQueryArgs(
		`/${ REST_NAMESPACE }/reports/${ encodeURIComponent( name ) }`,
		requestDates( query )
	);
}

/** What a table request asks beyond the dates. */
export interface TableParams {
	search: string;
	orderby: string;
	order: SortOrder;
	page: number;
	per_page: number;
}

/** A page of a report's table: GET /reports/{report}/tables/{table} with the dates and params. */
export interface TableRequest {
	/** The report name. */
	report: string;
	/** The table's id in the payload and in the tables route. */
	table: string;
	dates: RequestDates;
	params: TableParams;
}

/**
 * A stable key for a table page request. It starts as its report's keys do, so forgetting a
 * report forgets its table pages too.
 *
 * @param request The request.
 */
export function tableKey( request: TableRequest ): string {
	const { search, orderby, order, page, per_page: perPage } = request.params;
	return JSON.stringify( [
		...keyParts( request.report, request.dates ),
		request.table,
		search,
		orderby,
		order,
		page,
		perPage,
	] );
}

/**
 * The api-fetch path of a table page request.
 *
 * @param request The request.
 */
export function tablePath( request: TableRequest ): string {
	return addQueryArgs(
		`/${ REST_NAMESPACE }/reports/${ encodeURIComponent(
			request.report
		) }/tables/${ encodeURIComponent( request.table ) }`,
		{ ...request.dates, ...request.params }
	);
}
