<?php
/**
 * Activates the real WooCommerce on the test install, as the recipe of
 * ../shared/design/third-party-plugins.md says: activate_plugin() as user 1 in a process of its own,
 * then, in a new process, one wp-admin load (admin_init), which turns HPOS (WooCommerce's own order
 * tables) on for a new shop with no orders. The tests switch HPOS off themselves before they
 * create orders (ShopTestCase).
 *
 * Runs after tests/php/install.php, started by bootstrap.php when WP_TESTS_WOOCOMMERCE=1. Prints
 * nothing when it succeeds.
 *
 * Usage: php tests/php/WooCommerce/install.php [--admin-init]
 *
 * @package MonsterInsights\Reports\Tests
 */

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

$monsterinsights_reports_tests_admin = in_array( '--admin-init', $argv, true );
if ( $monsterinsights_reports_tests_admin ) {
	define( 'WP_ADMIN', true );
}
require dirname( __DIR__ ) . '/config.php';
require ABSPATH . 'wp-settings.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
wp_set_current_user( 1 );

if ( ! $monsterinsights_reports_tests_admin ) {
	$monsterinsights_reports_tests_result = activate_plugin( 'woocommerce/woocommerce.php' );
	if ( is_wp_error( $monsterinsights_reports_tests_result ) ) {
		fwrite( STDERR, 'install: activating WooCommerce failed: ' . $monsterinsights_reports_tests_result->get_error_message() . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
		exit( 1 );
	}
	// The wp-admin load, in a new process: WooCommerce loads as an active plugin there.
	passthru( escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( __FILE__ ) . ' --admin-init', $monsterinsights_reports_tests_status ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_passthru
	exit( (int) $monsterinsights_reports_tests_status );
}

// No redirect (WooCommerce's setup wizard) and no update checks (no network here).
add_filter( 'wp_redirect', '__return_false', 1000 );
remove_action( 'admin_init', '_maybe_update_core' );
remove_action( 'admin_init', '_maybe_update_plugins' );
remove_action( 'admin_init', '_maybe_update_themes' );
do_action( 'admin_init' );
if ( ! function_exists( 'WC' ) ) {
	fwrite( STDERR, "install: WooCommerce is not loaded\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
	exit( 1 );
}
exit( 0 );
