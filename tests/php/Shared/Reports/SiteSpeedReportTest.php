<?php
/**
 * The Site Speed report on the builtin source: field data from scripted Core Web Vitals.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Reports\SpeedScore;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Rollups;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Answers\SpeedAudit;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Four desktop page views on 10 February and four mobile ones (three phones, a tablet) on 5 and
 * 6 March, each with a web_vitals event sent when the page was hidden.
 *
 * The p75 of n values is the ⌈0.75 n⌉-th smallest (nearest rank), so with four values the third:
 *   desktop  lcp 900 1200 [2400] 3000  → 2.4 s, the desktop median: 50
 *            fcp 500 700 [934] 1600    → 0.934 s, the desktop p10: 90
 *            cls 0 0.05 [0.1] 0.25     → 0.1, the p10: 90
 *            ttfb 100 300 [600] 1800   → 600 ms, the p10: 90
 *            inp (two values) 200 [500] → 0.5 s (⌈1.5⌉ = 2nd), the median: 50
 *            overall (FCP 10, LCP 25, CLS 25, INP for TBT 30): (900 + 1250 + 2250 + 1500) / 90 = 65.6 → 66
 *   mobile   lcp 100 2501→2500 [2504→2500] 5000 → 2.5 s (kept to 3 digits), the mobile p10: 90
 *            fcp 100 1700 [1801→1800] 3000     → 1.8 s, the mobile p10: 90
 *            cls 0 0.01 [0.25] 0.3             → 0.25, the median: 50
 *            ttfb 50 200 [1800] 2500           → 1800 ms, the median: 50
 *            inp none; overall (900 + 2250 + 1250) / 60 = 73.3 → 73
 */
class SiteSpeedReportTest extends BuiltinTestCase {

	/**
	 * The raw window of the test: long until a test shortens it.
	 *
	 * @var int
	 */
	public int $window = 800;

	/**
	 * The visits.
	 *
	 * @return string[]
	 */
	private function script(): array {
		Hits::reset();
		$lines   = array();
		$desktop = array(
			array(
				'lcp'  => 1200,
				'fcp'  => 500,
				'cls'  => 0.05,
				'ttfb' => 100,
				'inp'  => 200,
			),
			array(
				'lcp'  => 2400,
				'fcp'  => 934,
				'cls'  => 0.1,
				'ttfb' => 600,
			),
			array(
				'lcp'  => 900,
				'fcp'  => 1600,
				'cls'  => 0.25,
				'ttfb' => 1800,
				'inp'  => 500,
			),
			array(
				'lcp'  => 3000,
				'fcp'  => 700,
				'cls'  => 0,
				'ttfb' => 300,
			),
		);
		foreach ( $desktop as $i => $vitals ) {
			$lines[] = Hits::pageview( 'd' . $i, '2025-02-10 1' . $i . ':00:00', '/' );
			$lines[] = Hits::event( 'd' . $i, '2025-02-10 1' . $i . ':00:20', 'web_vitals', $vitals );
		}
		$mobile = array(
			array(
				Hits::IPHONE_SAFARI,
				'2025-03-05',
				array(
					'lcp'  => 2501,
					'fcp'  => 100,
					'cls'  => 0.3,
					'ttfb' => 50,
				),
			),
			array(
				Hits::ANDROID_CHROME,
				'2025-03-05',
				array(
					'lcp'  => 100,
					'fcp'  => 1801,
					'cls'  => 0,
					'ttfb' => 2500,
				),
			),
			array(
				Hits::IPHONE_SAFARI,
				'2025-03-06',
				array(
					'lcp'  => 2504,
					'fcp'  => 3000,
					'cls'  => 0.25,
					'ttfb' => 200,
				),
			),
			array(
				Hits::IPAD,
				'2025-03-06',
				array(
					'lcp'  => 5000,
					'fcp'  => 1700,
					'cls'  => 0.01,
					'ttfb' => 1800,
				),
			),
		);
		foreach ( $mobile as $i => list( $ua, $day, $vitals ) ) {
			$lines[] = Hits::pageview( 'm' . $i, sprintf( '%s %02d:00:00', $day, 8 + $i ), '/blog/', array( 'ua' => $ua ) );
			// Hidden 45 minutes later: past the session timeout, it still joins its page view's session.
			$lines[] = Hits::event(
				'm' . $i,
				sprintf( '%s %02d:45:00', $day, 8 + $i ),
				'web_vitals',
				$vitals,
				array(
					'ua' => $ua,
					'p'  => '/blog/',
				)
			);
		}
		return $lines;
	}

