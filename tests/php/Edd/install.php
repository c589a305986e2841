<?php
/**
 * Activates the real Easy Digital Downloads on the test install, as the recipe of
 * ../shared/design/third-party-plugins.md says: activate_plugin() as user 1 in a process of its own,
 * then wp-admin loads (admin_init) in new processes until EDD's own tables (orders, order items,
 * adjustments, customers) exist: the first load ends at EDD's redirect to its welcome screen.
 *
 * Runs after tests/php/install.php, started by bootstrap.php when WP_TESTS_EDD=1. Prints nothing
 * when it succeeds.
 *
 * Usage: php tests/php/Edd/install.php [--admin-init]
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
	$monsterinsights_reports_tests_result = activate_plugin( 'easy-digital-downloads/easy-digital-downloads.php' );
	if ( is_wp_error( $monsterinsights_reports_tests_result ) ) {
		fwrite( STDERR, 'install: activating Easy Digital Downloads failed: ' . $monsterinsights_reports_tests_result->get_error_message() . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
		exit( 1 );
	}
	// The wp-admin loads, each in a new process: EDD loads as an active plugin there.
	for ( $monsterinsights_reports_tests_i = 0; $monsterinsights_reports_tests_i < 3; $monsterinsights_reports_tests_i++ ) {
		$monsterinsights_reports_tests_output = array();
		exec( escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( __FILE__ ) . ' --admin-init 2>&1', $monsterinsights_reports_tests_output, $monsterinsights_reports_tests_status ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec
		if ( 0 === $monsterinsights_reports_tests_status && array( 'ready' ) === $monsterinsights_reports_tests_output ) {
			exit( 0 );
		}
	}
	fwrite( STDERR, 'install: Easy Digital Downloads made no tables: ' . implode( "\n", $monsterinsights_reports_tests_output ) . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
	exit( 1 );
}

/**
 * Whether EDD's tables exist.
 */
function monsterinsights_reports_tests_edd_ready(): bool {
	global $wpdb;
	foreach ( array( 'edd_orders', 'edd_order_items', 'edd_order_adjustments', 'edd_customers' ) as $table ) {
		if ( $wpdb->prefix . $table !== $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->prefix . $table ) ) ) { // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			return false;
		}
	}
	return true;
}

if ( ! function_exists( 'EDD' ) ) {
	fwrite( STDERR, "install: Easy Digital Downloads is not loaded\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
	exit( 1 );
}
if ( monsterinsights_reports_tests_edd_ready() ) {
	echo 'ready'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
	exit( 0 );
}
// No update checks (no network here). EDD's redirect ends this load; the next one goes on.
remove_action( 'admin_init', '_maybe_update_core' );
remove_action( 'admin_init', '_maybe_update_plugins' );
remove_action( 'admin_init', '_maybe_update_themes' );
do_action( 'admin_init' );
exit( 0 );
