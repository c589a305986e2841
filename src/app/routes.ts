/**
 * The route table (docs/product-rules.md#reports), derived from the report registry
 * (src/reports/registry.ts): every hash route, its title, its report and how it is gated,
 * navigated and loaded.
 */
import {
	REPORTS,
	REPORT_NAMES,
	pathsOf,
	type NavMode,
	type ReportDef,
	type ReportName,
	type RouteContext,
	type RouteName,
	type ScreenModule,
} from '../reports/registry';
import { normalizePath } from '../lib/hash';
import type { UpsellKey } from '../upsell/content';
import type { Feature } from '../lib/tiers';

export {
	TOP_LANDING_PAGES_ID,
	type NavMode,
	type RouteContext,
	type RouteName,
	type ScreenModule,
	type YearInReview,
} from '../reports/registry';

export interface RouteDef {
	/** Path pattern; `:param` matches one segment. */
	path: string;
	name?: RouteName;
	/** Translated title, shown as heading and in the mobile navigation trigger. */
	title: ( context: RouteContext ) => string;
	/** Report name: the demo payload, the PDF file name, the upsell campaign. */
	report: ReportName;
	/** Its upsell table entry; absent when its sample carries its own copy. */
	upsell?: UpsellKey;
	/** Tier feature the report needs (src/lib/tiers.ts). */
	feature: Feature;
	/** Whether the upsell offers "See a Sample Report" (the user journey does not). */
	sample: boolean;
	nav: NavMode;
	/** Element id the route scrolls to once it is on the page. */
	anchor?: string;
	/** The screen, lazily loaded; absent while the report is not built yet. */
	load?: () => Promise< ScreenModule >;
}

export interface MatchedRoute {
	route: RouteDef;
	/** The normalised path that matched, e.g. "/ai-insights/chat/12". */
	path: string;
	params: Record< string, string >;
}

/**
 * Every route, in the order of the registry: each report's paths, in its order.
 */
export const ROUTES: readonly RouteDef[] = REPORT_NAMES.flatMap( ( report ) => {
	const def: ReportDef = REPORTS[ report ];
	return pathsOf( report ).map(
		( path ): RouteDef => ( {
			...path,
			title: def.title,
			report,
			upsell: def.upsell,
			feature: def.feature,
			sample: def.sample,
			nav: def.nav,
			...( def.screen ? { load: def.screen } : {} ),
		} )
	);
} );

/** The route unknown paths redirect to. */
export const ROOT_ROUTE = ROUTES[ 0 ] as RouteDef;

/**
 * Matches one path pattern against a normalised path.
 *
 * @param pattern A route path such as "/ai-insights/chat/:chatId".
 * @param path    A normalised path.
 */
function matchPattern(
	pattern: string,
	path: string
): Record< string, string > | null {
	const want = pattern.split( '/' );
	const have = path.split( '/' );
	if ( want.length !== have.length ) {
		return null;
	}
	const params: Record< string, string > = {};
	for ( let i = 0; i < want.length; i++ ) {
		const w = want[ i ] as string;
		const h = have[ i ] as string;
		if ( w.startsWith( ':' ) ) {
			params[ w.slice( 1 ) ] = h;
		} else if ( w !== h ) {
			return null;
		}
	}
	return params;
}

/**
 * Whether a route exists in this context: `/year-in-review` only while the year-in-review data
 * says the report shows.
 *
 * @param route   The route.
 * @param context The context.
 */
export function isRouteAvailable(
	route: RouteDef,
	context: RouteContext
): boolean {
	return route.name !== 'year-in-review' || context.yearInReview.show_report;
}

/**
 * The route a path shows, or null for an unknown (or unavailable) path.
 *
 * @param path    A route path.
 * @param context The context.
 */
export function matchRoute(
	path: string,
	context: RouteContext
): MatchedRoute | null {
	const normalized = normalizePath( path );
	for ( const route of ROUTES ) {
		const params = matchPattern( route.path, normalized );
		if ( params && isRouteAvailable( route, context ) ) {
			return { route, path: normalized, params };
		}
	}
	return null;
}

/**
 * The route a path shows; unknown paths redirect to "/" (docs/product-rules.md#names).
 *
 * @param path    A route path.
 * @param context The context.
 */
export function resolveRoute(
	path: string,
	context: RouteContext
): MatchedRoute {
	return (
		matchRoute( path, context ) ?? {
			route: ROOT_ROUTE,
			path: '/',
			params: {},
		}
	);
}

/**
 * The path of a named route.
 *
 * @param name   The route name.
 * @param params Route parameters (`chatId` picks the existing-conversation route).
 */
export function pathFor(
	name: RouteName,
	params: Record< string, string > = {}
): string {
	const candidates = ROUTES.filter( ( route ) => route.name === name );
	// Prefer the route whose parameters are all given, most specific first.
	const sorted = [ ...candidates ].sort(
		( a, b ) => b.path.length - a.path.length
	);
	for ( const route of sorted ) {
		const names = route.path
			.split( '/' )
			.filter( ( segment ) => segment.startsWith( ':' ) )
			.map( ( segment ) => segment.slice( 1 ) );
		if ( names.every( ( key ) => params[ key ] !== undefined ) ) {
			return route.path.replace( /:([A-Za-z]+)/g, ( _m, key: string ) =>
				String( params[ key ] )
			);
		}
	}
	return '/';
}
