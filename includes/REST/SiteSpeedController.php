<?php
/**
 * REST: Run Audit of the Site Speed report.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\Tiers;
use MonsterInsights\Reports\Licensing\Upgrade;
use MonsterInsights\Reports\Sources\MeasuresSpeed;
use MonsterInsights\Reports\Sources\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * `POST monsterinsights-reports/v1/site-speed/audit` (`device`: desktop or mobile): for users who
 * view the reports (the REST nonce of a logged-in user), with the licence the Site Speed report
 * needs (below it a 403 upgrade_required). The active source audits the site now (the builtin
 * source fetches the front page and times the server's response) and keeps it for the report; the
 * answer is that audit. A source that cannot audit is a 409 audit_unavailable (the site's state
 * stands in the way, not the request's input nor a failure); a failed fetch a 502 audit_failed.
 */
final class SiteSpeedController extends Controller {

	/**
	 * The controller.
	 *
	 * @param Sources $sources The sources (the active one audits).
	 */
	public function __construct( private Sources $sources ) {
		parent::__construct();
		$this->rest_base = 'site-speed';
	}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		$device = array(
			'description' => __( 'The device to audit as.', 'monsterinsights-reports' ),
			'type'        => 'string',
			'enum'        => array( 'desktop', 'mobile' ),
			'default'     => 'desktop',
		);
		$this->add_route( '/audit', array( $this->endpoint( \WP_REST_Server::CREATABLE, 'create_item', 'can_view', array( 'device' => $device ) ) ) );
	}

	/**
	 * The answer's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'monsterinsights-reports-site-speed-audit',
			'type'       => 'object',
			'properties' => array(
				'device'               => array(
					'type' => 'string',
					'enum' => array( 'desktop', 'mobile' ),
				),
				'server_response_time' => array(
					'description' => __( 'Milliseconds from the request to the first byte of the front page.', 'monsterinsights-reports' ),
					'type'        => 'number',
				),
				'at'                   => array(
					'description' => __( 'When the audit ran (Unix time).', 'monsterinsights-reports' ),
					'type'        => 'integer',
				),
			),
		);
	}

	/**
	 * Runs an audit.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function create_item( $request ) {
		if ( ! Tiers::allows( Licence::level(), 'sitespeed' ) ) {
			return Upgrade::required( 'sitespeed' );
		}
		$device = 'mobile' === $request->get_param( 'device' ) ? 'mobile' : 'desktop';
		$source = $this->sources->active();
		if ( ! $source instanceof MeasuresSpeed ) {
			return new \WP_Error( 'audit_unavailable', __( 'The active data source cannot audit the site.', 'monsterinsights-reports' ), array( 'status' => 409 ) );
		}
		$audit = $source->run_audit( $device );
		if ( is_wp_error( $audit ) ) {
			return $audit;
		}
		return rest_ensure_response( array( 'device' => $device ) + $audit );
	}
}
