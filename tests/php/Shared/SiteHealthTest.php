<?php
/**
 * The Site Health tests of the built-in analytics.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Admin\SiteHealth;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\RateLimit;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Scheduler;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Every status of every test, from simulated states: loopback answers through `pre_http_request`,
 * the last-run option and the cron event, buffer files of given sizes, rollup rows.
 */
class SiteHealthTest extends TestCase {

	private const COLLECT_URL = 'http://example.org/wp-content/plugins/monsterinsights-reports/collect.php?s=1';
	private const REST_URL    = 'http://example.org/wp-json/monsterinsights-reports/v1/collect';

	/**
	 * Requests the tests made: method and URL.
	 *
	 * @var array<int, array{0: string, 1: string, 2: mixed}>
	 */
	private array $requests = array();

	/**
	 * Files a test wrote into the data dir.
	 *
	 * @var string[]
	 */
	private array $written = array();

	/**
	 * No cron event, no last run.
	 */
	protected function set_up() {
		parent::set_up();
		wp_clear_scheduled_hook( Scheduler::AGGREGATE_HOOK );
		delete_option( Aggregator::LAST_RUN_OPTION );
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		$this->requests = array();
	}

	/**
	 * Removes the files a test wrote; puts the cron event back.
	 */
	protected function tear_down() {
		foreach ( $this->written as $path ) {
			if ( is_file( $path ) ) {
				unlink( $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink -- Test files.
			}
		}
		$this->written = array();
		parent::tear_down();
		Scheduler::schedule();
	}

	/**
	 * Answers every outgoing request with a response (status and body) or an error, and records it.
	 *
	 * @param int|\WP_Error $answer A status, or an error.
	 * @param string        $body   The body.
	 */
	private function answer_http( $answer, string $body = '' ): void {
		add_filter(
			'pre_http_request',
			function ( $pre, $args, $url ) use ( $answer, $body ) {
				$this->requests[] = array( $args['method'], $url, $args['body'] ?? null );
				if ( $answer instanceof \WP_Error ) {
					return $answer;
				}
				return array(
					'headers'  => array(),
					'body'     => $body,
					'response' => array(
						'code'    => $answer,
						'message' => '',
					),
					'cookies'  => array(),
					'filename' => null,
				);
			},
			10,
			3
		);
	}

	/**
	 * Writes a file of a given size (past the guard line) into the data dir; sparse, so large sizes
	 * cost nothing.
	 *
	 * @param string $name  The file's name.
	 * @param int    $bytes Bytes after the guard line.
	 * @return string The path.
	 */
	private function data_file( string $name, int $bytes ): string {
		$dir = DataDir::ensure();
		$this->assertNotNull( $dir );
		$path = $dir . '/' . $name;
		// phpcs:disable WordPress.WP.AlternativeFunctions -- Test files.
		$handle = fopen( $path, 'wb' );
		fwrite( $handle, PrivateFile::GUARD . '{"t":"pageview"}' );
		ftruncate( $handle, strlen( PrivateFile::GUARD ) + $bytes );
		fclose( $handle );
		// phpcs:enable
		$this->written[] = $path;
		return $path;
	}

	/**
	 * The tests: all six while the collector is on (builtin, or no source yet), the two that make
	 * loopback requests (collector, data folder) asynchronous, through their REST routes, and the
	 * others direct; only the database size with another source.
	 */
	public function test_registers_the_tests() {
		$this->assertSame( 10, has_filter( 'site_status_tests', array( SiteHealth::class, 'add_tests' ) ) );
		$direct = array( 'monsterinsights_reports_aggregation', 'monsterinsights_reports_buffer', 'monsterinsights_reports_rate_limit', 'monsterinsights_reports_database' );
		$async  = array( 'monsterinsights_reports_collector', 'monsterinsights_reports_data_dir' );

		$tests = apply_filters(
			'site_status_tests',
			array(
				'direct' => array( 'php_version' => array() ),
				'async'  => array( 'loopback_requests' => array() ),
			)
		);
		$this->assertSame( $direct, array_slice( array_keys( $tests['direct'] ), -4 ) );
		$this->assertSame( $async, array_slice( array_keys( $tests['async'] ), -2 ) );
		$this->assertArrayHasKey( 'php_version', $tests['direct'] );
		$this->assertArrayHasKey( 'loopback_requests', $tests['async'] );
		$this->assertSame( array( SiteHealth::class, 'test_aggregation' ), $tests['direct']['monsterinsights_reports_aggregation']['test'] );
		$this->assertSame(
			array(
				'label'             => 'Insights collector endpoint',
				'test'              => rest_url( 'monsterinsights-reports/v1/site-health/collector' ),
				'has_rest'          => true,
				'async_direct_test' => array( SiteHealth::class, 'test_collector' ),
			),
			$tests['async']['monsterinsights_reports_collector']
		);
		$this->assertSame( rest_url( 'monsterinsights-reports/v1/site-health/data-dir' ), $tests['async']['monsterinsights_reports_data_dir']['test'] );
		$this->assertSame( 'Insights data folder', $tests['async']['monsterinsights_reports_data_dir']['label'] );
		$this->assertSame( array( SiteHealth::class, 'test_data_dir' ), $tests['async']['monsterinsights_reports_data_dir']['async_direct_test'] );

		update_option( BootData::SOURCE_OPTION, '' );
		$tests = SiteHealth::add_tests( array() );
		$this->assertSame( $direct, array_keys( $tests['direct'] ) );
		$this->assertSame( $async, array_keys( $tests['async'] ) );

		update_option( BootData::SOURCE_OPTION, 'google' );
		$tests = SiteHealth::add_tests( array() );
		$this->assertSame( array( 'monsterinsights_reports_database' ), array_keys( $tests['direct'] ) );
		$this->assertSame( array(), $tests['async'] );
	}

	/**
	 * Opening Site Health runs the direct tests while the page loads: none of the plugin's makes
	 * a request. The loopback tests run afterwards, one request of the screen's script each; the
	 * weekly check runs them through `async_direct_test` (core's WP_Site_Health, as it builds its
	 * list and as its cron event does).
	 */
	public function test_no_loopback_while_the_page_loads() {
		require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
		$this->answer_http( 400 );
		$tests = \WP_Site_Health::get_tests();
		$ours  = 0;
		foreach ( $tests['direct'] as $key => $test ) {
			if ( str_starts_with( (string) $key, SiteHealth::PREFIX ) ) {
				$result = call_user_func( $test['test'] );
				$this->assertSame( $key, $result['test'] );
				++$ours;
			}
		}
		$this->assertSame( 4, $ours );
		$this->assertSame( array(), $this->requests, 'the direct tests make no request' );

		foreach ( array( 'collector', 'data_dir' ) as $key ) {
			$test = $tests['async'][ SiteHealth::PREFIX . $key ];
			$this->assertIsString( $test['test'] );
			$this->assertTrue( $test['has_rest'] );
			$this->assertTrue( is_callable( $test['async_direct_test'] ) );
			$this->assertSame( SiteHealth::PREFIX . $key, call_user_func( $test['async_direct_test'] )['test'] );
		}
		$this->assertSame( 'POST', $this->requests[0][0] );
		$this->assertSame( 'GET', $this->requests[1][0] );
	}

	/**
	 * The asynchronous tests' routes answer the test's result to a user who may see Site Health
	 * (an administrator; on a network, a super admin), refuse others, and follow core's
	 * `site_health_test_rest_capability_{test}` filter.
	 */
	public function test_async_tests_answer_through_rest() {
		add_filter( 'monsterinsights_reports_collect_endpoint', fn () => self::COLLECT_URL );
		$this->answer_http( 400 );
		$admin = $this->act_as( 'administrator' );
		if ( is_multisite() ) {
			grant_super_admin( $admin );
		}

		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/site-health/collector' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( SiteHealth::test_collector(), $response->get_data() );
		$this->assertSame( 'good', $response->get_data()['status'] );
		$this->assertSame( array( 'POST', self::COLLECT_URL, '' ), $this->requests[0] );

		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/site-health/data-dir' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'monsterinsights_reports_data_dir', $response->get_data()['test'] );
		$this->assertSame( 'The Insights data folder is private', $response->get_data()['label'] );

		$schema = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/site-health/collector' )->get_data()['schema'];
		$this->assertSame( array( 'good', 'recommended', 'critical' ), $schema['properties']['status']['enum'] );

		$this->act_as( 'subscriber' );
		foreach ( array( 'collector', 'data-dir' ) as $route ) {
			$response = $this->rest( 'GET', '/monsterinsights-reports/v1/site-health/' . $route );
			$this->assertSame( 403, $response->get_status(), $route );
			$this->assertSame( 'rest_forbidden', $response->get_data()['code'] );
		}
		add_filter( 'site_health_test_rest_capability_monsterinsights_reports_collector', fn () => 'read' );
		$this->assertSame( 200, $this->rest( 'GET', '/monsterinsights-reports/v1/site-health/collector' )->get_status() );
		$this->assertSame( 403, $this->rest( 'GET', '/monsterinsights-reports/v1/site-health/data-dir' )->get_status() );
	}

	/**
	 * Collector: collect.php answers (good), only the REST route is used (recommended), the request
	 * fails or is refused (critical). The probe is an empty POST to the tracker's URL.
	 */
	public function test_collector_statuses() {
		add_filter( 'monsterinsights_reports_collect_endpoint', fn () => self::COLLECT_URL );
		$this->answer_http( 400 );
		$result = SiteHealth::test_collector();
		$this->assertSame( array( array( 'POST', self::COLLECT_URL, '' ) ), $this->requests );
		$this->assertSame( 'good', $result['status'] );
		$this->assertSame( 'The Insights collector answers', $result['label'] );
		$this->assertSame( 'monsterinsights_reports_collector', $result['test'] );
		$this->assertSame(
			array(
				'label' => 'Insights',
				'color' => 'blue',
			),
			$result['badge']
		);

		remove_all_filters( 'pre_http_request' );
		remove_all_filters( 'monsterinsights_reports_collect_endpoint' );
		add_filter( 'monsterinsights_reports_collect_endpoint', fn () => self::REST_URL );
		$this->answer_http( 204 );
		$result = SiteHealth::test_collector();
		$this->assertSame( 'recommended', $result['status'] );
		$this->assertSame( 'The Insights collector answers through the REST API', $result['label'] );
		$this->assertStringContainsString( '<code>' . self::REST_URL . '</code>', $result['description'] );

		foreach ( array( 403, 404, 500 ) as $status ) {
			remove_all_filters( 'pre_http_request' );
			$this->answer_http( $status );
			$result = SiteHealth::test_collector();
			$this->assertSame( 'critical', $result['status'], (string) $status );
			$this->assertSame( 'Visits cannot reach the Insights collector', $result['label'] );
			$this->assertStringContainsString( "(HTTP status $status)", $result['description'] );
		}

		remove_all_filters( 'pre_http_request' );
		$this->answer_http( new \WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' ) );
		$result = SiteHealth::test_collector();
		$this->assertSame( 'critical', $result['status'] );
		$this->assertStringContainsString( '(cURL error 7: Failed to connect)', $result['description'] );
		$this->assertSame( 'red', $result['badge']['color'] );
	}

	/**
	 * Aggregation: runs (good), first run pending (good), behind or not scheduled (recommended),
	 * failed, stalled or overdue (critical).
	 */
	public function test_aggregation_statuses() {
		$now = 1_800_000_000;
		wp_schedule_event( $now + 30, Scheduler::SCHEDULE, Scheduler::AGGREGATE_HOOK );

		$result = SiteHealth::test_aggregation( $now );
		$this->assertSame( array( 'good', 'The Insights aggregation runs' ), array( $result['status'], $result['label'] ) );
		$this->assertStringContainsString( 'the first run is scheduled', $result['description'] );

		update_option(
			Aggregator::LAST_RUN_OPTION,
			array(
				'time'     => $now - 60,
				'complete' => true,
			)
		);
		$result = SiteHealth::test_aggregation( $now );
		$this->assertSame( 'good', $result['status'] );
		$this->assertStringContainsString( 'the last run was on ' . wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $now - 60 ), $result['description'] );

		update_option(
			Aggregator::LAST_RUN_OPTION,
			array(
				'time'     => $now - 60,
				'complete' => false,
			)
		);
		$result = SiteHealth::test_aggregation( $now );
		$this->assertSame( array( 'recommended', 'The Insights aggregation is behind' ), array( $result['status'], $result['label'] ) );

		update_option(
			Aggregator::LAST_RUN_OPTION,
			array(
				'time'  => $now - 60,
				'error' => 'Deadlock found',
			)
		);
		$result = SiteHealth::test_aggregation( $now );
		$this->assertSame( array( 'critical', 'The Insights aggregation failed' ), array( $result['status'], $result['label'] ) );
		$this->assertStringContainsString( '<code>Deadlock found</code>', $result['description'] );

		update_option(
			Aggregator::LAST_RUN_OPTION,
			array(
				'time'     => $now - SiteHealth::STALLED_AFTER - 1,
				'complete' => true,
			)
		);
		$result = SiteHealth::test_aggregation( $now );
		$this->assertSame( array( 'critical', 'The Insights aggregation is not running' ), array( $result['status'], $result['label'] ) );
		$this->assertStringContainsString( 'hooking-wp-cron-into-the-system-task-scheduler', $result['actions'] );

		// An hour at most is fine.
		update_option(
			Aggregator::LAST_RUN_OPTION,
			array(
				'time'     => $now - SiteHealth::STALLED_AFTER,
				'complete' => true,
			)
		);
		$this->assertSame( 'good', SiteHealth::test_aggregation( $now )['status'] );

		// The event is overdue by more than an hour (WP-Cron does not run), although the reports
		// page ran the aggregation a minute ago.
		wp_clear_scheduled_hook( Scheduler::AGGREGATE_HOOK );
		wp_schedule_event( $now - SiteHealth::STALLED_AFTER - 60, Scheduler::SCHEDULE, Scheduler::AGGREGATE_HOOK );
		update_option(
			Aggregator::LAST_RUN_OPTION,
			array(
				'time'     => $now - 60,
				'complete' => true,
			)
		);
		$result = SiteHealth::test_aggregation( $now );
		$this->assertSame( array( 'critical', 'The Insights aggregation is not running' ), array( $result['status'], $result['label'] ) );
		$this->assertStringContainsString( wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $now - SiteHealth::STALLED_AFTER - 60 ), $result['description'] );

		wp_clear_scheduled_hook( Scheduler::AGGREGATE_HOOK );
		$result = SiteHealth::test_aggregation( $now );
		$this->assertSame( array( 'recommended', 'The Insights aggregation is not scheduled' ), array( $result['status'], $result['label'] ) );
	}

