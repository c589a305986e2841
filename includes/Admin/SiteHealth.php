<?php
/**
 * Site Health tests of the built-in analytics: their registration and their entry points. Each
 * test is a class of its own in Admin/SiteHealth/.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin;

use MonsterInsights\Reports\REST\Controller;
use MonsterInsights\Reports\REST\SiteHealthController;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;

defined( 'ABSPATH' ) || exit;

/**
 * Tools → Site Health checks (the `site_status_tests` filter):
 *
 * - the collector endpoint answers a loopback request (the URL the tracker posts to);
 * - the aggregation runs (WP-Cron) and is not behind;
 * - the buffer of hits waiting for the aggregation is small;
 * - the data dir does not answer with its contents over the web;
 * - the hits the collector's rate limits dropped, those of the per-address limit first (a NAT of
 *   many real visitors would show there);
 * - the size of the plugin's tables, with the google source recommended past about 10 M page views
 *   a month (docs/product-rules.md#data-sources).
 *
 * The first five apply while the built-in collector is on (source `builtin` or none chosen yet).
 * The two that request the site over HTTP (the collector and the data folder, up to TIMEOUT seconds
 * a request) are asynchronous tests: the Site Health screen loads without waiting for them and then
 * runs each through its REST route (REST\SiteHealthController), as it runs core's loopback test;
 * WordPress's weekly check, which cannot authenticate, calls them directly (`async_direct_test`).
 * The others read options and files and are direct tests.
 */
final class SiteHealth {

	/**
	 * The Site Health tests' prefix.
	 */
	public const PREFIX = 'monsterinsights_reports_';

	/**
	 * Seconds without an aggregation after which it counts as stalled (the bell's threshold too).
	 */
	public const STALLED_AFTER = HOUR_IN_SECONDS;

	/**
	 * Buffered bytes from which the aggregation is behind, and from which it is far behind.
	 */
	public const BUFFER_RECOMMENDED = 10485760; // 10 MB.
	public const BUFFER_CRITICAL    = 104857600; // 100 MB.

	/**
	 * Page views in 30 days past which the google source is recommended.
	 */
	public const PAGEVIEWS_PER_MONTH_LIMIT = 10000000;

	/**
	 * Seconds a loopback request may take.
	 */
	public const TIMEOUT = 10;

	/**
	 * The asynchronous tests: key (without the prefix) => the method that runs it.
	 */
	public const ASYNC = array(
		'collector' => 'test_collector',
		'data_dir'  => 'test_data_dir',
	);

	/**
	 * Hooks the tests.
	 */
	public static function register(): void {
		add_filter( 'site_status_tests', array( self::class, 'add_tests' ) );
	}

	/**
	 * `site_status_tests`: adds the direct tests and, while the collector is on, the asynchronous
	 * ones.
	 *
	 * @param mixed $tests The tests.
	 * @return array<string, mixed>
	 */
	public static function add_tests( $tests ): array {
		$tests = is_array( $tests ) ? $tests : array();
		foreach ( array( 'direct', 'async' ) as $kind ) {
			if ( ! isset( $tests[ $kind ] ) || ! is_array( $tests[ $kind ] ) ) {
				$tests[ $kind ] = array();
			}
		}
		$direct = array(
			'database' => array(
				'label' => __( 'Insights analytics database size', 'monsterinsights-reports' ),
				'test'  => array( self::class, 'test_database' ),
			),
		);
		$async  = array();
		if ( self::collecting() ) {
			$direct = array(
				'aggregation' => array(
					'label' => __( 'Insights aggregation', 'monsterinsights-reports' ),
					'test'  => array( self::class, 'test_aggregation' ),
				),
				'buffer'      => array(
					'label' => __( 'Insights buffer of new visits', 'monsterinsights-reports' ),
					'test'  => array( self::class, 'test_buffer' ),
				),
				'rate_limit'  => array(
					'label' => __( 'Insights rate limits', 'monsterinsights-reports' ),
					'test'  => array( self::class, 'test_rate_limit' ),
				),
			) + $direct;
			$labels = array(
				'collector' => __( 'Insights collector endpoint', 'monsterinsights-reports' ),
				'data_dir'  => __( 'Insights data folder', 'monsterinsights-reports' ),
			);
			foreach ( self::ASYNC as $key => $method ) {
				$async[ $key ] = array(
					'label'             => $labels[ $key ],
					'test'              => rest_url( Controller::NAMESPACE . '/' . SiteHealthController::BASE . '/' . self::route( $key ) ),
					'has_rest'          => true,
					'async_direct_test' => array( self::class, $method ),
				);
			}
		}
		foreach ( $direct as $key => $test ) {
			$tests['direct'][ self::PREFIX . $key ] = $test;
		}
		foreach ( $async as $key => $test ) {
			$tests['async'][ self::PREFIX . $key ] = $test;
		}
		return $tests;
	}

	/**
	 * The REST route of an asynchronous test, below `site-health/`: its key with dashes.
	 *
	 * @param string $key The test's key, without the prefix.
	 */
	public static function route( string $key ): string {
		return str_replace( '_', '-', $key );
	}

	/**
	 * Whether the built-in collector is on: the active source is builtin, or none was chosen yet.
	 */
	public static function collecting(): bool {
		return in_array( (string) get_option( BootData::SOURCE_OPTION, '' ), TrackerScript::SOURCES, true );
	}

	/**
	 * The collector answers the URL the tracker posts to (SiteHealth\CollectorCheck).
	 *
	 * @return array<string, mixed>
	 */
	public static function test_collector(): array {
		return SiteHealth\CollectorCheck::run();
	}

	/**
	 * The every-minute aggregation runs and is not behind (SiteHealth\AggregationCheck).
	 *
	 * @param int|null $now Unix time; now by default.
	 * @return array<string, mixed>
	 */
	public static function test_aggregation( ?int $now = null ): array {
		return SiteHealth\AggregationCheck::run( $now );
	}

	/**
	 * The bytes of hits waiting for the aggregation (SiteHealth\BufferCheck).
	 */
	public static function pending_bytes(): int {
		return SiteHealth\BufferCheck::pending_bytes();
	}

	/**
	 * The buffer of hits waiting for the aggregation is small (SiteHealth\BufferCheck).
	 *
	 * @return array<string, mixed>
	 */
	public static function test_buffer(): array {
		return SiteHealth\BufferCheck::run();
	}

	/**
	 * The data folder does not answer with its contents over the web (SiteHealth\DataDirCheck).
	 *
	 * @return array<string, mixed>
	 */
	public static function test_data_dir(): array {
		return SiteHealth\DataDirCheck::run();
	}

	/**
	 * The hits the collector's rate limits dropped (SiteHealth\RateLimitCheck).
	 *
	 * @param int|null $now Unix time; now by default.
	 * @return array<string, mixed>
	 */
	public static function test_rate_limit( ?int $now = null ): array {
		return SiteHealth\RateLimitCheck::run( $now );
	}

	/**
	 * The bytes of the plugin's tables (SiteHealth\DatabaseCheck).
	 */
	public static function database_bytes(): ?int {
		return SiteHealth\DatabaseCheck::database_bytes();
	}

	/**
	 * Page views of the last 30 days (SiteHealth\DatabaseCheck).
	 */
	public static function pageviews_last_30_days(): int {
		return SiteHealth\DatabaseCheck::pageviews_last_30_days();
	}

	/**
	 * The size of the plugin's tables against the site's traffic (SiteHealth\DatabaseCheck).
	 *
	 * @return array<string, mixed>
	 */
	public static function test_database(): array {
		return SiteHealth\DatabaseCheck::run();
	}
}
