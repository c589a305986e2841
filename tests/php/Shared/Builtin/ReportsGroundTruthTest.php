<?php
/**
 * Ground truth: scripted hits → aggregation → overview and site_summary payloads.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Every number of the payloads is known from the script; the reports read the rollups through the
 * REST route, as the app does.
 */
class ReportsGroundTruthTest extends BuiltinTestCase {

	/**
	 * The range, Monday 10 to Wednesday 12 March 2025 (Europe/Berlin), and its previous period.
	 */
	/**
	 * The script. In the range:
	 * - a1 (Windows, DE): 09:00 "/" from Google, 09:02 "/about/": organic, 2 pages, 120 s, engaged, new.
	 * - a2 (same visitor, 58 min later): "/" direct: a new session, returning, bounce.
	 * - b (iPhone, US): 23:59 "/blog/" from news.example.org, 00:01 next day "/blog/post/" under the
	 *   next day's key (linked by the previous-day key): one session of the 10th, 120 s, engaged.
	 * - c (iPad, FR): 11th 00:01 "/" from a newsletter (utm email): bounce, new.
	 * - d (Android phone, DE): 12th 12:00 "/pricing/" from example.com, outbound click at +20 s:
	 *   engaged by the event, 20 s.
	 * In the previous period (7–9 March): e on the 7th and f on the 8th, direct, desktop, DE.
	 *
	 * @return string[]
	 */
	private function script(): array {
		Hits::reset();
		return array(
			Hits::pageview(
				'a',
				'2025-03-10 09:00:00',
				'/',
				array(
					'r'  => 'https://www.google.com/search?q=insights',
					'cc' => 'DE',
				)
			),
			Hits::pageview( 'a', '2025-03-10 09:02:00', '/about/', array( 'cc' => 'DE' ) ),
			Hits::pageview( 'a', '2025-03-10 10:00:00', '/', array( 'cc' => 'DE' ) ),
			Hits::pageview(
				'b',
				'2025-03-10 23:59:00',
				'/blog/',
				array(
					'r'  => 'https://news.example.org/today',
					'ua' => Hits::IPHONE_SAFARI,
					'cc' => 'US',
				)
			),
			Hits::pageview(
				'b-next-day',
				'2025-03-11 00:01:00',
				'/blog/post/',
				array(
					'vkp' => 'b',
					'ua'  => Hits::IPHONE_SAFARI,
					'cc'  => 'US',
				)
			),
			Hits::pageview(
				'c',
				'2025-03-11 00:01:00',
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
				'2025-03-12 12:00:00',
				'/pricing/',
				array(
					'r'  => 'https://example.com/list',
					'ua' => Hits::ANDROID_CHROME,
					'cc' => 'DE',
				)
			),
			Hits::event(
				'd',
				'2025-03-12 12:00:20',
				'outbound_click',
				array( 'url' => 'https://example.net/' ),
				array(
					'p'  => '/pricing/',
					'ua' => Hits::ANDROID_CHROME,
					'cc' => 'DE',
				)
			),
			Hits::pageview( 'e', '2025-03-07 15:00:00', '/', array( 'cc' => 'DE' ) ),
			Hits::pageview( 'f', '2025-03-08 15:00:00', '/', array( 'cc' => 'DE' ) ),
		);
	}

