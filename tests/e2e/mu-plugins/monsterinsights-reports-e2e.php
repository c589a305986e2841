<?php
/**
 * Plugin Name: MonsterInsights Reports e2e helpers
 * Description: Test-only REST routes for the end-to-end tests: choose the data source and run the aggregation now. bin/serve-e2e.sh mounts this folder as wp-content/mu-plugins of the e2e site; it is never shipped nor loaded by `npm start`.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\E2E;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\BuiltinSource;

defined( 'ABSPATH' ) || exit;

/**
 * The routes' namespace: apart from the plugin's own, so nothing mistakes them for product routes.
 */
const REST_NAMESPACE = 'monsterinsights-reports-e2e/v1';

add_action(
	'rest_api_init',
	static function (): void {
		$admin_only = static fn(): bool => current_user_can( 'manage_options' );

		// POST source {source: '' | 'builtin'}: sets the active source; answers the previous one.
		register_rest_route(
			REST_NAMESPACE,
			'/source',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => $admin_only,
				'args'                => array(
					'source' => array(
						'type'     => 'string',
						'enum'     => array( '', 'builtin' ),
						'required' => true,
					),
				),
				'callback'            => static function ( \WP_REST_Request $request ): array {
					$previous = (string) get_option( BootData::SOURCE_OPTION, '' );
					update_option( BootData::SOURCE_OPTION, (string) $request->get_param( 'source' ) );
					return array(
						'previous' => $previous,
						'source'   => (string) get_option( BootData::SOURCE_OPTION, '' ),
					);
				},
			)
		);

		// POST aggregate: moves the whole buffer into the tables now, as the minutely cron event
		// would (the run bumps the data version the report cache keys on).
		register_rest_route(
			REST_NAMESPACE,
			'/aggregate',
			array(
				'methods'             => \WP_REST_Server::CREATABLE,
				'permission_callback' => $admin_only,
				'callback'            => static function () {
					$processed = 0;
					$runs      = 0;
					do {
						$result     = Aggregator::for_current_site()->run();
						$processed += $result->processed;
						++$runs;
					} while ( ! $result->complete && ! $result->locked && $runs < 20 );
					if ( $result->locked ) {
						return new \WP_Error( 'locked', 'Another aggregation run holds the lock.', array( 'status' => 409 ) );
					}
					return array(
						'processed'   => $processed,
						'runs'        => $runs,
						'dataVersion' => ( new BuiltinSource() )->data_version(),
					);
				},
			)
		);
	}
);
