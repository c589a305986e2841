<?php
/**
 * GET monsterinsights-reports/v1/addons and POST …/addons/{key} — the modules map.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Settings\Modules;

defined( 'ABSPATH' ) || exit;

/**
 * The addons map (docs/product-rules.md#modules): reading needs `monsterinsights_view_dashboard`
 * (the reports decide cards on it), switching a module `monsterinsights_save_settings`.
 */
final class AddonsController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'addons';

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$this->add_route( '', array( $this->endpoint( \WP_REST_Server::READABLE, 'get_items' ) ) );
		$this->add_route(
			'/(?P<key>[a-z-]+)',
			array(
				$this->endpoint(
					\WP_REST_Server::EDITABLE,
					'update_item',
					'can_save',
					array(
						'key'    => array(
							'description' => __( 'The module key.', 'monsterinsights-reports' ),
							'type'        => 'string',
							'enum'        => Modules::KEYS,
							'required'    => true,
						),
						'active' => array(
							'description' => __( 'Whether the module is on.', 'monsterinsights-reports' ),
							'type'        => 'boolean',
							'required'    => true,
						),
					)
				),
			)
		);
	}

	/**
	 * Answers GET: the map.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_items( $request ) {
		unset( $request );
		return rest_ensure_response( Modules::addons() );
	}

	/**
	 * Answers POST: switches one module and returns the whole map.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function update_item( $request ) {
		Modules::set( (string) $request->get_param( 'key' ), (bool) $request->get_param( 'active' ) );
		return rest_ensure_response( Modules::addons() );
	}

	/**
	 * The map's JSON schema; src/store/addons/types.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		$addon      = array(
			'type'       => 'object',
			'properties' => array(
				'installed'       => array( 'type' => 'boolean' ),
				'active'          => array( 'type' => 'boolean' ),
				'basename'        => array( 'type' => 'string' ),
				'title'           => array( 'type' => 'string' ),
				'description'     => array( 'type' => 'string' ),
				'requirement'     => array( 'type' => 'string' ),
				'requirement_met' => array( 'type' => 'boolean' ),
			),
		);
		$properties = array();
		foreach ( Modules::KEYS as $key ) {
			$properties[ $key ] = $addon;
		}
		return self::document(
			'addons',
			array(
				'type'       => 'object',
				'properties' => $properties,
			)
		);
	}
}