	/**
	 * Buffer: the live buffer and claimed files count, without their guard lines; other files do
	 * not. Under 10 MB good, from 10 MB recommended, from 100 MB critical.
	 */
	public function test_buffer_statuses() {
		$this->assertSame( 0, SiteHealth::pending_bytes() );
		$result = SiteHealth::test_buffer();
		$this->assertSame( array( 'good', 'New visits are processed in time' ), array( $result['status'], $result['label'] ) );
		$this->assertSame( '<p>0 B of visits wait for the next aggregation.</p>', $result['description'] );

		$this->data_file( Buffer::FILE, 3000 );
		$this->data_file( 'claimed-1800000000.123456-0a1b2c3d.php', 1000 );
		$this->data_file( 'config-test.php', 50000 );
		$this->assertSame( 4000, SiteHealth::pending_bytes() );
		$result = SiteHealth::test_buffer();
		$this->assertSame( 'good', $result['status'] );
		$this->assertSame( '<p>3.9 KB of visits wait for the next aggregation.</p>', $result['description'] );

		$this->data_file( Buffer::FILE, SiteHealth::BUFFER_RECOMMENDED - 1000 );
		$this->assertSame( SiteHealth::BUFFER_RECOMMENDED, SiteHealth::pending_bytes() );
		$result = SiteHealth::test_buffer();
		$this->assertSame( array( 'recommended', 'New visits wait to be processed' ), array( $result['status'], $result['label'] ) );
		$this->assertStringStartsWith( '<p>10.0 MB of visits wait', $result['description'] );

		$this->data_file( Buffer::FILE, SiteHealth::BUFFER_CRITICAL - 1000 );
		$result = SiteHealth::test_buffer();
		$this->assertSame( array( 'critical', 'Many new visits wait to be processed' ), array( $result['status'], $result['label'] ) );
		$this->assertStringStartsWith( '<p>100.0 MB of visits wait', $result['description'] );
	}

