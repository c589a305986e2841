/**
 * The route table of spec 1 §2 and spec 3 §2: every hash route, its title, its report and how it
 * is gated, navigated and loaded.
 */
import type { ComponentType } from 'react';
import { __, sprintf } from '@wordpress/i18n';

import { normalizePath } from '../lib/hash';
import type { DemoKey } from '../demo';
import type { UpsellKey } from '../upsell/content';
import type { Feature } from '../lib/tiers';

/**
 * Id of the Overview's top landing pages block; `/top-landing-pages` scrolls to it. The Overview
 * screen puts it on the block.
 */
export const TOP_LANDING_PAGES_ID = 'monsterinsights-reports-top-landing-pages';

/** The named routes of spec 1 §2. */
export type RouteName =
	| 'overview'
	| 'user-journey-report'
	| 'ai-insights'
	| 'ai-insights-chat'
	| 'year-in-review';

/**
 * How a route is navigated: the standard top navigation, none (AI insights and chat), or a
 * navigation the screen supplies itself (user journey).
 */
export type NavMode = 'standard' | 'hidden' | 'custom';

/** A screen module: src/reports/<name>/index.tsx exports its screen as default. */
export type ScreenModule = { default: ComponentType };

export interface RouteDef {
	/** Path pattern; `:param` matches one segment. */
	path: string;
	name?: RouteName;
	/** Translated title, shown as heading and in the mobile navigation trigger. */
	title: ( context: RouteContext ) => string;
	/** Report name: the demo payload, the PDF file name, the upsell campaign. */
	report: DemoKey;
	/** Upsell content entry shown when the licence does not include the report. */
	upsell?: UpsellKey;
	/** Tier feature the report needs (src/lib/tiers.ts). */
	feature: Feature;
	/** Whether the upsell offers "See a Sample Report" (the user journey does not, spec 3 §2). */
	sample: boolean;
	nav: NavMode;
	/** Element id the route scrolls to once it is on the page. */
	anchor?: string;
	/** The screen, lazily loaded; absent while the report is not built yet. */
	load?: () => Promise< ScreenModule >;
}

/** What route titles and visibility depend on. */
export interface RouteContext {
	/** Year in review data (spec 1 §3): whether the report shows and for which year. */
	yearInReview: YearInReview;
}

export interface YearInReview {
	show_report: boolean;
	report_year: number;
}

export interface MatchedRoute {
	route: RouteDef;
	/** The normalised path that matched, e.g. "/ai-insights/chat/12". */
	path: string;
	params: Record< string, string >;
}

const loadOverview = () =>
	import(
		/* webpackChunkName: "report-overview" */ '../reports/overview'
	) as Promise< ScreenModule >;

/**
 * Every route, in the order of the route table. Titles follow the report names of the specs
 * (spec 2 §2, spec 3 §2); the navigation has its own shorter labels (navigation.ts).
 */
