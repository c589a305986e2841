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
	}
);
