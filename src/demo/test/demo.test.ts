import { payload as overview } from '../overview';
import { payload as siteSummary } from '../site_summary';

describe( 'sample payloads', () => {
	it( 'shapes the overview like includes/Reports/Overview.php', () => {
		expect( Object.keys( overview ).sort() ).toEqual(
			[
				'countries',
				'devices',
				'infobox',
				'newvsreturn',
				'overviewgraph',
				'referrals',
				'show_chart_overlay',
				'toppages',
			].sort()
		);
		const metrics = [
			'sessions',
			'pageviews',
			'totalusers',
			'pageviews_per_user',
			'average_session_duration',
			'bounce_rate',
			'revenue_sales',
			'average_revenue_per_user',
			'average_revenue_per_session',
			'new_users',
			'ecommerce_purchases',
			'engagement_rate',
			'sessions_per_user',
		];
		const graph = overview.overviewgraph as unknown as Record<
			string,
			{ datapoints: number[]; trendpoints: number[]; total: number }
		>;
		metrics.forEach( ( id ) => {
			expect( overview.infobox ).toHaveProperty( [ id, 'value' ] );
			expect( overview.infobox ).toHaveProperty( [ id, 'prev' ] );
			expect( overview.infobox ).toHaveProperty( [
				id,
				'compare_value',
			] );
			expect( graph[ id ]?.datapoints ).toHaveLength(
				overview.overviewgraph.labels.length
			);
			expect( graph[ id ]?.trendpoints ).toHaveLength(
				overview.overviewgraph.labels.length
			);
		} );
		expect( overview.countries ).toHaveLength( 10 );
		expect( overview.referrals ).toHaveLength( 10 );
		expect( Object.keys( overview.countries[ 0 ] ?? {} ).sort() ).toEqual(
			[
				'compare_change',
				'compare_sessions',
				'engagement_rate',
				'iso',
				'name',
				'page_path',
				'sessions',
				'users',
			].sort()
		);
	} );

	it( 'shapes the site summary like includes/Reports/SiteSummary.php', () => {
		expect( Object.keys( siteSummary ).sort() ).toEqual(
			[
				'popular_categories',
				'popular_days',
				'popular_hours',
				'popular_page',
				'popular_post',
				'popular_products',
				'summary',
			].sort()
		);
		expect( Object.keys( siteSummary.summary ).sort() ).toEqual(
			[ '0', '1', 'total_comments', 'total_pages', 'total_posts' ].sort()
		);
		expect( siteSummary.popular_days ).toHaveLength( 3 );
		expect( siteSummary.popular_hours ).toHaveLength( 3 );
		expect( Object.keys( siteSummary.popular_page ).sort() ).toEqual(
			[
				'bounceRate',
				'engagedSessions',
				'img',
				'pageviews',
				'sessions',
				'title',
				'url',
			].sort()
		);
	} );
} );
