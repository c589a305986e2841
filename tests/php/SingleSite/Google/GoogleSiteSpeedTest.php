<?php
/**
 * The Site Speed report on the google source: PageSpeed Insights' lab run per device.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Reports\SpeedScore;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\GoogleReportTestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- The fixtures.

/**
 * The figures of tests/fake-google/fixtures/pagespeed-{mobile,desktop}.json:
 *
 * Mobile: performance 0.71 → 71; FCP 2412.5 ms (0.7), LCP 4105.2 ms (0.47), TBT 318.5 ms (0.72),
 * CLS 0.087 (0.92), server response 412.3 ms (1); INP from loadingExperience: 176 ms, which
 * Lighthouse's curve (200 / 500) scores 92.
 * Desktop: performance 0.94 → 94; FCP 689.1 ms (0.95), LCP 1203.7 ms (0.9), TBT 42 ms (1), CLS
 * 0.012 (1), server response 188.4 ms (1); INP 88 ms, scored 99.
 */
class GoogleSiteSpeedTest extends GoogleReportTestCase {

	private const RANGE = array(
		'start' => '2026-11-01',
		'end'   => '2026-11-30',
	);


	/**
	 * Each test: a plus licence and the fixture's PageSpeed key.
	 */
	protected function set_up() {
		parent::set_up();
		( new Connection() )->store_secret( Connection::SECRET_PSI, self::api_key() );
		$this->as_admin_with( 'plus' );
	}

	/**
	 * The fixture's key.
	 */
	private static function api_key(): string {
		return json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fake-google/fixtures/api-key.json' ), true )['key'];
	}

	/**
	 * The PageSpeed requests logged since the last reset.
	 *
	 * @return list<array<string, mixed>>
	 */
	private static function pagespeed_requests(): array {
		return array_values( array_filter( self::fake_google_requests(), static fn( array $r ): bool => '/pagespeedonline/v5/runPagespeed' === $r['path'] ) );
	}

	/**
	 * A device's figures without its run's time.
	 *
	 * @param array<string, mixed> $figures The figures.
	 * @return array<string, mixed>
	 */
	private static function without_time( array $figures ): array {
		unset( $figures['audit']['at'] );
		return $figures;
	}

	/**
	 * Both devices: all six metrics with Lighthouse's scores, the performance score as the overall
	 * score, TBT from the lab, INP from the field; one request per device with the site's URL, the
	 * strategy, the performance category and the key.
	 */
	public function test_the_lab_run_of_each_device(): void {
		$before = time();
		$data   = $this->report( 'sitespeed', self::RANGE );
		$this->assertSame(
			array(
				'overallScore'              => 71,
				'samples'                   => 0,
				'cumulative_layout_shift'   => array(
					'score' => 92,
					'value' => 0.087,
				),
				'largest_contentful_paint'  => array(
					'score' => 47,
					'value' => 4.1052,
				),
				'server_response_time'      => array(
					'score' => 100,
					'value' => 412.3,
				),
				'first_contentful_paint'    => array(
					'score' => 70,
					'value' => 2.4125,
				),
				'total_blocking_time'       => array(
					'score' => 72,
					'value' => 318.5,
				),
				'interaction_to_next_paint' => array(
					'score' => SpeedScore::score( 'inp', 'mobile', 176 ),
					'value' => 0.176,
				),
				'audit'                     => array(
					'server_response_time' => array(
						'score' => 100,
						'value' => 412.3,
					),
				),
				'server_response_source'    => 'audit',
				'method'                    => 'lab',
			),
			self::without_time( $data['mobile'] )
		);
		$this->assertSame( 92, SpeedScore::score( 'inp', 'mobile', 176 ) );
		$this->assertSame(
			array(
				'overallScore'              => 94,
				'samples'                   => 0,
				'cumulative_layout_shift'   => array(
					'score' => 100,
					'value' => 0.012,
				),
				'largest_contentful_paint'  => array(
					'score' => 90,
					'value' => 1.2037,
				),
				'server_response_time'      => array(
					'score' => 100,
					'value' => 188.4,
				),
				'first_contentful_paint'    => array(
					'score' => 95,
					'value' => 0.6891,
				),
				'total_blocking_time'       => array(
					'score' => 100,
					'value' => 42,
				),
				'interaction_to_next_paint' => array(
					'score' => 99,
					'value' => 0.088,
				),
				'audit'                     => array(
					'server_response_time' => array(
						'score' => 100,
						'value' => 188.4,
					),
				),
				'server_response_source'    => 'audit',
				'method'                    => 'lab',
			),
			self::without_time( $data['desktop'] )
		);
		// The run's time is the fake's fetchTime: now.
		$this->assertGreaterThanOrEqual( $before, $data['mobile']['audit']['at'] );
		$this->assertLessThanOrEqual( time(), $data['mobile']['audit']['at'] );

		$requests = self::pagespeed_requests();
		$this->assertCount( 2, $requests );
		$this->assertSame(
			array(
				array(
					'url'      => home_url( '/' ),
					'strategy' => 'desktop',
					'category' => 'performance',
					'key'      => self::api_key(),
				),
				array(
					'url'      => home_url( '/' ),
					'strategy' => 'mobile',
					'category' => 'performance',
					'key'      => self::api_key(),
				),
			),
			array_map( static fn( array $r ): array => $r['query'], $requests )
		);
		$this->assertNull( $requests[0]['authorization'], 'PageSpeed takes the key, not the bearer token' );
	}

