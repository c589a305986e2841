<?php
/**
 * The REST answers the reports page preloads.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Admin\Preload;
use MonsterInsights\Reports\Licensing\Tiers;
use MonsterInsights\Reports\Reports\NeedsShop;
use MonsterInsights\Reports\Reports\Registry;
use MonsterInsights\Reports\REST\MetricsController;
use MonsterInsights\Reports\Tests\Support\SessionsSource;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The paths built for the current user, site, licence level and default range, and the answers:
 * each exactly what the route answers the same user.
 */
class PreloadTest extends TestCase {

	/**
	 * The start-up loads' paths.
	 */
	private const START_UP = array(
		'/monsterinsights-reports/v1/addons',
		'/monsterinsights-reports/v1/settings',
		'/monsterinsights-reports/v1/notifications',
	);

	/**
	 * A timezone far from UTC, so a range computed in UTC would be a day off for half of the day.
	 */
	private const TIMEZONE = 'Pacific/Kiritimati';

	/**
	 * Site-local today, computed here independently of the plugin.
	 *
	 * @var \DateTimeImmutable
	 */
	private \DateTimeImmutable $today;

	/**
	 * The site's timezone.
	 */
	protected function set_up() {
		parent::set_up();
		update_option( 'timezone_string', self::TIMEZONE );
		$this->today = new \DateTimeImmutable( 'today', new \DateTimeZone( self::TIMEZONE ) );
	}

	/**
	 * Y-m-d of site-local today minus $days.
	 *
	 * @param int $days Days back.
	 */
	private function day( int $days ): string {
		return $this->today->modify( '-' . $days . ' days' )->format( 'Y-m-d' );
	}

	/**
	 * Connects a source of three sessions: two yesterday (4 page views), one 3 days ago (1 page
	 * view), and one 40 days ago, outside the default range.
	 */
	private function connect(): void {
		$session = fn( int $days_ago, int $views, string $visitor ): array => array(
			'date'       => $this->day( $days_ago ),
			'dimensions' => array(
				'deviceCategory' => 'desktop',
				'countryId'      => 'DE',
				'sessionSource'  => '(direct)',
				'sessionMedium'  => '(none)',
				'landingPage'    => '/a/',
				'pageTitle'      => 'A',
				'pagePath'       => '/a/',
				'newVsReturning' => 'new',
				'hour'           => '10',
				'dayOfWeek'      => '1',
			),
			'pageviews'  => $views,
			'duration'   => 30,
			'engaged'    => true,
			'visitor'    => $visitor,
		);
		$source  = new SessionsSource( array( $session( 1, 3, 'v1' ), $session( 1, 1, 'v2' ), $session( 3, 1, 'v3' ), $session( 40, 7, 'v4' ) ) );
		add_filter( 'monsterinsights_reports_sources', static fn() => array( $source ) );
		update_option( BootData::SOURCE_OPTION, 'sessions' );
		$GLOBALS['wp_rest_server'] = null;
	}

	/**
	 * The default route's paths: the last 30 days ending yesterday, in the site's timezone.
	 *
	 * @return string[]
	 */
	private function default_route_paths(): array {
		$range = '?start=' . $this->day( 30 ) . '&end=' . $this->day( 1 );
		return array(
			'/monsterinsights-reports/v1/metrics',
			'/monsterinsights-reports/v1/reports/overview' . $range,
			'/monsterinsights-reports/v1/reports/site_summary' . $range,
		);
	}

