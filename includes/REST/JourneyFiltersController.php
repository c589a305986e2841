<?php
/**
 * REST: the choices of the User Journey report's filters.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\Tiers;
use MonsterInsights\Reports\Licensing\Upgrade;
use MonsterInsights\Reports\Reports\Registry;
use MonsterInsights\Reports\Reports\UserJourney;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\ListsJourneys;
use MonsterInsights\Reports\Sources\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * `GET monsterinsights-reports/v1/reports/userjourney/filter-params`: the sources, mediums and
 * campaigns of the shop's paid orders ({campaigns, mediums, sources}, each a sorted list of
 * strings), for users who view the reports, with the report's checks: a connected source (409),
 * the licence (403 upgrade_required), the modules and a shop plugin (400, UserJourney::unavailable()).
 */
final class JourneyFiltersController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'reports/userjourney';

	/**
	 * The controller.
	 *
	 * @param Sources $sources The sources.
	 */
	public function __construct( private Sources $sources ) {
		parent::__construct();
	}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		$list = static fn( string $description ): array => array(
			'description' => $description,
			'type'        => 'array',
			'items'       => array( 'type' => 'string' ),
		);
		$this->add_route(
			'/filter-params',
			array( $this->endpoint( \WP_REST_Server::READABLE, 'get_items' ) ),
			fn() => self::document(
				'userjourney-filter-params',
				array(
					'type'       => 'object',
					'properties' => array(
						'campaigns' => $list( __( 'The campaigns of the orders.', 'monsterinsights-reports' ) ),
						'mediums'   => $list( __( 'The mediums of the orders.', 'monsterinsights-reports' ) ),
						'sources'   => $list( __( 'The sources of the orders.', 'monsterinsights-reports' ) ),
					),
				)
			)
		);
	}

	/**
	 * The filters' choices.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function get_items( $request ) {
		unset( $request );
		$source = $this->sources->active();
		if ( null === $source || ! $source->is_connected() ) {
			return new \WP_Error( 'not_connected', __( 'Connect a data source before viewing reports.', 'monsterinsights-reports' ), array( 'status' => 409 ) );
		}
		$name = Registry::name_of( UserJourney::class );
		if ( ! Tiers::allows( Licence::level(), $name ) ) {
			return Upgrade::required( $name );
		}
		$missing = ( new UserJourney() )->unavailable( $source );
		if ( null !== $missing ) {
			return $missing;
		}
		$shop    = Shop::current();
		$choices = null !== $shop && $source instanceof ListsJourneys ? $source->journey_filters( $shop['platform'] ) : array(
			'sources'   => array(),
			'mediums'   => array(),
			'campaigns' => array(),
		);
		return rest_ensure_response(
			array(
				'campaigns' => $choices['campaigns'],
				'mediums'   => $choices['mediums'],
				'sources'   => $choices['sources'],
			)
		);
	}
}
