<?php
/**
 * GET monsterinsights-reports/v1/boot — what the app needs to start.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Feedback\FeatureFeedback;
use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Settings\Shop;

defined( 'ABSPATH' ) || exit;

/**
 * Serves the boot payload, the same one the reports page prints inline, so the app can refresh it
 * (for example after the nonce expires) without reloading the page.
 */
final class BootController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'boot';

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		$sections = array(
			'description' => __( 'Sections of the boot data to return; all when omitted.', 'monsterinsights-reports' ),
			'type'        => 'array',
			'items'       => array(
				'type' => 'string',
				'enum' => BootData::SECTIONS,
			),
			'uniqueItems' => true,
			'default'     => array(),
		);
		$this->add_route( '', array( $this->endpoint( \WP_REST_Server::READABLE, 'get_item', 'can_view', array( 'sections' => $sections ) ) ) );
	}

	/**
	 * Returns the boot payload.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_item( $request ) {
		$sections = (array) $request->get_param( 'sections' );
		return rest_ensure_response( BootData::build( array_map( 'strval', $sections ) ) );
	}

	/**
	 * The payload's JSON schema; src/store/app/types.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		$string  = array( 'type' => 'string' );
		$boolean = array( 'type' => 'boolean' );
		$integer = array( 'type' => 'integer' );

		$schema = array(
			'type'       => 'object',
			'properties' => array(
				'rest'    => array(
					'type'       => 'object',
					'properties' => array(
						'root'      => $string,
						'namespace' => $string,
						'nonce'     => $string,
					),
				),
				'user'    => array(
					'type'       => 'object',
					'properties' => array(
						'id'              => $integer,
						'locale'          => $string,
						'capabilities'    => array(
							'type'       => 'object',
							'properties' => array(
								'viewReports'   => $boolean,
								'saveSettings'  => $boolean,
								'manageNetwork' => $boolean,
								'uploadFiles'   => $boolean,
							),
						),
						'featureFeedback' => array(
							'type'       => 'object',
							'properties' => array(
								'features' => array(
									'description' => __( 'The features whose screens ask for feedback (report names).', 'monsterinsights-reports' ),
									'type'        => 'array',
									'items'       => array(
										'type' => 'string',
										'enum' => FeatureFeedback::keys(),
									),
								),
								'rated'    => array(
									'description' => __( 'The features the user already gave feedback on, on this site.', 'monsterinsights-reports' ),
									'type'        => 'array',
									'items'       => array(
										'type' => 'string',
										'enum' => FeatureFeedback::keys(),
									),
								),
							),
						),
					),
				),
				'site'    => array(
					'type'       => 'object',
					'properties' => array(
						'id'              => $integer,
						'name'            => $string,
						'url'             => $string,
						'adminUrl'        => $string,
						'timezone'        => $string,
						'gmtOffset'       => array( 'type' => 'number' ),
						'today'           => $string,
						'locale'          => $string,
						'startOfWeek'     => $integer,
						'isMultisite'     => $boolean,
						'isNetworkAdmin'  => $boolean,
						'isNetworkActive' => $boolean,
						'yearInReview'    => array(
							'type'       => 'object',
							'properties' => array(
								'show_report' => $boolean,
								'report_year' => array( 'type' => 'integer' ),
							),
						),
					),
				),
				'source'  => array(
					'type'       => 'object',
					'properties' => array(
						'active'    => $string,
						'connected' => $boolean,
						'reauth'    => $boolean,
					),
				),
				'licence' => array(
					'type'       => 'object',
					'properties' => array(
						'level'  => array(
							'type' => 'string',
							'enum' => BootData::LEVELS,
						),
						'source' => array(
							'type' => 'string',
							'enum' => Licence::SOURCES,
						),
					),
				),
				'plugin'  => array(
					'type'       => 'object',
					'properties' => array(
						'version'    => $string,
						'assetsUrl'  => $string,
						'reportsUrl' => $string,
					),
				),
				// The shop (Settings\Shop): null without an active shop plugin or with the eCommerce module off.
				'shop'    => array(
					'type'       => array( 'object', 'null' ),
					'properties' => array(
						'platform' => array(
							'type' => 'string',
							'enum' => Shop::PLATFORMS,
						),
						'currency' => array(
							'type'       => 'object',
							'properties' => array(
								'code'     => $string,
								'symbol'   => $string,
								'decimals' => $integer,
								'position' => array(
									'type' => 'string',
									'enum' => Shop::POSITIONS,
								),
							),
						),
					),
				),
			),
		);
		return self::document( 'boot', $schema );
	}
}
