<?php
/**
 * The traffic reports and the Country report on the builtin source, with exact numbers.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Berlin time, range 10–12 March 2025, one visit per visitor:
 * - a 10th 09:00 "/" from www.google.com, then "/about/" (DE, Windows): Organic Search, 2 pages, engaged.
 * - b 10th 11:00 "/blog/" from www.facebook.com (US, iPhone): Organic Social, bounce.
 * - c 11th 10:00 "/" utm newsletter / email / march (FR, iPad): Email, campaign march, bounce.
 * - d 11th 15:00 "/pricing/" utm facebook / cpc / spring, then "/about/" (DE, Android):
 *   Paid Social, campaign spring, 2 pages, engaged.
 * - e 12th 08:00 "/" direct (DE, Windows): Direct, bounce.
 * - f 12th 09:00 "/blog/" from news.example.org (US, Windows): Referral, bounce.
 * - g  7th 15:00 "/" direct (DE, Windows): the previous period.
 */
class TrafficReportsTest extends BuiltinTestCase {

	/**
	 * Aggregates the script, the builtin source, an administrator with a plus licence.
	 */
	protected function set_up() {
		parent::set_up();
		Hits::reset();
		$this->aggregate(
			array(
				Hits::pageview(
					'a',
					'2025-03-10 09:00:00',
					'/',
					array(
						'r'  => 'https://www.google.com/search?q=x',
						'cc' => 'DE',
					)
				),
				Hits::pageview( 'a', '2025-03-10 09:02:00', '/about/', array( 'cc' => 'DE' ) ),
				Hits::pageview(
					'b',
					'2025-03-10 11:00:00',
					'/blog/',
					array(
						'r'  => 'https://www.facebook.com/',
						'ua' => Hits::IPHONE_SAFARI,
						'cc' => 'US',
					)
				),
				Hits::pageview(
					'c',
					'2025-03-11 10:00:00',
					'/',
					array(
						'us' => 'newsletter',
						'um' => 'email',
						'uc' => 'march',
						'ua' => Hits::IPAD,
						'cc' => 'FR',
					)
				),
				Hits::pageview(
					'd',
					'2025-03-11 15:00:00',
					'/pricing/',
					array(
						'us' => 'facebook',
						'um' => 'cpc',
						'uc' => 'spring',
						'ua' => Hits::ANDROID_CHROME,
						'cc' => 'DE',
					)
				),
				Hits::pageview(
					'd',
					'2025-03-11 15:01:00',
					'/about/',
					array(
						'ua' => Hits::ANDROID_CHROME,
						'cc' => 'DE',
					)
				),
				Hits::pageview( 'e', '2025-03-12 08:00:00', '/', array( 'cc' => 'DE' ) ),
				Hits::pageview(
					'f',
					'2025-03-12 09:00:00',
					'/blog/',
					array(
						'r'  => 'https://news.example.org/today',
						'cc' => 'US',
					)
				),
				Hits::pageview( 'g', '2025-03-07 15:00:00', '/', array( 'cc' => 'DE' ) ),
			)
		);
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'plus' );
	}

	/**
	 * A table's rows as lists of cells in column order (numbers as floats).
	 *
	 * @param array<string, mixed> $page A table page.
	 * @return list<list<string|float>>
	 */
	private static function grid( array $page ): array {
		$ids = array_column( $page['columns'], 'id' );
		return array_map(
			static fn( array $row ): array => array_map( static fn( string $id ) => is_string( $row[ $id ] ) ? $row[ $id ] : (float) $row[ $id ], $ids ),
			$page['rows']
		);
	}

	/**
	 * Traffic Overview: the chart with trend points and compare, the channels of GA4's grouping.
	 */
	public function test_traffic_overview(): void {
		$data  = $this->report_payload( 'traffic_overview' );
		$chart = $data['chart'];
		$this->assertSame( array( 'Mar 10', 'Mar 11', 'Mar 12' ), $chart['categories'] );
		$this->assertSame( array( 2, 2, 2 ), $chart['sessions'] );
		$this->assertSame( array( 3, 3, 2 ), $chart['page_views'] );
		// Against 7–9 March: 1 session on the 7th, none after.
		$this->assertEquals( array( 100.0, null, null ), $chart['session_trendpoints'] );
		$this->assertEquals( array( 200.0, null, null ), $chart['page_view_trendpoints'] );
		$this->assertArrayNotHasKey( 'compare', $chart );

		// No shop: no eCommerce columns (ShopColumnsTest has them with one).
		$this->assertSame( array( 'channel', 'sessions', 'engaged_sessions', 'pages_per_sessions' ), array_column( $data['channels']['columns'], 'id' ) );
		$this->assertSame(
			array(
				array( 'Direct', 1.0, 0.0, 1.0 ),
				array( 'Email', 1.0, 0.0, 1.0 ),
				array( 'Organic Search', 1.0, 1.0, 2.0 ),
				array( 'Organic Social', 1.0, 0.0, 1.0 ),
				array( 'Paid Social', 1.0, 1.0, 2.0 ),
				array( 'Referral', 1.0, 0.0, 1.0 ),
			),
			self::grid( $data['channels'] )
		);

		$compared = $this->report_payload( 'traffic_overview', self::REPORT_COMPARE )['chart'];
		$this->assertSame(
			array(
				'sessions'   => array( 1, 0, 0 ),
				'page_views' => array( 1, 0, 0 ),
			),
			$compared['compare']
		);
	}

	/**
	 * Landing pages: sessions that started on each page and their pages per session.
	 */
	public function test_landing_pages(): void {
		$this->assertSame(
			array(
				array( '/', 3.0, 1.0, 1.33 ),
				array( '/blog/', 2.0, 0.0, 1.0 ),
				array( '/pricing/', 1.0, 1.0, 2.0 ),
			),
			self::grid( $this->report_payload( 'traffic_landing_pages' )['landing_pages'] )
		);
	}

	/**
	 * Campaigns and source / medium.
	 */
	public function test_campaigns_and_source_medium(): void {
		$this->assertSame(
			array(
				array( 'march', 1.0, 0.0, 1.0 ),
				array( 'spring', 1.0, 1.0, 2.0 ),
			),
			self::grid( $this->report_payload( 'traffic_campaign' )['campaigns'] )
		);
		$this->assertSame(
			array( '(direct) / (none)', 'facebook / cpc', 'facebook.com / referral', 'google.com / organic', 'news.example.org / referral', 'newsletter / email' ),
			array_column( $this->report_payload( 'traffic_source_medium' )['source_medium']['rows'], 'source_medium' )
		);
	}

	/**
	 * Social networks: the sessions of the social channels by network (utm_source facebook and the
	 * referrer facebook.com are one Facebook row; SocialNetworksReportTest has more).
	 */
	public function test_social(): void {
		$social = $this->report_payload( 'traffic_social' )['social'];
		$this->assertSame( array( 'network', 'sessions', 'engaged_sessions', 'bounce_rate' ), array_column( $social['columns'], 'id' ) );
		$this->assertSame(
			array(
				array( 'Facebook', 2.0, 1.0, 50.0 ),
			),
			self::grid( $social )
		);
	}

	/**
	 * Technology: device shares of sessions, the largest first, with compare.
	 */
	public function test_technology(): void {
		$data = $this->report_payload( 'traffic_technology', self::REPORT_COMPARE );
		$this->assertSame( array( 'Desktop', 'Mobile', 'Tablet' ), $data['device_breakdown']['labels'] );
		$this->assertEquals( array( 50.0, 33.33, 16.67 ), $data['device_breakdown']['series'] );
		$this->assertEquals( array( 100.0, 0.0, 0.0 ), $data['device_breakdown']['compare'] );
		$this->assertEqualsWithDelta( 100.0, array_sum( $data['browser_breakdown']['series'] ), 0.02 );
	}

	/**
	 * Countries: names in the user's language, sessions, engaged sessions, bounce rate (no
	 * purchases without a shop).
	 */
	public function test_countries(): void {
		$data = $this->report_payload( 'countries' );
		$this->assertSame( array( 2, 2, 2 ), $data['chart']['sessions'] );
		$this->assertSame(
			array(
				array( 'Germany', 3.0, 2.0, 33.33 ),
				array( 'United States', 2.0, 0.0, 100.0 ),
				array( 'France', 1.0, 0.0, 100.0 ),
			),
			self::grid( $data['countries'] )
		);
		$this->assertSame( array( 'DE', 'US', 'FR' ), array_column( $data['countries']['rows'], 'iso' ) );
	}
}
