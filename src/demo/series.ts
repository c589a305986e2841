/**
 * Deterministic number series for the sample payloads: the same numbers on every load, shaped
 * like a week-on-week traffic curve. SAMPLE DATA helpers only.
 */
import type { ChartBlock } from '../store/reports/types';

/** Sample chart days start here (a fixed date: sample data never pretends to be today's). */
export const SAMPLE_START = Date.UTC( 2025, 9, 1 ); // 1 October 2025.

const DAY_MS = 86400000;
const MONTHS = [
	'Jan',
	'Feb',
	'Mar',
	'Apr',
	'May',
	'Jun',
	'Jul',
	'Aug',
	'Sep',
	'Oct',
	'Nov',
	'Dec',
];

/**
 * A curve of `count` values around `total / count`, with a weekly rhythm and a slow rise.
 *
 * @param count    Number of values.
 * @param total    Roughly what they add up to.
 * @param decimals Decimals to round to.
 */
export function curve( count: number, total: number, decimals = 0 ): number[] {
	const mean = total / count;
	const factor = 10 ** decimals;
	return Array.from( { length: count }, ( _v, i ) => {
		const weekly = 1 + 0.18 * Math.sin( ( i / 7 ) * 2 * Math.PI );
		const rise = 0.9 + ( 0.2 * i ) / Math.max( 1, count - 1 );
		return Math.round( mean * weekly * rise * factor ) / factor;
	} );
}

/**
 * Percent changes that wander between about -12 and +15.
 *
 * @param count Number of values.
 */
export function trend( count: number ): number[] {
	return Array.from(
		{ length: count },
		( _v, i ) =>
			Math.round( ( 1.5 + 13 * Math.sin( i * 1.7 ) ) * 100 ) / 100
	);
}

/**
 * Unix timestamps (seconds) of `count` sample days.
 *
 * @param count Number of days.
 */
export function timestamps( count: number ): number[] {
	return Array.from( { length: count }, ( _v, i ) =>
		Math.floor( ( SAMPLE_START + i * DAY_MS ) / 1000 )
	);
}

/**
 * "Oct 1"-style labels of `count` sample days.
 *
 * @param count Number of days.
 */
export function dayLabels( count: number ): string[] {
	return Array.from( { length: count }, ( _v, i ) => {
		const date = new Date( SAMPLE_START + i * DAY_MS );
		return `${ MONTHS[ date.getUTCMonth() ] } ${ date.getUTCDate() }`;
	} );
}

/**
 * Y-m-d of sample day `index`.
 *
 * @param index Day index from SAMPLE_START.
 */
export function sampleDate( index: number ): string {
	return new Date( SAMPLE_START + index * DAY_MS )
		.toISOString()
		.slice( 0, 10 );
}

/**
 * A number as a percent string with one decimal.
 *
 * @param value The number.
 */
export function pct( value: number ): string {
	return `${ value.toFixed( 1 ) }%`;
}

/**
 * A sessions chart: categories, sessions, page_views, timestamps, session_trendpoints,
 * page_view_trendpoints, notes.
 *
 * @param days     Number of days.
 * @param sessions Total sessions.
 */
export function sessionsChart( days: number, sessions: number ): ChartBlock {
	return {
		categories: dayLabels( days ),
		sessions: curve( days, sessions ),
		page_views: curve( days, sessions * 2.3 ),
		timestamps: timestamps( days ),
		session_trendpoints: trend( days ),
		page_view_trendpoints: trend( days ).map( ( v ) => v - 1 ),
		notes: [],
	};
}

export interface TrafficRow {
	sessions: number;
	engaged_sessions: number;
	pages_per_sessions: number;
	purchases: number;
	conversion_rate: number;
	revenue: number;
}

/**
 * The metrics of a channel, landing page, campaign or source / medium row.
 *
 * @param sessions Sessions of the row.
 */
export function trafficMetrics( sessions: number ): TrafficRow {
	const purchases = Math.round( sessions * 0.012 );
	return {
		sessions,
		engaged_sessions: Math.round( sessions * 0.61 ),
		pages_per_sessions:
			Math.round( ( 1.8 + ( sessions % 7 ) / 10 ) * 100 ) / 100,
		purchases,
		conversion_rate: Math.round( ( purchases / sessions ) * 10000 ) / 100,
		revenue: Math.round( purchases * 87.5 * 100 ) / 100,
	};
}