	/**
	 * Data dir: requests the folder and its buffer (index.php without one); a listing or a file's
	 * text is critical, an empty or refused answer good, no answer recommended, a folder outside
	 * the web root good without any request.
	 */
	public function test_data_dir_statuses() {
		$url = DataDir::url();
		$this->assertNotNull( $url );

		$this->answer_http( 200, '' );
		$result = SiteHealth::test_data_dir();
		$this->assertSame( array( 'good', 'The Insights data folder is private' ), array( $result['status'], $result['label'] ) );
		$this->assertSame( array( array( 'GET', $url, null ), array( 'GET', $url . DataDir::INDEX, null ) ), $this->requests );

		$this->data_file( Buffer::FILE, 10 );
		$this->requests = array();
		remove_all_filters( 'pre_http_request' );
		$this->answer_http( 403, '<h1>Forbidden</h1>' );
		$this->assertSame( 'good', SiteHealth::test_data_dir()['status'] );
		$this->assertSame( $url . Buffer::FILE, $this->requests[1][1] );

		foreach ( array(
			'a listing'           => '<html><a href="buffer.php">buffer.php</a></html>',
			'the file as text'    => PrivateFile::GUARD . '{"t":"pageview"}',
			'the data, unguarded' => '{"t":"pageview"}',
		) as $case => $body ) {
			remove_all_filters( 'pre_http_request' );
			$this->answer_http( 200, $body );
			$result = SiteHealth::test_data_dir();
			$this->assertSame( array( 'critical', 'The Insights data folder can be read over the web' ), array( $result['status'], $result['label'] ), $case );
			$this->assertStringContainsString( '<code>' . $url, $result['description'] );
		}

		// A page of the site's own (a 200 that shows nothing of the folder) is no leak.
		remove_all_filters( 'pre_http_request' );
		$this->answer_http( 200, '<html><body>Not found</body></html>' );
		$this->assertSame( 'good', SiteHealth::test_data_dir()['status'] );

		remove_all_filters( 'pre_http_request' );
		$this->answer_http( new \WP_Error( 'http_request_failed', 'timeout' ) );
		$result = SiteHealth::test_data_dir();
		$this->assertSame( array( 'recommended', 'The Insights data folder could not be checked' ), array( $result['status'], $result['label'] ) );

		remove_all_filters( 'pre_http_request' );
		$this->requests = array();
		$this->answer_http( 200, PrivateFile::GUARD );
		$root = get_temp_dir() . 'mir-site-health-root';
		add_filter( 'monsterinsights_reports_data_root', fn () => $root );
		$result = SiteHealth::test_data_dir();
		$this->assertSame( 'good', $result['status'] );
		$this->assertSame( '<p>It is outside the web root, where no web request reaches it.</p>', $result['description'] );
		$this->assertSame( array(), $this->requests );
	}

