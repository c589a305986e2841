/**
 * Licence tiers (decisions.md, "Licence tiers") as data.
 *
 * The server is the gate: a report route answers 403 upgrade_required for a locked report. This
 * table lets the app decide what to show before it asks (upsells, locked controls) and is the
 * single list the PHP tier table is checked against: it is plain JSON-able data on purpose.
 */
import type { Level } from '../store/app/types';

/** Licence levels, lowest first. */
export const LEVELS: readonly Level[] = [
	'lite',
	'basic',
	'plus',
	'pro',
	'agency',
];

/**
 * Every gated feature with the lowest level that unlocks it, named after the rows of decisions.md
 * "Licence tiers". Report names map to these features through REPORT_FEATURES.
 */
export const TIERS = {
	// Lite: Overview (fixed last 30 days, no PDF, no pro metrics, no most-popular-page), Site
	// Summary, site notes.
	overview: 'lite',
	site_summary: 'lite',
	site_notes: 'lite',

	// Basic: custom date ranges, compare, PDF export, most popular page.
	custom_date_range: 'basic',
	compare: 'basic',
	pdf_export: 'basic',
	most_popular_page: 'basic',

	// Plus: publishers, pages, countries, search console, real-time, dimensions, forms, media,
	// site speed, traffic reports except traffic overview, year in review.
	publishers: 'plus',
	pages: 'plus',
	countries: 'plus',
	search_console: 'plus',
	realtime: 'plus',
	dimensions: 'plus',
	forms: 'plus',
	media: 'plus',
	site_speed: 'plus',
	traffic: 'plus',
	year_in_review: 'plus',

	// Traffic overview: plus (basic sees the upsell).
	traffic_overview: 'plus',

	// Pro: eCommerce (all four), user journey, AI insights, Conversations AI, pro metrics.
	ecommerce: 'pro',
	user_journey: 'pro',
	ai_insights: 'pro',
	conversations_ai: 'pro',
	pro_metrics: 'pro',

	// Agency: exceptions (everyone below sees the blurred sample).
	exceptions: 'agency',
} as const satisfies Record< string, Level >;

export type Feature = keyof typeof TIERS;

/**
 * Report name → the feature that gates it. Report names are those of GET
 * monsterinsights-reports/v1/reports/{name} and of the demo payloads: the spec's report keys
 * (spec 3 §7: publisher, engagement_pages, sitespeed, …; spec 2: queries, realtime, …) and, as
 * aliases, the route paths with underscores (publishers_pages, site_speed, …).
 */
export const REPORT_FEATURES = {
	overview: 'overview',
	site_summary: 'site_summary',
	publisher: 'publishers',
	publishers: 'publishers',
	engagement_pages: 'pages',
	publishers_pages: 'pages',
	countries: 'countries',
	ecommerce: 'ecommerce',
	ecommerce_coupons: 'ecommerce',
	ecommerce_funnel: 'ecommerce',
	cart_abandonment: 'ecommerce',
	queries: 'search_console',
	search_console: 'search_console',
	dimensions: 'dimensions',
	forms: 'forms',
	realtime: 'realtime',
	real_time: 'realtime',
	sitespeed: 'site_speed',
	sitespeedmobile: 'site_speed',
	site_speed: 'site_speed',
	media: 'media',
	userjourney: 'user_journey',
	user_journey: 'user_journey',
	ai_insights: 'ai_insights',
	ai_chat: 'conversations_ai',
	conversations_ai: 'conversations_ai',
	traffic_overview: 'traffic_overview',
	traffic_landing_pages: 'traffic',
	traffic_technology: 'traffic',
	traffic_campaign: 'traffic',
	traffic_source_medium: 'traffic',
	traffic_social: 'traffic',
	exceptions: 'exceptions',
	yearinreview: 'year_in_review',
	year_in_review: 'year_in_review',
} as const satisfies Record< string, Feature >;

export type GatedReport = keyof typeof REPORT_FEATURES;

/**
 * Hash route → the feature it shows (spec 1 §2 and spec 3 §2 route tables).
 */
export const ROUTE_FEATURES: Readonly< Record< string, Feature > > = {
	'/': 'overview',
	'/top-landing-pages': 'overview',
	'/publishers': 'publishers',
	'/publishers-pages': 'pages',
	'/countries': 'countries',
	'/ecommerce': 'ecommerce',
	'/ecommerce-coupons': 'ecommerce',
	'/ecommerce-funnel': 'ecommerce',
	'/cart-abandonment': 'ecommerce',
	'/search-console': 'search_console',
	'/dimensions': 'dimensions',
	'/forms': 'forms',
	'/real-time': 'realtime',
	'/site-speed': 'site_speed',
	'/media': 'media',
	'/user-journey-report': 'user_journey',
	'/ai-insights': 'ai_insights',
	'/ai-insights/chat': 'conversations_ai',
	'/traffic-overview': 'traffic_overview',
	'/traffic-landing-pages': 'traffic',
	'/traffic-technology': 'traffic',
	'/traffic-campaign': 'traffic',
	'/traffic-source-medium': 'traffic',
	'/traffic-social': 'traffic',
	'/exceptions': 'exceptions',
	'/year-in-review': 'year_in_review',
};

/**
 * Whether a value is one of the licence levels.
 *
 * @param value Anything.
 */
export function isLevel( value: unknown ): value is Level {
	return (
		typeof value === 'string' &&
		( LEVELS as readonly string[] ).includes( value )
	);
}

/**
 * Whether a value names a feature of the tier table.
 *
 * @param value Anything.
 */
export function isFeature( value: unknown ): value is Feature {
	return (
		typeof value === 'string' &&
		Object.prototype.hasOwnProperty.call( TIERS, value )
	);
}

/**
 * The rank of a level (lite 0 … agency 4); an unknown level ranks as lite.
 *
 * @param level A level.
 */
export function levelRank( level: Level ): number {
	return Math.max( 0, LEVELS.indexOf( level ) );
}

/**
 * Whether `level` is `needed` or higher.
 *
 * @param level  The licence's level.
 * @param needed The level a feature needs.
 */
export function levelAtLeast( level: Level, needed: Level ): boolean {
	return levelRank( level ) >= levelRank( needed );
}

/**
 * The feature behind a feature or report name; undefined for a name neither table knows.
 *
 * @param name A feature or report name.
 */
export function featureOf( name: string ): Feature | undefined {
	if ( Object.prototype.hasOwnProperty.call( REPORT_FEATURES, name ) ) {
		return REPORT_FEATURES[ name as GatedReport ];
	}
	return isFeature( name ) ? name : undefined;
}

/**
 * The lowest level that unlocks a feature or report; agency (locked for all but the highest) for a
 * name the tables do not know, so nothing unknown is ever unlocked by mistake.
 *
 * @param name A feature or report name.
 */
export function levelNeeded( name: string ): Level {
	const feature = featureOf( name );
	return feature ? TIERS[ feature ] : 'agency';
}

/**
 * Whether a licence level may use a feature or report.
 *
 * @param level The licence's level.
 * @param name  A feature or report name.
 */
export function canUse( level: Level, name: string ): boolean {
	return levelAtLeast( level, levelNeeded( name ) );
}

/**
 * The feature a hash route shows; a route with a chat id (/ai-insights/chat/{id}) is the chat.
 *
 * @param route A hash route such as "/publishers".
 */
export function featureForRoute( route: string ): Feature | undefined {
	if ( route.startsWith( '/ai-insights/chat/' ) ) {
		return 'conversations_ai';
	}
	return ROUTE_FEATURES[ route ];
}
