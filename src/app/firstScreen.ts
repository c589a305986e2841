/**
 * What the first screen needs, known before it renders, so none of it waits for the screen's
 * script: the route and dates of the URL's hash give the reports it will ask for.
 *
 * The reports page prints the answers of the start-up loads and of the default route (the Overview,
 * default dates) for the current user (includes/Admin/Preload.php), used once each through
 * api-fetch's preloading middleware. The server never sees the hash: when it shows another route or
 * other dates, the preloaded report answers are dropped (so a later visit to the Overview asks the
 * server, not a page-load-old answer) and the route's own reports are asked for at once, beside the
 * start-up loads, instead of after the screen's script arrives. A report opened later from the app's
 * menu (a hash change) likewise gets its script and its report side by side.
 */
import apiFetch, { type APIFetchMiddleware } from '@wordpress/api-fetch';
import { normalizePath } from '@wordpress/url';

import { canUse } from '../lib/tiers';
import { METRICS_PATH } from '../store/metrics/constants';
import { metricsStore } from '../store/metrics';
import { reportsStore, reportPath } from '../store/reports';
import { REST_NAMESPACE } from '../store/reports/query';
import type { BootData, DateQuery, Level } from '../store/app';
import { reportDef, type ReportName } from '../reports/registry';
import { appScreenOf } from './appScreens';
import { resolveHash, routeContext } from './router';
import { resolveRoute } from './routes';
import { loadScreen, type ScreenLoader } from './screenModules';

/**
 * Reports whose screen asks for its data itself, not for the app's dates alone (Real-Time
 * refreshes; the User Journey adds its filters and page, and handles its own 400; AI Insights
 * reads its list from the ai-insights route; Conversations AI has no report route, only its chat
 * routes).
 */
const SELF_FETCHING: readonly ReportName[] = [
	'realtime',
	'userjourney',
	'ai_insights',
	'ai_chat',
];

/** The reports the Overview's screen shows besides its own. */
const OVERVIEW_PARTS: readonly ReportName[] = [ 'site_summary' ];

/** The requests of the first screen. */
export interface FirstScreen {
	/** The reports it asks for, with the dates of the URL. */
	reports: Array< { name: ReportName; query: DateQuery } >;
	/** Whether it shows the user's metric selection (the Overview's tabs). */
	metrics: boolean;
	/** Loads the screen's script (the route's lazy screen), when it shows a report. */
	screen?: ScreenLoader;
}

/** A first screen that asks for nothing. */
const NOTHING: FirstScreen = { reports: [], metrics: false };

/**
 * The requests of the screen a location hash opens, as the app will render it (src/app/App.tsx,
 * ReportRoute, ReportScreen): nothing on the network admin screen, for a user who may not view the
 * reports, before a source is connected, on the settings and wizard screens, for a report without
 * a screen, a report that fetches itself, a report the licence does not include, or an eCommerce
 * report (registry feature `ecommerce`) without a shop; a report never compared asks its dates
 * alone.
 *
 * @param boot  The boot data.
 * @param hash  `location.hash`.
 * @param level The licence level (the boot data's by default; the app store's once it runs).
 */
export function firstScreen(
	boot: BootData,
	hash: string,
	level: Level = boot.licence.level
): FirstScreen {
	const { capabilities } = boot.user;
	if (
		boot.site.isNetworkAdmin ||
		! capabilities.viewReports ||
		( appScreenOf( hash ) && capabilities.saveSettings ) ||
		! boot.source.connected
	) {
		return NOTHING;
	}
	const { route, dateQuery } = resolveHash( hash, boot, level );
	const matched = resolveRoute( route, routeContext( boot ) ).route;
	if (
		! matched.load ||
		SELF_FETCHING.includes( matched.report ) ||
		! canUse( level, matched.feature )
	) {
		return NOTHING;
	}
	const def = reportDef( matched.report );
	// An eCommerce report without a shop can only answer 400 no_shop: nothing is started early;
	// its screen asks for it and shows the server's notice (the boot data's shop is
	// Settings\Shop::current(), the very test of the server's answer).
	if ( def.feature === 'ecommerce' && ! boot.shop ) {
		return NOTHING;
	}
	// A report that is never compared asks its dates alone.
	const query: DateQuery =
		def.compare === false
			? {
					preset: dateQuery.preset,
					start: dateQuery.start,
					end: dateQuery.end,
			  }
			: dateQuery;
	const overview = matched.report === 'overview';
	const names: ReportName[] = [
		matched.report,
		...( overview ? OVERVIEW_PARTS : [] ).filter( ( name ) =>
			canUse( level, reportDef( name ).feature )
		),
	];
	return {
		reports: names.map( ( name ) => ( { name, query } ) ),
		metrics: overview,
		screen: matched.load,
	};
}

/**
 * The preloaded answers the first screen uses: every answer but the reports and the metrics, and
 * of those only what the first screen asks for.
 *
 * @param preloaded The answers the page printed, by path.
 * @param first     The first screen's requests.
 */
