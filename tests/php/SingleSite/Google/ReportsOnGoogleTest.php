<?php
/**
 * Every core report on the google source: its GA4 requests (golden files) and its payload's
 * numbers (the fake's formulas).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Reports\CountryNames;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Reports\YearInReview;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Channels;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\FakeNumbers as N;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\GoogleReportTestCase;
use MonsterInsights\Reports\Tests\Support\FakeShop;

// phpcs:disable WordPress.WP.AlternativeFunctions -- The golden files.

/**
 * A site connected by the fixture's service account, the google source active, an agency licence
 * and a shop: each report's route answers 200 with a payload its schema accepts.
 *
 * 1. The GA4 requests the fake received for the report are the golden file
 *    tests/php/golden/google/{report}.json (`MIR_WRITE_GOLDEN=1` rewrites them; read each new one
 *    by eye: GA4's names, at most 9 dimensions and 10 metrics a request, 5 requests a batch).
 *    Today's date and the Year in Review's years are written as @today, @year and @year-1.
 * 2. The payload's key numbers equal the fake's formulas (docs/development.md), computed here.
 *
 * The range is 1–7 November 2026, compared with 25–31 October 2026.
 */
class ReportsOnGoogleTest extends GoogleReportTestCase {

	use FakeShop;

	/**
	 * The golden files' folder, from the plugin's root.
	 */
	public const GOLDEN = 'tests/php/golden/google';

	private const RANGE = array(
		'start'         => '2026-11-01',
		'end'           => '2026-11-07',
		'compare_start' => '2026-10-25',
		'compare_end'   => '2026-10-31',
	);

	/**
	 * The fixture's channels (sessionDefaultChannelGroup), each once.
	 */
	private const CHANNELS = array( 'Organic Search', 'Direct', 'Referral', 'Organic Social', 'Email', 'Paid Search' );

	/**
	 * The fixture's countries (countryId), each once.
	 */
	private const COUNTRIES = array( 'US', 'GB', 'DE', 'FR', 'IN', 'CA', 'BR', 'JP', 'AU', 'NL', '(not set)' );

