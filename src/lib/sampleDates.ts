/**
 * Dates a report's sample payload (src/demo) with the range the header shows: each daily series
 * of the sample — an object with day `timestamps` and their `labels` or `categories` — gets one
 * point a day of the range, labelled as the server labels days ("M j" in the user's language), and
 * every per-day array beside them is fitted to that many days (the sample's last days, repeated
 * backwards when the range is longer). A sample is never real, but its dates match the page.
 */
import { rangeDays, shiftDays } from './dates';
import { FALLBACK_LOCALE, toLocaleTag } from './format';

const DAY_SECONDS = 86400;

type Json = unknown;

const isRecord = ( value: Json ): value is Record< string, Json > =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

/**
 * Whether an object is a daily series: day timestamps (one day apart) and as many labels.
 *
 * @param value The object.
 */
function daysOf( value: Record< string, Json > ): number {
	const { timestamps } = value;
	const labels = value.labels ?? value.categories;
	if (
		! Array.isArray( timestamps ) ||
		! Array.isArray( labels ) ||
		timestamps.length < 2 ||
		labels.length !== timestamps.length
	) {
		return 0;
	}
	const daily = timestamps.every(
		( stamp, index ) =>
			typeof stamp === 'number' &&
			( index === 0 ||
				stamp - ( timestamps[ index - 1 ] as number ) === DAY_SECONDS )
	);
	return daily ? timestamps.length : 0;
}

/**
 * A per-day array of `from` values fitted to `to` days: its last `to` values, or, when longer, its
 * values repeated backwards from the last one.
 *
 * @param values The values.
 * @param to     Days of the range.
 */
export function fitDays< T >( values: readonly T[], to: number ): T[] {
	const from = values.length;
	return Array.from(
		{ length: to },
		( _v, index ) => values[ from - 1 - ( ( to - 1 - index ) % from ) ] as T
	);
}

/**
 * A value under a daily series, its per-day arrays fitted to the range.
 *
 * @param value The value.
 * @param from  Days of the sample.
 * @param to    Days of the range.
 */
function fitValue( value: Json, from: number, to: number ): Json {
	if ( Array.isArray( value ) ) {
		const perDay =
			value.length === from &&
			value.every(
				( item ) => item === null || typeof item === 'number'
			);
		return perDay ? fitDays( value, to ) : value;
	}
	if ( ! isRecord( value ) ) {
		return value;
	}
	const out: Record< string, Json > = {};
	for ( const [ key, item ] of Object.entries( value ) ) {
		out[ key ] = fitValue( item, from, to );
	}
	// A series' total that is the sum of its points stays so.
	const before = value.datapoints;
	const after = out.datapoints;
	if (
		typeof value.total === 'number' &&
		Array.isArray( before ) &&
		Array.isArray( after )
	) {
		const sum = ( points: Json[] ) =>
			points.reduce< number >(
				( total, point ) =>
					total + ( typeof point === 'number' ? point : 0 ),
				0
			);
		if ( Math.round( sum( before ) ) === Math.round( value.total ) ) {
			out.total = Math.round( sum( after ) * 100 ) / 100;
		}
	}
	return out;
}

/**
 * The days of a range: Unix timestamps (UTC midnight) and "M j" labels in the user's language.
 *
 * @param start  Y-m-d.
 * @param days   Number of days.
 * @param locale WordPress locale.
 */
function rangeAxis( start: string, days: number, locale: string ) {
	let format: Intl.DateTimeFormat;
	const options: Intl.DateTimeFormatOptions = {
		month: 'short',
		day: 'numeric',
		timeZone: 'UTC',
	};
	try {
		format = new Intl.DateTimeFormat( toLocaleTag( locale ), options );
	} catch {
		format = new Intl.DateTimeFormat( FALLBACK_LOCALE, options );
	}
	const timestamps: number[] = [];
	const labels: string[] = [];
	for ( let index = 0; index < days; index++ ) {
		const [ year, month, day ] = shiftDays( start, index )
			.split( '-' )
			.map( Number ) as [ number, number, number ];
		const utc = Date.UTC( year, month - 1, day );
		timestamps.push( utc / 1000 );
		labels.push( format.format( new Date( utc ) ) );
	}
	return { timestamps, labels };
}

/**
 * The sample payload dated with a range.
 *
 * @param payload A sample payload.
 * @param start   The range's first day, Y-m-d.
 * @param end     Its last day, Y-m-d.
 * @param locale  The user's WordPress locale.
 */
export function sampleInRange< P >(
	payload: P,
	start: string,
	end: string,
	locale: string = FALLBACK_LOCALE
): P {
	const days = rangeDays( start, end );
	if ( days === 0 ) {
		return payload;
	}
	const axis = rangeAxis( start, days, locale );
	const visit = ( value: Json ): Json => {
		if ( Array.isArray( value ) ) {
			return value.map( visit );
		}
		if ( ! isRecord( value ) ) {
			return value;
		}
		const from = daysOf( value );
		const out: Record< string, Json > = {};
		for ( const [ key, item ] of Object.entries( value ) ) {
			if ( ! from ) {
				out[ key ] = visit( item );
			} else if ( key === 'timestamps' ) {
				out[ key ] = axis.timestamps;
			} else if ( key === 'labels' || key === 'categories' ) {
				out[ key ] = axis.labels;
			} else if ( key === 'count' && item === from ) {
				out[ key ] = days;
			} else {
				out[ key ] = fitValue( item, from, days );
			}
		}
		return out;
	};
	return visit( payload ) as P;
}