	/**
	 * Rate limits: the hits each limit dropped; recommended while the per-address limit dropped
	 * some in the last day, naming the filter that raises it.
	 */
	public function test_rate_limit_statuses() {
		$dir = DataDir::ensure();
		$this->assertNotNull( $dir );
		$this->written[] = $dir . '/' . RateLimit::FILE;
		if ( is_file( $dir . '/' . RateLimit::FILE ) ) {
			unlink( $dir . '/' . RateLimit::FILE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink -- A test file.
		}
		$result = SiteHealth::test_rate_limit();
		$this->assertSame( array( 'good', 'The Insights rate limits keep floods out' ), array( $result['status'], $result['label'] ) );
		$this->assertSame( '<p>Hits dropped so far: 0 from single visitors over 120 hits a minute; 0 from single IP addresses over 100 visitors a minute.</p>', $result['description'] );

		// Two visitors over their limit, and three new visitors of a full address.
		$limit  = new RateLimit( $dir );
		$now    = 1773144000;
		$key    = static fn ( int $n ): string => str_pad( dechex( $n ), 32, '0' );
		$ip     = str_repeat( 'ab', 16 );
		$allows = array();
		for ( $i = 0; $i < RateLimit::MAX_PER_MINUTE + 2; $i++ ) {
			$allows[] = $limit->allow( $key( 1 ), $now, $ip, 2 );
		}
		for ( $n = 2; $n <= 5; $n++ ) {
			$allows[] = $limit->allow( $key( $n ), $now + 30, $ip, 2 );
		}
		$this->assertSame( array_merge( array_fill( 0, RateLimit::MAX_PER_MINUTE, true ), array( false, false, true, false, false, false ) ), $allows );

		$result = SiteHealth::test_rate_limit( $now + 3600 );
		$this->assertSame( array( 'recommended', 'Visits from one IP address were dropped' ), array( $result['status'], $result['label'] ) );
		$this->assertStringStartsWith( '<p>Hits dropped so far: 2 from single visitors over 120 hits a minute; 3 from single IP addresses over 100 visitors a minute. The last, on ' . wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $now + 30 ) . ', came from', $result['description'] );
		$this->assertStringContainsString( '<code>monsterinsights_reports_rate_limit_visitors_per_ip</code>', $result['description'] );

		// A day later it is history: good, with the counts.
		$result = SiteHealth::test_rate_limit( $now + 30 + DAY_IN_SECONDS );
		$this->assertSame( 'good', $result['status'] );
		$this->assertSame( '<p>Hits dropped so far: 2 from single visitors over 120 hits a minute; 3 from single IP addresses over 100 visitors a minute.</p>', $result['description'] );

		// The filtered limit is the one named; 0 says the limit is off.
		add_filter( 'monsterinsights_reports_rate_limit_visitors_per_ip', fn () => 0 );
		$this->assertStringEndsWith( '3 from single IP addresses over their limit of visitors a minute, which is now off.</p>', SiteHealth::test_rate_limit( $now + 30 + DAY_IN_SECONDS )['description'] );
	}

