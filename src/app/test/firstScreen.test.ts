import apiFetch from '@wordpress/api-fetch';

import { createTestRegistry, makeBoot } from '../../../tests/js/registry';
import { configureApiFetch } from '../../boot';
import type { BootData, Level } from '../../store/app';
import { metricsStore } from '../../store/metrics';
import { reportsStore } from '../../store/reports';
import { flush, mockApi } from '../../store/test/api';
import {
	firstScreen,
	isFirstScreenPreloaded,
	parsePreload,
	preloadFor,
	startFirstScreen,
} from '../firstScreen';
import { ROUTES } from '../routes';

/** Today 2026-11-22: the default range is 2026-10-23 … 2026-11-21. */
const DEFAULT_QUERY = {
	preset: 'last30days',
	start: '2026-10-23',
	end: '2026-11-21',
} as const;

/** The paths as includes/Admin/Preload.php builds them (start before end). */
const NS = '/monsterinsights-reports/v1';
const OVERVIEW = `${ NS }/reports/overview?start=2026-10-23&end=2026-11-21`;
const SUMMARY = `${ NS }/reports/site_summary?start=2026-10-23&end=2026-11-21`;

/**
 * What the page prints for the default route: one answer per path.
 */
function printed(): Record< string, { body: unknown; headers: object } > {
	const answer = ( body: unknown ) => ( { body, headers: {} } );
	return {
		[ `${ NS }/addons` ]: answer( { forms: { active: false } } ),
		[ `${ NS }/settings` ]: answer( { referral_favicons: true } ),
		[ `${ NS }/notifications` ]: answer( { active: [], dismissed: [] } ),
		[ `${ NS }/metrics` ]: answer( [
			{ id: 'sessions', name: 'Sessions', checked: false, isPro: false },
			{ id: 'pageviews', name: 'Pageviews', checked: true, isPro: false },
		] ),
		[ OVERVIEW ]: answer( { infobox: { sessions: { value: 41 } } } ),
		[ SUMMARY ]: answer( { summary: { 0: 7 } } ),
	};
}

/**
 * Boot data of a connected site.
 *
 * @param level        The licence level.
 * @param saveSettings Whether the user may change settings.
 */
function connected( level: Level = 'lite', saveSettings = true ): BootData {
	const boot = makeBoot( {
		source: { active: 'builtin', connected: true },
		licence: { level, source: level === 'lite' ? 'none' : 'site' },
	} );
	boot.user.capabilities.saveSettings = saveSettings;
	return boot;
}

/**
 * A first screen's requests without its screen loader.
 *
 * @param boot  The boot data.
 * @param hash  The hash.
 * @param level The licence level.
 */
function requests( boot: BootData, hash: string, level?: Level ) {
	const { screen, ...rest } = firstScreen( boot, hash, level );
	return rest;
}

