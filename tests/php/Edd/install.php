<?php
/**
 * Activates the real Easy Digital Downloads on the test install
 * (tests/php/Support/install-shop-plugin.php): EDD makes its own tables (orders, order items,
 * adjustments, customers) only in a wp-admin load (admin_init), and its first load ends at a
 * redirect to its welcome screen, so the loads go on until the tables exist.
 *
 * Runs after tests/php/install.php, started by bootstrap.php when WP_TESTS_EDD=1. Prints nothing
 * when it succeeds.
 *
 * Usage: php tests/php/Edd/install.php [--admin-init]
 *
 * @package MonsterInsights\Reports\Tests
 */

$monsterinsights_reports_tests_plugin = array(
	'file'  => 'easy-digital-downloads/easy-digital-downloads.php',
	'name'  => 'Easy Digital Downloads',
	'ready' => static function (): bool {
		global $wpdb;
		if ( ! function_exists( 'EDD' ) ) {
			return false;
		}
		foreach ( array( 'edd_orders', 'edd_order_items', 'edd_order_adjustments', 'edd_customers' ) as $table ) {
			if ( $wpdb->prefix . $table !== $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->prefix . $table ) ) ) { // phpcs:ignore WordPress.DB.DirectDatabaseQuery
				return false;
			}
		}
		return true;
	},
);
require dirname( __DIR__ ) . '/Support/install-shop-plugin.php';
