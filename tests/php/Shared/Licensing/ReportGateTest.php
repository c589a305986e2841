<?php
/**
 * The licence gate of GET monsterinsights-reports/v1/reports/{name}.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Licensing;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Licensing\Levels;
use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\Tiers;
use MonsterInsights\Reports\Tests\Support\LicenceKeys;
use MonsterInsights\Reports\Tests\Support\SessionsSource;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Every report name of the tier table at every level, custom and compare ranges below basic, the
 * most popular page below basic, and the cache keyed by level.
 */
class ReportGateTest extends TestCase {

	use LicenceKeys;

	/**
	 * The level the filter sets; null to leave the stored licence alone.
	 *
	 * @var string|null
	 */
	private ?string $level = null;

	/**
	 * The source the routes answer from.
	 *
	 * @var SessionsSource
	 */
	private SessionsSource $source;

	/**
	 * An administrator, a connected source with a few sessions, the level from $this->level.
	 */
	protected function set_up() {
		parent::set_up();
		Licence::reset();
		$this->act_as( 'administrator' );
		$this->use_source( $this->sessions( '/' ) );
		add_filter( 'monsterinsights_reports_licence_level', fn( $level ) => $this->level ?? $level );
	}

	/**
	 * Registers a SessionsSource as the active, connected source.
	 *
	 * @param array<int, array<string, mixed>> $facts Sessions.
	 */
	private function use_source( array $facts ): void {
		$this->source = new SessionsSource( $facts );
		$source       = $this->source;
		add_filter( 'monsterinsights_reports_sources', static fn() => array( $source ) );
		update_option( BootData::SOURCE_OPTION, 'sessions' );
	}

	/**
	 * Three sessions yesterday on a path.
	 *
	 * @param string $path The page path.
	 * @return array<int, array<string, mixed>>
	 */
	private function sessions( string $path ): array {
		$day  = ( new \DateTimeImmutable( 'yesterday', wp_timezone() ) )->format( 'Y-m-d' );
		$fact = array(
			'date'       => $day,
			'dimensions' => array(
				'deviceCategory' => 'desktop',
				'countryId'      => 'DE',
				'sessionSource'  => 'example.org',
				'sessionMedium'  => 'referral',
				'landingPage'    => $path,
				'pageTitle'      => 'Page',
				'pagePath'       => $path,
				'newVsReturning' => 'new',
				'hour'           => '10',
				'dayOfWeek'      => '1',
			),
			'pageviews'  => 2,
			'duration'   => 30,
			'engaged'    => true,
			'visitor'    => 'v',
		);
		return array( $fact, $fact, $fact );
	}

	/**
	 * GETs a report.
	 *
	 * @param string               $name   Report.
	 * @param array<string, mixed> $params Query.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function get_report( string $name, array $params = array() ): array {
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $name, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * Y-m-d of today minus $days, site timezone.
	 *
	 * @param int $days Days back.
	 */
	private function day( int $days ): string {
		return ( new \DateTimeImmutable( 'today', wp_timezone() ) )->modify( '-' . $days . ' days' )->format( 'Y-m-d' );
	}

	/**
	 * Asserts a 403 upgrade_required with the level and feature.
	 *
	 * @param array{0: int, 1: array<string, mixed>} $answer  Status and data.
	 * @param string                                 $level   The level needed.
	 * @param string                                 $feature The feature.
	 * @param string                                 $message What is checked.
	 */
	private function assert_upgrade_required( array $answer, string $level, string $feature, string $message ): void {
		list( $status, $data ) = $answer;
		$this->assertSame( 403, $status, $message );
		$this->assertSame( 'upgrade_required', $data['code'], $message );
		$this->assertSame( $level, $data['data']['level'], $message );
		$this->assertSame( $feature, $data['data']['feature'], $message );
		$this->assertNotEmpty( $data['message'], $message );
	}

	/**
	 * Every report name of the tier table at every level: 403 with the level needed below it; at or
	 * above, 200 for a built report and 404 for one not built yet.
	 */
	public function test_every_report_at_every_level(): void {
		$routes  = rest_get_server()->get_routes( 'monsterinsights-reports/v1' );
		$checked = 0;
		foreach ( Tiers::reports() as $name => $feature ) {
			$needed = Tiers::FEATURES[ $feature ];
			$built  = isset( $routes[ '/monsterinsights-reports/v1/reports/' . $name ] );
			foreach ( Levels::ALL as $level ) {
				$this->level = $level;
				$answer      = $this->get_report( $name );
				$label       = "$name at $level (needs $needed)";
				if ( ! Levels::at_least( $level, $needed ) ) {
					$this->assert_upgrade_required( $answer, $needed, $feature, $label );
				} elseif ( in_array( $name, array( 'overview', 'site_summary' ), true ) ) {
					$this->assertSame( 200, $answer[0], $label );
				} elseif ( $built ) {
					$this->assertNotSame( 403, $answer[0], $label );
					$this->assertNotSame( 404, $answer[0], $label );
				} else {
					$this->assertSame( 404, $answer[0], $label );
					$this->assertSame( 'rest_report_not_found', $answer[1]['code'], $label );
				}
				++$checked;
			}
		}
		$this->assertSame( count( Tiers::reports() ) * 5, $checked );
	}

	/**
	 * The gate reads the stored licence, not only the filter.
	 */
	public function test_the_gate_reads_the_stored_licence(): void {
		$this->assert_upgrade_required( $this->get_report( 'publisher' ), 'plus', 'publisher', 'no licence' );
		update_option( \MonsterInsights\Reports\Licensing\Licence::SITE_OPTION, $this->mint( 'basic' ) );
		$this->assert_upgrade_required( $this->get_report( 'traffic_overview' ), 'plus', 'traffic_overview', 'basic sees the upsell' );
		update_option( \MonsterInsights\Reports\Licensing\Licence::SITE_OPTION, $this->mint( 'pro' ) );
		$this->assert_upgrade_required( $this->get_report( 'exceptions' ), 'agency', 'exceptions', 'pro' );
		$this->assertSame( 404, $this->get_report( 'ai_chat' )[0], 'unlocked, not built yet' );
	}

