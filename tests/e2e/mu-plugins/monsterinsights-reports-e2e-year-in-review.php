<?php
/**
 * Plugin Name: MonsterInsights Reports e2e helpers: Year in Review
 * Description: Test-only REST routes for the Year in Review end-to-end test: force the report on (through the plugin's monsterinsights_reports_force_year_in_review filter) and send scripted visits of the previous calendar year through the built-in collector with their past times, then aggregate them. Mounted with the other e2e must-use plugins by bin/serve-e2e.sh; never shipped.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\E2E\YearInReview;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\BufferFiles;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Demo\Seeder;
use MonsterInsights\Reports\Sources\Builtin\Demo\Visits;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;

defined( 'ABSPATH' ) || exit;

/**
 * The option that forces the report on; absent means the plugin's own rule (1–14 January).
 */
const FORCE_OPTION = 'monsterinsights_reports_e2e_force_year_in_review';

add_filter(
	'monsterinsights_reports_force_year_in_review',
	static fn( bool $force ): bool => $force || '1' === get_option( FORCE_OPTION, '' )
);

/**
 * User agents of the scripted visitors (browsers the collector accepts, one per device class).
 */
const AGENTS = array(
	'windows' => 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
	'mac'     => 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) Gecko/20100101 Firefox/125.0',
	'iphone'  => 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
	'android' => 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
	'ipad'    => 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
);

/**
 * The script, in the site's time: [year offset (0 the report year, -1 the year before), local
 * time "m-d H:i:s", address, agent, country, referrer, [path, seconds after the visit began]...].
 * The report year: 6 sessions, 6 users, 7 page views (a's second page 120 s after its first);
 * Germany 3, United States 2, France 1; landing pages /hello-world/ 3, / 2, /sample-page/ 1;
 * referrals news.example.org 2, blog.example.com 1 (Google is search); desktop 3, mobile 2,
 * tablet 1; users by month February 1, May 4, October 1. The year before: one visit, late in
 * December, so it stays inside the 25-month retention whatever month the test runs in (the
 * report year is always the calendar year before today).
 */
const VISITS = array(
	array( 0, '02-10 10:00:00', '10.20.0.1', 'windows', 'DE', 'https://www.google.com/', array( array( '/', 0 ), array( '/hello-world/', 120 ) ) ),
	array( 0, '05-05 11:00:00', '10.20.0.2', 'iphone', 'US', 'https://news.example.org/post', array( array( '/hello-world/', 0 ) ) ),
	array( 0, '05-06 12:00:00', '10.20.0.3', 'windows', 'DE', 'https://news.example.org/other', array( array( '/hello-world/', 0 ) ) ),
	array( 0, '05-07 13:00:00', '10.20.0.4', 'ipad', 'FR', '', array( array( '/sample-page/', 0 ) ) ),
	array( 0, '05-20 14:00:00', '10.20.0.5', 'android', 'US', 'https://blog.example.com/x', array( array( '/', 0 ) ) ),
	array( 0, '10-03 15:00:00', '10.20.0.6', 'mac', 'DE', '', array( array( '/hello-world/', 0 ) ) ),
	array( -1, '12-20 10:00:00', '10.20.0.7', 'windows', 'DE', '', array( array( '/', 0 ) ) ),
);

/**
 * Sends the script through a collector that writes to a private staging buffer (as the seeder
 * does: the live buffer, salts and rate limits stay untouched), then aggregates that buffer.
 *
 * @param int $year The report year.
 * @return array{hits: int, refused: int, stored: int}
 * @throws \RuntimeException When a folder cannot be created.
 */
function send_visits( int $year ): array {
	if ( null === DataDir::ensure() ) {
		throw new \RuntimeException( 'The data folder in uploads cannot be created.' );
	}
	$stage = get_temp_dir() . 'monsterinsights-reports-e2e-yir-' . bin2hex( random_bytes( 8 ) );
	if ( ! wp_mkdir_p( $stage ) ) {
		throw new \RuntimeException( 'The staging folder cannot be created.' );
	}
	$objects = array();
	foreach ( Visits::site_pages() as $page ) {
		$objects[ $page['path'] ] = $page['object'];
	}
	$stats = array(
		'hits'    => 0,
		'refused' => 0,
		'stored'  => 0,
	);
	try {
		$collector = Seeder::collector( ConfigFile::build(), new Buffer( $stage ) );
		foreach ( VISITS as $visit ) {
			list( $offset, $local, $ip, $agent, $country, $referrer, $pages ) = $visit;
			$start  = ( new \DateTimeImmutable( ( $year + $offset ) . '-' . $local, wp_timezone() ) )->getTimestamp();
			$server = array(
				'REQUEST_METHOD'                      => 'POST',
				'REMOTE_ADDR'                         => $ip,
				'HTTP_USER_AGENT'                     => AGENTS[ $agent ],
				'CONTENT_TYPE'                        => 'text/plain;charset=UTF-8',
				'HTTP_X_MONSTERINSIGHTS_SEED_COUNTRY' => $country,
			);
			foreach ( $pages as $index => $page ) {
				$body = array(
					't' => 'pageview',
					'p' => $page[0],
					'o' => $objects[ $page[0] ] ?? 0,
				);
				if ( 0 === $index && '' !== $referrer ) {
					$body['r'] = $referrer;
				}
				$status = $collector->handle( $server, (string) wp_json_encode( $body ), (float) ( $start + $page[1] ) );
				if ( Collector::STATUS_OK === $status && '' === $collector->reason() ) {
					++$stats['hits'];
				} else {
					++$stats['refused'];
				}
			}
		}
		$files = new BufferFiles( new Buffer( $stage ) );
		$runs  = 0;
		do {
			$result           = ( new Aggregator( $files, Seeder::SEED_CHUNK ) )->run();
			$stats['stored'] += $result->processed;
			if ( $result->locked ) {
				sleep( 1 );
			}
		} while ( ( ! $result->complete || $result->locked ) && ++$runs < 60 );
	} finally {
		foreach ( (array) scandir( $stage ) as $name ) {
			if ( is_string( $name ) && is_file( $stage . '/' . $name ) ) {
				wp_delete_file( $stage . '/' . $name );
			}
		}
		rmdir( $stage ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- A private temporary folder.
	}
	return $stats;
}

add_action(
	'rest_api_init',
	static function (): void {
		$admin_only = static fn(): bool => current_user_can( 'manage_options' );

		// POST year-in-review {force}: forces the report on (or gives the plugin's rule back);
		// answers the report year.
		register_rest_route(
			'monsterinsights-reports-e2e/v1',
			'/year-in-review',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => $admin_only,
				'args'                => array(
					'force' => array(
						'type'     => 'boolean',
						'required' => true,
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ): array {
					if ( (bool) $request->get_param( 'force' ) ) {
						update_option( FORCE_OPTION, '1', false );
					} else {
						delete_option( FORCE_OPTION );
					}
					return \MonsterInsights\Reports\Reports\YearInReview::state();
				},
			)
		);

		// POST year-in-review/visits: the script above for the report year, sent and aggregated.
		register_rest_route(
			'monsterinsights-reports-e2e/v1',
			'/year-in-review/visits',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => $admin_only,
				'callback'            => static function () {
					Migrations::maybe_migrate();
					$year = \MonsterInsights\Reports\Reports\YearInReview::state()['report_year'];
					try {
						$stats = send_visits( $year );
					} catch ( \RuntimeException $e ) {
						return new \WP_Error( 'visits_failed', $e->getMessage(), array( 'status' => 500 ) );
					}
					return $stats + array( 'year' => $year );
				},
			)
		);
	}
);
