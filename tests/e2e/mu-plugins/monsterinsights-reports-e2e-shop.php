<?php
/**
 * Plugin Name: MonsterInsights Reports e2e shop
 * Description: Test-only REST route of the shop's end-to-end test: activates the real WooCommerce (unpacked, inactive, by bin/serve-e2e.sh) as wp-admin does, sets its currency through its own options and turns the eCommerce module on; or deactivates it and turns the module off. Never shipped.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\E2E\Shop;

use MonsterInsights\Reports\Settings\Modules;

defined( 'ABSPATH' ) || exit;

/**
 * WooCommerce's main file, and the pinned copy (bin/third-party.txt) bin/serve-e2e.sh copies.
 */
const WOOCOMMERCE = array( 'woocommerce/woocommerce.php', 'woocommerce-9.4.0-rc.1.tar.gz' );

// WooCommerce 9.4 loads its translations before `init` on WordPress 6.7 and later, which WordPress
// reports as an incorrect use of _load_textdomain_just_in_time(); that notice is WooCommerce's own,
// and the site's debug output must not carry it into the pages the tests read.
add_filter(
	'doing_it_wrong_trigger_error',
	static fn( $trigger, $function_name, $message = '' ) => '_load_textdomain_just_in_time' === $function_name && str_contains( (string) $message, 'woocommerce' ) ? false : $trigger,
	10,
	3
);

