/**
 * Turning a report name and a date query into a request and a stable state key.
 */
import { addQueryArgs } from '@wordpress/url';

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
	const dates = requestDates( query );
	return JSON.stringify( [
		name,
		dates.start,
		dates.end,
		dates.compare_start ?? '',
		dates.compare_end ?? '',
	] );
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
