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
 * The addons map of decisions.md ("Modules"): reading needs `monsterinsights_view_dashboard` (the
 * reports decide cards on it), switching a module `monsterinsights_save_settings`.
 */
final class AddonsController extends Controller {

	/**
	 * Sets the route base.
	 */
	public function __construct() {
		parent::__construct();
		$this->rest_base = 'addons';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => \WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( $this, 'can_view' ),
					'args'                => array(),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<key>[a-z-]+)',
			array(
				array(
					'methods'             => \WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => array( $this, 'can_save' ),
					'args'                => array(
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
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
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
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
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
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'monsterinsights-reports-addons',
			'type'       => 'object',
			'properties' => $properties,
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
