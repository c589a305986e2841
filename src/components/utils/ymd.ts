/**
 * Calendar arithmetic on "YYYY-MM-DD" strings. Dates are the site's calendar days, so they are
 * handled as UTC midnights: no time zone or daylight-saving change can shift a day. Two such
 * strings compare correctly as strings.
 */
import { __, sprintf } from '@wordpress/i18n';

import { getLocale } from './locale';

const dateFormats = new Map< string, Intl.DateTimeFormat >();

/**
 * A cached Intl.DateTimeFormat in the admin user's locale, in UTC (calendars format many days).
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
		format = new Intl.DateTimeFormat( locale, {
			...options,
			timeZone: 'UTC',
		} );
		dateFormats.set( key, format );
	}
	return format;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isYmd( value: unknown ): value is string {
	return typeof value === 'string' && YMD.test( value );
}

export function parseYmd( value: string ): Date {
	const match = YMD.exec( value );
	if ( ! match ) {
		return new Date( NaN );
	}
	return new Date(
		Date.UTC(
			Number( match[ 1 ] ),
			Number( match[ 2 ] ) - 1,
			Number( match[ 3 ] )
		)
	);
}

export function toYmd( date: Date ): string {
	const pad = ( n: number ) => String( n ).padStart( 2, '0' );
	return `${ date.getUTCFullYear() }-${ pad(
		date.getUTCMonth() + 1
	) }-${ pad( date.getUTCDate() ) }`;
}

export function addDays( value: string, days: number ): string {
	const date = parseYmd( value );
	date.setUTCDate( date.getUTCDate() + days );
	return toYmd( date );
}

/**
 * The same day of another month, or that month's last day when it is shorter.
 *
 * @param value  A date.
 * @param months Months to add (negative to go back).
 */
export function addMonths( value: string, months: number ): string {
	const date = parseYmd( value );
	const day = date.getUTCDate();
	date.setUTCDate( 1 );
	date.setUTCMonth( date.getUTCMonth() + months );
	date.setUTCDate( Math.min( day, daysInMonth( toYmd( date ) ) ) );
	return toYmd( date );
}

export function startOfMonth( value: string ): string {
	return `${ value.slice( 0, 7 ) }-01`;
}

export function daysInMonth( value: string ): number {
	const date = parseYmd( startOfMonth( value ) );
	return new Date(
		Date.UTC( date.getUTCFullYear(), date.getUTCMonth() + 1, 0 )
	).getUTCDate();
}

/**
 * Day of the week, 0 for Sunday.
 *
 * @param value A date.
 */
export function dayOfWeek( value: string ): number {
	return parseYmd( value ).getUTCDay();
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
 * @param options Intl options; the time zone is always UTC (see above).
 */
export function formatYmd(
	value: string,
	options: Intl.DateTimeFormatOptions = {
		month: 'short',
		day: 'numeric',
		year: 'numeric',
	}
): string {
	return dateFormat( options ).format( parseYmd( value ) );
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
		return format.formatRange( parseYmd( start ), parseYmd( end ) );
	}
	return sprintf(
		/* translators: 1: first day of a date range, 2: its last day. */
		__( '%1$s – %2$s', 'monsterinsights-reports' ),
		format.format( parseYmd( start ) ),
		format.format( parseYmd( end ) )
	);
}