	/**
	 * A fresh server, the connected site on google, an administrator, an agency licence, a shop.
	 */
	protected function set_up() {
		parent::set_up();
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'agency' );
		$this->fake_shop();
	}

	/**
	 * The reports in scope.
	 *
	 * @return array<string, array{0: string}>
	 */
	public function reports(): array {
		$names = array( 'overview', 'site_summary', 'traffic_overview', 'traffic_technology', 'traffic_landing_pages', 'traffic_campaign', 'traffic_source_medium', 'traffic_social', 'engagement_pages', 'countries', 'realtime', 'yearinreview', 'ecommerce', 'ecommerce_coupons', 'cart_abandonment', 'ecommerce_funnel' );
		return array_combine( $names, array_map( static fn( string $name ): array => array( $name ), $names ) );
	}

	/**
	 * Each report answers with a payload its schema accepts, from the requests of its golden file,
	 * each a GA4 request within the API's limits, none asked twice.
	 *
	 * @dataProvider reports
	 * @param string $name The report.
	 */
	public function test_the_report_asks_its_golden_requests( string $name ): void {
		$this->payload( $name );
		$requests = $this->requests();
		$asked    = array();
		foreach ( $requests as $request ) {
			$this->assert_sane( $request['path'], $request['body'] );
			foreach ( $request['body']['requests'] ?? array( $request['body'] ) as $report ) {
				$asked[] = $request['path'] . wp_json_encode( $report );
			}
		}
		// What the report's queries share (a range's chart, a batch's parts) is asked once.
		$this->assertSame( array_unique( $asked ), $asked );
		$json = wp_json_encode( self::normalised( $requests, 'yearinreview' === $name ), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) . "\n";
		$file = dirname( __DIR__, 4 ) . '/' . self::GOLDEN . '/' . $name . '.json';
		if ( getenv( 'MIR_WRITE_GOLDEN' ) ) {
			if ( ! is_dir( dirname( $file ) ) ) {
				mkdir( dirname( $file ), 0777, true );
			}
			file_put_contents( $file, $json );
		}
		$this->assertFileExists( $file, 'Run: MIR_WRITE_GOLDEN=1 bash bin/test-php.sh --filter ReportsOnGoogle' );
		$this->same( (string) file_get_contents( $file ), $json, self::GOLDEN . '/' . $name . '.json is stale. Run: MIR_WRITE_GOLDEN=1 bash bin/test-php.sh --filter ReportsOnGoogle' );
	}

	/**
	 * The Overview: its info boxes (sessions, bounce rate, revenue, revenue per session), the
	 * graph's days, the top country, referral and landing page, the links into GA4.
	 */
	public function test_overview_numbers(): void {
		$data     = $this->payload( 'overview' );
		$requests = $this->requests();
		$days     = N::days( '2026-11-01', '2026-11-07' );
		$before   = N::days( '2026-10-25', '2026-10-31' );
		$sessions = N::additive( 'sessions', $days );
		$then     = N::additive( 'sessions', $before );
		$this->same(
			array(
				'value'         => $sessions,
				'prev'          => Metrics::change( $sessions, $then ),
				'compare_value' => $then,
			),
			$data['infobox']['sessions']
		);
		$this->same( round( N::ratio( 'bounceRate', '2026-11-01', '2026-11-07' ) * 100, 2 ), $data['infobox']['bounce_rate']['value'] );
		$this->same( round( N::ratio( 'engagementRate', '2026-10-25', '2026-10-31' ) * 100, 2 ), $data['infobox']['engagement_rate']['compare_value'] );
		$revenue = N::money( 'purchaseRevenue', $days );
		$this->same( $revenue, $data['infobox']['revenue_sales']['value'] );
		$this->same( round( $revenue / $sessions, 2 ), $data['infobox']['average_revenue_per_session']['value'] );
		$this->same( 7, $data['infobox']['range'] );

		// The graph: a point a day, Y-m-d rows on the right days.
		$this->same( array_map( static fn( string $day ): int => N::additive( 'sessions', array( $day ) ), $days ), $data['overviewgraph']['sessions']['datapoints'] );
		$this->same( $sessions, $data['overviewgraph']['sessions']['total'] );
		$this->same( array_map( static fn( string $day ): int => N::additive( 'sessions', array( $day ) ), $before ), $data['compare']['overviewgraph']['sessions']['datapoints'] );

		// New and returning: shares of the sessions GA4 tells new or returning (not its "(not set)").
		$kinds = $this->request_with( $requests, 'newVsReturning' );
		$new   = N::additive( 'sessions', $days, 'new', N::filters( $kinds ) );
		$old   = N::additive( 'sessions', $days, 'returning', N::filters( $kinds ) );
		$this->same( Metrics::percent( $new, $new + $old ), $data['newvsreturn']['new'] );
		$this->same( Metrics::percent( $old, $new + $old ), $data['newvsreturn']['returning'] );

		// Top countries: by countryId, named as the builtin source names them.
		$by_country = array();
		foreach ( self::COUNTRIES as $iso ) {
			$by_country[ $iso ] = N::additive( 'sessions', $days, $iso );
		}
		arsort( $by_country );
		$iso = (string) array_key_first( $by_country );
		$top = $data['countries'][0];
		$this->same( '(not set)' === $iso ? array( CountryNames::name( '' ), '' ) : array( CountryNames::name( $iso ), $iso ), array( $top['name'], $top['iso'] ) );
		$this->same( $by_country[ $iso ], $top['sessions'] );
		$this->same( N::additive( 'sessions', $before, $iso ), $top['compare_sessions'] );
		$this->same( N::additive( 'totalUsers', $days, $iso ), $top['users'] );
		$this->assertCount( 10, $data['countries'] );

		// The whole Overview in 3 batches: its 18 GA4 reports and the pages' titles are 13 requests,
		// as those that differ only in their range (all but the top lists) are one request of both.
		$this->assertSame( array( 5, 5, 3 ), array_map( static fn( array $request ): int => count( $request['body']['requests'] ?? array( 1 ) ), $requests ) );
		$ranges = array();
		foreach ( $requests as $request ) {
			foreach ( $request['body']['requests'] as $one ) {
				$ranges[] = count( $one['dateRanges'] ) . ( isset( $one['limit'] ) ? ' limited' : '' );
			}
		}
		sort( $ranges );
		$this->assertSame( array( '1 limited', '1 limited', '1 limited', '1 limited', '1 limited', '1 limited', '1 limited', '2', '2', '2', '2', '2', '2' ), $ranges );

		// Top referrals: sessionSource filtered to the referral medium.
		$filters = N::filters( $this->request_with( $requests, 'sessionSource' ) );
		$sources = array();
		foreach ( array( 'news.ycombinator.com', 'github.com', 'wordpress.org', 'facebook.com', 't.co' ) as $source ) {
			$sources[ $source ] = N::additive( 'sessions', $days, $source, $filters );
		}
		arsort( $sources );
		$this->same( array_keys( $sources ), array_column( $data['referrals'], 'url' ) );
		$this->same( array_values( $sources ), array_column( $data['referrals'], 'sessions' ) );

		// Top pages: landing pages (without GA4's "(not set)"), each titled by its page's title.
		$landing = $this->request_with( $requests, 'landingPage' );
		$pages   = array();
		foreach ( array( '/', '/pricing/', '/blog/getting-started/', '/blog/ten-tips/', '/about/', '/contact/', '/shop/' ) as $path ) {
			$pages[ $path ] = N::additive( 'sessions', $days, $path, N::filters( $landing ) );
		}
		arsort( $pages );
		$this->same( array_values( $pages ), array_column( $data['toppages'], 'sessions' ) );
		$this->same( home_url( (string) array_key_first( $pages ) ), $data['toppages'][0]['url'] );
		$titles = array(
			'/pricing/' => 'Pricing - Example Company',
			'/'         => 'Example Company',
		);
		foreach ( $data['toppages'] as $page ) {
			if ( isset( $titles[ $page['page_path'] ] ) ) {
				$this->same( $titles[ $page['page_path'] ], $page['title'] );
			}
		}

		$this->same(
			array(
				'countries' => 'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=user-demographics-detail',
				'referrals' => 'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=lifecycle-traffic-acquisition-v2',
				'topposts'  => 'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=landing-page',
			),
			$data['galinks']
		);
	}

	/**
	 * The Site Summary: all-time totals from GA4's first day, the popular days and hours.
	 */
	public function test_site_summary_numbers(): void {
		$data  = $this->payload( 'site_summary' );
		$all   = N::days( '2020-10-14', wp_date( 'Y-m-d' ) );
		$days  = N::days( '2026-11-01', '2026-11-07' );
		$views = array();
		foreach ( $days as $day ) {
			$weekday           = (int) gmdate( 'w', (int) strtotime( $day . ' 00:00:00 UTC' ) );
			$views[ $weekday ] = N::additive( 'screenPageViews', array( $day ) );
		}
		$total = array_sum( $views );
		arsort( $views );
		$this->same( N::additive( 'screenPageViews', $all ), $data['summary'][0] );
		$this->same( N::additive( 'sessions', $all ), $data['summary'][1] );
		$expected = array();
		foreach ( array_slice( $views, 0, 3, true ) as $day => $count ) {
			$expected[] = array(
				'day'     => $day,
				'percent' => Metrics::percent( $count, $total ),
			);
		}
		$this->same( $expected, $data['popular_days'] );

		// Hours: each hour's views over the week (hour is no date dimension: its value is in the key).
		$hours = array();
		for ( $hour = 0; $hour < 24; $hour++ ) {
			$hours[ $hour ] = N::additive( 'screenPageViews', $days, sprintf( '%02d', $hour ) );
		}
		$all_hours = array_sum( $hours );
		arsort( $hours );
		$top = (int) array_key_first( $hours );
		$this->same(
			array(
				'hour'    => $top,
				'percent' => Metrics::percent( $hours[ $top ], $all_hours ),
			),
			$data['popular_hours'][0]
		);
	}

	/**
	 * The traffic reports: the chart's days, the channels by GA4's default channel group (the
	 * builtin source's names), campaigns without GA4's stand-ins, landing pages, source / medium,
	 * technology shares.
	 */
	public function test_traffic_numbers(): void {
		$days   = N::days( '2026-11-01', '2026-11-07' );
		$before = N::days( '2026-10-25', '2026-10-31' );
		$data   = $this->payload( 'traffic_overview' );
		$this->same( array_map( static fn( string $day ): int => N::additive( 'sessions', array( $day ) ), $days ), $data['chart']['sessions'] );
		$this->same( array_map( static fn( string $day ): int => N::additive( 'screenPageViews', array( $day ) ), $before ), $data['chart']['compare']['page_views'] );
		$rows = array_column( $data['channels']['rows'], null, 'channel' );
		$this->assertEqualsCanonicalizing( self::CHANNELS, array_keys( $rows ) );
		foreach ( self::CHANNELS as $channel ) {
			$this->assertContains( $channel, Channels::all() );
			$sessions  = N::additive( 'sessions', $days, $channel );
			$purchases = N::additive( 'ecommercePurchases', $days, $channel );
			$this->same( $sessions, $rows[ $channel ]['sessions'], $channel );
			$this->same( N::additive( 'engagedSessions', $days, $channel ), $rows[ $channel ]['engaged_sessions'], $channel );
			$this->same( round( N::ratio( 'screenPageViewsPerSession', '2026-11-01', '2026-11-07', $channel ), 2 ), $rows[ $channel ]['pages_per_sessions'], $channel );
			$this->same( $purchases, $rows[ $channel ]['purchases'], $channel );
			$this->same( Metrics::percent( $purchases, $sessions ), $rows[ $channel ]['conversion_rate'], $channel );
			$this->same( N::money( 'purchaseRevenue', $days, $channel ), $rows[ $channel ]['revenue'], $channel );
		}

		$data    = $this->payload( 'traffic_campaign' );
		$filters = N::filters( $this->request_with( $this->requests(), 'sessionCampaignName' ) );
		$rows    = array_column( $data['campaigns']['rows'], 'sessions', 'campaign' );
		$this->assertEqualsCanonicalizing( array( 'december_newsletter', 'winter_sale' ), array_keys( $rows ) );
		$this->same( N::additive( 'sessions', $days, 'winter_sale', $filters ), $rows['winter_sale'] );

		$data = $this->payload( 'traffic_source_medium' );
		$rows = array_column( $data['source_medium']['rows'], 'sessions', 'source_medium' );
		$this->same( N::additive( 'sessions', $days, 'google|cpc' ), $rows['google / cpc'] );
		$this->same( N::additive( 'sessions', $days, '(direct)|(none)' ), $rows['(direct) / (none)'] );

		$data    = $this->payload( 'traffic_landing_pages' );
		$filters = N::filters( $this->request_with( $this->requests(), 'landingPage' ) );
		$rows    = array_column( $data['landing_pages']['rows'], 'sessions', 'landing_page' );
		$this->assertArrayNotHasKey( '(not set)', $rows );
		$this->same( N::additive( 'sessions', $days, '/pricing/', $filters ), $rows['/pricing/'] );

		$data  = $this->payload( 'traffic_technology' );
		$all   = 0;
		$share = array();
		foreach ( array( 'desktop', 'mobile', 'tablet' ) as $device ) {
			$share[ $device ] = N::additive( 'sessions', $days, $device );
			$all             += $share[ $device ];
		}
		arsort( $share );
		$this->same( self::json( array_map( static fn( int $count ): float => Metrics::percent( $count, $all ), array_values( $share ) ) ), $data['device_breakdown']['series'] );
		$this->same( array_map( static fn( string $device ): string => ucfirst( $device ), array_keys( $share ) ), $data['device_breakdown']['labels'] );
	}

	/**
	 * Social: the Organic and Paid Social sessions by network (the fake's social sources).
	 */
	public function test_social_numbers(): void {
		$data    = $this->payload( 'traffic_social' );
		$filters = N::filters( $this->request_with( $this->requests(), 'sessionSource' ) );
		$days    = N::days( '2026-11-01', '2026-11-07' );
		$rows    = array_column( $data['social']['rows'], 'sessions', 'network' );
		$this->same( N::additive( 'sessions', $days, 'facebook.com', $filters ), $rows['Facebook'] );
		$this->same( N::additive( 'sessions', $days, 't.co', $filters ), $rows['Twitter'] );
		$this->assertCount( 2, $rows );
	}

	/**
	 * Pages and Countries (with their regions).
	 */
	public function test_pages_and_countries_numbers(): void {
		$days = N::days( '2026-11-01', '2026-11-07' );
		$data = $this->payload( 'engagement_pages' );
		$rows = array_column( $data['pages']['rows'], null, 'page_path' );
		$this->same( N::additive( 'screenPageViews', $days, '/about/' ), $rows['/about/']['pageviews'] );
		$this->same( N::additive( 'newUsers', $days, '/about/' ), $rows['/about/']['new_session'] );
		$this->same( round( N::ratio( 'bounceRate', '2026-11-01', '2026-11-07', '/about/' ) * 100, 2 ), $rows['/about/']['bounce_rate'] );

		$data = $this->payload( 'countries' );
		$this->assertTrue( $data['regions']['available'] );
		$rows = array_column( $data['countries']['rows'], null, 'iso' );
		$us   = $rows['US'];
		$this->same( CountryNames::name( 'US' ), $us['name'] );
		$this->same( N::additive( 'sessions', $days, 'US' ), $us['sessions'] );
		$this->same( round( N::ratio( 'bounceRate', '2026-11-01', '2026-11-07', 'US' ) * 100, 2 ), $us['bounceRate'] );
		$regions = array(
			'California' => N::additive( 'sessions', $days, 'California|US' ),
			'New York'   => N::additive( 'sessions', $days, 'New York|US' ),
		);
		arsort( $regions );
		$this->same( array_keys( $regions ), array_column( $us['children'], 'name' ) );
		$this->same( array_values( $regions ), array_column( $us['children'], 'sessions' ) );
		// GA4's "(not set)" country is the builtin source's unknown one.
		$this->same( CountryNames::name( '' ), $rows['']['name'] );
		$this->same( '(not set)', $rows['']['children'][0]['name'] );
	}

	/**
	 * Real-Time: active users now, the top page titles with their shares, countries and cities;
	 * no traffic sources (GA4's real-time schema has none).
	 */
	public function test_realtime_numbers(): void {
		$data = $this->payload( 'realtime' );
		$this->same( N::realtime( 'activeUsers', '4-0' ), $data['now'] );
		$views = array();
		foreach ( array( 'Example Company', 'Pricing - Example Company', 'Getting started - Example Company', 'Shop - Example Company' ) as $title ) {
			$views[ $title ] = N::realtime( 'screenPageViews', '29-0', $title );
		}
		$all = array_sum( $views );
		arsort( $views );
		$this->same( array_keys( $views ), array_column( $data['toppages'], 'title' ) );
		$this->same( array_values( $views ), array_column( $data['toppages'], 'count' ) );
		$this->same( self::json( array_map( static fn( int $count ): float => Metrics::percent( $count, $all ), array_values( $views ) ) ), array_column( $data['toppages'], 'percent' ) );
		$this->same( array(), $data['referrals'] );
		$users = array();
		foreach ( array( 'US', 'GB', 'DE', 'IN' ) as $iso ) {
			$users[ $iso ] = N::realtime( 'activeUsers', '29-0', $iso );
		}
		arsort( $users );
		$this->same( array_keys( $users ), array_column( $data['countries'], 'iso' ) );
		$this->same( array_map( static fn( string $iso ): string => CountryNames::name( $iso ), array_keys( $users ) ), array_column( $data['countries'], 'name' ) );
		$this->same( N::realtime( 'activeUsers', '29-0', 'US|San Francisco' ), array_column( $data['cities'], 'count', 'city' )['San Francisco'] );
		// The last 30 minutes, two-digit as GA4 writes them; no minute before GA4's 29.
		$this->same( N::realtime( 'screenPageViews', '05' ), $data['pageviewsovertime']['datapoints'][24] );
		$this->same( N::realtime( 'screenPageViews', '00' ), $data['pageviewsovertime']['datapoints'][29] );
	}

	/**
	 * Year in Review: the year's totals against the year before, the users by month (each day's
	 * users added up, as on builtin), the top country.
	 */
	public function test_year_in_review_numbers(): void {
		$data  = $this->payload( 'yearinreview' );
		$year  = YearInReview::state()['report_year'];
		$days  = N::days( $year . '-01-01', min( $year . '-12-31', wp_date( 'Y-m-d' ) ) );
		$prior = N::days( ( $year - 1 ) . '-01-01', ( $year - 1 ) . '-12-31' );
		$this->same( $year, $data['report_year'] );
		$this->assertTrue( $data['is_enabled'] );
		$this->same(
			array(
				'value' => N::additive( 'sessions', $days ),
				'prev'  => N::additive( 'sessions', $prior ),
			),
			$data['info']['sessions']
		);
		$months = array_fill( 1, 12, 0 );
		foreach ( $days as $day ) {
			$months[ (int) substr( $day, 5, 2 ) ] += N::additive( 'totalUsers', array( $day ) );
		}
		$this->same( array_values( $months ), $data['usersgraph']['datapoints'] );
		$this->same( max( $months ), $data['usersgraph']['max'] );
		$countries = array();
		foreach ( self::COUNTRIES as $iso ) {
			$countries[ $iso ] = N::additive( 'sessions', $days, $iso );
		}
		arsort( $countries );
		$iso = (string) array_key_first( $countries );
		$this->same(
			array(
				'name'     => CountryNames::name( '(not set)' === $iso ? '' : $iso ),
				'iso'      => '(not set)' === $iso ? '' : $iso,
				'sessions' => $countries[ $iso ],
			),
			$data['countries'][0]
		);
	}

	/**
	 * The eCommerce reports: the info boxes (remove-from-cart as the event's count), top products, coupons
	 * without GA4's "(not set)", cart abandonment, the funnel from GA4's funnel report; the days
	 * and sessions to a purchase are empty (GA4 has no such dimensions).
	 */
	public function test_ecommerce_numbers(): void {
		$days   = N::days( '2026-11-01', '2026-11-07' );
		$before = N::days( '2026-10-25', '2026-10-31' );
		$data   = $this->payload( 'ecommerce' );
		$orders = N::additive( 'ecommercePurchases', $days );
		$this->same( $orders, $data['infobox']['transactions']['value'] );
		$this->same( N::additive( 'ecommercePurchases', $before ), $data['infobox']['transactions']['compare_value'] );
		$this->same( Metrics::percent( $orders, N::additive( 'sessions', $days ) ), $data['infobox']['conversionrate']['value'] );
		$this->same( N::money( 'purchaseRevenue', $days ), $data['infobox']['revenue']['value'] );
		$this->same( N::additive( 'addToCarts', $days ), $data['infobox']['addtocart']['value'] );
		$removed = (string) wp_json_encode(
			array(
				'dimensionFilter' => array(
					'filter' => array(
						'fieldName'    => 'eventName',
						'stringFilter' => array(
							'matchType' => 'EXACT',
							'value'     => 'remove_from_cart',
						),
					),
				),
			)
		);
		$this->same( N::additive( 'eventCount', $days, '', $removed ), $data['infobox']['remfromcart']['value'] );
		$this->same( N::additive( 'eventCount', $before, '', $removed ), $data['infobox']['remfromcart']['compare_value'] );
		$products = array_column( $data['products'], null, 'name' );
		$this->same( N::additive( 'itemsPurchased', $days, 'Mug' ), $products['Mug']['quantity'] );
		$this->same( N::money( 'itemRevenue', $days, 'Mug' ), $products['Mug']['revenue'] );
		$this->same( array(), $data['days'] );
		$this->same( array(), $data['sessions'] );
		// GA4's ecommerce purchases by item; no link for the purchase timing GA4 does not have.
		$this->same( array( 'products' => 'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=ecomm-product' ), $data['galinks'] );

		$data    = $this->payload( 'ecommerce_coupons' );
		$filters = N::filters( $this->request_with( $this->requests(), 'orderCoupon' ) );
		$rows    = array_column( $data['coupons_table']['rows'], null, 'coupon_name' );
		$this->assertEqualsCanonicalizing( array( 'WINTER10', 'FREESHIP' ), array_keys( $rows ) );
		$revenue = N::money( 'purchaseRevenue', $days, 'WINTER10', $filters );
		$this->same( $revenue, $rows['WINTER10']['revenue'] );
		$this->same( N::additive( 'ecommercePurchases', $days, 'WINTER10', $filters ), $rows['WINTER10']['transactions'] );
		$this->same( Metrics::change( $revenue, N::money( 'purchaseRevenue', $before, 'WINTER10', $filters ) ), $rows['WINTER10']['change'] );

		$data  = $this->payload( 'cart_abandonment' );
		$rows  = array_column( $data['cart_abandonment'], null, 'name' );
		$added = N::additive( 'itemsAddedToCart', $days, 'Poster' );
		$out   = N::additive( 'itemsCheckedOut', $days, 'Poster' );
		$this->same( N::additive( 'itemsPurchased', $days, 'Poster' ), $rows['Poster']['purchase_quantity'] );
		$this->same( $added > 0 ? round( max( 0.0, 1 - $out / $added ) * 100, 2 ) : 0.0, $rows['Poster']['cart_abandonment'] );
		$this->same( N::additive( 'itemsPurchased', array( '2026-11-03' ) ), array_column( $data['cart_abandonment_by_day'], 'purchase_quantity', 'date' )['2026-11-03'] );

		$data  = $this->payload( 'ecommerce_funnel' );
		$users = N::funnel( Dimension::FUNNEL_STEPS, '2026-11-01', '2026-11-07' );
		$this->same( array_map( static fn( int $count ): array => array( 'value' => $count ), $users ), $data['funnel_chart'] );
		$email = N::funnel( Dimension::FUNNEL_STEPS, '2026-11-01', '2026-11-07', 'Email' );
		$rows  = array_values( array_filter( $data['funnel_table']['channel']['rows'], static fn( array $row ): bool => 'Email' === $row['breakdown_category'] ) );
		$this->same( $email, array_column( $rows, 'users' ) );
		$this->same( $email[0] > 0 ? round( $email[1] / $email[0] * 100, 2 ) : 0.0, $rows[0]['completion_rate'] );
		$countries = array_unique( array_column( $data['funnel_table']['country']['rows'], 'breakdown_category' ) );
		$this->assertContains( CountryNames::name( 'DE' ), $countries );
	}

	/**
	 * Asserts an expected value, as JSON carries it, is the payload's (it came through JSON).
	 *
	 * @param mixed  $expected The expected value.
	 * @param mixed  $actual   The payload's.
	 * @param string $message  The message.
	 */
	private function same( $expected, $actual, string $message = '' ): void {
		$this->assertSame( self::json( $expected ), $actual, $message );
	}

	/**
	 * A value as JSON carries it (a float without decimals comes back an integer).
	 *
	 * @param mixed $value The value.
	 * @return mixed
	 */
	private static function json( $value ) {
		return json_decode( (string) wp_json_encode( $value ), true );
	}

	/**
	 * A report's payload as the app receives it, checked against the route's schema.
	 *
	 * @param string $name The report.
	 * @return array<string, mixed>
	 */
	private function payload( string $name ): array {
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $name, self::RANGE );
		$data     = json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true );
		$this->same( 200, $response->get_status(), (string) wp_json_encode( $data ) );
		$schema = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/reports/' . $name )->get_data()['schema'];
		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, $name ), $name );
		return $data;
	}

	/**
	 * The API requests the fake received since its reset (not the token's), bodies decoded.
	 *
	 * @return list<array{path: string, body: array<string, mixed>}>
	 */
	private function requests(): array {
		$out = array();
		foreach ( self::fake_google_requests() as $request ) {
			if ( '/token' !== $request['path'] ) {
				$out[] = array(
					'path' => (string) $request['path'],
					'body' => (array) json_decode( (string) $request['body'], true ),
				);
			}
		}
		return $out;
	}

	/**
	 * The first RunReportRequest (alone or in a batch) grouping by a GA4 dimension.
	 *
	 * @param list<array{path: string, body: array<string, mixed>}> $requests The requests.
	 * @param string                                                $dimension The dimension.
	 * @return array<string, mixed>
	 */
	private function request_with( array $requests, string $dimension ): array {
		foreach ( $requests as $request ) {
			foreach ( $request['body']['requests'] ?? array( $request['body'] ) as $body ) {
				if ( in_array( $dimension, array_column( $body['dimensions'] ?? array(), 'name' ), true ) ) {
					return $body;
				}
			}
		}
		$this->fail( 'No request by ' . $dimension );
	}

	/**
	 * Checks a request against the API's limits and names.
	 *
	 * @param string               $path The path.
	 * @param array<string, mixed> $body The body.
	 */
	private function assert_sane( string $path, array $body ): void {
		$this->assertMatchesRegularExpression( '#^/v1(beta|alpha)/properties/300000001:(runReport|batchRunReports|runRealtimeReport|runFunnelReport)$#', $path );
		$metrics = (array) json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fake-google/fixtures/ga4-metrics.json' ), true );
		$reports = str_ends_with( $path, ':batchRunReports' ) ? $body['requests'] : array( $body );
		$this->assertLessThanOrEqual( 5, count( $reports ), $path );
		foreach ( $reports as $report ) {
			$this->assertLessThanOrEqual( 9, count( $report['dimensions'] ?? array() ), $path );
			$this->assertLessThanOrEqual( 10, count( $report['metrics'] ?? array() ), $path );
			if ( str_ends_with( $path, ':runReport' ) || str_ends_with( $path, ':batchRunReports' ) ) {
				foreach ( $report['metrics'] as $metric ) {
					$this->assertArrayHasKey( $metric['name'], $metrics, 'not a GA4 metric' );
				}
				foreach ( $report['dateRanges'] as $range ) {
					$this->assertGreaterThanOrEqual( '2020-10-14', $range['startDate'] );
					$this->assertLessThanOrEqual( $range['endDate'], $range['startDate'] );
				}
			}
		}
	}

	/**
	 * The requests with today's date and the Year in Review's years as placeholders.
	 *
	 * @param list<array{path: string, body: array<string, mixed>}> $requests The requests.
	 * @param bool                                                  $years    Whether the years are the Year in Review's.
	 * @return list<array{path: string, body: array<string, mixed>}>
	 */
	private static function normalised( array $requests, bool $years ): array {
		$year = YearInReview::state()['report_year'];
		$json = (string) wp_json_encode( $requests, JSON_UNESCAPED_SLASHES );
		$json = str_replace( '"' . wp_date( 'Y-m-d' ) . '"', '"@today"', $json );
		if ( ! $years ) {
			return json_decode( $json, true );
		}
		$json = (string) preg_replace( '/"' . $year . '-(\d\d-\d\d)"/', '"@year-$1"', $json );
		$json = (string) preg_replace( '/"' . ( $year - 1 ) . '-(\d\d-\d\d)"/', '"@year-1-$1"', $json );
		return json_decode( $json, true );
	}
}
