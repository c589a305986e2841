/**
 * The date picker's calendar arithmetic and texts on "YYYY-MM-DD" strings. Dates are the site's
 * calendar days: src/lib/dates.ts parses them to local noons (never inside a daylight-saving
 * change, so no time zone can shift a day), and days are added there too (shiftDays). Two such
 * strings compare correctly as strings.
 */
import { addMonths as addMonthsTo, getDaysInMonth } from 'date-fns';
import { __, sprintf } from '@wordpress/i18n';

import { parseYmd, toYmd } from '../../lib/dates';
import { getLocale } from './locale';

const dateFormats = new Map< string, Intl.DateTimeFormat >();

/**
 * A cached Intl.DateTimeFormat in the admin user's locale (calendars format many days).
 *
 * @param options Intl options.
 */
function dateFormat(
	options: Intl.DateTimeFormatOptions
): Intl.DateTimeFormat {
	const locale = getLocale();
	const key = `${ locale ?? '' }|${ JSON.stringify( options ) }`;
	let format = dateFormats.get( key );
	if ( ! format ) {
		format = new Intl.DateTimeFormat( locale, options );
		dateFormats.set( key, format );
	}
	return format;
}

/**
 * The local-noon Date of a day (an invalid Date for anything but a Y-m-d date).
 *
 * @param value A date.
 */
function dateOf( value: string ): Date {
	return parseYmd( value ) ?? new Date( NaN );
}

/**
 * The same day of another month, or that month's last day when it is shorter.
 *
 * @param value  A date.
 * @param months Months to add (negative to go back).
 */
export function addMonths( value: string, months: number ): string {
	return toYmd( addMonthsTo( dateOf( value ), months ) );
}

export function startOfMonth( value: string ): string {
	return `${ value.slice( 0, 7 ) }-01`;
}

export function daysInMonth( value: string ): number {
	return getDaysInMonth( dateOf( value ) );
}

/**
 * Day of the week, 0 for Sunday.
 *
 * @param value A date.
 */
export function dayOfWeek( value: string ): number {
	return dateOf( value ).getDay();
}

export function clampYmd( value: string, min: string, max: string ): string {
	if ( value < min ) {
		return min;
	}
	return value > max ? max : value;
}

/**
 * A date in the admin user's locale, e.g. "Jan 5, 2025".
 *
 * @param value   A date.
 * @param options Intl options.
 */
export function formatYmd(
	value: string,
	options: Intl.DateTimeFormatOptions = {
		month: 'short',
		day: 'numeric',
		year: 'numeric',
	}
): string {
	return dateFormat( options ).format( dateOf( value ) );
}

/**
 * A range of dates, e.g. "Jan 5 – 30, 2025"; one date when both ends are the same day.
 *
 * @param start First day.
 * @param end   Last day.
 */
export function formatYmdRange( start: string, end: string ): string {
	if ( start === end ) {
		return formatYmd( start );
	}
	const format = dateFormat( {
		month: 'short',
		day: 'numeric',
		year: 'numeric',
	} );
	if ( typeof format.formatRange === 'function' ) {
		return format.formatRange( dateOf( start ), dateOf( end ) );
	}
	return sprintf(
		/* translators: 1: first day of a date range, 2: its last day. */
		__( '%1$s – %2$s', 'monsterinsights-reports' ),
		format.format( dateOf( start ) ),
		format.format( dateOf( end ) )
	);
}
