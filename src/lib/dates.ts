/**
 * Date ranges (docs/product-rules.md#dates): the date query, the range of each preset and its
 * compare range, validation and range arithmetic. The presets, the Y-m-d parsing and the texts
 * are in ./date-presets, ./date-parse and ./date-text; this module re-exports them.
 *
 * Every date is a Y-m-d string in the site's timezone, and "today" is always the site's today
 * (boot data site.today), never the browser's clock. Calendar arithmetic runs on Date objects at
 * local noon: date-fns works on local calendar fields, and noon is never inside a DST transition,
 * so the browser's own timezone cannot shift a day.
 */
import {
	addDays,
	differenceInCalendarDays,
	startOfMonth,
	startOfWeek as startOfWeekFn,
	subMonths,
} from 'date-fns';

import { parseYmd, requireYmd, toYmd, isYmd, shiftDays } from './date-parse';
import { DEFAULT_PRESET, EARLIEST_DATE } from './date-presets';
import type { IntervalKey, PresetKey } from './date-presets';

export * from './date-presets';
export { parseYmd, toYmd, isYmd, shiftDays } from './date-parse';
export * from './date-text';

/** The date state of the reports, kept in the URL hash. Dates are Y-m-d in the site's timezone. */
export interface DateQuery {
	preset: PresetKey;
	start: string;
	end: string;
	compareStart?: string;
	compareEnd?: string;
}

export interface DateRange {
	start: string;
	end: string;
}

export interface PresetRange extends DateRange {
	compareStart: string;
	compareEnd: string;
}

/**
 * The WordPress start_of_week option as date-fns's weekStartsOn (0 Sunday … 6 Saturday).
 *
 * @param startOfWeek The option; anything else is treated as Monday, WordPress's default.
 */
function weekStartsOn( startOfWeek: number ): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
	if ( ! Number.isInteger( startOfWeek ) ) {
		return 1;
	}
	return ( ( ( startOfWeek % 7 ) + 7 ) % 7 ) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

/**
 * The range and compare range of a preset, exactly as docs/product-rules.md#dates lists them:
 *
 * - today: today … today; today−1d … today−1d
 * - yesterday: today−1d … today−1d; today−2d … today−2d
 * - lastweek: startOfWeek−7d … startOfWeek−1d; startOfWeek−14d … startOfWeek−8d (the last
 *   complete week, and the week before it)
 * - lastmonth: startOfMonth−1M … startOfMonth−1d; startOfMonth−2M … startOfMonth−1M−1d
 * - last7days: today−7d … today−1d; today−14d … today−8d
 * - last30days: today−30d … today−1d; today−60d … today−31d
 * - last90days: today−90d … today−1d; today−180d … today−91d
 *
 * where startOfWeek is the first day of the week containing today under the site's start_of_week
 * option, and startOfMonth the first day of today's month.
 *
 * @param key         Preset key.
 * @param today       The site's today, Y-m-d (boot data site.today).
 * @param startOfWeek The site's start_of_week option: 0 Sunday … 6 Saturday.
 */
export function presetRange(
	key: IntervalKey,
	today: string,
	startOfWeek: number
): PresetRange {
	const now = requireYmd( today, 'today' );
	const day = ( from: Date, days: number ) => toYmd( addDays( from, days ) );
	const range = (
		start: string,
		end: string,
		compareStart: string,
		compareEnd: string
	): PresetRange => ( { start, end, compareStart, compareEnd } );

	switch ( key ) {
		case 'today':
			return range( today, today, day( now, -1 ), day( now, -1 ) );
		case 'yesterday':
			return range(
				day( now, -1 ),
				day( now, -1 ),
				day( now, -2 ),
				day( now, -2 )
			);
		case 'lastweek': {
			const week = startOfWeekFn( now, {
				weekStartsOn: weekStartsOn( startOfWeek ),
			} );
			return range(
				day( week, -7 ),
				day( week, -1 ),
				day( week, -14 ),
				day( week, -8 )
			);
		}
		case 'lastmonth': {
			const month = startOfMonth( now );
			const previous = subMonths( month, 1 );
			return range(
				toYmd( previous ),
				day( month, -1 ),
				toYmd( subMonths( month, 2 ) ),
				day( previous, -1 )
			);
		}
		case 'last7days':
			return range(
				day( now, -7 ),
				day( now, -1 ),
				day( now, -14 ),
				day( now, -8 )
			);
		case 'last30days':
			return range(
				day( now, -30 ),
				day( now, -1 ),
				day( now, -60 ),
				day( now, -31 )
			);
		case 'last90days':
			return range(
				day( now, -90 ),
				day( now, -1 ),
				day( now, -180 ),
				day( now, -91 )
			);
	}
}

/**
 * The date query of a preset; with `compare`, its compare range too.
 *
 * @param key         Preset key.
 * @param today       The site's today, Y-m-d.
 * @param startOfWeek The site's start_of_week option.
 * @param compare     Whether the user compares with the preset's previous period.
 */
export function presetQuery(
	key: IntervalKey,
	today: string,
	startOfWeek: number,
	compare = false
): DateQuery {
	const { start, end, compareStart, compareEnd } = presetRange(
		key,
		today,
		startOfWeek
	);
	return compare
		? { preset: key, start, end, compareStart, compareEnd }
		: { preset: key, start, end };
}

/**
 * The default date query: last 30 days ending yesterday, not compared. The start of the week does
 * not matter to this preset.
 *
 * @param today The site's today, Y-m-d.
 */
export function defaultDateQuery( today: string ): DateQuery {
	return presetQuery( DEFAULT_PRESET, today, 0 );
}

/**
 * Whether a range is valid: real dates, 2005-01-01 ≤ start ≤ end ≤ today.
 *
 * @param start Y-m-d.
 * @param end   Y-m-d.
 * @param today The site's today, Y-m-d.
 */
export function isValidRange(
	start: string,
	end: string,
	today: string
): boolean {
	if ( ! isYmd( start ) || ! isYmd( end ) || ! isYmd( today ) ) {
		return false;
	}
	// Y-m-d strings of four-digit years sort as their dates do.
	return EARLIEST_DATE <= start && start <= end && end <= today;
}

/**
 * Whether a whole date query is valid: its range, and its compare range when it has one (both
 * compare dates or neither).
 *
 * @param query The date query.
 * @param today The site's today, Y-m-d.
 */
export function isValidDateQuery( query: DateQuery, today: string ): boolean {
	if ( ! isValidRange( query.start, query.end, today ) ) {
		return false;
	}
	const hasStart = !! query.compareStart;
	const hasEnd = !! query.compareEnd;
	if ( ! hasStart && ! hasEnd ) {
		return true;
	}
	return isValidRange(
		query.compareStart ?? '',
		query.compareEnd ?? '',
		today
	);
}

/**
 * The number of days of a range, both ends included; 0 for an invalid or reversed range.
 *
 * @param start Y-m-d.
 * @param end   Y-m-d.
 */
export function rangeDays( start: string, end: string ): number {
	const from = parseYmd( start );
	const to = parseYmd( end );
	if ( ! from || ! to ) {
		return 0;
	}
	return Math.max( 0, differenceInCalendarDays( to, from ) + 1 );
}

/**
 * The range of the same length that ends the day before `start`.
 *
 * @param start Y-m-d.
 * @param end   Y-m-d.
 */
export function previousRange( start: string, end: string ): DateRange {
	const days = rangeDays( start, end );
	if ( days === 0 ) {
		throw new RangeError( `Not a range: ${ start } … ${ end }` );
	}
	return {
		start: shiftDays( start, -days ),
		end: shiftDays( start, -1 ),
	};
}
