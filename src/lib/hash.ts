/**
 * The URL hash is the app's state: `#/route?start=Y-m-d&end=Y-m-d&compare_start=…&compare_end=…&preset=key`
 * (design/architecture.md, "One path for every report"). These functions are pure: they read and
 * write strings and know nothing of the window or the store.
 */
import {
	isIntervalKey,
	type DateQuery,
	isValidRange,
	type IntervalKey,
	type PresetRange,
} from './dates';

/** The query parameters the hash carries, in the order buildHash writes them. */
export const HASH_PARAMS = [
	'start',
	'end',
	'compare_start',
	'compare_end',
	'preset',
] as const;

export type HashParam = ( typeof HASH_PARAMS )[ number ];

export interface ParsedHash {
	/** The route path, always starting with "/" and without a trailing slash ("/" for the root). */
	path: string;
	/** The known query parameters present in the hash (unknown ones are dropped). */
	params: Partial< Record< HashParam, string > >;
}

/**
 * Normalises a route path: a leading slash, no trailing slash, no empty segments.
 *
 * @param path A path such as "publishers/", "/ai-insights/chat/12" or "".
 */
export function normalizePath( path: string ): string {
	const segments = path
		.split( '/' )
		.map( ( segment ) => segment.trim() )
		.filter( ( segment ) => segment !== '' );
	return '/' + segments.join( '/' );
}

/**
 * A normalised path with each segment percent-encoded, as it appears in a hash.
 *
 * @param path A decoded route path.
 */
function encodePath( path: string ): string {
	return normalizePath( path )
		.split( '/' )
		.map( ( segment ) => encodeURIComponent( segment ) )
		.join( '/' );
}

/**
 * Splits a location hash into its route path and its known query parameters.
 *
 * @param hash `window.location.hash`, with or without the leading "#".
 */
export function parseHash( hash: string ): ParsedHash {
	const raw = hash.startsWith( '#' ) ? hash.slice( 1 ) : hash;
	const queryAt = raw.indexOf( '?' );
	const rawPath = queryAt === -1 ? raw : raw.slice( 0, queryAt );
	const rawQuery = queryAt === -1 ? '' : raw.slice( queryAt + 1 );

	let path: string;
	try {
		path = rawPath
			.split( '/' )
			.map( ( segment ) => decodeURIComponent( segment ) )
			.join( '/' );
	} catch {
		// A malformed escape sequence: an unknown path, which the router sends to "/".
		path = '/%';
	}

	const search = new URLSearchParams( rawQuery );
	const params: ParsedHash[ 'params' ] = {};
	HASH_PARAMS.forEach( ( key ) => {
		const value = search.get( key );
		if ( value !== null && value !== '' ) {
			params[ key ] = value;
		}
	} );
	return { path: normalizePath( path ), params };
}

/**
 * Writes a route and a date state as a location hash (with the leading "#").
 *
 * @param path      The route path.
 * @param dateQuery The date state; no query string when null.
 */
export function buildHash( path: string, dateQuery: DateQuery | null ): string {
	const route = encodePath( path );
	if ( ! dateQuery ) {
		return '#' + route;
	}
	const search = new URLSearchParams();
	search.set( 'start', dateQuery.start );
	search.set( 'end', dateQuery.end );
	if ( dateQuery.compareStart && dateQuery.compareEnd ) {
		search.set( 'compare_start', dateQuery.compareStart );
		search.set( 'compare_end', dateQuery.compareEnd );
	}
	search.set( 'preset', dateQuery.preset );
	return '#' + route + '?' + search.toString();
}

export interface DateQueryOptions {
	/** The site's today, Y-m-d. */
	today: string;
	/** Whether the licence allows other ranges than the default (lite does not). */
	allowCustom: boolean;
	/** The default date state for today. */
	fallback: DateQuery;
	/** The range of a named preset for today. */
	presetRange: ( preset: IntervalKey ) => PresetRange;
}

/**
 * The date state the hash parameters describe, or the fallback when they are missing, invalid or
 * not allowed. A named preset is recomputed for today (a bookmark of "last 7 days" means the last
 * 7 days when it is opened); `custom` or no preset takes the dates as they are. Compare is on when
 * both compare dates are present; an invalid compare range is dropped.
 *
 * @param params  Parsed hash parameters.
 * @param options Today, licence and date helpers.
 */
export function dateQueryFromParams(
	params: ParsedHash[ 'params' ],
	options: DateQueryOptions
): DateQuery {
	const { today, allowCustom, fallback, presetRange } = options;
	if ( ! allowCustom ) {
		return fallback;
	}
	const wantsCompare =
		params.compare_start !== undefined && params.compare_end !== undefined;
	const preset = params.preset;

	if ( isIntervalKey( preset ) ) {
		const range = presetRange( preset );
		return wantsCompare
			? { preset, ...range }
			: { preset, start: range.start, end: range.end };
	}

	if (
		( preset === undefined || preset === 'custom' ) &&
		isValidRange( params.start ?? '', params.end ?? '', today )
	) {
		const query: DateQuery = {
			preset: 'custom',
			start: params.start as string,
			end: params.end as string,
		};
		if (
			wantsCompare &&
			isValidRange(
				params.compare_start ?? '',
				params.compare_end ?? '',
				today
			)
		) {
			query.compareStart = params.compare_start;
			query.compareEnd = params.compare_end;
		}
		return query;
	}
	return fallback;
}

/**
 * Whether two date states are the same.
 *
 * @param a One date state.
 * @param b The other.
 */
export function sameDateQuery(
	a: DateQuery | null,
	b: DateQuery | null
): boolean {
	if ( a === b ) {
		return true;
	}
	if ( ! a || ! b ) {
		return false;
	}
	return (
		a.preset === b.preset &&
		a.start === b.start &&
		a.end === b.end &&
		( a.compareStart ?? '' ) === ( b.compareStart ?? '' ) &&
		( a.compareEnd ?? '' ) === ( b.compareEnd ?? '' )
	);
}
