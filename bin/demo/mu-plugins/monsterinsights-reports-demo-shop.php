<?php
/**
 * Plugin Name: MonsterInsights Reports demo shop
 * Description: For the `npm start` demo site only: its WooCommerce shop opens without WooCommerce's setup wizard, its redirect after activation and its admin notices, so the reports page is the first thing a newcomer sees. bin/start.sh mounts this folder as wp-content/mu-plugins; it is never shipped.
 *
 * @package MonsterInsights\Reports
 */

defined( 'ABSPATH' ) || exit;

add_filter( 'woocommerce_enable_setup_wizard', '__return_false' );
add_filter( 'woocommerce_prevent_automatic_wizard_redirect', '__return_true' );
add_filter( 'woocommerce_show_admin_notice', '__return_false' );
add_filter( 'woocommerce_helper_suppress_admin_notices', '__return_true' );
add_filter( 'woocommerce_allow_marketplace_suggestions', '__return_false' );
// WooCommerce's optional admin features (its Analytics, marketing, the task list): the demo is about
// the reports of this plugin, and they slow a start in Playground.
add_filter( 'woocommerce_admin_disabled', '__return_true' );
