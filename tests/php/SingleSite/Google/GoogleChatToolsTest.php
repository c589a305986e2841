<?php
/**
 * Conversations AI's run_query on the google source: the same tool asks GA4 (the fake).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Conversations\Tools;
use MonsterInsights\Reports\Plugin;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\FakeNumbers;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\GoogleReportTestCase;

/**
 * Now is Wednesday 25 November 2026, noon (UTC, the test site's time zone): the last 7 days are
 * 18–24 November. The numbers are the fake's formulas (FakeNumbers).
 */
class GoogleChatToolsTest extends GoogleReportTestCase {

	/**
	 * A connected site whose active source is google; a pro administrator.
	 */
	protected function set_up() {
		parent::set_up();
		$this->as_admin_with( 'pro' );
	}

	/**
	 * Sessions by device over the last 7 days, largest first, with their total and chart.
	 */
	public function test_run_query_answers_ga4s_numbers(): void {
		$source = Plugin::instance()->sources()->active();
		$this->assertNotNull( $source );
		$this->assertSame( 'google', $source->key() );
		$tools  = new Tools( $source, new \DateTimeImmutable( '2026-11-25 12:00:00', new \DateTimeZone( 'UTC' ) ) );
		$result = $tools->call(
			'run_query',
			(string) wp_json_encode(
				array(
					'metrics'    => array( 'sessions' ),
					'dimensions' => array( 'deviceCategory' ),
					'start_date' => '2026-11-18',
					'end_date'   => '2026-11-24',
					'chart'      => 'donut',
				)
			)
		);
		$answer = json_decode( $result['content'], true );
		$days   = FakeNumbers::days( '2026-11-18', '2026-11-24' );
		$rows   = array();
		foreach ( array( 'desktop', 'mobile', 'tablet' ) as $device ) {
			$rows[ $device ] = FakeNumbers::additive( 'sessions', $days, $device );
		}
		arsort( $rows );
		$expected = array();
		$chart    = array();
		foreach ( $rows as $device => $sessions ) {
			$expected[] = array(
				'dimensions' => array( 'deviceCategory' => $device ),
				'metrics'    => array( 'sessions' => $sessions ),
			);
			$chart[]    = array(
				'value' => $sessions,
				'label' => $device,
			);
		}
		$this->assertSame(
			array(
				'start_date' => '2026-11-18',
				'end_date'   => '2026-11-24',
				'totals'     => array( 'sessions' => array_sum( $rows ) ),
				'rows'       => $expected,
			),
			$answer
		);
		$this->assertSame(
			array(
				'type'       => 'donut',
				'seriesName' => 'Sessions',
				'data'       => $chart,
			),
			$result['chart']
		);
	}
}