	/**
	 * Aggregated with every raw row kept.
	 */
	protected function set_up() {
		parent::set_up();
		add_filter( 'monsterinsights_reports_raw_days', fn(): int => $this->window );
		$this->aggregate( $this->script() );
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'plus' );
	}

	/**
	 * The report for a range.
	 *
	 * @param string $start First day.
	 * @param string $end   Last day.
	 * @return array<string, mixed>
	 */
	private function report( string $start, string $end ): array {
		$response = $this->rest(
			'GET',
			'/monsterinsights-reports/v1/reports/sitespeed',
			array(
				'start' => $start,
				'end'   => $end,
			)
		);
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true );
	}

	/**
	 * The hand-computed figures of the whole period.
	 *
	 * @return array<string, mixed>
	 */
	private static function expected(): array {
		return array(
			'desktop' => array(
				'overallScore'              => 66,
				'samples'                   => 4,
				'cumulative_layout_shift'   => array(
					'score' => 90,
					'value' => 0.1,
				),
				'largest_contentful_paint'  => array(
					'score' => 50,
					'value' => 2.4,
				),
				'server_response_time'      => array(
					'score' => 90,
					'value' => 600,
				),
				'first_contentful_paint'    => array(
					'score' => 90,
					'value' => 0.934,
				),
				'total_blocking_time'       => null,
				'interaction_to_next_paint' => array(
					'score' => 50,
					'value' => 0.5,
				),
				'audit'                     => null,
				'server_response_source'    => 'field',
				'method'                    => 'field',
			),
			'mobile'  => array(
				'overallScore'              => 73,
				'samples'                   => 4,
				'cumulative_layout_shift'   => array(
					'score' => 50,
					'value' => 0.25,
				),
				'largest_contentful_paint'  => array(
					'score' => 90,
					'value' => 2.5,
				),
				'server_response_time'      => array(
					'score' => 50,
					'value' => 1800,
				),
				'first_contentful_paint'    => array(
					'score' => 90,
					'value' => 1.8,
				),
				'total_blocking_time'       => null,
				'interaction_to_next_paint' => null,
				'audit'                     => null,
				'server_response_source'    => 'field',
				'method'                    => 'field',
			),
		);
	}

	/**
	 * The p75 of each metric and device, scored with Lighthouse's curves, over two whole months
	 * (read from the monthly twins) and over a part of one (the daily rows).
	 */
	public function test_field_data_p75_and_scores() {
		$this->assertEquals( self::expected(), $this->report( '2025-02-01', '2025-03-31' ) );
		$this->assertStringContainsString( 'rollup_vitals_m', Rollups::from( 'rollup_vitals', '2025-02-01', '2025-03-31' )[0] );
		$this->assertEquals( self::expected(), $this->report( '2025-02-09', '2025-03-07' ) );

		// 10 February alone: desktop only; mobile has no field data, and no audit ran.
		$day = $this->report( '2025-02-10', '2025-02-10' );
		$this->assertEquals( self::expected()['desktop'], $day['desktop'] );
		$this->assertSame(
			array(
				'overallScore'              => null,
				'samples'                   => 0,
				'cumulative_layout_shift'   => null,
				'largest_contentful_paint'  => null,
				'server_response_time'      => null,
				'first_contentful_paint'    => null,
				'total_blocking_time'       => null,
				'interaction_to_next_paint' => null,
				'audit'                     => null,
				'server_response_source'    => '',
				'method'                    => 'field',
			),
			$day['mobile']
		);
	}

	/**
	 * The histograms: one row per day, device category, metric and stored value (milliseconds or
	 * ten-thousandths of the layout shift, three significant digits); the tablet is its own
	 * category in the table and counts as mobile in the report.
	 */
	public function test_histogram_rows() {
		$rows = Db::rows( "SELECT day, device_category, value, samples FROM {rollup_vitals} WHERE metric = 'lcp' ORDER BY day, device_category, value" );
		$this->assertSame(
			array(
				array( '2025-02-10', 'desktop', '900', '1' ),
				array( '2025-02-10', 'desktop', '1200', '1' ),
				array( '2025-02-10', 'desktop', '2400', '1' ),
				array( '2025-02-10', 'desktop', '3000', '1' ),
				array( '2025-03-05', 'mobile', '100', '1' ),
				array( '2025-03-05', 'mobile', '2500', '1' ),
				array( '2025-03-06', 'mobile', '2500', '1' ),
				array( '2025-03-06', 'tablet', '5000', '1' ),
			),
			array_map( 'array_values', $rows )
		);
		$this->assertSame( '1000', Db::value( "SELECT value FROM {rollup_vitals} WHERE metric = 'cls' AND day = '2025-02-10' AND samples = 1 ORDER BY value LIMIT 1 OFFSET 2" ) );
		$this->assertSame( '4', Db::value( "SELECT SUM(samples) FROM {rollup_vitals_m} WHERE day = '2025-03-01' AND metric = 'ttfb'" ) );
	}

	/**
	 * A vitals event is passive: it joins its page view's session even 45 minutes later, and the
	 * session stays a bounce of no length.
	 */
	public function test_vitals_leave_sessions_as_they_were() {
		$sessions = Db::rows( "SELECT pageviews, events, interactive, duration, bounced, engaged FROM {sessions} WHERE day = '2025-03-05' ORDER BY id" );
		$this->assertSame(
			array_fill(
				0,
				2,
				array(
					'pageviews'   => '1',
					'events'      => '1',
					'interactive' => '0',
					'duration'    => '0',
					'bounced'     => '1',
					'engaged'     => '0',
				)
			),
			$sessions
		);
	}

	/**
	 * A vitals event whose page view no session holds (the visitor's data was deleted meanwhile, or
	 * it came from before a reset) starts no session and is stored nowhere: sessions, events and the
	 * day's samples stay as they were.
	 */
	public function test_vitals_without_a_session_are_kept_nowhere() {
		$sessions = (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' );
		$events   = (int) Db::value( 'SELECT COUNT(*) FROM {events}' );
		$samples  = (int) Db::value( "SELECT SUM(samples) FROM {rollup_vitals} WHERE day = '2025-03-06'" );
		$this->aggregate( array( Hits::event( 'orphan', '2025-03-06 09:00:00', 'web_vitals', array( 'lcp' => 900 ) ) ) );
		$this->assertSame( $sessions, (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' ) );
		$this->assertSame( $events, (int) Db::value( 'SELECT COUNT(*) FROM {events}' ) );
		$this->assertSame( $samples, (int) Db::value( "SELECT SUM(samples) FROM {rollup_vitals} WHERE day = '2025-03-06'" ) );
	}

	/**
	 * A page left within the second it was viewed: its vitals share the page view's time, and their
	 * hit id sorts before the page view's. The page view still comes first, so the vitals join its
	 * session (one session, from the referrer, holding both) and count as one sample; before, the
	 * vitals took the tie, found no session, and either started a Direct session of their own (the
	 * page view from a referrer then starting a second one) or were lost.
	 */
	public function test_vitals_in_the_page_views_second_join_its_session() {
		$sessions = (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' );
		$samples  = (int) Db::value( "SELECT SUM(samples) FROM {rollup_vitals} WHERE day = '2025-03-07'" );
		$this->aggregate(
			array(
				Hits::event(
					'quick',
					'2025-03-07 09:00:00',
					'web_vitals',
					array( 'lcp' => 1300 ),
					array( 'id' => str_repeat( '0', 32 ) )
				),
				Hits::pageview(
					'quick',
					'2025-03-07 09:00:00',
					'/',
					array(
						'id' => str_repeat( 'f', 32 ),
						'r'  => 'https://www.example.org/article',
					)
				),
			)
		);
		$this->assertSame( $sessions + 1, (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' ) );
		$this->assertSame(
			array(
				array(
					'pageviews' => '1',
					'events'    => '1',
					'source'    => 'example.org',
				),
			),
			Db::rows( "SELECT s.pageviews, s.events, src.name AS source FROM {sessions} s JOIN {sources} src ON src.id = s.source_id WHERE s.day = '2025-03-07'" )
		);
		$this->assertSame( array( 'web_vitals' ), Db::col( "SELECT e.name FROM {events} e JOIN {sessions} s ON s.id = e.session_id WHERE e.day = '2025-03-07'" ) );
		$this->assertSame( $samples + 1, (int) Db::value( "SELECT SUM(samples) FROM {rollup_vitals} WHERE day = '2025-03-07'" ) );
	}

	/**
	 * Compaction deletes the raw events; the report's numbers stay exactly the same, and so does a
	 * range read from the daily rows.
	 */
	public function test_identical_after_compaction() {
		$before       = $this->report( '2025-02-01', '2025-03-31' );
		$part         = $this->report( '2025-02-09', '2025-03-05' );
		$this->window = 2;
		Compaction::run( Hits::ts( self::NOW ) );
		$this->assertSame( '2025-03-05', Compaction::compacted_before() );
		$this->assertSame( 0, (int) Db::value( "SELECT COUNT(*) FROM {events} WHERE day < '2025-03-05'" ) );
		Rollups::recompute( array( '2025-02-10', '2025-03-05', '2025-03-06' ) );
		$this->assertSame( $before, $this->report( '2025-02-01', '2025-03-31' ) );
		$this->assertSame( $part, $this->report( '2025-02-09', '2025-03-05' ) );
	}

	/**
	 * Run Audit: the front page is fetched as the device, its server response time kept and shown
	 * (scored) in the report; for a device without field data it stands in for the tile.
	 */
	public function test_run_audit() {
		$fetched = array();
		add_filter(
			'pre_http_request',
			static function ( $pre, $args, $url ) use ( &$fetched ) {
				$fetched[] = array( $url, $args['user-agent'] );
				return array(
					'headers'  => array(),
					'body'     => '<html></html>',
					'response' => array(
						'code'    => 200,
						'message' => 'OK',
					),
					'cookies'  => array(),
				);
			},
			10,
			3
		);
		$response = $this->rest( 'POST', '/monsterinsights-reports/v1/site-speed/audit', array( 'device' => 'mobile' ) );
		$this->assertSame( 200, $response->get_status() );
		$audit = $response->get_data();
		$this->assertSame( array( array( home_url( '/' ), SpeedAudit::USER_AGENTS['mobile'] ) ), $fetched );
		$this->assertSame( 'mobile', $audit['device'] );
		$this->assertSame( SpeedAudit::last( 'mobile' ), array_diff_key( $audit, array( 'device' => true ) ) );

		$day = $this->report( '2025-02-10', '2025-02-10' )['mobile'];
		// Without a cURL transfer (the request was answered by the filter) the audit is the time of
		// the whole request; whatever it measured, the report shows that number, scored.
		$this->assertSame( 'audit', $day['server_response_source'] );
		$this->assertEquals( $audit['server_response_time'], $day['audit']['server_response_time']['value'] );
		$this->assertSame( $day['audit']['server_response_time'], $day['server_response_time'] );
		$this->assertSame( SpeedScore::score( 'ttfb', 'mobile', (float) $audit['server_response_time'] ), $day['audit']['server_response_time']['score'] );
		$this->assertSame( $audit['at'], $day['audit']['at'] );
		// The field data keeps the tile on a device that has it.
		$this->assertSame( 'field', $this->report( '2025-02-10', '2025-02-10' )['desktop']['server_response_source'] );
	}

	/**
	 * Run Audit: a 400 for an unknown device, a 403 below plus, for a user who cannot view reports
	 * and for a request without the REST nonce (not logged in).
	 */
	public function test_audit_route_refusals() {
		$this->assertSame( 400, $this->rest( 'POST', '/monsterinsights-reports/v1/site-speed/audit', array( 'device' => 'tablet' ) )->get_status() );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'basic', 20 );
		$response = $this->rest( 'POST', '/monsterinsights-reports/v1/site-speed/audit', array() );
		$this->assertSame( 403, $response->get_status() );
		$this->assertSame( 'upgrade_required', $response->get_data()['code'] );
		$this->assertSame( 403, $this->rest( 'GET', '/monsterinsights-reports/v1/reports/sitespeed', array() )->get_status() );
		remove_all_filters( 'monsterinsights_reports_licence_level' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'plus' );
		$this->act_as( 'subscriber' );
		$this->assertSame( 403, $this->rest( 'POST', '/monsterinsights-reports/v1/site-speed/audit', array() )->get_status() );
		wp_set_current_user( 0 );
		$this->assertSame( 401, $this->rest( 'POST', '/monsterinsights-reports/v1/site-speed/audit', array() )->get_status() );
		$this->assertNull( SpeedAudit::last( 'desktop' ) );
	}

	/**
	 * Schema 9 computes the histograms of days that still have raw events.
	 */
	public function test_migration_computes_existing_days() {
		Db::query( 'DELETE FROM {rollup_vitals}' );
		Db::query( 'DELETE FROM {rollup_vitals_m}' );
		update_option( Tables::VERSION_OPTION, 8 );
		Migrations::migrate();
		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		$this->assertEquals( self::expected(), $this->report( '2025-02-01', '2025-03-31' ) );
	}
}
