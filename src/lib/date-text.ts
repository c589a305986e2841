/**
 * Date ranges as text in the user's locale, and the date state the date picker shows.
 */
import { __, sprintf } from '@wordpress/i18n';

import { isIntervalKey, presetLabel, type PresetKey } from './date-presets';
import { requireYmd } from './date-parse';
import type { DateQuery } from './dates';
import { FALLBACK_LOCALE, toLocaleTag } from './format';

const dateFormats = new Map< string, Intl.DateTimeFormat >();

/**
 * A cached long-date formatter ("November 21, 2026", "21. November 2026") working in UTC, so the
 * browser's timezone never moves the day.
 *
 * @param locale BCP 47 tag or WordPress locale.
 */
function longDateFormat( locale: string ): Intl.DateTimeFormat {
	const tag = toLocaleTag( locale.replace( /-/g, '_' ) );
	let format = dateFormats.get( tag );
	if ( ! format ) {
		const options: Intl.DateTimeFormatOptions = {
			year: 'numeric',
			month: 'long',
			day: 'numeric',
			timeZone: 'UTC',
		};
		try {
			format = new Intl.DateTimeFormat( tag, options );
		} catch {
			format = new Intl.DateTimeFormat( FALLBACK_LOCALE, options );
		}
		dateFormats.set( tag, format );
	}
	return format;
}

/**
 * A Y-m-d date at midnight UTC.
 *
 * @param ymd Y-m-d.
 */
function utcDate( ymd: string ): Date {
	const date = requireYmd( ymd, 'date' );
	const utc = new Date( 0 );
	utc.setUTCFullYear( date.getFullYear(), date.getMonth(), date.getDate() );
	return utc;
}

/**
 * A range as text in the user's locale: "November 21, 2026" for one day, "October 23 – November
 * 21, 2026" for several (the locale decides the separator and what repeats).
 *
 * @param start  Y-m-d.
 * @param end    Y-m-d.
 * @param locale BCP 47 tag or WordPress locale (boot user.locale).
 */
export function formatRangeText(
	start: string,
	end: string,
	locale: string = FALLBACK_LOCALE
): string {
	const format = longDateFormat( locale );
	if ( start === end ) {
		return format.format( utcDate( start ) );
	}
	return format.formatRange( utcDate( start ), utcDate( end ) );
}

/**
 * The date state for the current date query.
 *
 * - intervalText / intervalCompareText: the range and the compare range as text.
 * - text: what the date picker's button shows — "Last 30 days: …", "Custom dates: …", or when
 *   comparing "Comparison: … To …".
 * - compareText: "Compare To: …" when comparing, else empty.
 */
export interface DateState {
	start: string;
	end: string;
	interval: PresetKey;
	text: string;
	compareReport: boolean;
	compareStart: string;
	compareEnd: string;
	compareText: string;
	intervalText: string;
	intervalCompareText: string;
}

/**
 * The date state of a date query.
 *
 * @param query  The date query (app store getDateQuery).
 * @param locale BCP 47 tag or WordPress locale (boot user.locale).
 */
export function dateState(
	query: DateQuery,
	locale: string = FALLBACK_LOCALE
): DateState {
	const compareReport = !! ( query.compareStart && query.compareEnd );
	const compareStart = compareReport ? query.compareStart ?? '' : '';
	const compareEnd = compareReport ? query.compareEnd ?? '' : '';
	const intervalText = formatRangeText( query.start, query.end, locale );
	const intervalCompareText = compareReport
		? formatRangeText( compareStart, compareEnd, locale )
		: '';

	let text: string;
	if ( compareReport ) {
		text = sprintf(
			/* translators: 1: the date range, 2: the date range it is compared with. */
			__( 'Comparison: %1$s To %2$s', 'monsterinsights-reports' ),
			intervalText,
			intervalCompareText
		);
	} else if ( isIntervalKey( query.preset ) ) {
		text = sprintf(
			/* translators: 1: a preset such as "Last 30 days", 2: its date range. */
			__( '%1$s: %2$s', 'monsterinsights-reports' ),
			presetLabel( query.preset ),
			intervalText
		);
	} else {
		text = sprintf(
			/* translators: %s: a date range. */
			__( 'Custom dates: %s', 'monsterinsights-reports' ),
			intervalText
		);
	}

	return {
		start: query.start,
		end: query.end,
		interval: query.preset,
		text,
		compareReport,
		compareStart,
		compareEnd,
		compareText: compareReport
			? sprintf(
					/* translators: %s: the date range compared with. */
					__( 'Compare To: %s', 'monsterinsights-reports' ),
					intervalCompareText
			  )
			: '',
		intervalText,
		intervalCompareText,
	};
}
