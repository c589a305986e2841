import {
	canCheckMetric,
	metricCheckBlocker,
	metricLimitText,
	selectionToSave,
	toggleMetric,
} from '..';
import {
	FALLBACK_METRIC,
	MAX_METRICS,
	METRIC_IDS,
	PRO_METRICS,
	isProMetric,
	metricDefinitions,
	metricLabel,
} from '../../reports/constants';

const FREE = METRIC_IDS.filter( ( id ) => ! isProMetric( id ) );
const SEVEN = FREE.slice( 0, 7 );

describe( 'metric ids', () => {
	it( 'are the metric ids in order, with their labels', () => {
		expect( metricDefinitions() ).toEqual( [
			{ id: 'sessions', label: 'Sessions', isPro: false },
			{ id: 'pageviews', label: 'Pageviews', isPro: false },
			{ id: 'totalusers', label: 'Total Users', isPro: false },
			{
				id: 'pageviews_per_user',
				label: 'Pageviews per User',
				isPro: false,
			},
			{
				id: 'average_session_duration',
				label: 'Avg. Session Duration',
				isPro: false,
			},
			{ id: 'bounce_rate', label: 'Bounce Rate', isPro: false },
			{ id: 'revenue_sales', label: 'Revenue', isPro: true },
			{
				id: 'average_revenue_per_user',
				label: 'Avg. Revenue per User',
				isPro: true,
			},
			{
				id: 'average_revenue_per_session',
				label: 'Avg. Revenue per Session',
				isPro: true,
			},
			{ id: 'new_users', label: 'New Users', isPro: false },
			{
				id: 'ecommerce_purchases',
				label: 'Ecommerce Purchases',
				isPro: true,
			},
			{ id: 'engagement_rate', label: 'Engagement Rate', isPro: false },
			{
				id: 'sessions_per_user',
				label: 'Sessions per User',
				isPro: false,
			},
		] );
		expect( PRO_METRICS ).toEqual( [
			'revenue_sales',
			'average_revenue_per_user',
			'average_revenue_per_session',
			'ecommerce_purchases',
		] );
		expect( MAX_METRICS ).toBe( 7 );
		expect( FALLBACK_METRIC ).toBe( 'sessions' );
		expect( metricLabel( 'bounce_rate' ) ).toBe( 'Bounce Rate' );
	} );
} );

describe( 'canCheckMetric', () => {
	it( 'allows up to 7 metrics', () => {
		expect(
			canCheckMetric( SEVEN.slice( 0, 6 ), SEVEN[ 6 ]!, 'lite' )
		).toBe( true );
		expect( canCheckMetric( SEVEN, FREE[ 7 ]!, 'agency' ) ).toBe( false );
		expect( metricCheckBlocker( SEVEN, FREE[ 7 ]!, 'agency' ) ).toBe(
			'limit'
		);
		expect( metricLimitText() ).toBe( 'Select up to 7 metrics' );
	} );

	it( 'always allows unticking, even at the limit', () => {
		expect( canCheckMetric( SEVEN, SEVEN[ 0 ]!, 'lite' ) ).toBe( true );
		expect( toggleMetric( SEVEN, SEVEN[ 0 ]!, 'lite' ) ).toEqual(
			SEVEN.slice( 1 )
		);
	} );

	it( 'needs pro or agency for pro-only metrics', () => {
		for ( const id of PRO_METRICS ) {
			for ( const level of [ 'lite', 'basic', 'plus' ] as const ) {
				expect( canCheckMetric( [ 'sessions' ], id, level ) ).toBe(
					false
				);
				expect( metricCheckBlocker( [ 'sessions' ], id, level ) ).toBe(
					'pro'
				);
			}
			for ( const level of [ 'pro', 'agency' ] as const ) {
				expect( canCheckMetric( [ 'sessions' ], id, level ) ).toBe(
					true
				);
			}
		}
	} );

	it( 'reports the upsell before the limit for a pro metric', () => {
		expect( metricCheckBlocker( SEVEN, 'revenue_sales', 'lite' ) ).toBe(
			'pro'
		);
		expect( metricCheckBlocker( SEVEN, 'revenue_sales', 'pro' ) ).toBe(
			'limit'
		);
	} );
} );

describe( 'toggleMetric and selectionToSave', () => {
	it( 'ticks when allowed, leaves the selection alone when not', () => {
		expect( toggleMetric( [ 'sessions' ], 'pageviews', 'lite' ) ).toEqual( [
			'sessions',
			'pageviews',
		] );
		expect(
			toggleMetric( [ 'sessions' ], 'revenue_sales', 'lite' )
		).toEqual( [ 'sessions' ] );
		expect( toggleMetric( SEVEN, FREE[ 7 ]!, 'pro' ) ).toEqual( SEVEN );
	} );

	it( 'saves sessions when none is left', () => {
		expect( selectionToSave( [] ) ).toEqual( [ 'sessions' ] );
		expect( selectionToSave( [ 'bounce_rate' ] ) ).toEqual( [
			'bounce_rate',
		] );
	} );
} );