add_action(
	'rest_api_init',
	static function (): void {
		// POST shop {on: bool, currency?: string, position?: string}: on activates WooCommerce in a
		// request of its own (its next wp-admin load runs its admin_init pass), stores the shop's
		// currency and symbol position in WooCommerce's own options, skips its setup wizard's
		// redirect and turns the eCommerce module on; off deactivates WooCommerce and turns the
		// module off. Answers the boot data's shop as the plugin sees it after the change
		// (null right after activation: WooCommerce loads from the next request).
		register_rest_route(
			'monsterinsights-reports-e2e/v1',
			'/shop',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
				'args'                => array(
					'on'       => array(
						'type'     => 'boolean',
						'required' => true,
					),
					'currency' => array(
						'type'    => 'string',
						'pattern' => '^[A-Z]{3}$',
						'default' => 'USD',
					),
					'position' => array(
						'type'    => 'string',
						'enum'    => array( 'left', 'right', 'left_space', 'right_space' ),
						'default' => 'left',
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ) {
					require_once ABSPATH . 'wp-admin/includes/plugin.php';
					list( $file, $tarball ) = WOOCOMMERCE;
					if ( ! $request['on'] ) {
						if ( is_plugin_active( $file ) ) {
							deactivate_plugins( $file );
						}
						Modules::set( 'woocommerce', false );
						return array( 'on' => false );
					}
					if ( ! is_file( WP_PLUGIN_DIR . '/' . $file ) ) {
						return new \WP_Error( 'missing_plugin', "{$file} is not in wp-content/plugins: bin/serve-e2e.sh copies it from bin/third-party.sh ({$tarball}).", array( 'status' => 500 ) );
					}
					if ( ! is_plugin_active( $file ) ) {
						$activated = activate_plugin( $file );
						if ( is_wp_error( $activated ) ) {
							return $activated;
						}
					}
					update_option( 'woocommerce_currency', (string) $request['currency'] );
					update_option( 'woocommerce_currency_pos', (string) $request['position'] );
					update_option( 'woocommerce_price_num_decimals', 'JPY' === $request['currency'] ? 0 : 2 );
					// An administrator who has seen the setup wizard: wp-admin opens as it is.
					delete_transient( '_wc_activation_redirect' );
					update_option( 'woocommerce_onboarding_profile', array( 'skipped' => true ) );
					// A live store: a new WooCommerce shows visitors a "coming soon" page instead.
					update_option( 'woocommerce_coming_soon', 'no' );
					Modules::set( 'woocommerce', true );
					return array( 'on' => true );
				},
			)
		);

		// POST shop/catalogue {checkout: classic|block}: what a shopper needs on the active
		// WooCommerce, made through its own API, the same on every call: two virtual products (no
		// shipping to choose), the coupon SPRING5 (5.00 off the cart), cash on delivery as the only
		// payment method (its orders are processing: paid), Germany as the shop's country, and the
		// cart and checkout pages as the classic shortcodes or WooCommerce's own blocks. Answers
		// the products' ids and URLs and the pages' URLs.
		register_rest_route(
			'monsterinsights-reports-e2e/v1',
			'/shop/catalogue',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
				'args'                => array(
					'checkout' => array(
						'type'    => 'string',
						'enum'    => array( 'classic', 'block' ),
						'default' => 'classic',
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ) {
					if ( ! function_exists( 'WC' ) ) {
						return new \WP_Error( 'no_woocommerce', 'WooCommerce is not active: POST shop {on: true} first.', array( 'status' => 409 ) );
					}
					update_option( 'woocommerce_default_country', 'DE' );
					update_option( 'woocommerce_allowed_countries', 'all' );
					update_option( 'woocommerce_enable_guest_checkout', 'yes' );
					update_option( 'woocommerce_enable_checkout_login_reminder', 'no' );
					update_option(
						'woocommerce_cod_settings',
						array(
							'enabled'            => 'yes',
							'title'              => 'Cash on delivery',
							'enable_for_virtual' => 'yes',
						)
					);
					foreach ( array( 'bacs', 'cheque', 'paypal' ) as $gateway ) {
						update_option( "woocommerce_{$gateway}_settings", array( 'enabled' => 'no' ) );
					}
					$products = array();
					foreach ( array(
						'mug'   => array( 'E2E Mug', '12' ),
						'shirt' => array( 'E2E Shirt', '25' ),
					) as $key => list( $name, $price ) ) {
						$found   = get_page_by_path( sanitize_title( $name ), OBJECT, 'product' );
						$product = $found ? wc_get_product( $found->ID ) : new \WC_Product_Simple();
						$product->set_name( $name );
						$product->set_slug( sanitize_title( $name ) );
						$product->set_regular_price( $price );
						$product->set_virtual( true );
						$product->set_status( 'publish' );
						$product->save();
						$products[ $key ] = array(
							'id'  => $product->get_id(),
							'url' => get_permalink( $product->get_id() ),
						);
					}
					if ( ! wc_get_coupon_id_by_code( 'spring5' ) ) {
						$coupon = new \WC_Coupon();
						$coupon->set_code( 'spring5' );
						$coupon->set_discount_type( 'fixed_cart' );
						$coupon->set_amount( 5 );
						$coupon->save();
					}
					// Classic: pages of the shortcodes, made once; block: the pages WooCommerce's
					// install made (its cart and checkout blocks with their inner blocks).
					$pages = array();
					foreach ( array( 'cart', 'checkout' ) as $kind ) {
						$slug = 'classic' === $request['checkout'] ? "e2e-{$kind}-classic" : $kind;
						$page = get_page_by_path( $slug );
						if ( ! $page && 'block' === $request['checkout'] ) {
							return new \WP_Error( 'no_block_page', "WooCommerce's {$kind} page is missing: load wp-admin once after activating it.", array( 'status' => 409 ) );
						}
						$id = $page ? $page->ID : wp_insert_post(
							array(
								'post_type'    => 'page',
								'post_status'  => 'publish',
								'post_title'   => ucfirst( $kind ) . ' (classic)',
								'post_name'    => $slug,
								'post_content' => "[woocommerce_{$kind}]",
							)
						);
						update_option( "woocommerce_{$kind}_page_id", (int) $id );
						$pages[ $kind ] = get_permalink( (int) $id );
					}
					return array( 'products' => $products ) + $pages;
				},
			)
		);
	}
);