describe( 'firstScreen', () => {
	it( 'asks for the Overview, its site summary and the metrics on the default route', () => {
		for ( const hash of [ '', '#', '#/', '#/nowhere' ] ) {
			expect( requests( connected(), hash ) ).toEqual( {
				reports: [
					{ name: 'overview', query: DEFAULT_QUERY },
					{ name: 'site_summary', query: DEFAULT_QUERY },
				],
				metrics: true,
			} );
		}
	} );

	it( 'asks for the dates of the hash when the licence allows them', () => {
		const hash = '#/?start=2026-11-01&end=2026-11-10';
		const query = {
			preset: 'custom',
			start: '2026-11-01',
			end: '2026-11-10',
		};
		expect( firstScreen( connected( 'basic' ), hash ).reports ).toEqual( [
			{ name: 'overview', query },
			{ name: 'site_summary', query },
		] );
		// Lite keeps the default range.
		expect( firstScreen( connected( 'lite' ), hash ).reports ).toEqual( [
			{ name: 'overview', query: DEFAULT_QUERY },
			{ name: 'site_summary', query: DEFAULT_QUERY },
		] );
	} );

	it( "asks for another route's own report, without the metrics", () => {
		expect( requests( connected( 'plus' ), '#/traffic-overview' ) ).toEqual(
			{
				reports: [ { name: 'traffic_overview', query: DEFAULT_QUERY } ],
				metrics: false,
			}
		);
		expect(
			requests( connected( 'plus' ), '#/traffic-source-medium' )
		).toEqual( {
			reports: [
				{ name: 'traffic_source_medium', query: DEFAULT_QUERY },
			],
			metrics: false,
		} );
	} );

	it.each( [
		[
			'a report the licence does not include',
			connected( 'lite' ),
			'#/traffic-overview',
		],
		[ 'a report that fetches itself', connected( 'plus' ), '#/real-time' ],
		[
			'the user journey, which fetches itself with its filters',
			connected( 'pro' ),
			'#/user-journey-report',
		],
		[
			'AI Insights, which reads its own route',
			connected( 'pro' ),
			'#/ai-insights',
		],
		[
			'Conversations AI, which reads its own chat routes',
			connected( 'pro' ),
			'#/ai-insights/chat',
		],
		[ 'the settings screen', connected(), '#/settings' ],
		[ 'a site without a source', makeBoot(), '' ],
		[
			'the network admin screen',
			{
				...connected(),
				site: { ...connected().site, isNetworkAdmin: true },
			},
			'',
		],
	] )( 'asks for nothing on %s', ( _label, boot, hash ) => {
		expect( requests( boot, hash ) ).toEqual( {
			reports: [],
			metrics: false,
		} );
	} );

	it( "asks for an eCommerce report only with a shop, and for the funnel's dates alone", () => {
		const hash =
			'#/ecommerce-funnel?start=2026-11-01&end=2026-11-10&compare_start=2026-10-22&compare_end=2026-10-31';
		// Without a shop each of the four can only answer 400 no_shop: its screen asks for it.
		for ( const route of [
			hash,
			'#/ecommerce',
			'#/ecommerce-coupons',
			'#/cart-abandonment',
		] ) {
			expect( requests( connected( 'pro' ), route ) ).toEqual( {
				reports: [],
				metrics: false,
			} );
		}
		const withShop = {
			...connected( 'pro' ),
			shop: {
				platform: 'woocommerce' as const,
				currency: {
					code: 'USD',
					symbol: '$',
					decimals: 2,
					position: 'left' as const,
				},
			},
		};
		expect( requests( withShop, hash ).reports ).toEqual( [
			{
				name: 'ecommerce_funnel',
				query: {
					preset: 'custom',
					start: '2026-11-01',
					end: '2026-11-10',
				},
			},
		] );
		expect( requests( withShop, '#/cart-abandonment' ).reports ).toEqual( [
			{ name: 'cart_abandonment', query: DEFAULT_QUERY },
		] );
		expect( requests( withShop, '#/ecommerce' ).reports ).toEqual( [
			{ name: 'ecommerce', query: DEFAULT_QUERY },
		] );
		expect( requests( withShop, '#/ecommerce-coupons' ).reports ).toEqual( [
			{ name: 'ecommerce_coupons', query: DEFAULT_QUERY },
		] );
	} );

	it( 'follows the level it is given over the boot data', () => {
		expect(
			requests( connected( 'lite' ), '#/traffic-overview', 'plus' )
				.reports
		).toEqual( [ { name: 'traffic_overview', query: DEFAULT_QUERY } ] );
		expect(
			requests( connected( 'plus' ), '#/traffic-overview', 'lite' )
				.reports
		).toEqual( [] );
	} );

	it( "loads the route's screen", () => {
		const loader = ( route: string ) =>
			ROUTES.find( ( candidate ) => candidate.path === route )?.load;
		expect( firstScreen( connected(), '' ).screen ).toBe( loader( '/' ) );
		expect(
			firstScreen( connected( 'plus' ), '#/traffic-overview' ).screen
		).toBe( loader( '/traffic-overview' ) );
		expect( loader( '/' ) ).toBeInstanceOf( Function );
		expect(
			firstScreen( connected( 'plus' ), '#/real-time' ).screen
		).toBeUndefined();
	} );

	it( 'shows the Overview, not the settings, to a user who may not change settings', () => {
		expect(
			firstScreen( connected( 'lite', false ), '#/settings' ).metrics
		).toBe( true );
	} );
} );

describe( 'preloadFor', () => {
	it( 'keeps every printed answer for the default route, whatever the order of the query', () => {
		const answers = printed();
		const swapped = Object.fromEntries(
			Object.entries( answers ).map( ( [ path, answer ] ) => [
				path.replace( /\?start=([^&]+)&end=(.+)$/, '?end=$2&start=$1' ),
				answer,
			] )
		);
		const first = firstScreen( connected(), '#/' );
		expect( preloadFor( answers, first ) ).toEqual( answers );
		expect( Object.keys( preloadFor( swapped, first ) ) ).toEqual(
			Object.keys( swapped )
		);
	} );

	it( 'drops the reports and the metrics another route or other dates do not use', () => {
		const startUpOnly = [
			`${ NS }/addons`,
			`${ NS }/settings`,
			`${ NS }/notifications`,
		];
		expect(
			Object.keys(
				preloadFor(
					printed(),
					firstScreen( connected( 'plus' ), '#/traffic-overview' )
				)
			)
		).toEqual( startUpOnly );
		expect(
			Object.keys(
				preloadFor(
					printed(),
					firstScreen(
						connected( 'basic' ),
						'#/?start=2026-11-01&end=2026-11-10'
					)
				)
			)
		).toEqual( [ ...startUpOnly, `${ NS }/metrics` ] );
	} );
} );

describe( 'parsePreload', () => {
	it.each( [ undefined, null, 'x', [ 1 ] ] )(
		'reads %p as nothing',
		( value ) => {
			expect( parsePreload( value ) ).toEqual( {} );
		}
	);
} );