	/**
	 * What a route answers the current user, as JSON would carry it.
	 *
	 * @param string $path A path with its query.
	 * @return mixed
	 */
	private function answer( string $path ) {
		$parts = wp_parse_url( $path );
		parse_str( $parts['query'] ?? '', $query );
		$response = $this->rest( 'GET', $parts['path'], $query );
		$this->assertSame( 200, $response->get_status(), $path );
		return json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true );
	}

	/**
	 * The preloaded answers as the page prints them, decoded.
	 *
	 * @return array<string, array{body: mixed, headers: array<string, string>}>
	 */
	private function printed(): array {
		$script = Preload::script();
		$prefix = 'window.monsterinsightsReportsPreload = ';
		$this->assertStringStartsWith( $prefix, $script );
		$this->assertStringEndsWith( ';', $script );
		$data = json_decode( substr( $script, strlen( $prefix ), -1 ), true );
		$this->assertIsArray( $data );
		return $data;
	}

	/**
	 * A visitor and a subscriber get nothing preloaded; the page prints an empty object.
	 */
	public function test_nothing_for_users_who_may_not_view_reports(): void {
		$this->connect();
		$this->assertSame( array(), Preload::paths() );
		$this->act_as( 'subscriber' );
		$this->assertSame( array(), Preload::paths() );
		$this->assertSame( 'window.monsterinsightsReportsPreload = {};', Preload::script() );
	}

	/**
	 * Before a source is chosen, only the start-up loads.
	 */
	public function test_only_the_start_up_loads_when_not_connected(): void {
		$this->act_as( 'administrator' );
		$this->assertSame( self::START_UP, Preload::paths() );
		$this->assertSame( self::START_UP, array_keys( $this->printed() ) );
	}

	/**
	 * On a connected site: the start-up loads, the metrics and the Overview's two reports for the
	 * default range of the site's timezone, each answer exactly what the route answers.
	 */
	public function test_the_default_route_on_a_connected_site(): void {
		$this->connect();
		$this->act_as( 'administrator' );
		$paths = array_merge( self::START_UP, $this->default_route_paths() );
		$this->assertSame( $paths, Preload::paths() );

		$printed = $this->printed();
		$this->assertSame( $paths, array_keys( $printed ) );
		foreach ( $paths as $path ) {
			$this->assertSame( $this->answer( $path ), $printed[ $path ]['body'], $path );
		}
		// The numbers: 3 sessions and 5 page views in the range (the one 40 days ago is outside).
		$overview = $printed[ $paths[4] ]['body'];
		$this->assertEquals( 3, $overview['infobox']['sessions']['value'] );
		$this->assertEquals( 5, $overview['infobox']['pageviews']['value'] );
	}

	/**
	 * The default route's reports need no shop: like the app (src/app/firstScreen.ts, which asks
	 * for no report of the tier feature `ecommerce` early while the site has no shop), the page
	 * prints none that could only answer 400 no_shop; on this site without a shop, both answer.
	 */
	public function test_the_default_route_needs_no_shop(): void {
		$this->connect();
		$this->act_as( 'administrator' );
		$this->assertNull( BootData::build( array( 'shop' ) )['shop'] );
		foreach ( Preload::DEFAULT_REPORTS as $report ) {
			$this->assertNotSame( 'ecommerce', Tiers::feature_of( $report ), $report );
			$this->assertFalse( is_subclass_of( (string) Registry::REPORTS[ $report ]['class'], NeedsShop::class ), $report );
		}
		$paths = $this->default_route_paths();
		$this->assertSame( array( $paths[1], $paths[2] ), array_values( array_filter( array_keys( $this->printed() ), static fn( string $path ): bool => str_contains( $path, '/reports/' ) ) ) );
	}

	/**
	 * The metrics are the user's own saved selection.
	 */
	public function test_the_users_saved_metric_selection(): void {
		$this->connect();
		$user = $this->act_as( 'administrator' );
		update_user_meta( $user, MetricsController::META, array( 'bounce_rate', 'new_users', 'pageviews' ) );

		$metrics = $this->printed()['/monsterinsights-reports/v1/metrics']['body'];
		$checked = array_values( array_map( static fn( array $metric ): string => $metric['id'], array_filter( $metrics, static fn( array $metric ): bool => $metric['checked'] ) ) );
		// In the order of the metric ids.
		$this->assertSame( array( 'pageviews', 'bounce_rate', 'new_users' ), $checked );

		// Another user sees theirs: the default selection.
		$this->act_as( 'administrator' );
		$metrics = $this->printed()['/monsterinsights-reports/v1/metrics']['body'];
		$checked = array_values( array_map( static fn( array $metric ): string => $metric['id'], array_filter( $metrics, static fn( array $metric ): bool => $metric['checked'] ) ) );
		$this->assertSame( array( 'sessions', 'pageviews' ), $checked );
	}

	/**
	 * The answers follow the licence level: each is what the route answers at that level.
	 */
	public function test_the_answers_follow_the_licence_level(): void {
		$this->connect();
		$this->act_as( 'administrator' );
		foreach ( array( 'lite', 'basic', 'agency' ) as $level ) {
			$filter  = static fn() => $level;
			add_filter( 'monsterinsights_reports_licence_level', $filter );
			$printed = $this->printed();
			foreach ( $this->default_route_paths() as $path ) {
				$this->assertSame( $this->answer( $path ), $printed[ $path ]['body'], "$level: $path" );
			}
			remove_filter( 'monsterinsights_reports_licence_level', $filter );
		}
	}

	/**
	 * A report the server refuses is left out, for the app's own request to show the refusal.
	 */
	public function test_a_refused_report_is_left_out(): void {
		$this->connect();
		$this->act_as( 'administrator' );
		add_filter(
			'monsterinsights_reports_report_gate',
			static fn( $error, $name ) => 'overview' === $name ? new \WP_Error( 'upgrade_required', 'Upgrade', array( 'status' => 403 ) ) : $error,
			10,
			2
		);
		$paths = $this->default_route_paths();
		$this->assertSame( array_merge( self::START_UP, array( $paths[0], $paths[2] ) ), array_keys( $this->printed() ) );
	}

	/**
	 * With the default route's reports, the page loads its screen's scripts and stylesheet with
	 * itself; without them, nothing.
	 */
	public function test_the_default_screens_files(): void {
		$groups = MONSTERINSIGHTS_REPORTS_DIR . 'build/chunk-groups.php';
		$this->assertFileIsReadable( $groups, 'build/ is missing: run `npm run build` before the PHP tests.' );
		$scripts = ( include $groups )['report-overview'];
		$this->assertNotEmpty( $scripts );
		$build = 'http://' . WP_TESTS_DOMAIN . '/wp-content/plugins/monsterinsights-reports/build/';

		$this->act_as( 'administrator' );
		$this->assertSame( array(), Preload::screen_files(), 'not connected' );

		Preload::enqueue_screen( 'monsterinsights-reports' );
		$this->assertFalse( has_action( 'admin_head', array( Preload::class, 'print_screen_links' ) ) );

		$this->connect();
		$this->assertSame(
			array_merge(
				array_map(
					static fn( string $script ): array => array(
						'file' => $script,
						'as'   => 'script',
					),
					$scripts
				),
				array(
					array(
						'file' => 'report-overview.css',
						'as'   => 'style',
					),
				)
			),
			Preload::screen_files()
		);

		// The scripts deferred in the footer and the stylesheet, at the URLs webpack asks for.
		Preload::enqueue_screen( 'monsterinsights-reports' );
		$enqueued = array();
		foreach ( wp_scripts()->queue as $handle ) {
			$script = wp_scripts()->registered[ $handle ];
			if ( str_starts_with( $handle, 'monsterinsights-reports-' ) ) {
				$enqueued[] = array( $script->src, $script->ver, wp_scripts()->get_data( $handle, 'group' ), wp_scripts()->get_data( $handle, 'strategy' ) );
			}
		}
		$this->assertSame( array_map( static fn( string $script ): array => array( $build . $script, null, 1, 'defer' ), $scripts ), $enqueued );
		$style = wp_styles()->registered['monsterinsights-reports-report-overview'];
		$this->assertTrue( wp_style_is( 'monsterinsights-reports-report-overview', 'enqueued' ) );
		$this->assertSame( array( $build . 'report-overview.css', null ), array( $style->src, $style->ver ) );

		// And the scripts linked for preloading from the head.
		$this->assertSame( 10, has_action( 'admin_head', array( Preload::class, 'print_screen_links' ) ) );
		$expected = '';
		foreach ( $scripts as $script ) {
			$expected .= '<link rel="preload" href="' . $build . $script . '" as="script" />' . "\n";
		}
		ob_start();
		Preload::print_screen_links();
		$this->assertSame( $expected, ob_get_clean() );

		// A right-to-left language gets the mirrored stylesheet.
		$GLOBALS['wp_locale']->text_direction = 'rtl';

		$files = Preload::screen_files();

		$GLOBALS['wp_locale']->text_direction = 'ltr';
		$this->assertSame(
			array(
				'file' => 'report-overview-rtl.css',
				'as'   => 'style',
			),
			end( $files )
		);
	}
}