	/**
	 * Names outside the tier table: 404 at every level.
	 */
	public function test_unknown_names_are_404(): void {
		foreach ( array( 'lite', 'agency' ) as $level ) {
			$this->level           = $level;
			list( $status, $data ) = $this->get_report( 'no_such_report' );
			$this->assertSame( 404, $status );
			$this->assertSame( 'rest_report_not_found', $data['code'] );
		}
	}

	/**
	 * Lite gets the default last 30 days only; basic gets any range.
	 */
	public function test_custom_ranges_need_basic(): void {
		$this->level = 'lite';
		$default     = array(
			'start' => $this->day( 30 ),
			'end'   => $this->day( 1 ),
		);
		$this->assertSame( 200, $this->get_report( 'overview' )[0], 'no dates: the default' );
		$this->assertSame( 200, $this->get_report( 'overview', $default )[0], 'the default, spelt out' );
		$this->assertSame( 200, $this->get_report( 'site_summary', array( 'end' => $this->day( 1 ) ) )[0], 'the default end alone' );

		$custom = array(
			'last 7 days'     => array(
				'start' => $this->day( 7 ),
				'end'   => $this->day( 1 ),
			),
			'start only'      => array( 'start' => $this->day( 29 ) ),
			'end only'        => array( 'end' => $this->day( 2 ) ),
			'ending today'    => array(
				'start' => $this->day( 29 ),
				'end'   => $this->day( 0 ),
			),
			'invalid as well' => array(
				'start' => $this->day( 1 ),
				'end'   => $this->day( 5 ),
			),
		);
		foreach ( $custom as $label => $params ) {
			foreach ( array( 'overview', 'site_summary' ) as $name ) {
				$this->assert_upgrade_required( $this->get_report( $name, $params ), 'basic', 'custom_date_range', "$name, $label" );
			}
		}

		$this->level = 'basic';
		$this->assertSame( 200, $this->get_report( 'overview', $custom['last 7 days'] )[0] );
		$this->assertSame( 400, $this->get_report( 'overview', $custom['invalid as well'] )[0], 'basic gets the date check' );
	}

	/**
	 * Lite gets no compare range; basic does.
	 */
	public function test_compare_needs_basic(): void {
		$compare     = array(
			'start'         => $this->day( 30 ),
			'end'           => $this->day( 1 ),
			'compare_start' => $this->day( 60 ),
			'compare_end'   => $this->day( 31 ),
		);
		$this->level = 'lite';
		$this->assert_upgrade_required( $this->get_report( 'overview', $compare ), 'basic', 'compare', 'compare' );
		$this->assert_upgrade_required( $this->get_report( 'overview', array( 'compare_start' => $this->day( 60 ) ) ), 'basic', 'compare', 'half a compare range' );

		$this->level           = 'basic';
		list( $status, $data ) = $this->get_report( 'overview', $compare );
		$this->assertSame( 200, $status );
		$this->assertArrayHasKey( 'compare', $data );
	}

	/**
	 * The connection is checked first; the gate filter still applies after the tier table.
	 */
	public function test_order_of_checks(): void {
		$this->level = 'lite';
		update_option( BootData::SOURCE_OPTION, '' );
		$this->assertSame( 409, $this->get_report( 'overview', array( 'compare_start' => $this->day( 60 ) ) )[0] );
		update_option( BootData::SOURCE_OPTION, 'sessions' );

		$this->level = 'agency';
		$names       = array();
		add_filter(
			'monsterinsights_reports_report_gate',
			static function ( $error, $name ) use ( &$names ) {
				$names[] = $name;
				return 'site_summary' === $name ? new \WP_Error( 'upgrade_required', 'Module off', array( 'status' => 403 ) ) : $error;
			},
			10,
			2
		);
		$this->assertSame( 200, $this->get_report( 'overview' )[0] );
		$this->assertSame( 403, $this->get_report( 'site_summary' )[0] );
		$this->assertSame( array( 'overview', 'site_summary' ), $names );

		$this->level = 'lite';
		$this->get_report( 'overview', array( 'start' => $this->day( 5 ) ) );
		$this->assertSame( array( 'overview', 'site_summary' ), $names, 'the filter is not asked when the tier table refuses' );
	}

	/**
	 * Below basic the most popular page is empty, and the cache keeps the levels apart.
	 */
	public function test_popular_page_needs_basic(): void {
		$page = (int) wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_title'  => 'Pricing',
				'post_status' => 'publish',
			)
		);
		$this->use_source( $this->sessions( '/?page_id=' . $page ) );

		$this->level    = 'basic';
		list( , $data ) = $this->get_report( 'site_summary' );
		$this->assertSame( 'Pricing', $data['popular_page']['title'] );

		$this->level           = 'lite';
		list( $status, $data ) = $this->get_report( 'site_summary' );
		$this->assertSame( 200, $status );
		$this->assertSame( array(), $data['popular_page'], 'lite gets no real popular page, not even from the cache' );
		$this->assertStringNotContainsString( 'Pricing', (string) wp_json_encode( $data ) );
		$schema = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/reports/site_summary' )->get_data()['schema'];
		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, 'site_summary' ) );

		$this->level    = 'pro';
		list( , $data ) = $this->get_report( 'site_summary' );
		$this->assertSame( 'Pricing', $data['popular_page']['title'] );
	}
}
