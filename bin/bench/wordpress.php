<?php
/**
 * Router script of `php -S` for the bench's WordPress: plays wp-config.php and index.php, so the
 * bench can time a core REST GET over HTTP next to collect.php. The environment (database, content
 * folder) is the bench process's, which starts this server.
 *
 * Usage (by bin/bench.php): php -S 127.0.0.1:<port> bin/bench/wordpress.php
 *
 * @package MonsterInsights\Reports\Bench
 */

if ( 'cli-server' !== PHP_SAPI ) {
	exit( 1 );
}

// tests/php/config.php sets up a request to the test domain's home page; keep this request's own.
$monsterinsights_reports_bench_request = $_SERVER;
require dirname( __DIR__, 2 ) . '/tests/php/config.php';
foreach ( array( 'REQUEST_METHOD', 'REQUEST_URI', 'QUERY_STRING', 'REMOTE_ADDR', 'CONTENT_TYPE', 'CONTENT_LENGTH' ) as $monsterinsights_reports_bench_key ) {
	if ( isset( $monsterinsights_reports_bench_request[ $monsterinsights_reports_bench_key ] ) ) {
		$_SERVER[ $monsterinsights_reports_bench_key ] = $monsterinsights_reports_bench_request[ $monsterinsights_reports_bench_key ];
	}
}

require ABSPATH . 'wp-settings.php';
wp();
require ABSPATH . WPINC . '/template-loader.php';
