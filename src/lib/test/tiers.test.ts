import {
	type Level,
	LEVELS,
	REPORT_FEATURES,
	TIERS,
	canUse,
	featureOf,
	isFeature,
	isLevel,
	levelAtLeast,
	levelNeeded,
	levelRank,
} from '../tiers';
import tiersJson from '../tiers.json';

describe( 'levels', () => {
	it( 'rank lite < basic < plus < pro < agency', () => {
		expect( LEVELS ).toEqual( [
			'lite',
			'basic',
			'plus',
			'pro',
			'agency',
		] );
		expect( LEVELS.map( levelRank ) ).toEqual( [ 0, 1, 2, 3, 4 ] );
	} );

	it( 'compare every pair', () => {
		LEVELS.forEach( ( level, i ) => {
			LEVELS.forEach( ( needed, j ) => {
				expect( levelAtLeast( level, needed ) ).toBe( i >= j );
			} );
		} );
	} );

	it( 'recognise levels', () => {
		expect( isLevel( 'pro' ) ).toBe( true );
		expect( isLevel( 'elite' ) ).toBe( false );
		expect( isLevel( undefined ) ).toBe( false );
		expect( levelRank( 'elite' as Level ) ).toBe( 0 );
	} );
} );

describe( 'the tier table', () => {
	it( 'is the licence table', () => {
		expect( TIERS ).toEqual( {
			overview: 'lite',
			site_summary: 'lite',
			site_notes: 'lite',
			custom_date_range: 'basic',
			compare: 'basic',
			pdf_export: 'basic',
			most_popular_page: 'basic',
			publisher: 'plus',
			engagement_pages: 'plus',
			countries: 'plus',
			queries: 'plus',
			realtime: 'plus',
			dimensions: 'plus',
			forms: 'plus',
			media: 'plus',
			sitespeed: 'plus',
			traffic: 'plus',
			yearinreview: 'plus',
			traffic_overview: 'plus',
			ecommerce: 'pro',
			userjourney: 'pro',
			ai_insights: 'pro',
			ai_chat: 'pro',
			pro_metrics: 'pro',
			exceptions: 'agency',
		} );
	} );

	it( 'is plain JSON data, so the PHP table can be checked against it', () => {
		expect( JSON.parse( JSON.stringify( TIERS ) ) ).toEqual( TIERS );
		expect( JSON.parse( JSON.stringify( REPORT_FEATURES ) ) ).toEqual(
			REPORT_FEATURES
		);
	} );

	it.each( [
		[ 'lite', [ 'overview', 'site_summary', 'site_notes' ] ],
		[
			'basic',
			[
				'custom_date_range',
				'compare',
				'pdf_export',
				'most_popular_page',
			],
		],
		[
			'plus',
			[
				'publisher',
				'engagement_pages',
				'countries',
				'queries',
				'realtime',
				'dimensions',
				'forms',
				'media',
				'sitespeed',
				'traffic',
				'traffic_overview',
				'yearinreview',
			],
		],
		[
			'pro',
			[
				'ecommerce',
				'userjourney',
				'ai_insights',
				'ai_chat',
				'pro_metrics',
			],
		],
		[ 'agency', [ 'exceptions' ] ],
	] as Array< [ Level, string[] ] > )(
		'%s unlocks its row and nothing above',
		( level, features ) => {
			const rank = levelRank( level );
			for ( const feature of features ) {
				expect( levelNeeded( feature ) ).toBe( level );
				for ( const other of LEVELS ) {
					expect( canUse( other, feature ) ).toBe(
						levelRank( other ) >= rank
					);
				}
			}
		}
	);

	it( 'shows basic the traffic overview upsell, and everyone below agency the exceptions sample', () => {
		expect( canUse( 'basic', 'traffic_overview' ) ).toBe( false );
		expect( canUse( 'plus', 'traffic_overview' ) ).toBe( true );
		expect( canUse( 'pro', 'exceptions' ) ).toBe( false );
		expect( canUse( 'agency', 'exceptions' ) ).toBe( true );
	} );
} );

describe( 'report names', () => {
	it( 'map to features of the table', () => {
		for ( const feature of Object.values( REPORT_FEATURES ) ) {
			expect( isFeature( feature ) ).toBe( true );
		}
	} );

	it( 'gate each report by its row', () => {
		expect( levelNeeded( 'site_summary' ) ).toBe( 'lite' );
		expect( levelNeeded( 'publisher' ) ).toBe( 'plus' );
		expect( levelNeeded( 'engagement_pages' ) ).toBe( 'plus' );
		expect( levelNeeded( 'queries' ) ).toBe( 'plus' );
		expect( levelNeeded( 'sitespeedmobile' ) ).toBe( 'plus' );
		expect( levelNeeded( 'traffic_social' ) ).toBe( 'plus' );
		expect( levelNeeded( 'ecommerce_coupons' ) ).toBe( 'pro' );
		expect( levelNeeded( 'cart_abandonment' ) ).toBe( 'pro' );
		expect( levelNeeded( 'userjourney' ) ).toBe( 'pro' );
		expect( levelNeeded( 'ai_chat' ) ).toBe( 'pro' );
		expect( levelNeeded( 'exceptions' ) ).toBe( 'agency' );
		expect( featureOf( 'yearinreview' ) ).toBe( 'yearinreview' );
	} );

	it( 'lock unknown names for all but agency', () => {
		expect( featureOf( 'nonsense' ) ).toBeUndefined();
		expect( levelNeeded( 'nonsense' ) ).toBe( 'agency' );
		expect( canUse( 'pro', 'nonsense' ) ).toBe( false );
		expect( canUse( 'lite', 'toString' ) ).toBe( false );
	} );
} );

describe( 'the table exported from PHP (tiers.json)', () => {
	const json = tiersJson as {
		levels: unknown[];
		tiers: Record< string, unknown >;
		reports: Record< string, unknown >;
	};

	it( 'is valid: every level a Level, every report a feature of the table', () => {
		expect( json.levels ).toEqual( [
			'lite',
			'basic',
			'plus',
			'pro',
			'agency',
		] );
		for ( const level of Object.values( json.tiers ) ) {
			expect( isLevel( level ) ).toBe( true );
		}
		for ( const feature of Object.values( json.reports ) ) {
			expect( Object.keys( json.tiers ) ).toContain( feature );
		}
	} );

	it( 'is what the module exports, nothing dropped or replaced', () => {
		expect( LEVELS ).toEqual( json.levels );
		expect( TIERS ).toEqual( json.tiers );
		expect( REPORT_FEATURES ).toEqual( json.reports );
	} );

	it( 'decides every report and feature for every level as the JSON says', () => {
		const rank = ( level: unknown ) => json.levels.indexOf( level );
		const names = [
			...Object.keys( json.reports ),
			...Object.keys( json.tiers ),
		];
		for ( const name of names ) {
			const feature = Object.prototype.hasOwnProperty.call(
				json.reports,
				name
			)
				? String( json.reports[ name ] )
				: name;
			const needed = json.tiers[ feature ];
			expect( levelNeeded( name ) ).toBe( needed );
			for ( const level of LEVELS ) {
				expect( canUse( level, name ) ).toBe(
					rank( level ) >= rank( needed )
				);
			}
		}
	} );
} );
