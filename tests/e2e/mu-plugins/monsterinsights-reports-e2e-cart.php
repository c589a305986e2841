<?php
/**
 * Plugin Name: MonsterInsights Reports e2e cart
 * Description: Test-only REST route of the cart and funnel end-to-end test: with WooCommerce active, two virtual products, the classic cart and checkout pages, Cash on delivery on and a store in the United Kingdom. Never shipped.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\E2E\Cart;

defined( 'ABSPATH' ) || exit;

add_action(
	'rest_api_init',
	static function (): void {
		// POST cart-shop: makes (or finds) the products "E2E Mug" (12.50) and "E2E Cap" (5.00),
		// virtual so no shipping zone is needed; the cart and checkout pages as their classic
		// shortcodes (plain forms the test fills); Cash on delivery, which takes an order straight
		// to processing (paid); a store in the United Kingdom (no required county). Answers the
		// products' links and the cart and checkout pages' links.
		register_rest_route(
			'monsterinsights-reports-e2e/v1',
			'/cart-shop',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
				'callback'            => static function () {
					if ( ! function_exists( 'wc_get_page_id' ) || ! class_exists( 'WC_Product_Simple' ) ) {
						return new \WP_Error( 'no_woocommerce', 'WooCommerce is not active.', array( 'status' => 409 ) );
					}
					$products = array();
					foreach ( array(
						'E2E Mug' => '12.50',
						'E2E Cap' => '5.00',
					) as $name => $price ) {
						$found   = get_posts(
							array(
								'post_type'   => 'product',
								'title'       => $name,
								'numberposts' => 1,
								'fields'      => 'ids',
							)
						);
						$product = array() !== $found ? wc_get_product( (int) $found[0] ) : new \WC_Product_Simple();
						if ( ! $product instanceof \WC_Product ) {
							return new \WP_Error( 'no_product', $name, array( 'status' => 500 ) );
						}
						$product->set_name( $name );
						$product->set_status( 'publish' );
						$product->set_regular_price( $price );
						$product->set_virtual( true );
						$product->save();
						$products[ $name ] = array(
							'id'   => $product->get_id(),
							'link' => (string) get_permalink( $product->get_id() ),
						);
					}
					$pages = array();
					foreach ( array(
						'cart'     => '[woocommerce_cart]',
						'checkout' => '[woocommerce_checkout]',
					) as $page => $shortcode ) {
						$id = wc_get_page_id( $page );
						if ( $id <= 0 || ! get_post( $id ) ) {
							$id = (int) wp_insert_post(
								array(
									'post_type'   => 'page',
									'post_status' => 'publish',
									'post_title'  => ucfirst( $page ),
								)
							);
							update_option( 'woocommerce_' . $page . '_page_id', $id );
						}
						wp_update_post(
							array(
								'ID'           => $id,
								'post_content' => '<!-- wp:shortcode -->' . $shortcode . '<!-- /wp:shortcode -->',
							)
						);
						$pages[ $page ] = (string) get_permalink( $id );
					}
					update_option(
						'woocommerce_cod_settings',
						array(
							'enabled'            => 'yes',
							'title'              => 'Cash on delivery',
							'description'        => '',
							'instructions'       => '',
							'enable_for_methods' => array(),
							'enable_for_virtual' => 'yes',
						)
					);
					update_option( 'woocommerce_default_country', 'GB' );
					update_option( 'woocommerce_allowed_countries', 'specific' );
					update_option( 'woocommerce_specific_allowed_countries', array( 'GB' ) );
					update_option( 'woocommerce_enable_guest_checkout', 'yes' );
					update_option( 'woocommerce_enable_checkout_login_reminder', 'no' );
					update_option( 'woocommerce_coming_soon', 'no' );
					return array(
						'products' => $products,
						'pages'    => $pages,
					);
				},
			)
		);
	}
);
