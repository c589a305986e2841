import { REPORT_FEATURES } from '../../lib/tiers';
import { UPSELL_KEYS } from '../../upsell/content';
import {
	matchRoute,
	pathFor,
	resolveRoute,
	ROUTES,
	TOP_LANDING_PAGES_ID,
	type RouteContext,
} from '../routes';

const hidden: RouteContext = {
	yearInReview: { show_report: false, report_year: 2025 },
};
const shown: RouteContext = {
	yearInReview: { show_report: true, report_year: 2025 },
};

describe( 'route table', () => {
	it( "has every route of the product's route table, in its order", () => {
		const product = [
			'/',
			'/top-landing-pages',
			'/publishers',
			'/publishers-pages',
			'/countries',
			'/ecommerce',
			'/ecommerce-coupons',
			'/ecommerce-funnel',
			'/cart-abandonment',
			'/search-console',
			'/dimensions',
			'/forms',
			'/real-time',
			'/site-speed',
			'/media',
			'/user-journey-report',
			'/ai-insights',
			'/ai-insights/chat',
			'/ai-insights/chat/:chatId',
			'/traffic-overview',
			'/traffic-landing-pages',
			'/traffic-technology',
			'/traffic-campaign',
			'/traffic-source-medium',
			'/traffic-social',
			'/exceptions',
			'/year-in-review',
		];
		// A report of the registry outside the product's table may add a route of its own.
		expect(
			ROUTES.map( ( route ) => route.path ).filter( ( path ) =>
				product.includes( path )
			)
		).toEqual( product );
	} );

	it( "gates each route with its report's feature in the tier table exported from PHP", () => {
		ROUTES.forEach( ( route ) => {
			expect( [ route.path, route.feature ] ).toEqual( [
				route.path,
				REPORT_FEATURES[ route.report ],
			] );
		} );
	} );

	it( 'gives every route a title and an upsell entry that exists', () => {
		ROUTES.forEach( ( route ) => {
			expect( route.title( shown ) ).not.toBe( '' );
			// Absent when the report's sample carries its own copy (tsc requires it there).
			expect(
				route.upsell === undefined ||
					UPSELL_KEYS.includes( route.upsell )
			).toBe( true );
		} );
		expect(
			ROUTES.find( ( r ) => r.path === '/year-in-review' )?.title( shown )
		).toBe( '2025 Year in Review' );
	} );

	it( 'hides the nav of the AI routes and lets the user journey supply its own', () => {
		const nav = ( path: string ) =>
			ROUTES.find( ( route ) => route.path === path )?.nav;
		expect( nav( '/ai-insights' ) ).toBe( 'hidden' );
		expect( nav( '/ai-insights/chat' ) ).toBe( 'hidden' );
		expect( nav( '/ai-insights/chat/:chatId' ) ).toBe( 'hidden' );
		expect( nav( '/user-journey-report' ) ).toBe( 'custom' );
		expect( nav( '/publishers' ) ).toBe( 'standard' );
	} );

	it( 'offers no sample for the user journey', () => {
		expect(
			ROUTES.filter( ( route ) => ! route.sample ).map( ( r ) => r.path )
		).toEqual( [ '/user-journey-report' ] );
	} );

	it( 'anchors /top-landing-pages to the landing pages block of the Overview', () => {
		const route = resolveRoute( '/top-landing-pages', hidden ).route;
		expect( route.anchor ).toBe( TOP_LANDING_PAGES_ID );
		expect( route.load ).toBe( resolveRoute( '/', hidden ).route.load );
		expect( TOP_LANDING_PAGES_ID ).toBe(
			'monsterinsights-reports-top-landing-pages'
		);
	} );
} );

describe( 'matchRoute and resolveRoute', () => {
	it( 'matches exact and parameter routes', () => {
		expect( matchRoute( '/forms/', hidden )?.route.path ).toBe( '/forms' );
		expect( matchRoute( '/ai-insights/chat/42', hidden ) ).toMatchObject( {
			path: '/ai-insights/chat/42',
			params: { chatId: '42' },
			route: { path: '/ai-insights/chat/:chatId' },
		} );
	} );

	it( 'sends unknown paths to /', () => {
		expect( matchRoute( '/nope', hidden ) ).toBeNull();
		expect( resolveRoute( '/nope', hidden ) ).toMatchObject( {
			path: '/',
			route: { name: 'overview' },
		} );
		expect( resolveRoute( '/ai-insights/chat/1/2', hidden ).path ).toBe(
			'/'
		);
	} );

	it( 'knows /year-in-review only while the report shows', () => {
		expect( resolveRoute( '/year-in-review', hidden ).path ).toBe( '/' );
		expect( resolveRoute( '/year-in-review', shown ).path ).toBe(
			'/year-in-review'
		);
	} );
} );

describe( 'pathFor', () => {
	it( 'builds the paths of the named routes', () => {
		expect( pathFor( 'overview' ) ).toBe( '/' );
		expect( pathFor( 'user-journey-report' ) ).toBe(
			'/user-journey-report'
		);
		expect( pathFor( 'ai-insights' ) ).toBe( '/ai-insights' );
		expect( pathFor( 'ai-insights-chat' ) ).toBe( '/ai-insights/chat' );
		expect( pathFor( 'ai-insights-chat', { chatId: '7' } ) ).toBe(
			'/ai-insights/chat/7'
		);
		expect( pathFor( 'year-in-review' ) ).toBe( '/year-in-review' );
	} );
} );
