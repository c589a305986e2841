<?php
/**
 * The Real-Time report on the builtin source: payload, its gate, never cached.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Realtime;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\Builtin\RealtimeScript;

/**
 * RealtimeScript's hits at its frozen now (the `monsterinsights_reports_now` filter), Berlin time.
 */
class RealtimeReportTest extends BuiltinTestCase {

	private const ROUTE = '/monsterinsights-reports/v1/reports/realtime';

	/**
	 * The licence level the filter answers.
	 *
	 * @var string
	 */
	private string $level = 'plus';

	/**
	 * The frozen now.
	 *
	 * @var int
	 */
	private int $now;

	/**
	 * The script, the builtin source, an administrator with a plus licence, now frozen.
	 */
	protected function set_up() {
		parent::set_up();
		Realtime::reset();
		add_filter( 'monsterinsights_reports_realtime_budget', '__return_zero' );
		$this->aggregate( RealtimeScript::lines( RealtimeScript::about_post() ) );
		$this->now = Hits::ts( RealtimeScript::NOW );
		add_filter( 'monsterinsights_reports_now', fn() => $this->now );
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', fn() => $this->level );
	}

	/**
	 * Forgets the aggregated sites.
	 */
	protected function tear_down() {
		Realtime::reset();
		parent::tear_down();
	}

	/**
	 * GETs the report: status and data as JSON carries them.
	 *
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function get(): array {
		$response = $this->rest( 'GET', self::ROUTE );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true ) );
	}

	/**
	 * Every part of the payload, exactly.
	 */
	public function test_payload_has_exact_numbers(): void {
		list( $status, $data ) = $this->get();
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$this->assertSame( array( 'now', 'toppages', 'referrals', 'countries', 'cities', 'pageviewsovertime' ), array_keys( $data ) );

		// a and c (through its event) in the last 5 minutes.
		$this->assertSame( 2, $data['now'] );
		// 4 page views in the last 30 minutes: About Us twice, "/" and "/pricing/" once.
		$this->assertEquals(
			array(
				array(
					'title'   => 'About Us',
					'count'   => 2,
					'percent' => 50,
				),
				array(
					'title'   => '/',
					'count'   => 1,
					'percent' => 25,
				),
				array(
					'title'   => '/pricing/',
					'count'   => 1,
					'percent' => 25,
				),
			),
			$data['toppages']
		);
		// 3 active users in the last 30 minutes; b came direct.
		$this->assertEquals(
			array(
				array(
					'source'   => 'google.com',
					'path'     => '/',
					'campaign' => '(not set)',
					'count'    => 1,
					'percent'  => 33.33,
				),
				array(
					'source'   => 'newsletter',
					'path'     => '/pricing/',
					'campaign' => 'spring',
					'count'    => 1,
					'percent'  => 33.33,
				),
			),
			$data['referrals']
		);
		$this->assertEquals(
			array(
				array(
					'name'    => 'Germany',
					'iso'     => 'DE',
					'count'   => 1,
					'percent' => 33.33,
				),
				array(
					'name'    => 'United Kingdom',
					'iso'     => 'GB',
					'count'   => 1,
					'percent' => 33.33,
				),
				array(
					'name'    => 'United States',
					'iso'     => 'US',
					'count'   => 1,
					'percent' => 33.33,
				),
			),
			$data['countries']
		);
		// c has no city.
		$this->assertSame(
			array(
				array(
					'city'   => 'Berlin',
					'region' => 'Berlin',
					'name'   => 'Germany',
					'iso'    => 'DE',
					'count'  => 1,
				),
				array(
					'city'   => 'New York',
					'region' => 'New York',
					'name'   => 'United States',
					'iso'    => 'US',
					'count'  => 1,
				),
			),
			$data['cities']
		);
	}

	/**
	 * Page views of each of the last 30 minutes, oldest first, with trend points against the 30
	 * minutes before.
	 */
	public function test_page_views_per_minute(): void {
		list( , $data ) = $this->get();
		$graph          = $data['pageviewsovertime'];

		$labels = array();
		for ( $ago = 29; $ago > 0; $ago-- ) {
			$labels[] = '-' . $ago . ' min';
		}
		$labels[] = 'now';
		$this->assertSame( $labels, $graph['labels'] );

		// Minutes ago 20 (c), 6 (b), 2 (a "/") and 0 (a "/about/") are at 29 - ago.
		$points = array_fill( 0, 30, 0 );
		foreach ( array( 20, 6, 2, 0 ) as $ago ) {
			$points[ 29 - $ago ] = 1;
		}
		$this->assertSame( $points, $graph['datapoints'] );

		$this->assertSame( $this->now - 29 * 60, $graph['timestamps'][0] );
		$this->assertSame( $this->now, $graph['timestamps'][29] );
		$this->assertCount( 30, $graph['timestamps'] );

		// A minute with a view and none 30 minutes before: null; 10 minutes ago had none and
		// 40 minutes ago (d) one: -100; both empty: 0.
		$trend = array_fill( 0, 30, 0 );
		foreach ( array( 20, 6, 2, 0 ) as $ago ) {
			$trend[ 29 - $ago ] = null;
		}
		$trend[ 29 - 10 ] = -100;
		$this->assertEquals( $trend, $graph['trendpoints'] );
		$this->assertNull( $graph['trendpoints'][29] );
	}

	/**
	 * Never cached: the next minute's answer is the next minute's, with the same data version.
	 */
	public function test_each_request_answers_for_its_own_now(): void {
		list( , $first ) = $this->get();
		$this->assertSame( 2, $first['now'] );

		// Ten minutes later, a and c have left; b left long ago.
		$this->now      += 10 * MINUTE_IN_SECONDS;
		list( , $later ) = $this->get();
		$this->assertSame( 0, $later['now'] );
		$this->assertSame( 1, $later['pageviewsovertime']['datapoints'][ 29 - 10 ] );
	}

	/**
	 * Nothing in the minutes: zeros and empty lists.
	 */
	public function test_quiet_site_has_zeros_and_empty_lists(): void {
		$this->now             = Hits::ts( '2025-03-16 12:00:00' );
		list( $status, $data ) = $this->get();
		$this->assertSame( 200, $status );
		$this->assertSame( 0, $data['now'] );
		foreach ( array( 'toppages', 'referrals', 'countries', 'cities' ) as $list ) {
			$this->assertSame( array(), $data[ $list ], $list );
		}
		$this->assertSame( array_fill( 0, 30, 0 ), $data['pageviewsovertime']['datapoints'] );
	}

	/**
	 * Real time is a plus report: basic gets 403 upgrade_required with the level needed.
	 */
	public function test_basic_licence_is_refused(): void {
		$this->level           = 'basic';
		list( $status, $data ) = $this->get();
		$this->assertSame( 403, $status );
		$this->assertSame( 'upgrade_required', $data['code'] );
		$this->assertSame( 'plus', $data['data']['level'] );
		$this->assertSame( 'realtime', $data['data']['feature'] );
	}

	/**
	 * Titles, ordered keys and types as the route's schema declares them.
	 */
	public function test_payload_validates_against_the_route_schema(): void {
		$schema         = $this->rest( 'OPTIONS', self::ROUTE )->get_data()['schema'];
		list( , $data ) = $this->get();
		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, 'realtime' ) );
		$this->assertSame( array_keys( $schema['properties'] ), array_keys( $data ) );
	}
}
