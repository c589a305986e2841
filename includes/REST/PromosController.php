<?php
/**
 * GET and POST monsterinsights-reports/v1/promos/{card} — the current user's dismissal of a promo
 * card.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Promos\Promos;

defined( 'ABSPATH' ) || exit;

/**
 * The spec's four dismissal calls as one route per card (docs/reports.md#the-search-console-report):
 * GET reads `{ card, dismissed: "yes" | "no" }`, POST `{ dismissed: true | false }` writes it and
 * answers the same. Each user reads and writes only their own dismissals; both need
 * `monsterinsights_view_dashboard` (the cards are in the reports).
 */
final class PromosController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'promos';

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		$card = array(
			'card' => array(
				'description' => __( 'The promo card.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'enum'        => Promos::CARDS,
				'required'    => true,
			),
		);
		$this->add_route(
			'/(?P<card>[a-z-]+)',
			array(
				$this->endpoint( \WP_REST_Server::READABLE, 'get_item', 'can_view', $card ),
				$this->endpoint(
					\WP_REST_Server::CREATABLE,
					'update_item',
					'can_view',
					$card + array(
						'dismissed' => array(
							'description' => __( 'Whether the card is dismissed for the current user.', 'monsterinsights-reports' ),
							'type'        => 'boolean',
							'default'     => true,
						),
					)
				),
			)
		);
	}

	/**
	 * Answers GET: the card's dismissal for the current user.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_item( $request ) {
		return rest_ensure_response( self::item( (string) $request->get_param( 'card' ) ) );
	}

	/**
	 * Answers POST: dismisses the card for the current user (or shows it again), then answers its
	 * dismissal as stored.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function update_item( $request ) {
		$card = (string) $request->get_param( 'card' );
		if ( ! Promos::set( get_current_user_id(), $card, (bool) $request->get_param( 'dismissed' ) ) ) {
			return new \WP_Error( 'promo_not_saved', __( 'The card’s state could not be saved. Please try again.', 'monsterinsights-reports' ), array( 'status' => 500 ) );
		}
		return rest_ensure_response( self::item( $card ) );
	}

	/**
	 * A card's dismissal for the current user, as the routes answer it.
	 *
	 * @param string $card The card.
	 * @return array{card: string, dismissed: string}
	 */
	private static function item( string $card ): array {
		return array(
			'card'      => $card,
			'dismissed' => Promos::is_dismissed( get_current_user_id(), $card ) ? 'yes' : 'no',
		);
	}

	/**
	 * The answer's JSON schema; src/reports/queries/promos.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		return self::document(
			'promo',
			array(
				'type'       => 'object',
				'properties' => array(
					'card'      => array(
						'description' => __( 'The promo card.', 'monsterinsights-reports' ),
						'type'        => 'string',
						'enum'        => Promos::CARDS,
					),
					'dismissed' => array(
						'description' => __( 'Whether the current user dismissed the card: yes or no.', 'monsterinsights-reports' ),
						'type'        => 'string',
						'enum'        => array( 'yes', 'no' ),
					),
				),
			)
		);
	}
}
