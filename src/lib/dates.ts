/**
 * Date presets, ranges and their texts (docs/product-rules.md#dates).
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
import { __, sprintf } from '@wordpress/i18n';

import datesJson from './dates.json';
import { FALLBACK_LOCALE, toLocaleTag } from './format';

/** Date presets; `custom` for a range picked by hand. */
export type PresetKey =
	| 'today'
	| 'yesterday'
	| 'lastweek'
	| 'lastmonth'
	| 'last7days'
	| 'last30days'
	| 'last90days'
	| 'custom';

/** The date state of the reports, kept in the URL hash. Dates are Y-m-d in the site's timezone. */
export interface DateQuery {
	preset: PresetKey;
	start: string;
	end: string;
	compareStart?: string;
	compareEnd?: string;
}

/** A preset interval (every preset key but custom). */
export type IntervalKey = Exclude< PresetKey, 'custom' >;

/**
 * Whether a name is one of the preset intervals the app has labels for (the exported rules are
 * checked against it, so an unknown name never reaches the picker).
 *
 * @param name A name.
 */
function isIntervalName( name: string ): name is IntervalKey {
	return INTERVAL_NAMES.includes( name as IntervalKey );
}

/** Every interval the app knows: the members of IntervalKey (a missing one is a compile error). */
const INTERVAL_NAME_SET: Readonly< Record< IntervalKey, true > > = {
	today: true,
	yesterday: true,
	lastweek: true,
	lastmonth: true,
	last7days: true,
	last30days: true,
	last90days: true,
};
const INTERVAL_NAMES = Object.keys( INTERVAL_NAME_SET ) as IntervalKey[];

/**
 * The date rules PHP owns (includes/Query/DateRange.php), as bin/export-tiers.php writes them to
 * ./dates.json; a PHPUnit test fails while the file is stale.
 */
const RULES: {
	earliest: string;
	presets: readonly string[];
	default: string;
	hiddenForQueries: readonly string[];
} = datesJson;

/** The first day the date picker offers and the server accepts. */
export const EARLIEST_DATE = RULES.earliest;

/** Preset keys in the order the date picker lists them. */
export const PRESET_KEYS: readonly IntervalKey[] = RULES.presets.filter(
	( key ): key is IntervalKey => isIntervalName( key )
);

/** The default preset: the last 30 days, ending yesterday. */
export const DEFAULT_PRESET: IntervalKey = isIntervalName( RULES.default )
	? RULES.default
	: 'last30days';

/** The presets the Queries (search console) report hides: its data lags by two days. */
export const PRESETS_HIDDEN_FOR_QUERIES: readonly IntervalKey[] =
	RULES.hiddenForQueries.filter( ( key ): key is IntervalKey =>
		isIntervalName( key )
	);

export interface DateRange {
	start: string;
	end: string;
}

export interface PresetRange extends DateRange {
	compareStart: string;
	compareEnd: string;
}

export interface Preset {
	key: IntervalKey;
	/** Translated when read, so it follows translations loaded after this module. */
	readonly label: string;
}

/**
 * The translated label of a preset.
 *
 * @param key Preset key.
 */
export function presetLabel( key: IntervalKey ): string {
	switch ( key ) {
		case 'today':
			return __( 'Today', 'monsterinsights-reports' );
		case 'yesterday':
			return __( 'Yesterday', 'monsterinsights-reports' );
		case 'lastweek':
			return __( 'Last Week', 'monsterinsights-reports' );
		case 'lastmonth':
			return __( 'Last Month', 'monsterinsights-reports' );
		case 'last7days':
			return __( 'Last 7 days', 'monsterinsights-reports' );
		case 'last30days':
			return __( 'Last 30 days', 'monsterinsights-reports' );
		case 'last90days':
			return __( 'Last 90 days', 'monsterinsights-reports' );
	}
}

/** Every preset with its translated label, in the picker's order. */
export const PRESETS: readonly Preset[] = PRESET_KEYS.map( ( key ) => ( {
	key,
	get label() {
		return presetLabel( key );
	},
} ) );

/**
 * The presets a report offers: the Queries report hides Today and Yesterday.
 *
 * @param options                       Options.
 * @param options.hideTodayAndYesterday True for the Queries (search console) report.
 */
export function presetsFor(
	options: { hideTodayAndYesterday?: boolean } = {}
): readonly Preset[] {
	if ( ! options.hideTodayAndYesterday ) {
		return PRESETS;
	}
	return PRESETS.filter(
		( preset ) => ! PRESETS_HIDDEN_FOR_QUERIES.includes( preset.key )
	);
}

/**
 * Whether a value is a preset key (custom excluded).
 *
 * @param value Anything.
 */
export function isIntervalKey( value: unknown ): value is IntervalKey {
	return (
		typeof value === 'string' &&
		( PRESET_KEYS as readonly string[] ).includes( value )
	);
}

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
 * Parses a Y-m-d string or throws: the functions below are given the site's today, which the boot
 * data always carries; a malformed one is a programming error.
 *
 * @param value Y-m-d.
 * @param name  What it is, for the message.
 */
function requireYmd( value: string, name: string ): Date {
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
