<?php
/**
 * The google source's bench: what each report costs on the google source against the fake Google
 * server (tests/fake-google), apart from Google's own time, and how many API calls it makes.
 *
 * Runs in the PHPUnit harness (tests/php/bootstrap.php: a fresh single-site WordPress in the
 * database BENCH_GOOGLE_DB_NAME, default monsterinsights_reports_bench_google), which defines
 * MONSTERINSIGHTS_REPORTS_GOOGLE_BASE and starts the fake on it. The site is connected with the
 * fixture's service account to property 300000001. Every report the registry builds is asked
 * through its REST route, last 30 days, as the administrator at the agency level, with every cache
 * empty (the report cache and the google source's answers): a warm-up round, then --runs rounds;
 * the median counts. For each report: the whole request, the part of it spent waiting for HTTP
 * answers (WordPress's HTTP API, timed from pre_http_request to http_api_debug), the rest (the
 * mapping's own cost: queries to requests, answers to payloads), that rest as a ratio to core's
 * GET /wp/v2/posts timed in the same run, and the API calls (the token excluded). Prints a table
 * and, with --json=<file>, writes the rows as bin/bench.php does.
 *
 *   php bin/bench-google.php [--runs=5] [--json=<file>]
 *
 * @package MonsterInsights\Reports
 */

// phpcs:disable WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_putenv, WordPress.DB.DirectDatabaseQuery -- A CLI bench with a database of its own.

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

$monsterinsights_reports_gbench_options = getopt( '', array( 'runs:', 'json:' ) );
$monsterinsights_reports_gbench_root    = dirname( __DIR__ );
$monsterinsights_reports_gbench_db      = getenv( 'BENCH_GOOGLE_DB_NAME' );
$monsterinsights_reports_gbench_db      = is_string( $monsterinsights_reports_gbench_db ) && '' !== $monsterinsights_reports_gbench_db ? $monsterinsights_reports_gbench_db : 'monsterinsights_reports_bench_google';

putenv( 'WP_TESTS_DB_NAME=' . $monsterinsights_reports_gbench_db );
putenv( 'WP_TESTS_CONTENT_DIR=' . sys_get_temp_dir() . '/monsterinsights-reports-tests-' . $monsterinsights_reports_gbench_db );
putenv( 'WP_TESTS_MULTISITE=0' );

require $monsterinsights_reports_gbench_root . '/tests/php/bootstrap.php';
require __DIR__ . '/bench/Report.php';
require __DIR__ . '/bench/Bench.php';
require __DIR__ . '/bench/Machine.php';

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Bench\Machine;
use MonsterInsights\Reports\Bench\Report;
use MonsterInsights\Reports\Reports\Registry;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Sources\Google\GoogleSource;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\FakeGoogleProcess;

$monsterinsights_reports_gbench_url  = FakeGoogleProcess::start();
$monsterinsights_reports_gbench_runs = max( 1, (int) ( $monsterinsights_reports_gbench_options['runs'] ?? 5 ) );

// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local fixture.
$monsterinsights_reports_gbench_key = json_decode( (string) file_get_contents( $monsterinsights_reports_gbench_root . '/tests/fake-google/fixtures/service-account.json' ), true );
( new Connection() )->update(
	array(
		'auth'         => Connection::SERVICE_ACCOUNT,
		'client_email' => (string) $monsterinsights_reports_gbench_key['client_email'],
		'property'     => '300000001',
		'sc_site'      => 'https://example.com/',
		'connected_at' => time(),
	)
);
( new Connection() )->store_secret( Connection::SECRET_KEY, $monsterinsights_reports_gbench_key );
update_option( BootData::SOURCE_OPTION, GoogleSource::KEY );
wp_set_current_user( 1 );
add_filter( 'monsterinsights_reports_licence_level', static fn(): string => 'agency' );

// The time spent waiting for HTTP answers.
$GLOBALS['monsterinsights_reports_gbench_http'] = 0.0;
add_filter(
	'pre_http_request',
	static function ( $pre ) {
		$GLOBALS['monsterinsights_reports_gbench_http_started'] = hrtime( true );
		return $pre;
	},
	PHP_INT_MAX
);
add_action(
	'http_api_debug',
	static function (): void {
		$GLOBALS['monsterinsights_reports_gbench_http'] += ( hrtime( true ) - (int) ( $GLOBALS['monsterinsights_reports_gbench_http_started'] ?? hrtime( true ) ) ) / 1e6;
	}
);

/**
 * Empties the caches a request of its own would find empty: the report payloads, the google
 * source's answers (not its access token), the object cache; and the fake's request log.
 */
function monsterinsights_reports_gbench_forget(): void {
	global $wpdb;
	$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_%mir\\_report\\_%' OR option_name LIKE '\\_transient\\_%monsterinsights\\_reports\\_g\\_%'" );
	wp_cache_flush();
	wp_remote_post( MONSTERINSIGHTS_REPORTS_GOOGLE_BASE . '/__control', array( 'body' => '{"fault": null}' ) );
}