	/**
	 * Database: the tables' size from information_schema (the same as SHOW TABLE STATUS says) and
	 * the last 30 days' page views from the daily rollup; past 10 M a month, the google source.
	 */
	public function test_database_statuses() {
		global $wpdb;
		// phpcs:disable WordPress.DB.DirectDatabaseQuery
		$status   = $wpdb->get_results( $wpdb->prepare( 'SHOW TABLE STATUS LIKE %s', $wpdb->esc_like( $wpdb->prefix . Tables::PREFIX ) . '%' ), ARRAY_A );
		$expected = array_sum( array_map( static fn ( array $row ): int => (int) $row['Data_length'] + (int) $row['Index_length'], $status ) );
		$this->assertCount( count( Tables::TABLES ), $status );
		$this->assertSame( $expected, SiteHealth::database_bytes() );

		$table = Tables::table( 'rollup_site' );
		$wpdb->query( "DELETE FROM {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- The plugin's table.
		$today = new \DateTimeImmutable( 'now', wp_timezone() );
		foreach ( array(
			'-1 day'   => 4000000,
			'-30 days' => 1500000,
			'-31 days' => 9000000, // Outside the range.
			'today'    => 7000000, // Outside the range: it ends yesterday.
		) as $shift => $pageviews ) {
			$wpdb->insert(
				$table,
				array(
					'day'       => $today->modify( $shift )->format( 'Y-m-d' ),
					'pageviews' => $pageviews,
				)
			);
		}
		// phpcs:enable
		$this->assertSame( 5500000, SiteHealth::pageviews_last_30_days() );
		$result = SiteHealth::test_database();
		$this->assertSame( array( 'good', 'The built-in analytics fit in the site\'s database' ), array( $result['status'], $result['label'] ) );
		$this->assertStringContainsString( 'The built-in analytics tables take ' . size_format( $expected, $expected < KB_IN_BYTES ? 0 : 1 ) . '; the last 30 days had 5,500,000 page views.', $result['description'] );

		// phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$wpdb->update( $table, array( 'pageviews' => 8500001 ), array( 'day' => $today->modify( '-1 day' )->format( 'Y-m-d' ) ) );
		$this->assertSame( 10000001, SiteHealth::pageviews_last_30_days() );
		$result = SiteHealth::test_database();
		$this->assertSame( array( 'recommended', 'This site has outgrown the built-in analytics' ), array( $result['status'], $result['label'] ) );
		$this->assertStringContainsString( 'switch to the Google source, whose storage and compute are Google&#039;s.', $result['description'] );
	}
}
