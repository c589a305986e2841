<?php
/**
 * Plugin Name: MonsterInsights Reports e2e Easy Digital Downloads
 * Description: Test-only REST routes of the Easy Digital Downloads end-to-end test: activates the real Easy Digital Downloads (unpacked, inactive, by bin/serve-e2e.sh) as wp-admin does, with WooCommerce inactive so that EDD is the site's shop, and turns the eCommerce module on; or deactivates it and turns the module off; and sets up its store (test mode, the Store Gateway, USD, two downloads, a discount code, the checkout and receipt pages). Never shipped.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\E2E\Edd;

use MonsterInsights\Reports\Settings\Modules;

defined( 'ABSPATH' ) || exit;

/**
 * Easy Digital Downloads' main file, and the pinned copy (bin/third-party.txt) bin/serve-e2e.sh
 * copies.
 */
const EDD = array( 'easy-digital-downloads/easy-digital-downloads.php', 'easy-digital-downloads-3.6.5.tar.gz' );

/**
 * WooCommerce's main file: the plugin prefers it as the shop (Settings\Shop::platform()).
 */
const WOOCOMMERCE = 'woocommerce/woocommerce.php';

/**
 * The discount code the shopper types, and how much it takes off (percent of the cart).
 */
const DISCOUNT = array( 'SPRING20', 20 );

// Easy Digital Downloads may load its translations before `init` on WordPress 6.7 and later, which
// WordPress reports as an incorrect use of _load_textdomain_just_in_time(); that notice is EDD's
// own, and the site's debug output must not carry it into the pages the tests read.
add_filter(
	'doing_it_wrong_trigger_error',
	static fn( $trigger, $function_name, $message = '' ) => '_load_textdomain_just_in_time' === $function_name && str_contains( (string) $message, 'easy-digital-downloads' ) ? false : $trigger,
	10,
	3
);

/**
 * Whether EDD's own tables (orders, order items, adjustments, customers) exist: EDD makes them in
 * a wp-admin load (admin_init) after its activation, not in the activation itself.
 */
function tables_ready(): bool {
	global $wpdb;
	foreach ( array( 'edd_orders', 'edd_order_items', 'edd_order_adjustments', 'edd_customers' ) as $table ) {
		if ( $wpdb->prefix . $table !== $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->prefix . $table ) ) ) { // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			return false;
		}
	}
	return true;
}

/**
 * A published page of a shortcode, made once (by its slug); its id.
 *
 * @param string $slug      The page's slug.
 * @param string $title     Its title.
 * @param string $shortcode Its content.
 */
function page( string $slug, string $title, string $shortcode ): int {
	$page = get_page_by_path( $slug );
	if ( $page instanceof \WP_Post ) {
		return $page->ID;
	}
	return (int) wp_insert_post(
		array(
			'post_type'    => 'page',
			'post_status'  => 'publish',
			'post_title'   => $title,
			'post_name'    => $slug,
			'post_content' => $shortcode,
		)
	);
}

/**
 * Deletes the pages of EDD's store: those its options name (the ones its activation made and the
 * e2e ones), and any other page of its shortcodes or blocks. A reset does not delete pages, and
 * EDD's Checkout page would otherwise keep the slug `checkout` that WooCommerce's test looks up.
 */
function remove_pages(): void {
	$settings = get_option( 'edd_settings', array() );
	$ids      = array();
	foreach ( array( 'purchase_page', 'success_page', 'confirmation_page', 'failure_page', 'purchase_history_page' ) as $option ) {
		$ids[] = is_array( $settings ) ? (int) ( $settings[ $option ] ?? 0 ) : 0;
	}
	foreach ( get_posts(
		array(
			'post_type'   => 'page',
			'post_status' => 'any',
			'numberposts' => -1,
		)
	) as $page ) {
		if ( preg_match( '/\\[(download_checkout|edd_receipt|purchase_history)\\]|wp:edd\\//', $page->post_content ) ) {
			$ids[] = $page->ID;
		}
	}
	foreach ( array_unique( array_filter( $ids ) ) as $id ) {
		if ( 'page' === get_post_type( $id ) ) {
			wp_delete_post( $id, true );
		}
	}
}

