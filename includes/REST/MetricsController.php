<?php
/**
 * GET and POST monsterinsights-reports/v1/metrics — the metrics the current user includes in the
 * overview (docs/product-rules.md#metrics).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\Upgrade;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Settings\Shop;

defined( 'ABSPATH' ) || exit;

/**
 * Each user reads and writes only their own selection, kept in their user meta. At most 7 metrics;
 * pro-only metrics need a pro or agency licence; none left means sessions.
 */
final class MetricsController extends Controller {

	/**
	 * User meta holding the checked metric ids.
	 */
	public const META = 'monsterinsights_reports_included_metrics';

	/**
	 * At most this many metrics may be checked.
	 */
	public const MAX = 7;

	/**
	 * Saved when no metric is left checked.
	 */
	public const FALLBACK = 'sessions';

	/**
	 * Checked for a user who never chose: the two series the overview chart has always offered.
	 */
	public const DEFAULT_SELECTION = array( 'sessions', 'pageviews' );

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'metrics';

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		$selected = array(
			'description' => __( 'The metric ids to include, comma-separated; sessions when empty.', 'monsterinsights-reports' ),
			'type'        => 'string',
			'required'    => true,
		);
		$this->add_route(
			'',
			array(
				$this->endpoint( \WP_REST_Server::READABLE, 'get_items' ),
				$this->endpoint( \WP_REST_Server::EDITABLE, 'update_item', 'can_view', array( 'selected_metrics' => $selected ) ),
			)
		);
	}

	/**
	 * The label of every metric id, in the order of docs/product-rules.md#metrics;
	 * src/store/reports/constants.ts has the same texts.
	 *
	 * @return array<string, string>
	 */
	public static function labels(): array {
		return array(
			'sessions'                    => __( 'Sessions', 'monsterinsights-reports' ),
			'pageviews'                   => __( 'Pageviews', 'monsterinsights-reports' ),
			'totalusers'                  => __( 'Total Users', 'monsterinsights-reports' ),
			'pageviews_per_user'          => __( 'Pageviews per User', 'monsterinsights-reports' ),
			'average_session_duration'    => __( 'Avg. Session Duration', 'monsterinsights-reports' ),
			'bounce_rate'                 => __( 'Bounce Rate', 'monsterinsights-reports' ),
			'revenue_sales'               => __( 'Revenue', 'monsterinsights-reports' ),
			'average_revenue_per_user'    => __( 'Avg. Revenue per User', 'monsterinsights-reports' ),
			'average_revenue_per_session' => __( 'Avg. Revenue per Session', 'monsterinsights-reports' ),
			'new_users'                   => __( 'New Users', 'monsterinsights-reports' ),
			'ecommerce_purchases'         => __( 'Ecommerce Purchases', 'monsterinsights-reports' ),
			'engagement_rate'             => __( 'Engagement Rate', 'monsterinsights-reports' ),
			'sessions_per_user'           => __( 'Sessions per User', 'monsterinsights-reports' ),
		);
	}

	/**
	 * Whether the current licence unlocks pro-only metrics (the tier table's `pro_metrics`).
	 */
	public static function has_pro(): bool {
		return Licence::allows( 'pro_metrics' );
	}

	/**
	 * The metric ids a user has checked, in the order of IDS. Unknown ids are dropped, pro-only
	 * ones too without a pro licence; what is left empty falls back to sessions.
	 *
	 * @param int $user_id The user.
	 * @return string[]
	 */
	public static function selected( int $user_id ): array {
		$stored = get_user_meta( $user_id, self::META, true );
		$ids    = is_array( $stored ) ? array_map( 'strval', $stored ) : self::DEFAULT_SELECTION;
		$pro    = self::has_pro();
		$ids    = array_values(
			array_filter(
				array_keys( Metrics::IDS ),
				static fn( string $id ) => in_array( $id, $ids, true ) && ( $pro || ! in_array( $id, Metrics::PRO, true ) )
			)
		);
		return empty( $ids ) ? array( self::FALLBACK ) : $ids;
	}

	/**
	 * Every metric with its label, checked flag and whether it is pro-only, in the order of IDS.
	 *
	 * @param int $user_id The user.
	 * @return array<int, array{id: string, name: string, checked: bool, isPro: bool}>
	 */
	public static function for_user( int $user_id ): array {
		$checked = self::selected( $user_id );
		$labels  = self::labels();
		$out     = array();
		foreach ( array_keys( Metrics::IDS ) as $id ) {
			$out[] = array(
				'id'      => $id,
				'name'    => $labels[ $id ] ?? $id,
				'checked' => in_array( $id, $checked, true ),
				'isPro'   => in_array( $id, Metrics::PRO, true ),
			);
		}
		return $out;
	}

	/**
	 * Answers GET: the current user's metrics.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_items( $request ) {
		unset( $request );
		return rest_ensure_response( self::for_user( get_current_user_id() ) );
	}

	/**
	 * Answers POST: checks and saves the current user's selection.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function update_item( $request ) {
		$ids = array_values(
			array_unique(
				array_filter(
					array_map( 'trim', explode( ',', (string) $request->get_param( 'selected_metrics' ) ) ),
					static fn( string $id ) => '' !== $id
				)
			)
		);

		$unknown = array_values( array_diff( $ids, array_keys( Metrics::IDS ) ) );
		if ( ! empty( $unknown ) ) {
			// The ids sent are never echoed back: the answer names the valid ones instead.
			return new \WP_Error(
				'unknown_metric',
				/* translators: %s: the valid metric ids, comma-separated. */
				sprintf( __( 'Unknown metric. Valid metrics: %s.', 'monsterinsights-reports' ), implode( ', ', array_keys( Metrics::IDS ) ) ),
				array( 'status' => 400 )
			);
		}
		if ( count( $ids ) > self::MAX ) {
			return new \WP_Error( 'too_many_metrics', __( 'Select up to 7 metrics', 'monsterinsights-reports' ), array( 'status' => 400 ) );
		}
		$pro_only = array_values( array_intersect( $ids, Metrics::PRO ) );
		if ( ! empty( $pro_only ) && ! self::has_pro() ) {
			$labels = self::labels();
			return Upgrade::required(
				'pro_metrics',
				sprintf(
					/* translators: %s: metric names, comma-separated. */
					__( 'You can select %s only in the PRO version.', 'monsterinsights-reports' ),
					implode( ', ', array_map( static fn( string $id ) => $labels[ $id ] ?? $id, $pro_only ) )
				)
			);
		}

		// The revenue and purchase metrics (the pro ones) need a shop: without one they are not
		// offered, and a selection saved meanwhile keeps those the user had checked.
		$user_id = get_current_user_id();
		if ( ! Shop::active() ) {
			if ( ! empty( $pro_only ) ) {
				return new \WP_Error(
					'no_shop',
					__( 'Revenue and purchase metrics need a shop: WooCommerce or Easy Digital Downloads active, with the eCommerce module on.', 'monsterinsights-reports' ),
					array( 'status' => 400 )
				);
			}
			$stored = get_user_meta( $user_id, self::META, true );
			$kept   = array_values( array_intersect( is_array( $stored ) ? array_map( 'strval', $stored ) : array(), Metrics::PRO ) );
			$ids    = array_merge( $ids, array_slice( $kept, 0, max( 0, self::MAX - count( $ids ) ) ) );
		}

		$ids = empty( $ids ) ? array( self::FALLBACK ) : $ids;
		// In the order of the ids, whatever order the request used.
		$ids = array_values( array_intersect( array_keys( Metrics::IDS ), $ids ) );
		update_user_meta( $user_id, self::META, $ids );

		return rest_ensure_response(
			array(
				'success' => true,
				'metrics' => self::for_user( $user_id ),
			)
		);
	}

	/**
	 * The GET payload's JSON schema (POST answers { success, metrics } with the same list);
	 * src/store/metrics/types.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		$metric = array(
			'type'       => 'object',
			'properties' => array(
				'id'      => array(
					'type' => 'string',
					'enum' => array_keys( Metrics::IDS ),
				),
				'name'    => array( 'type' => 'string' ),
				'checked' => array( 'type' => 'boolean' ),
				'isPro'   => array( 'type' => 'boolean' ),
			),
		);
		return self::document(
			'metrics',
			array(
				'type'  => 'array',
				'items' => $metric,
			)
		);
	}
}
