<?php
/**
 * PHPUnit bootstrap: installs a fresh WordPress into the test database (in a separate process, see
 * install.php) and loads it with the plugin active, in this process.
 *
 * WP_TESTS_MULTISITE=1 installs and loads a subdirectory network instead of a single site; pick the
 * matching test suite (bin/test-php.sh does both runs).
 *
 * @package MonsterInsights\Reports\Tests
 */

/*
 * PHPUnit includes this file inside a function, so the globals WordPress sets while loading must be
 * declared global here (WordPress's own test library does the same).
 */
global $wpdb, $current_site, $current_blog, $wp_rewrite, $shortcode_tags, $wp, $phpmailer, $wp_theme_directories, $table_prefix;

$monsterinsights_reports_tests_multisite = '1' === getenv( 'WP_TESTS_MULTISITE' );

require __DIR__ . '/config.php';

/**
 * Stops the run with a message on STDERR.
 *
 * @param string $message What went wrong and what to do.
 */
function monsterinsights_reports_tests_abort( string $message ): void {
	fwrite( STDERR, 'bootstrap: ' . $message . PHP_EOL ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
	exit( 1 );
}

if ( ! is_file( ABSPATH . 'wp-settings.php' ) ) {
	monsterinsights_reports_tests_abort( 'WordPress core is missing from .wp/core. Run: bash bin/wp-core.sh' );
}
if ( ! extension_loaded( 'mysqli' ) ) {
	monsterinsights_reports_tests_abort( 'PHP has no mysqli extension. Run: bash bin/setup-system.sh' );
}

// One run at a time per database: another run's install would drop the tables under this one. The
// lock is released when this process exits.
$GLOBALS['monsterinsights_reports_tests_lock'] = fopen( sys_get_temp_dir() . '/monsterinsights-reports-tests-' . md5( DB_HOST . '/' . DB_NAME ) . '.lock', 'c' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen
if ( false === $GLOBALS['monsterinsights_reports_tests_lock'] || ! flock( $GLOBALS['monsterinsights_reports_tests_lock'], LOCK_EX ) ) {
	monsterinsights_reports_tests_abort( 'cannot lock the test database.' );
}

// The content folder: the plugin is a symlink to this repository, the themes are core's.
$monsterinsights_reports_tests_links = array(
	WP_PLUGIN_DIR . '/monsterinsights-reports' => MONSTERINSIGHTS_REPORTS_TESTS_ROOT,
	WP_CONTENT_DIR . '/themes'                 => ABSPATH . 'wp-content/themes',
);
foreach ( $monsterinsights_reports_tests_links as $monsterinsights_reports_tests_link => $monsterinsights_reports_tests_target ) {
	if ( ! is_dir( dirname( $monsterinsights_reports_tests_link ) ) ) {
		mkdir( dirname( $monsterinsights_reports_tests_link ), 0777, true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_mkdir
	}
	if ( is_link( $monsterinsights_reports_tests_link ) && readlink( $monsterinsights_reports_tests_link ) !== $monsterinsights_reports_tests_target ) {
		unlink( $monsterinsights_reports_tests_link ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink
	}
	if ( ! is_link( $monsterinsights_reports_tests_link ) && ! symlink( $monsterinsights_reports_tests_target, $monsterinsights_reports_tests_link ) ) {
		monsterinsights_reports_tests_abort( 'cannot create the symlink ' . $monsterinsights_reports_tests_link );
	}
}

// Install in a child process; it inherits the environment, so it sees the same database settings.
exec( // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec
	escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( __DIR__ . '/install.php' ) . ( $monsterinsights_reports_tests_multisite ? ' --multisite' : '' ) . ' 2>&1',
	$monsterinsights_reports_tests_output,
	$monsterinsights_reports_tests_status
);
if ( 0 !== $monsterinsights_reports_tests_status || array() !== $monsterinsights_reports_tests_output ) {
	monsterinsights_reports_tests_abort(
		'installing WordPress failed (is MariaDB running? Run: bash bin/mariadb.sh)' . PHP_EOL . implode( PHP_EOL, $monsterinsights_reports_tests_output )
	);
}

/**
 * The runs with a real shop plugin: a fresh copy of it (bin/third-party.sh) in the plugins folder,
 * activated by the suite's install.php (WooCommerce: tests/php/WooCommerce/install.php, Easy Digital
 * Downloads: tests/php/Edd/install.php).
 *
 * @param string $slug    The plugin's slug (its folder, and its name in bin/third-party.txt).
 * @param string $main    Its main file in the folder.
 * @param string $install The suite's install script.
 * @param string $name    Its name, for the messages.
 */
function monsterinsights_reports_tests_shop_plugin( string $slug, string $main, string $install, string $name ): void {
	// Inside this repository, which is the plugin's symlink, plugin_basename() would name the shop
	// plugin's file as one of this plugin's, and its activation hook would never fire.
	if ( str_starts_with( (string) realpath( dirname( WP_CONTENT_DIR ) ) . '/', (string) realpath( MONSTERINSIGHTS_REPORTS_TESTS_ROOT ) . '/' ) ) {
		monsterinsights_reports_tests_abort( 'the ' . $name . ' run needs a content folder outside the repository (WP_TESTS_CONTENT_DIR): ' . WP_CONTENT_DIR );
	}
	exec( // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec
		'bash ' . escapeshellarg( MONSTERINSIGHTS_REPORTS_TESTS_ROOT . '/bin/third-party.sh' ) . ' ' . escapeshellarg( $slug ) . ' 2>&1',
		$output,
		$status
	);
	$copy = (string) end( $output ) . '/' . $slug;
	if ( 0 !== $status || ! is_file( $copy . '/' . $main ) ) {
		monsterinsights_reports_tests_abort( $name . ' is missing: ' . implode( PHP_EOL, $output ) );
	}
	$output = array();
	exec( // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec
		'rm -rf ' . escapeshellarg( WP_PLUGIN_DIR . '/' . $slug ) . ' && cp -r ' . escapeshellarg( $copy ) . ' ' . escapeshellarg( WP_PLUGIN_DIR . '/' ) . ' && '
		. escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( $install ) . ' 2>&1',
		$output,
		$status
	);
	if ( 0 !== $status || array() !== $output ) {
		monsterinsights_reports_tests_abort( 'installing ' . $name . ' failed' . PHP_EOL . implode( PHP_EOL, $output ) );
	}
}
if ( MONSTERINSIGHTS_REPORTS_TESTS_WOOCOMMERCE ) {
	monsterinsights_reports_tests_shop_plugin( 'woocommerce', 'woocommerce.php', __DIR__ . '/WooCommerce/install.php', 'WooCommerce' );
}
if ( MONSTERINSIGHTS_REPORTS_TESTS_EDD ) {
	monsterinsights_reports_tests_shop_plugin( 'easy-digital-downloads', 'easy-digital-downloads.php', __DIR__ . '/Edd/install.php', 'Easy Digital Downloads' );
}

if ( $monsterinsights_reports_tests_multisite ) {
	define( 'MULTISITE', true );
	define( 'SUBDOMAIN_INSTALL', false );
	define( 'DOMAIN_CURRENT_SITE', WP_TESTS_DOMAIN );
	define( 'PATH_CURRENT_SITE', '/' );
	define( 'SITE_ID_CURRENT_SITE', 1 );
	define( 'BLOG_ID_CURRENT_SITE', 1 );
}

/*
 * Load WordPress. While it loads, PHP deprecations raised by core's own files are silenced: 6.8's
 * ms-functions.php declares optional parameters before required ones, which PHP 8 reports when it
 * compiles the file. Everything else, and everything once the tests run, is reported.
 */
set_error_handler( // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_set_error_handler
	static function ( $errno, $errstr, $errfile ) {
		return E_DEPRECATED === $errno && str_starts_with( (string) $errfile, ABSPATH );
	}
);
require ABSPATH . 'wp-settings.php';
restore_error_handler();
require_once ABSPATH . 'wp-admin/includes/admin.php';

// WordPress loaded the plugin itself, from active_plugins; make sure it did, through the symlink.
if ( ! defined( 'MONSTERINSIGHTS_REPORTS_FILE' ) ) {
	monsterinsights_reports_tests_abort( 'WordPress did not load the plugin.' );
}
if ( 'monsterinsights-reports/monsterinsights-reports.php' !== plugin_basename( MONSTERINSIGHTS_REPORTS_FILE ) ) {
	monsterinsights_reports_tests_abort( 'unexpected plugin_basename(): ' . plugin_basename( MONSTERINSIGHTS_REPORTS_FILE ) );
}
if ( MONSTERINSIGHTS_REPORTS_TESTS_WOOCOMMERCE && ! function_exists( 'WC' ) ) {
	monsterinsights_reports_tests_abort( 'WordPress did not load WooCommerce.' );
}
if ( MONSTERINSIGHTS_REPORTS_TESTS_EDD && ! function_exists( 'EDD' ) ) {
	monsterinsights_reports_tests_abort( 'WordPress did not load Easy Digital Downloads.' );
}
if ( is_multisite() !== $monsterinsights_reports_tests_multisite ) {
	monsterinsights_reports_tests_abort( 'is_multisite() does not match WP_TESTS_MULTISITE.' );
}
