<?php
/**
 * Activates the real WooCommerce on the test install (tests/php/Support/install-shop-plugin.php):
 * its one wp-admin load (admin_init) turns HPOS (WooCommerce's own order tables) on for a new shop
 * with no orders. The tests switch HPOS off themselves before they create orders (HposOffTest).
 *
 * Runs after tests/php/install.php, started by bootstrap.php when WP_TESTS_WOOCOMMERCE=1. Prints
 * nothing when it succeeds.
 *
 * Usage: php tests/php/WooCommerce/install.php [--admin-init]
 *
 * @package MonsterInsights\Reports\Tests
 */

$monsterinsights_reports_tests_plugin = array(
	'file'  => 'woocommerce/woocommerce.php',
	'name'  => 'WooCommerce',
	'ready' => static fn(): bool => function_exists( 'WC' ),
);
require dirname( __DIR__ ) . '/Support/install-shop-plugin.php';
