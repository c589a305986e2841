<?php
/**
 * GET and POST monsterinsights-reports/v1/network/settings — the network-wide defaults.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings as Tracking;

defined( 'ABSPATH' ) || exit;

/**
 * Multisite only, for users with `manage_network_options`. The defaults apply to every site that
 * has not made its own choice: tracking settings and modules.
 */
final class NetworkSettingsController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'network/settings';

	/**
	 * Registers the route on a network only.
	 */
	public function register_routes(): void {
		if ( ! is_multisite() ) {
			return;
		}
		$properties = self::properties();
		$args       = array(
			'tracking' => array(
				'description'          => __( 'Default tracking settings of the network’s sites.', 'monsterinsights-reports' ),
				'type'                 => 'object',
				'properties'           => $properties['tracking'],
				'additionalProperties' => false,
				'validate_callback'    => array( SettingsController::class, 'validate_tracking' ),
			),
			'modules'  => array(
				'description'          => __( 'Modules on by default on the network’s sites.', 'monsterinsights-reports' ),
				'type'                 => 'object',
				'properties'           => $properties['modules'],
				'additionalProperties' => false,
			),
		);
		$this->add_route(
			'',
			array(
				$this->endpoint( \WP_REST_Server::READABLE, 'get_item', 'can_manage_network' ),
				$this->endpoint( \WP_REST_Server::EDITABLE, 'update_item', 'can_manage_network', $args ),
			)
		);
	}

	/**
	 * The properties of the defaults: the tracking settings a network sets (retention is each
	 * site's own) and the modules.
	 *
	 * @return array{tracking: array<string, mixed>, modules: array<string, mixed>}
	 */
	private static function properties(): array {
		$tracking = SettingsController::tracking_properties();
		unset( $tracking['retention_months'] );
		$modules = array();
		foreach ( Modules::KEYS as $key ) {
			$modules[ $key ] = array( 'type' => 'boolean' );
		}
		return array(
			'tracking' => $tracking,
			'modules'  => $modules,
		);
	}

	/**
	 * Permission callback: network options.
	 *
	 * @return true|\WP_Error
	 */
	public function can_manage_network() {
		return $this->require_capability( 'manage_network_options', __( 'Sorry, you are not allowed to change the network’s settings.', 'monsterinsights-reports' ) );
	}

	/**
	 * The defaults as the network screen shows them.
	 *
	 * @return array<string, mixed>
	 */
	public static function current(): array {
		return array(
			'tracking' => Tracking::normalize( Tracking::network_defaults() ),
			'modules'  => Modules::network_defaults(),
		);
	}

	/**
	 * Answers GET.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_item( $request ) {
		unset( $request );
		return rest_ensure_response( self::current() );
	}

	/**
	 * Answers POST: stores the validated defaults.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function update_item( $request ) {
		if ( $request->has_param( 'tracking' ) ) {
			$tracking = (array) $request->get_param( 'tracking' );
			update_site_option( Tracking::NETWORK_OPTION, Tracking::normalize( $tracking + Tracking::network_defaults() ) );
		}
		if ( $request->has_param( 'modules' ) ) {
			$modules = array();
			foreach ( (array) $request->get_param( 'modules' ) as $key => $on ) {
				$modules[ (string) $key ] = (bool) $on;
			}
			Modules::set_network_defaults( $modules );
		}
		return rest_ensure_response( self::current() );
	}

	/**
	 * The payload's schema.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		$properties = array();
		foreach ( self::properties() as $key => $group ) {
			$properties[ $key ] = array(
				'type'       => 'object',
				'properties' => $group,
			);
		}
		return self::document(
			'network-settings',
			array(
				'type'       => 'object',
				'properties' => $properties,
			)
		);
	}
}