$monsterinsights_reports_gbench_routes = array( 'posts' => '/wp/v2/posts' );
foreach ( Registry::built() as $monsterinsights_reports_gbench_name ) {
	$monsterinsights_reports_gbench_routes[ $monsterinsights_reports_gbench_name ] = '/monsterinsights-reports/v1/reports/' . $monsterinsights_reports_gbench_name;
}
$monsterinsights_reports_gbench_total = array_fill_keys( array_keys( $monsterinsights_reports_gbench_routes ), array() );
$monsterinsights_reports_gbench_wait  = $monsterinsights_reports_gbench_total;
$monsterinsights_reports_gbench_api   = array();
$monsterinsights_reports_gbench_code  = array();
for ( $monsterinsights_reports_gbench_run = 0; $monsterinsights_reports_gbench_run <= $monsterinsights_reports_gbench_runs; $monsterinsights_reports_gbench_run++ ) {
	foreach ( $monsterinsights_reports_gbench_routes as $monsterinsights_reports_gbench_name => $monsterinsights_reports_gbench_route ) {
		monsterinsights_reports_gbench_forget();
		$monsterinsights_reports_gbench_before          = count( (array) ( json_decode( (string) wp_remote_retrieve_body( wp_remote_get( MONSTERINSIGHTS_REPORTS_GOOGLE_BASE . '/__requests' ) ), true )['requests'] ?? array() ) );
		$GLOBALS['monsterinsights_reports_gbench_http'] = 0.0;
		$monsterinsights_reports_gbench_started         = hrtime( true );
		$monsterinsights_reports_gbench_response        = rest_do_request( new WP_REST_Request( 'GET', $monsterinsights_reports_gbench_route ) );
		$monsterinsights_reports_gbench_ms              = ( hrtime( true ) - $monsterinsights_reports_gbench_started ) / 1e6;
		$monsterinsights_reports_gbench_waited          = $GLOBALS['monsterinsights_reports_gbench_http'];
		$monsterinsights_reports_gbench_log             = (array) ( json_decode( (string) wp_remote_retrieve_body( wp_remote_get( MONSTERINSIGHTS_REPORTS_GOOGLE_BASE . '/__requests' ) ), true )['requests'] ?? array() );
		$monsterinsights_reports_gbench_api[ $monsterinsights_reports_gbench_name ]  = count(
			array_filter(
				array_slice( $monsterinsights_reports_gbench_log, $monsterinsights_reports_gbench_before ),
				static fn( $request ): bool => '/token' !== ( $request['path'] ?? '' )
			)
		);
		$monsterinsights_reports_gbench_code[ $monsterinsights_reports_gbench_name ] = $monsterinsights_reports_gbench_response->get_status();
		if ( $monsterinsights_reports_gbench_run > 0 ) {
			$monsterinsights_reports_gbench_total[ $monsterinsights_reports_gbench_name ][] = $monsterinsights_reports_gbench_ms;
			$monsterinsights_reports_gbench_wait[ $monsterinsights_reports_gbench_name ][]  = $monsterinsights_reports_gbench_waited;
		}
	}
}
FakeGoogleProcess::stop();

$monsterinsights_reports_gbench_report = new Report();
$monsterinsights_reports_gbench_posts  = Machine::median( $monsterinsights_reports_gbench_total['posts'] );
$monsterinsights_reports_gbench_report->row( 'google_posts', 'core GET /wp/v2/posts, in process', round( $monsterinsights_reports_gbench_posts, 2 ), 'ms' );
foreach ( array_keys( $monsterinsights_reports_gbench_routes ) as $monsterinsights_reports_gbench_name ) {
	if ( 'posts' === $monsterinsights_reports_gbench_name ) {
		continue;
	}
	$monsterinsights_reports_gbench_all  = Machine::median( $monsterinsights_reports_gbench_total[ $monsterinsights_reports_gbench_name ] );
	$monsterinsights_reports_gbench_own  = max( 0.0, $monsterinsights_reports_gbench_all - Machine::median( $monsterinsights_reports_gbench_wait[ $monsterinsights_reports_gbench_name ] ) );
	$monsterinsights_reports_gbench_http = (int) $monsterinsights_reports_gbench_code[ $monsterinsights_reports_gbench_name ];
	$monsterinsights_reports_gbench_report->row( 'google_' . $monsterinsights_reports_gbench_name . '_status', $monsterinsights_reports_gbench_name . ' on google: HTTP status', $monsterinsights_reports_gbench_http, '' );
	$monsterinsights_reports_gbench_report->row( 'google_' . $monsterinsights_reports_gbench_name . '_ms', $monsterinsights_reports_gbench_name . ' on google, whole request, median', round( $monsterinsights_reports_gbench_all, 2 ), 'ms' );
	$monsterinsights_reports_gbench_report->row( 'google_' . $monsterinsights_reports_gbench_name . '_own_ratio', $monsterinsights_reports_gbench_name . ': the mapping\'s own cost (without HTTP waits) ÷ /wp/v2/posts', round( $monsterinsights_reports_gbench_own / max( 0.001, $monsterinsights_reports_gbench_posts ), 2 ), '×' );
	// The Overview's ten requests (six queries over the range and the period before it, each
	// without a limit one request of both ranges; its twelve metrics in two parts) in batches of
	// five: two calls.
	$monsterinsights_reports_gbench_report->row( 'google_' . $monsterinsights_reports_gbench_name . '_calls', $monsterinsights_reports_gbench_name . ': Google API calls', $monsterinsights_reports_gbench_api[ $monsterinsights_reports_gbench_name ] ?? 0, 'calls', 'overview' === $monsterinsights_reports_gbench_name ? array( 'max', 2 ) : null );
}
$monsterinsights_reports_gbench_report->table();
if ( isset( $monsterinsights_reports_gbench_options['json'] ) && '' !== $monsterinsights_reports_gbench_options['json'] ) {
	$monsterinsights_reports_gbench_report->write_json( (string) $monsterinsights_reports_gbench_options['json'] );
}
exit( $monsterinsights_reports_gbench_report->failed() ? 1 : 0 );