add_action(
	'rest_api_init',
	static function (): void {
		// POST edd {on: bool}: on deactivates WooCommerce (the plugin would take it as the shop),
		// activates Easy Digital Downloads in a request of its own (its tables are made in the
		// next wp-admin load: load wp-admin until POST edd/catalogue answers) and turns the
		// eCommerce module on (its key is 'woocommerce' for either shop); off deletes EDD's pages,
		// deactivates EDD and turns the module off.
		register_rest_route(
			'monsterinsights-reports-e2e/v1',
			'/edd',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
				'args'                => array(
					'on' => array(
						'type'     => 'boolean',
						'required' => true,
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ) {
					require_once ABSPATH . 'wp-admin/includes/plugin.php';
					list( $file, $tarball ) = EDD;
					if ( ! $request['on'] ) {
						remove_pages();
						if ( is_plugin_active( $file ) ) {
							deactivate_plugins( $file );
						}
						Modules::set( 'woocommerce', false );
						return array( 'on' => false );
					}
					if ( ! is_file( WP_PLUGIN_DIR . '/' . $file ) ) {
						return new \WP_Error( 'missing_plugin', "{$file} is not in wp-content/plugins: bin/serve-e2e.sh copies it from bin/third-party.sh ({$tarball}).", array( 'status' => 500 ) );
					}
					if ( is_plugin_active( WOOCOMMERCE ) ) {
						deactivate_plugins( WOOCOMMERCE );
					}
					if ( ! is_plugin_active( $file ) ) {
						$activated = activate_plugin( $file );
						if ( is_wp_error( $activated ) ) {
							return $activated;
						}
					}
					Modules::set( 'woocommerce', true );
					return array( 'on' => true );
				},
			)
		);

		// POST edd/catalogue: what a shopper needs on the active EDD, made through its own API,
		// the same on every call: test mode with the Store Gateway (EDD's manual gateway: its
		// orders complete at once) as the only gateway, USD with the symbol before the amount, no
		// taxes, guest checkout, the checkout page ([download_checkout], EDD's purchase page) and
		// the receipt page ([edd_receipt], its success and confirmation page), two downloads (E2E Ebook 20.00, E2E
		// Course 45.00) and the discount code SPRING20 (20% off). Answers the downloads' ids, URLs
		// and prices, the checkout and receipt pages' URLs and the discount; 409 while EDD's tables are not made
		// yet (load wp-admin once more).
		register_rest_route(
			'monsterinsights-reports-e2e/v1',
			'/edd/catalogue',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
				'callback'            => static function () {
					if ( ! function_exists( 'EDD' ) ) {
						return new \WP_Error( 'no_edd', 'Easy Digital Downloads is not active: POST edd {on: true} first.', array( 'status' => 409 ) );
					}
					if ( ! tables_ready() ) {
						return new \WP_Error( 'no_edd_tables', "Easy Digital Downloads' tables are not made yet: load wp-admin once more.", array( 'status' => 409 ) );
					}
					$checkout = page( 'e2e-edd-checkout', 'Checkout', '[download_checkout]' );
					$receipt  = page( 'e2e-edd-receipt', 'Purchase Confirmation', '[edd_receipt]' );
					foreach ( array(
						'test_mode'          => true,
						'gateways'           => array( 'manual' => 1 ),
						'default_gateway'    => 'manual',
						'currency'           => 'USD',
						'currency_position'  => 'before',
						'enable_taxes'       => false,
						'item_quantities'    => false,
						'logged_in_only'     => false,
						'show_register_form' => 'none',
						'purchase_page'      => $checkout,
						'success_page'       => $receipt,
						'confirmation_page'  => $receipt,
					) as $key => $value ) {
						edd_update_option( $key, $value );
					}
					$downloads = array();
					foreach ( array(
						'ebook'  => array( 'E2E Ebook', '20.00' ),
						'course' => array( 'E2E Course', '45.00' ),
					) as $key => list( $name, $price ) ) {
						$found = get_page_by_path( sanitize_title( $name ), OBJECT, 'download' );
						$id    = $found instanceof \WP_Post ? $found->ID : (int) wp_insert_post(
							array(
								'post_type'    => 'download',
								'post_status'  => 'publish',
								'post_title'   => $name,
								'post_name'    => sanitize_title( $name ),
								'post_content' => "{$name}, a download of the e2e store.",
							)
						);
						update_post_meta( $id, 'edd_price', $price );
						delete_post_meta( $id, '_variable_pricing' );
						$downloads[ $key ] = array(
							'id'    => $id,
							'url'   => get_permalink( $id ),
							'price' => (float) $price,
						);
					}
					list( $code, $percent ) = DISCOUNT;
					if ( ! edd_get_discount_by( 'code', $code ) ) {
						edd_add_discount(
							array(
								'name'        => $code,
								'code'        => $code,
								'amount'      => $percent,
								'amount_type' => 'percent',
								'status'      => 'active',
							)
						);
					}
					return array(
						'downloads' => $downloads,
						'checkout'  => get_permalink( $checkout ),
						'receipt'   => get_permalink( $receipt ),
						'discount'  => array(
							'code'    => $code,
							'percent' => $percent,
						),
					);
				},
			)
		);
	}
);
