<?php
/**
 * Plugin Name: MonsterInsights Reports e2e helpers: SEO plugin
 * Description: Test-only helpers for the promo cards' end-to-end test: the SEO plugin card installs the test double of tests/fixtures/seo-plugin (zipped on demand into the system temp folder) through the plugin's monsterinsights_reports_seo_plugin_package filter, so the plugin directory is never asked (or a file that is no zip, for a failing install); POST seo-plugin removes it again, clears every user's promo dismissals and chooses the package. Mounted with the other e2e must-use plugins by bin/serve-e2e.sh; never shipped.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\E2E\SeoPlugin;

use MonsterInsights\Reports\Promos\Promos;
use MonsterInsights\Reports\Promos\SeoPlugin;

defined( 'ABSPATH' ) || exit;

/**
 * The zip of the test double, built when missing or older than its source; its path.
 */
function package(): string {
	$source = MONSTERINSIGHTS_REPORTS_DIR . 'tests/fixtures/seo-plugin';
	$file   = $source . '/all-in-one-seo-pack/all_in_one_seo_pack.php';
	$zip    = get_temp_dir() . 'mir-e2e-seo-plugin-' . md5( $source ) . '.zip';
	if ( ! is_file( $zip ) || filemtime( $zip ) < filemtime( $file ) ) {
		require_once ABSPATH . 'wp-admin/includes/class-pclzip.php';
		$building = $zip . '.' . getmypid() . '.tmp';
		$archive  = new \PclZip( $building );
		$archive->create( $source . '/all-in-one-seo-pack', PCLZIP_OPT_REMOVE_PATH, $source );
		rename( $building, $zip ); // phpcs:ignore WordPress.WP.AlternativeFunctions.rename_rename
	}
	return $zip;
}

/**
 * The option that makes the package a broken zip (an install that fails); absent means the test
 * double's zip.
 */
const BROKEN_OPTION = 'monsterinsights_reports_e2e_seo_package_broken';

/**
 * A file named .zip that is no zip; its path.
 */
function broken_package(): string {
	$zip = get_temp_dir() . 'mir-e2e-seo-plugin-broken.zip';
	if ( ! is_file( $zip ) ) {
		file_put_contents( $zip, 'not a zip' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
	}
	return $zip;
}

add_filter(
	'monsterinsights_reports_seo_plugin_package',
	static fn(): string => '1' === get_option( BROKEN_OPTION, '' ) ? broken_package() : package()
);

add_action(
	'rest_api_init',
	static function (): void {
		// POST seo-plugin {broken}: the SEO plugin deactivated and deleted (either edition), every
		// user's promo dismissals cleared, and the package the test double's zip, or with broken a
		// file that is no zip. Answers the plugin's status.
		register_rest_route(
			'monsterinsights-reports-e2e/v1',
			'/seo-plugin',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
				'args'                => array(
					'broken' => array(
						'type'    => 'boolean',
						'default' => false,
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ): array {
					if ( (bool) $request->get_param( 'broken' ) ) {
						update_option( BROKEN_OPTION, '1' );
					} else {
						delete_option( BROKEN_OPTION );
					}
					require_once ABSPATH . 'wp-admin/includes/plugin.php';
					require_once ABSPATH . 'wp-admin/includes/file.php';
					foreach ( SeoPlugin::BASENAMES as $basename ) {
						if ( is_plugin_active( $basename ) ) {
							deactivate_plugins( $basename, true );
						}
						if ( is_dir( WP_PLUGIN_DIR . '/' . dirname( $basename ) ) ) {
							delete_plugins( array( $basename ) );
						}
					}
					delete_metadata( 'user', 0, Promos::META, '', true );
					return SeoPlugin::status();
				},
			)
		);
	}
);
