import { crc32 } from 'node:zlib';

/**
 * The fake Google server's numbers (tests/fake-google), computed as docs/development.md ("The fake
 * Google server") states them, so a spec checks what a screen shows against numbers it computed
 * itself. Node's crc32 is unsigned, as PHP's is on 64-bit.
 */

/** The fixture's GA4 property. */
export const PROPERTY = '300000001';

/**
 * The days of a range, Y-m-d.
 *
 * @param start The first day.
 * @param end   The last day.
 */
export function daysOf( start: string, end: string ): string[] {
	const out: string[] = [];
	for (
		let t = Date.parse( `${ start }T00:00:00Z` );
		t <= Date.parse( `${ end }T00:00:00Z` );
		t += 86_400_000
	) {
		out.push( new Date( t ).toISOString().slice( 0, 10 ) );
	}
	return out;
}

/**
 * The key of a request's filters as the fake makes it: the JSON of {dimensionFilter,
 * metricFilter} as sent ('' without).
 *
 * @param filters                 The request's filters.
 * @param filters.dimensionFilter The dimensionFilter.
 * @param filters.metricFilter    The metricFilter.
 */
export function filtersKey( filters: {
	dimensionFilter?: unknown;
	metricFilter?: unknown;
} ): string {
	const out: Record< string, unknown > = {};
	if ( filters.dimensionFilter ) {
		out.dimensionFilter = filters.dimensionFilter;
	}
	if ( filters.metricFilter ) {
		out.metricFilter = filters.metricFilter;
	}
	return Object.keys( out ).length ? JSON.stringify( out ) : '';
}

/**
 * A dimension filter that keeps only some values of a dimension (inListFilter).
 *
 * @param fieldName The GA4 dimension.
 * @param values    The values.
 */
export function inList( fieldName: string, values: string[] ): string {
	return filtersKey( {
		dimensionFilter: { filter: { fieldName, inListFilter: { values } } },
	} );
}

/**
 * A dimension filter that leaves out some values of a dimension.
 *
 * @param fieldName The GA4 dimension.
 * @param values    The values left out.
 */
export function notInList( fieldName: string, values: string[] ): string {
	return filtersKey( {
		dimensionFilter: {
			notExpression: {
				filter: { fieldName, inListFilter: { values } },
			},
		},
	} );
}

/**
 * An additive GA4 metric: per day crc32("{property}|{metric}|{Y-m-d}|{values}|{filters}") % 1000,
 * summed over the days.
 *
 * @param metric  The metric.
 * @param days    The row's days.
 * @param values  The row's values of its dimensions that are not dates, joined with |.
 * @param filters The filters' key (filtersKey).
 */
export function additive(
	metric: string,
	days: string[],
	values = '',
	filters = ''
): number {
	return days.reduce(
		( sum, day ) =>
			sum +
			( crc32(
				`${ PROPERTY }|${ metric }|${ day }|${ values }|${ filters }`
			) %
				1000 ),
		0
	);
}

/**
 * An additive TYPE_CURRENCY metric: the same in cents (% 100000), as an amount.
 *
 * @param metric  The metric.
 * @param days    The row's days.
 * @param values  The row's values.
 * @param filters The filters' key.
 */
export function money(
	metric: string,
	days: string[],
	values = '',
	filters = ''
): number {
	const cents = days.reduce(
		( sum, day ) =>
			sum +
			( crc32(
				`${ PROPERTY }|${ metric }|${ day }|${ values }|${ filters }`
			) %
				100000 ),
		0
	);
	return cents / 100;
}

/**
 * A rate or an average: crc32("{property}|{metric}|{start}|{end}|{values}|{filters}") % 10000 /
 * 10000 (TYPE_SECONDS: % 600000 / 1000; TYPE_CURRENCY: % 10000 / 100). A TOTAL's values are
 * "RESERVED_TOTAL".
 *
 * @param metric  The metric.
 * @param start   The range's first day.
 * @param end     Its last day.
 * @param values  All the row's values joined with |.
 * @param filters The filters' key.
 * @param type    TYPE_FLOAT, TYPE_SECONDS or TYPE_CURRENCY.
 */
export function ratio(
	metric: string,
	start: string,
	end: string,
	values = '',
	filters = '',
	type: 'TYPE_FLOAT' | 'TYPE_SECONDS' | 'TYPE_CURRENCY' = 'TYPE_FLOAT'
): number {
	const hash = crc32(
		`${ PROPERTY }|${ metric }|${ start }|${ end }|${ values }|${ filters }`
	);
	if ( type === 'TYPE_SECONDS' ) {
		return ( hash % 600000 ) / 1000;
	}
	return type === 'TYPE_CURRENCY'
		? ( hash % 10000 ) / 100
		: ( hash % 10000 ) / 10000;
}

/**
 * A real-time metric: crc32("{property}|{metric}|{minutesAgo, or start-end}|{values}") % 50.
 *
 * @param metric The metric.
 * @param when   "05", or "29-0" without minutesAgo.
 * @param values The row's values joined with |.
 */
export function realtime( metric: string, when: string, values = '' ): number {
	return crc32( `${ PROPERTY }|${ metric }|${ when }|${ values }` ) % 50;
}

/**
 * A closed funnel's users per step for one breakdown value ('' without): step 1
 * crc32("{property}|activeUsers|{start}|{end}|1. {name}|{value}") % 1000, each later step % (the
 * step before's users + 1).
 *
 * @param steps The steps' names ("1. view_item", …).
 * @param start The first day.
 * @param end   The last day.
 * @param value The breakdown value.
 */
export function funnel(
	steps: string[],
	start: string,
	end: string,
	value = ''
): number[] {
	const users: number[] = [];
	for ( const step of steps ) {
		const hash = crc32(
			`${ PROPERTY }|activeUsers|${ start }|${ end }|${ step }|${ value }`
		);
		const before = users[ users.length - 1 ];
		users.push(
			before === undefined ? hash % 1000 : hash % ( before + 1 )
		);
	}
	return users;
}

/**
 * Rounds as PHP's round( $value, 2 ), which first rounds away the float's last digits (44.915
 * is 44.92, though 44.915 * 100 is 4491.499…).
 *
 * @param value The value.
 */
export function round2( value: number ): number {
	return Math.round( Number( ( value * 100 ).toPrecision( 15 ) ) ) / 100;
}

/**
 * A share in percent, rounded as the reports round it (Metrics::percent).
 *
 * @param part  The part.
 * @param whole The whole.
 */
export function percent( part: number, whole: number ): number {
	return whole > 0 ? round2( ( part / whole ) * 100 ) : 0;
}
