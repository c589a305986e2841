/**
 * Y-m-d dates (the site's calendar days) parsed to Dates at local noon and written back: date-fns
 * works on local calendar fields, and noon is never inside a DST transition, so the browser's own
 * timezone cannot shift a day.
 */
import { addDays } from 'date-fns';

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A Y-m-d string as a Date at local noon, or null when it is not a real calendar date
 * (2025-02-29, 2025-13-01, 2025-1-1 are not).
 *
 * @param value Y-m-d.
 */
export function parseYmd( value: string ): Date | null {
	const match = YMD.exec( value );
	if ( ! match ) {
		return null;
	}
	const year = Number( match[ 1 ] );
	const month = Number( match[ 2 ] ) - 1;
	const day = Number( match[ 3 ] );
	const date = new Date( year, month, day, 12 );
	// Years 0–99 map to 1900–1999 in the constructor; set the year explicitly.
	date.setFullYear( year, month, day );
	if (
		date.getFullYear() !== year ||
		date.getMonth() !== month ||
		date.getDate() !== day
	) {
		return null;
	}
	return date;
}

/**
 * A Date's local calendar day as Y-m-d.
 *
 * @param date The date.
 */
export function toYmd( date: Date ): string {
	return [
		String( date.getFullYear() ).padStart( 4, '0' ),
		String( date.getMonth() + 1 ).padStart( 2, '0' ),
		String( date.getDate() ).padStart( 2, '0' ),
	].join( '-' );
}

/**
 * Whether a value is a real Y-m-d date.
 *
 * @param value Anything.
 */
export function isYmd( value: unknown ): value is string {
	return typeof value === 'string' && parseYmd( value ) !== null;
}

/**
 * Parses a Y-m-d string or throws: the date functions are given the site's today, which the boot
 * data always carries; a malformed one is a programming error.
 *
 * @param value Y-m-d.
 * @param name  What it is, for the message.
 */
export function requireYmd( value: string, name: string ): Date {
	const date = parseYmd( value );
	if ( ! date ) {
		throw new RangeError( `${ name } is not a Y-m-d date: ${ value }` );
	}
	return date;
}

/**
 * Adds (or with a negative count, subtracts) calendar days to a Y-m-d date.
 *
 * @param ymd  Y-m-d.
 * @param days Days.
 */
export function shiftDays( ymd: string, days: number ): string {
	return toYmd( addDays( requireYmd( ymd, 'date' ), days ) );
}