	/**
	 * Aggregates the script and makes the builtin source the active one.
	 */
	protected function set_up() {
		parent::set_up();
		$this->aggregate( $this->script() );
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		// Fixed dates and compare ranges need a licence; the tier gate has tests of its own.
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'agency' );
	}

	/**
	 * Info boxes: every metric over the range and the previous period.
	 */
	public function test_overview_infobox(): void {
		$box = $this->report_payload( 'overview', self::REPORT_RANGE )['infobox'];
		$this->assertSame( 3, $box['range'] );
		$this->assertEquals(
			array(
				'value'         => 5,
				'prev'          => 150.0,
				'compare_value' => 2,
			),
			$box['sessions']
		);
		$this->assertEquals( 7, $box['pageviews']['value'] );
		$this->assertEquals( 2, $box['pageviews']['compare_value'] );
		$this->assertEquals( 4, $box['totalusers']['value'] );
		$this->assertEquals( 4, $box['new_users']['value'] );
		$this->assertEquals( 40.0, $box['bounce_rate']['value'] );
		$this->assertEquals( 100.0, $box['bounce_rate']['compare_value'] );
		$this->assertEquals( -60.0, $box['bounce_rate']['prev'] );
		$this->assertEquals( 60.0, $box['engagement_rate']['value'] );
		$this->assertEquals( 52.0, $box['average_session_duration']['value'] );
		$this->assertEquals( 1.75, $box['pageviews_per_user']['value'] );
		$this->assertEquals( 1.25, $box['sessions_per_user']['value'] );
		$this->assertEquals( 0, $box['revenue_sales']['value'] );
	}

	/**
	 * The chart: one point per site-local day; the visit at 23:59 and the one at 00:01 fall on
	 * different days, and the session crossing midnight counts on the day it started.
	 */
	public function test_overview_graph_and_timezone_edges(): void {
		$graph = $this->report_payload( 'overview', self::REPORT_RANGE )['overviewgraph'];
		$this->assertSame( 3, $graph['count'] );
		$this->assertSame( array( 3, 1, 1 ), $graph['sessions']['datapoints'] );
		$this->assertSame( array( 4, 2, 1 ), $graph['pageviews']['datapoints'] );
		// 10th vs 7th (1 session): +200 %; 11th vs 8th (1): 0 %; 12th vs 9th (none): no percentage.
		$this->assertSame( array( 200.0, 0.0, null ), array_map( static fn( $v ) => null === $v ? null : (float) $v, $graph['sessions']['trendpoints'] ) );
		$berlin = new \DateTimeZone( 'Europe/Berlin' );
		$this->assertSame(
			array(
				( new \DateTimeImmutable( '2025-03-10', $berlin ) )->getTimestamp(),
				( new \DateTimeImmutable( '2025-03-11', $berlin ) )->getTimestamp(),
				( new \DateTimeImmutable( '2025-03-12', $berlin ) )->getTimestamp(),
			),
			$graph['timestamps']
		);
		$this->assertSame( array( 'Mar 10', 'Mar 11', 'Mar 12' ), $graph['labels'] );
		$this->assertFalse( $this->report_payload( 'overview', self::REPORT_RANGE )['show_chart_overlay'] );
	}

	/**
	 * Pies and lists.
	 */
	public function test_overview_breakdowns(): void {
		$data = $this->report_payload( 'overview', self::REPORT_RANGE );
		$this->assertEquals(
			array(
				'desktop' => 40.0,
				'tablet'  => 20.0,
				'mobile'  => 40.0,
			),
			$data['devices']
		);
		$this->assertEquals(
			array(
				'new'       => 80.0,
				'returning' => 20.0,
			),
			$data['newvsreturn']
		);
		$this->assertSame( array( 'DE', 'FR', 'US' ), array_column( $data['countries'], 'iso' ) );
		$this->assertEquals( array( 3, 1, 1 ), array_column( $data['countries'], 'sessions' ) );
		$this->assertSame( 'Germany', $data['countries'][0]['name'] );
		$this->assertSame( array( 'example.com', 'news.example.org' ), array_column( $data['referrals'], 'url' ) );
		$this->assertSame( array( '/', '/blog/', '/pricing/' ), array_column( $data['toppages'], 'page_path' ) );
		$this->assertEquals( array( 3, 1, 1 ), array_column( $data['toppages'], 'sessions' ) );
	}

	/**
	 * Compare mode: the second range answered the same way.
	 */
	public function test_overview_compare(): void {
		$data = $this->report_payload(
			'overview',
			self::REPORT_RANGE + array(
				'compare_start' => '2025-03-07',
				'compare_end'   => '2025-03-09',
			)
		);
		$this->assertSame( array( 1, 1, 0 ), $data['compare']['overviewgraph']['sessions']['datapoints'] );
		$this->assertEquals(
			array(
				'desktop' => 100.0,
				'tablet'  => 0.0,
				'mobile'  => 0.0,
			),
			$data['compare']['devices']
		);
		$this->assertEquals( 2, $data['countries'][0]['compare_sessions'] );
		$this->assertEquals( 50.0, $data['countries'][0]['compare_change'] );
	}

	/**
	 * Site summary: all-time totals and the popular days and hours of the range.
	 */
	public function test_site_summary(): void {
		$data = $this->report_payload( 'site_summary', self::REPORT_RANGE );
		$this->assertSame( 9, $data['summary']['0'], 'all-time page views' );
		$this->assertSame( 7, $data['summary']['1'], 'all-time sessions' );
		$this->assertEquals(
			array(
				array(
					'day'     => 1,
					'percent' => 57.14,
				),
				array(
					'day'     => 2,
					'percent' => 28.57,
				),
				array(
					'day'     => 3,
					'percent' => 14.29,
				),
			),
			$data['popular_days']
		);
		$this->assertEquals(
			array(
				array(
					'hour'    => 0,
					'percent' => 28.57,
				),
				array(
					'hour'    => 9,
					'percent' => 28.57,
				),
				array(
					'hour'    => 10,
					'percent' => 14.29,
				),
			),
			$data['popular_hours']
		);
	}

	/**
	 * New data invalidates the cached report.
	 */
	public function test_new_data_invalidates_the_cache(): void {
		$this->assertEquals( 5, $this->report_payload( 'overview', self::REPORT_RANGE )['infobox']['sessions']['value'] );
		$this->aggregate( array( Hits::pageview( 'g', '2025-03-12 18:00:00', '/' ) ) );
		$this->assertEquals( 6, $this->report_payload( 'overview', self::REPORT_RANGE )['infobox']['sessions']['value'] );
	}
}
