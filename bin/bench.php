<?php
/**
 * The performance bench of the built-in analytics, against a real WordPress and MariaDB. Not a
 * test: it prints figures and exits 1 when one is over its budget (budgets: bin/bench/Bench.php).
 * `npm run bench` (bin/bench.mjs) runs it after the bundle sizes; docs/benchmarks.md explains the
 * figures.
 *
 * It reuses the PHPUnit harness: tests/php/bootstrap.php installs a fresh single-site WordPress
 * with the plugin active into its own database (monsterinsights_reports_bench, or BENCH_DB_NAME;
 * create it with `bash bin/mariadb.sh monsterinsights_reports_bench`) and its own content folder
 * (.wp/bench-content), then loads it in this process. Every run starts from an empty database.
 *
 * Usage: php bin/bench.php [--pageviews=1000000] [--days=365] [--hits=20000] [--http=2000]
 *                          [--runs=7] [--json=<file>] [--burst=100000, 0 for none]
 *
 * @package MonsterInsights\Reports\Bench
 */

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

$monsterinsights_reports_bench_options = getopt( '', array( 'pageviews:', 'days:', 'hits:', 'http:', 'runs:', 'json:', 'burst:', 'sync-writes' ) );
$monsterinsights_reports_bench_root    = dirname( __DIR__ );
$monsterinsights_reports_bench_db      = getenv( 'BENCH_DB_NAME' );

$monsterinsights_reports_bench_started = microtime( true );

// The harness reads these (tests/php/config.php, bootstrap.php); its installer process inherits them.
// phpcs:disable WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_putenv
putenv( 'WP_TESTS_DB_NAME=' . ( is_string( $monsterinsights_reports_bench_db ) && '' !== $monsterinsights_reports_bench_db ? $monsterinsights_reports_bench_db : 'monsterinsights_reports_bench' ) );
putenv( 'WP_TESTS_CONTENT_DIR=' . ( is_string( getenv( 'BENCH_CONTENT_DIR' ) ) && '' !== getenv( 'BENCH_CONTENT_DIR' ) ? getenv( 'BENCH_CONTENT_DIR' ) : $monsterinsights_reports_bench_root . '/.wp/bench-content' ) );
putenv( 'WP_TESTS_MULTISITE=0' );
// phpcs:enable

require $monsterinsights_reports_bench_root . '/tests/php/bootstrap.php';
require __DIR__ . '/bench/Traffic.php';
require __DIR__ . '/bench/Lines.php';
require __DIR__ . '/bench/Server.php';
require __DIR__ . '/bench/Report.php';
require __DIR__ . '/bench/Machine.php';
require __DIR__ . '/bench/Scratch.php';
require __DIR__ . '/bench/Collecting.php';
require __DIR__ . '/bench/Fill.php';
require __DIR__ . '/bench/Shop.php';
require __DIR__ . '/bench/Storage.php';
require __DIR__ . '/bench/Latency.php';
require __DIR__ . '/bench/Bench.php';

// --sync-writes: the aggregation waits for each write (the filter production has), for a run beside
// one with the writes sent without waiting.
if ( isset( $monsterinsights_reports_bench_options['sync-writes'] ) ) {
	add_filter( 'monsterinsights_reports_async_writes', '__return_false' );
}

/**
 * An integer option of the command line.
 *
 * @param string $name     The option.
 * @param int    $fallback Its default.
 */
function monsterinsights_reports_bench_option( string $name, int $fallback ): int {
	global $monsterinsights_reports_bench_options;
	$value = $monsterinsights_reports_bench_options[ $name ] ?? null;
	return is_string( $value ) && ctype_digit( $value ) && (int) $value > 0 ? (int) $value : $fallback;
}

$monsterinsights_reports_bench = new MonsterInsights\Reports\Bench\Bench(
	monsterinsights_reports_bench_option( 'pageviews', MonsterInsights\Reports\Bench\Bench::FULL_FILL ),
	monsterinsights_reports_bench_option( 'days', 365 ),
	monsterinsights_reports_bench_option( 'hits', 20000 ),
	monsterinsights_reports_bench_option( 'http', 2000 ),
	monsterinsights_reports_bench_option( 'runs', 7 ),
	is_string( $monsterinsights_reports_bench_options['json'] ?? null ) ? $monsterinsights_reports_bench_options['json'] : '',
	$monsterinsights_reports_bench_started,
	isset( $monsterinsights_reports_bench_options['burst'] ) && '0' === $monsterinsights_reports_bench_options['burst'] ? 0 : monsterinsights_reports_bench_option( 'burst', 100000 )
);
exit( $monsterinsights_reports_bench->run() ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- An exit status.