	/**
	 * A second load reads the kept runs; Run Audit runs its device afresh, and only that one.
	 */
	public function test_runs_are_kept_per_device_and_run_audit_runs_afresh(): void {
		$this->report( 'sitespeed', self::RANGE );
		$this->report( 'sitespeed', self::RANGE );
		$this->assertCount( 2, self::pagespeed_requests() );

		$response = $this->rest( 'POST', '/monsterinsights-reports/v1/site-speed/audit', array( 'device' => 'mobile' ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'mobile', $response->get_data()['device'] );
		$this->assertSame( 412.3, $response->get_data()['server_response_time'] );
		$requests = self::pagespeed_requests();
		$this->assertCount( 3, $requests );
		$this->assertSame( 'mobile', $requests[2]['query']['strategy'] );

		$this->report( 'sitespeed', self::RANGE );
		$this->assertCount( 3, self::pagespeed_requests(), 'the fresh run is the kept one' );

		$this->rest( 'POST', '/monsterinsights-reports/v1/site-speed/audit', array( 'device' => 'desktop' ) );
		$requests = self::pagespeed_requests();
		$this->assertCount( 4, $requests );
		$this->assertSame( 'desktop', $requests[3]['query']['strategy'] );
	}

	/**
	 * Without a key of its own the run goes out keyless (Google's shared quota); a key PageSpeed
	 * refuses, a quota or an outage are the source's states, not a blank report.
	 */
	public function test_without_a_key_and_faults(): void {
		( new Connection() )->forget_secret( Connection::SECRET_PSI );
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/sitespeed', array() );
		// The fake, like a real key-restricted project, refuses a run without the key; the screen
		// says so in Google's words, not that the answer could not be read.
		$this->assertSame( 'google_malformed', $response->get_data()['code'] );
		$this->assertSame( 'Google refused the request: API key not valid. Please pass a valid API key.', $response->get_data()['message'] );
		$this->assertArrayNotHasKey( 'key', self::pagespeed_requests()[0]['query'] );

		( new Connection() )->store_secret( Connection::SECRET_PSI, self::api_key() );
		self::fake_google_control(
			'/__control',
			array(
				'fault' => 'server_error',
				'scope' => 'pagespeed',
				'times' => 1,
			)
		);
		$response = $this->rest( 'POST', '/monsterinsights-reports/v1/site-speed/audit', array( 'device' => 'mobile' ) );
		$this->assertSame( 'google_unavailable', $response->get_data()['code'] );
		$this->assertSame( 503, $response->get_status() );
	}
}