export function preloadFor(
	preloaded: Record< string, unknown >,
	first: FirstScreen
): Record< string, unknown > {
	const reports = `/${ REST_NAMESPACE }/reports/`;
	const wanted = new Set(
		first.reports.map( ( { name, query } ) =>
			normalizePath( reportPath( name, query ) )
		)
	);
	return Object.fromEntries(
		Object.entries( preloaded ).filter( ( [ path ] ) => {
			const normalized = normalizePath( path );
			if ( normalized.startsWith( reports ) ) {
				return wanted.has( normalized );
			}
			return normalized !== METRICS_PATH || first.metrics;
		} )
	);
}

/**
 * The preloaded answers the page printed (window.monsterinsightsReportsPreload); none when missing
 * or malformed.
 *
 * @param value The printed value.
 */
export function parsePreload( value: unknown ): Record< string, unknown > {
	return typeof value === 'object' &&
		value !== null &&
		! Array.isArray( value )
		? ( value as Record< string, unknown > )
		: {};
}

/**
 * GETs started before a store asked for them, by normalised path: the stores' resolvers run a task
 * later (after the first render), so the first screen's requests are sent at once and handed over
 * when the resolver asks.
 */
const started = new Map< string, Promise< unknown > >();

/** How long a started GET waits for its resolver after it settled, in milliseconds. */
const HAND_OVER_MS = 1000;

/**
 * The api-fetch middleware that hands a started GET to the first request of its path, once; any
 * other request goes on.
 * @param options
 * @param next
 */
export const startedRequestsMiddleware: APIFetchMiddleware = (
	options,
	next
) => {
	const method = ( options.method ?? 'GET' ).toUpperCase();
	if (
		method === 'GET' &&
		options.parse !== false &&
		typeof options.path === 'string'
	) {
		const path = normalizePath( options.path );
		const request = started.get( path );
		if ( request ) {
			started.delete( path );
			return request;
		}
	}
	return next( options );
};

/**
 * Sends a GET now, for the next request of its path to take over (startedRequestsMiddleware). Not
 * taken over within a second of settling, it is forgotten, so a later request asks anew.
 *
 * @param path The REST path.
 */
function startGet( path: string ): void {
	const key = normalizePath( path );
	if ( started.has( key ) ) {
		return;
	}
	const request = apiFetch( { path } );
	started.set( key, request );
	const forget = () =>
		setTimeout( () => {
			if ( started.get( key ) === request ) {
				started.delete( key );
			}
		}, HAND_OVER_MS );
	request.then( forget, forget );
}

/** What starting the first screen's loads needs of a @wordpress/data registry. */
export interface FirstScreenRegistry {
	resolveSelect: Function; // eslint-disable-line @typescript-eslint/ban-types -- WPDataRegistry's own type.
	select: Function; // eslint-disable-line @typescript-eslint/ban-types -- WPDataRegistry's own type.
}

/**
 * Starts the first screen's loads, beside the start-up loads: its script, its reports for the URL's
 * dates and the metric selection. The screen, once its script is there, finds them loaded or
 * loading (the stores' resolvers run once per request; webpack loads a chunk once).
 *
 * @param registry The data registry (the stores are registered and the boot data received).
 * @param first    The first screen's requests.
 * @return Settles once the screen's script, its reports and the metric selection have each
 *         loaded or failed.
 */
export function startFirstScreen(
	registry: FirstScreenRegistry,
	first: FirstScreen
): Promise< void > {
	const ignore = () => undefined;
	const loads: Array< Promise< unknown > > = [];
	// ReportRoute renders the same loader lazily; a failure shows there, with its "Try again".
	if ( first.screen ) {
		loads.push( loadScreen( first.screen ).catch( ignore ) );
	}
	// The requests go out now; the resolvers below take them over (or the preloaded answers).
	const reports = registry.select( reportsStore );
	for ( const { name, query } of first.reports ) {
		if (
			! reports.hasReport( name, query ) &&
			! reports.isReportLoading( name, query )
		) {
			startGet( reportPath( name, query ) );
		}
	}
	if (
		first.metrics &&
		! registry.select( metricsStore ).hasIncludedMetrics()
	) {
		startGet( METRICS_PATH );
	}
	if ( first.metrics ) {
		loads.push(
			registry
				.resolveSelect( metricsStore )
				.getIncludedMetrics()
				.catch( ignore )
		);
	}
	for ( const { name, query } of first.reports ) {
		loads.push(
			registry
				.resolveSelect( reportsStore )
				.getReport( name, query )
				.catch( ignore )
		);
	}
	return Promise.all( loads ).then( ignore );
}

/**
 * Whether everything the first screen asks for was printed with the page, so waiting for it before
 * the first render costs no request: its reports and metric selection among the preloaded answers,
 * and a screen to show them.
 *
 * @param first     The first screen's requests.
 * @param preloaded The preloaded answers it uses (preloadFor()).
 */
export function isFirstScreenPreloaded(
	first: FirstScreen,
	preloaded: Record< string, unknown >
): boolean {
	if ( ! first.screen || first.reports.length === 0 ) {
		return false;
	}
	const paths = new Set( Object.keys( preloaded ).map( normalizePath ) );
	return (
		first.reports.every( ( { name, query } ) =>
			paths.has( normalizePath( reportPath( name, query ) ) )
		) &&
		( ! first.metrics || paths.has( normalizePath( METRICS_PATH ) ) )
	);
}
