<?php
/**
 * REST: delete an exception of the Exceptions report.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\Tiers;
use MonsterInsights\Reports\Licensing\Upgrade;
use MonsterInsights\Reports\Sources\FindsExceptions;
use MonsterInsights\Reports\Sources\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * `DELETE monsterinsights-reports/v1/exceptions/{id}`: for users who view the reports, with the
 * licence the Exceptions report needs (agency; below it a 403 upgrade_required). The exception is
 * deleted for good: never listed again, and the detector never finds it again. An unknown (or
 * already deleted) id is a 404 rest_exception_not_found.
 */
final class ExceptionsController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'exceptions';

	/**
	 * The controller.
	 *
	 * @param Sources $sources The sources (the active one holds the exceptions).
	 */
	public function __construct( private Sources $sources ) {
		parent::__construct();
	}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		$this->add_route(
			'/(?P<id>[\d]+)',
			array( $this->endpoint( \WP_REST_Server::DELETABLE, 'delete_item', 'can_save', self::id_arg( __( 'The exception’s ID.', 'monsterinsights-reports' ) ) ) ),
			fn() => self::document(
				'exception-deleted',
				array(
					'type'       => 'object',
					'properties' => array(
						'deleted' => array(
							'description' => __( 'Whether the exception was deleted.', 'monsterinsights-reports' ),
							'type'        => 'boolean',
						),
						'id'      => array(
							'description' => __( 'The exception’s ID.', 'monsterinsights-reports' ),
							'type'        => 'integer',
						),
					),
				)
			)
		);
	}

	/**
	 * Deletes an exception.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function delete_item( $request ) {
		if ( ! Tiers::allows( Licence::level(), 'exceptions' ) ) {
			return Upgrade::required( 'exceptions' );
		}
		$id     = (int) $request->get_param( 'id' );
		$source = $this->sources->active();
		if ( ! $source instanceof FindsExceptions || ! $source->delete_exception( $id ) ) {
			return new \WP_Error( 'rest_exception_not_found', __( 'There is no exception with this ID.', 'monsterinsights-reports' ), array( 'status' => 404 ) );
		}
		return rest_ensure_response(
			array(
				'deleted' => true,
				'id'      => $id,
			)
		);
	}
}