describe( 'startFirstScreen with the preloaded answers', () => {
	it( 'fills the stores without a request, then asks the server again', async () => {
		const calls = mockApi( () => ( { fresh: true } ) );
		const boot = connected();
		const screen = jest.fn( () => new Promise< never >( () => {} ) );
		const first = { ...firstScreen( boot, '' ), screen };
		configureApiFetch( boot, preloadFor( printed(), first ) );
		const registry = createTestRegistry();
		startFirstScreen( registry, first );
		await flush();
		await flush();

		expect( calls ).toEqual( [] );
		expect( screen ).toHaveBeenCalledTimes( 1 );
		const reports = registry.select( reportsStore );
		expect( reports.getReport( 'overview', DEFAULT_QUERY ) ).toEqual( {
			infobox: { sessions: { value: 41 } },
		} );
		expect( reports.getReport( 'site_summary', DEFAULT_QUERY ) ).toEqual( {
			summary: { 0: 7 },
		} );
		expect(
			registry.select( metricsStore ).getSelectedMetricIds()
		).toEqual( [ 'pageviews' ] );

		// Each answer is used once: a second load reaches the server.
		await expect( apiFetch( { path: OVERVIEW } ) ).resolves.toEqual( {
			fresh: true,
		} );
		expect( calls.map( ( call ) => call.path ) ).toEqual( [ OVERVIEW ] );
	} );
} );

describe( 'startFirstScreen without preloaded answers', () => {
	it( 'sends the requests at once, before the stores ask, and the stores take them over', async () => {
		const calls = mockApi( ( call ) =>
			call.path.startsWith( `${ NS }/metrics` )
				? [
						{
							id: 'sessions',
							name: 'Sessions',
							checked: true,
							isPro: false,
						},
				  ]
				: { report: call.path }
		);
		const boot = connected( 'basic' );
		const hash = '#/?start=2026-11-01&end=2026-11-10';
		const first = firstScreen( boot, hash );
		// Nothing preloaded for these dates.
		configureApiFetch( boot, preloadFor( printed(), first ) );
		const registry = createTestRegistry();
		startFirstScreen( registry, first );

		// Sent in this task, not in the resolvers' next one.
		const overview = `${ NS }/reports/overview?start=2026-11-01&end=2026-11-10`;
		const summary = `${ NS }/reports/site_summary?start=2026-11-01&end=2026-11-10`;
		expect( calls.map( ( call ) => call.path ) ).toEqual( [
			overview,
			summary,
		] );
		await flush();
		await flush();
		// Taken over: no second request of the same path (the metrics were preloaded).
		expect( calls.map( ( call ) => call.path ) ).toEqual( [
			overview,
			summary,
		] );
		expect(
			registry
				.select( reportsStore )
				.getReport( 'overview', first.reports[ 0 ]!.query )
		).toEqual( { report: overview } );
		expect(
			registry.select( metricsStore ).getSelectedMetricIds()
		).toEqual( [ 'pageviews' ] );
	} );
} );

describe( 'isFirstScreenPreloaded', () => {
	it( 'is true only when every report and the metrics of the first screen came with the page', () => {
		const boot = connected();
		const overview = firstScreen( boot, '' );
		expect(
			isFirstScreenPreloaded(
				overview,
				preloadFor( printed(), overview )
			)
		).toBe( true );
		// Without its site summary, or its metrics, it would wait for a request.
		const { [ SUMMARY ]: summary, ...noSummary } = printed();
		expect( summary ).toBeDefined();
		expect(
			isFirstScreenPreloaded(
				overview,
				preloadFor( noSummary, overview )
			)
		).toBe( false );
		const { [ `${ NS }/metrics` ]: metrics, ...noMetrics } = printed();
		expect( metrics ).toBeDefined();
		expect(
			isFirstScreenPreloaded(
				overview,
				preloadFor( noMetrics, overview )
			)
		).toBe( false );
		// Other dates (a level with custom ranges) or another route: the preloaded reports are
		// not theirs.
		const dates = firstScreen(
			connected( 'basic' ),
			'#/?start=2026-11-01&end=2026-11-10'
		);
		expect(
			isFirstScreenPreloaded( dates, preloadFor( printed(), dates ) )
		).toBe( false );
		const settings = firstScreen( boot, '#/settings' );
		expect(
			isFirstScreenPreloaded(
				settings,
				preloadFor( printed(), settings )
			)
		).toBe( false );
	} );
} );

describe( 'startFirstScreen settles', () => {
	it( "once the screen's script, its reports and the metrics are in, not before", async () => {
		mockApi( () => ( { fresh: true } ) );
		const boot = connected();
		let loaded: ( module: { default: () => null } ) => void = () =>
			undefined;
		const screen = jest.fn(
			() =>
				new Promise< { default: () => null } >( ( resolve ) => {
					loaded = resolve;
				} )
		);
		const first = { ...firstScreen( boot, '' ), screen };
		configureApiFetch( boot, preloadFor( printed(), first ) );
		const registry = createTestRegistry();
		let settled = false;
		const loads = startFirstScreen( registry, first ).then( () => {
			settled = true;
		} );
		await flush();
		await flush();
		// The reports are in; the screen's script is not.
		expect(
			registry
				.select( reportsStore )
				.hasReport( 'overview', DEFAULT_QUERY )
		).toBe( true );
		expect( settled ).toBe( false );
		loaded( { default: () => null } );
		await loads;
		expect( settled ).toBe( true );
	} );
} );