export const ROUTES: readonly RouteDef[] = [
	{
		path: '/',
		name: 'overview',
		title: () => __( 'Overview', 'monsterinsights-reports' ),
		report: 'overview',
		upsell: 'overview',
		feature: 'overview',
		sample: true,
		nav: 'standard',
		load: loadOverview,
	},
	{
		path: '/top-landing-pages',
		title: () => __( 'Overview', 'monsterinsights-reports' ),
		report: 'overview',
		upsell: 'overview',
		feature: 'overview',
		sample: true,
		nav: 'standard',
		anchor: TOP_LANDING_PAGES_ID,
		load: loadOverview,
	},
	{
		path: '/publishers',
		title: () => __( 'Publishers Overview', 'monsterinsights-reports' ),
		report: 'publisher',
		upsell: 'engagement_overview',
		feature: 'publishers',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/publishers-pages',
		title: () => __( 'Pages Report', 'monsterinsights-reports' ),
		report: 'engagement_pages',
		upsell: 'engagement_pages',
		feature: 'pages',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/countries',
		title: () => __( 'Country Report', 'monsterinsights-reports' ),
		report: 'countries',
		upsell: 'countries',
		feature: 'countries',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/ecommerce',
		title: () => __( 'eCommerce Overview', 'monsterinsights-reports' ),
		report: 'ecommerce',
		upsell: 'ecommerce',
		feature: 'ecommerce',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/ecommerce-coupons',
		title: () => __( 'Coupons Report', 'monsterinsights-reports' ),
		report: 'ecommerce_coupons',
		upsell: 'ecommerce_coupons',
		feature: 'ecommerce',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/ecommerce-funnel',
		title: () => __( 'eCommerce Funnel', 'monsterinsights-reports' ),
		report: 'ecommerce_funnel',
		upsell: 'ecommerce_funnel',
		feature: 'ecommerce',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/cart-abandonment',
		title: () => __( 'Cart Abandonment', 'monsterinsights-reports' ),
		report: 'cart_abandonment',
		upsell: 'cart_abandonment',
		feature: 'ecommerce',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/search-console',
		title: () => __( 'Search Console Report', 'monsterinsights-reports' ),
		report: 'queries',
		upsell: 'queries',
		feature: 'search_console',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/dimensions',
		title: () => __( 'Dimensions Report', 'monsterinsights-reports' ),
		report: 'dimensions',
		upsell: 'dimensions',
		feature: 'dimensions',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/forms',
		title: () => __( 'Forms Overview Report', 'monsterinsights-reports' ),
		report: 'forms',
		upsell: 'forms',
		feature: 'forms',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/real-time',
		title: () => __( 'Real-Time Report', 'monsterinsights-reports' ),
		report: 'realtime',
		upsell: 'realtime',
		feature: 'realtime',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/site-speed',
		title: () => __( 'Site Speed', 'monsterinsights-reports' ),
		report: 'sitespeed',
		upsell: 'sitespeed',
		feature: 'site_speed',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/media',
		title: () => __( 'Media Report', 'monsterinsights-reports' ),
		report: 'media',
		upsell: 'media',
		feature: 'media',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/user-journey-report',
		name: 'user-journey-report',
		title: () => __( 'User Journey Report', 'monsterinsights-reports' ),
		report: 'userjourney',
		upsell: 'userjourney',
		feature: 'user_journey',
		sample: false,
		nav: 'custom',
	},
	{
		path: '/ai-insights',
		name: 'ai-insights',
		title: () => __( 'AI Insights', 'monsterinsights-reports' ),
		report: 'ai_insights',
		upsell: 'ai_insights',
		feature: 'ai_insights',
		sample: true,
		nav: 'hidden',
	},
	{
		path: '/ai-insights/chat',
		name: 'ai-insights-chat',
		title: () => __( 'Conversations AI', 'monsterinsights-reports' ),
		report: 'ai_chat',
		upsell: 'ai_insights_chat',
		feature: 'conversations_ai',
		sample: true,
		nav: 'hidden',
	},
	{
		path: '/ai-insights/chat/:chatId',
		name: 'ai-insights-chat',
		title: () => __( 'Conversations AI', 'monsterinsights-reports' ),
		report: 'ai_chat',
		upsell: 'ai_insights_chat',
		feature: 'conversations_ai',
		sample: true,
		nav: 'hidden',
	},
	{
		path: '/traffic-overview',
		title: () => __( 'Traffic Overview', 'monsterinsights-reports' ),
		report: 'traffic_overview',
		upsell: 'traffic',
		feature: 'traffic_overview',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/traffic-landing-pages',
		title: () => __( 'Landing Page Details', 'monsterinsights-reports' ),
		report: 'traffic_landing_pages',
		upsell: 'traffic_landing_pages',
		feature: 'traffic',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/traffic-technology',
		title: () => __( 'Technology', 'monsterinsights-reports' ),
		report: 'traffic_technology',
		upsell: 'traffic_technology',
		feature: 'traffic',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/traffic-campaign',
		title: () => __( 'Campaigns', 'monsterinsights-reports' ),
		report: 'traffic_campaign',
		upsell: 'traffic_campaign',
		feature: 'traffic',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/traffic-source-medium',
		title: () => __( 'Source / Medium', 'monsterinsights-reports' ),
		report: 'traffic_source_medium',
		upsell: 'traffic_source_medium',
		feature: 'traffic',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/traffic-social',
		title: () => __( 'Social Media', 'monsterinsights-reports' ),
		report: 'traffic_social',
		upsell: 'traffic_social',
		feature: 'traffic',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/exceptions',
		title: () => __( 'Exceptions Report', 'monsterinsights-reports' ),
		report: 'exceptions',
		upsell: 'exceptions',
		feature: 'exceptions',
		sample: true,
		nav: 'standard',
	},
	{
		path: '/year-in-review',
		name: 'year-in-review',
		title: ( { yearInReview } ) =>
			sprintf(
				/* translators: %s: the year the report looks back on, e.g. 2025. */
				__( '%s Year in Review', 'monsterinsights-reports' ),
				String( yearInReview.report_year )
			),
		report: 'yearinreview',
		upsell: 'yearinreview',
		feature: 'year_in_review',
		sample: true,
		nav: 'standard',
	},
];

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
 * The route a path shows; unknown paths redirect to "/" (spec 1 §2).
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
