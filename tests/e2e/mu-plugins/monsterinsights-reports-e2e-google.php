<?php
/**
 * Plugin Name: MonsterInsights Reports e2e helpers: Google
 * Description: Test-only REST route for the google source's end-to-end tests: connect the site with the fake Google server's service account (tests/fake-google/fixtures/service-account.json) to a GA4 property and make google the active source, or disconnect. The site's MONSTERINSIGHTS_REPORTS_GOOGLE_BASE points at its fake (bin/serve-e2e.sh). Mounted with the other e2e must-use plugins; never shipped.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\E2E\Google;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Google\Connection;

defined( 'ABSPATH' ) || exit;

add_action(
	'rest_api_init',
	static function (): void {
		// POST google {property, sc_site, pagespeed_key, currency, connected, expire}: connected true
		// connects with the fixture's service account (and the PageSpeed key, when given; the
		// property's currency as the settings would have read it, when given) and makes google the
		// active source; false disconnects and goes back to the built-in source; expire lets the
		// cached answers expire (nothing else). Answers the connection's settings.
		register_rest_route(
			'monsterinsights-reports-e2e/v1',
			'/google',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
				'args'                => array(
					'connected'     => array(
						'type'    => 'boolean',
						'default' => true,
					),
					'property'      => array(
						'type'    => 'string',
						'default' => '300000001',
					),
					'sc_site'       => array(
						'type'    => 'string',
						'default' => '',
					),
					'pagespeed_key' => array(
						'type'    => 'string',
						'default' => '',
					),
					'currency'      => array(
						'type'    => 'string',
						'pattern' => '^([A-Z]{3})?$',
						'default' => '',
					),
					'expire'        => array(
						'type'    => 'boolean',
						'default' => false,
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ): array {
					$connection = new Connection();
					if ( (bool) $request->get_param( 'expire' ) ) {
						// Google's answers expire (they stay the last answers, the quota fallback's),
						// and so do the payloads built from them.
						\MonsterInsights\Reports\Sources\Google\Cache::expire_all();
						global $wpdb;
						// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- A test helper.
						foreach ( $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_mir\\_report\\_%'" ) as $name ) {
							delete_transient( substr( (string) $name, strlen( '_transient_' ) ) );
						}
						return $connection->get();
					}
					if ( ! (bool) $request->get_param( 'connected' ) ) {
						$connection->disconnect();
						update_option( BootData::SOURCE_OPTION, 'builtin' );
						return $connection->get();
					}
					// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local fixture.
					$key = json_decode( (string) file_get_contents( MONSTERINSIGHTS_REPORTS_DIR . 'tests/fake-google/fixtures/service-account.json' ), true );
					// Each connection is new: the google source's cached answers are not its own,
					// and an earlier quota back-off is over.
					delete_transient( \MonsterInsights\Reports\Sources\Google\Cache::BACKOFF_TRANSIENT );
					// Nor are the exceptions an earlier test deleted.
					delete_option( \MonsterInsights\Reports\Sources\Google\Ga4Exceptions::OPTION );
					$connected_at = max( time(), $connection->get()['connected_at'] + 1 );
					$connection->disconnect();
					$connection->update(
						array(
							'auth'         => Connection::SERVICE_ACCOUNT,
							'client_email' => (string) $key['client_email'],
							'property'     => (string) $request->get_param( 'property' ),
							'sc_site'      => (string) $request->get_param( 'sc_site' ),
							'currency'     => (string) $request->get_param( 'currency' ),
							'connected_at' => $connected_at,
						)
					);
					$connection->store_secret( Connection::SECRET_KEY, $key );
					if ( '' !== (string) $request->get_param( 'pagespeed_key' ) ) {
						$connection->store_secret( Connection::SECRET_PSI, (string) $request->get_param( 'pagespeed_key' ) );
					}
					update_option( BootData::SOURCE_OPTION, 'google' );
					return $connection->get();
				},
			)
		);
	}
);
