<?php
/**
 * REST: AI Insights — the list, ratings and feedback.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Insights\Insights;
use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\Tiers;
use MonsterInsights\Reports\Licensing\Upgrade;
use MonsterInsights\Reports\Reports\AiInsights;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Google\GoogleError;
use MonsterInsights\Reports\Sources\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * The AI calls of the product (docs/product-rules.md#ai-insights), for users who view the reports,
 * with the licence the AI Insights report needs (pro; below it a 403 upgrade_required):
 *
 * - `GET ai-insights` (force_refresh): `{success: true, data: {generated_at, insights, ratings}}`;
 *   when the source cannot answer (not connected, Google's errors) `{success: false, error}`.
 * - `POST ai-insights/rate` {insight_id, score 0|1}: the current user's ratings.
 * - `GET ai-insights/ratings`: the current user's ratings.
 * - `POST ai-insights/feedback` {insight_id, message, skipped}: the message is required unless
 *   skipped (400 feedback_required).
 *
 * Rating an insight that is not in the site's list is a 404 rest_insight_not_found. Ratings and
 * feedback are per user and per site (Insights\Insights::RATINGS).
 */
final class AiInsightsController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'ai-insights';

	/**
	 * The controller.
	 *
	 * @param Sources $sources The sources (the active one answers the engine).
	 */
	public function __construct( private Sources $sources ) {
		parent::__construct();
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$id = array(
			'description' => __( 'The insight’s ID.', 'monsterinsights-reports' ),
			'type'        => 'string',
			'pattern'     => '^[A-Za-z0-9_-]{1,64}$',
			'required'    => true,
		);
		$this->add_route(
			'',
			array(
				$this->endpoint(
					\WP_REST_Server::READABLE,
					'get_items',
					'can_view',
					array(
						'force_refresh' => array(
							'description' => __( 'Generate the insights anew instead of reading today’s.', 'monsterinsights-reports' ),
							'type'        => 'boolean',
							'default'     => false,
						),
					)
				),
			),
			fn() => self::document( 'ai-insights', self::answer_schema( AiInsights::payload_schema() ) )
		);
		$this->add_route(
			'/rate',
			array(
				$this->endpoint(
					\WP_REST_Server::CREATABLE,
					'rate',
					'can_view',
					array(
						'insight_id' => $id,
						'score'      => array(
							'description' => __( 'The rating: 1 thumbs up, 0 thumbs down.', 'monsterinsights-reports' ),
							'type'        => 'integer',
							'enum'        => array( 0, 1 ),
							'required'    => true,
						),
					)
				),
			),
			fn() => self::document( 'ai-insights-ratings', self::answer_schema( Schema::list_of( AiInsights::rating_schema() ) ) )
		);
		$this->add_route(
			'/ratings',
			array( $this->endpoint( \WP_REST_Server::READABLE, 'get_ratings' ) ),
			fn() => self::document( 'ai-insights-ratings', self::answer_schema( Schema::list_of( AiInsights::rating_schema() ) ) )
		);
		$this->add_route(
			'/feedback',
			array(
				$this->endpoint(
					\WP_REST_Server::CREATABLE,
					'feedback',
					'can_view',
					array(
						'insight_id' => $id,
						'message'    => array(
							'description' => __( 'What was wrong with the insight; required unless skipped.', 'monsterinsights-reports' ),
							'type'        => 'string',
							'maxLength'   => Insights::MAX_FEEDBACK,
							'default'     => '',
						),
						'skipped'    => array(
							'description' => __( 'Whether the user skipped the feedback.', 'monsterinsights-reports' ),
							'type'        => 'boolean',
							'default'     => false,
						),
					)
				),
			),
			fn() => self::document( 'ai-insights-ratings', self::answer_schema( Schema::list_of( AiInsights::rating_schema() ) ) )
		);
	}

	/**
	 * The insights and the current user's ratings.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function get_items( $request ) {
		$locked = self::gate();
		if ( null !== $locked ) {
			return $locked;
		}
		$source = $this->sources->active();
		if ( null === $source || ! $source->is_connected() ) {
			return self::failed( __( 'Connect a data source before viewing reports.', 'monsterinsights-reports' ) );
		}
		try {
			return self::succeeded( AiInsights::payload( $source, (bool) $request->get_param( 'force_refresh' ) ) );
		} catch ( GoogleError $error ) {
			return self::failed( $error->message_text() );
		}
	}

	/**
	 * Rates an insight.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function rate( $request ) {
		$error = self::gate() ?? $this->unknown( (string) $request->get_param( 'insight_id' ) );
		if ( null !== $error ) {
			return $error;
		}
		return self::succeeded( Insights::rate( get_current_user_id(), (string) $request->get_param( 'insight_id' ), (int) $request->get_param( 'score' ) ) );
	}

	/**
	 * The current user's ratings.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function get_ratings( $request ) {
		unset( $request );
		return self::gate() ?? self::succeeded( Insights::ratings( get_current_user_id() ) );
	}

	/**
	 * The feedback after a thumbs-down, or that it was skipped.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function feedback( $request ) {
		$id    = (string) $request->get_param( 'insight_id' );
		$error = self::gate() ?? $this->unknown( $id );
		if ( null !== $error ) {
			return $error;
		}
		$skipped = (bool) $request->get_param( 'skipped' );
		$message = trim( sanitize_textarea_field( (string) $request->get_param( 'message' ) ) );
		if ( ! $skipped && '' === $message ) {
			return new \WP_Error( 'feedback_required', __( 'Please write your feedback, or skip it.', 'monsterinsights-reports' ), array( 'status' => 400 ) );
		}
		return self::succeeded( Insights::feedback( get_current_user_id(), $id, $message, $skipped ) );
	}

	/**
	 * The licence gate of the AI Insights report.
	 */
	private static function gate(): ?\WP_Error {
		return Tiers::allows( Licence::level(), 'ai_insights' ) ? null : Upgrade::required( 'ai_insights' );
	}

	/**
	 * A 404 for an insight that is not in the site's list.
	 *
	 * @param string $id The insight's id.
	 */
	private function unknown( string $id ): ?\WP_Error {
		$source = $this->sources->active();
		$known  = array();
		if ( null !== $source && $source->is_connected() ) {
			try {
				// A refused request changes nothing: a list made to check the id is not kept.
				$known = array_column( Insights::get( $source, false, false )['insights'], 'id' );
			} catch ( GoogleError $error ) {
				return $error->to_wp_error();
			}
		}
		if ( in_array( $id, $known, true ) ) {
			return null;
		}
		return new \WP_Error( 'rest_insight_not_found', __( 'There is no insight with this ID.', 'monsterinsights-reports' ), array( 'status' => 404 ) );
	}

	/**
	 * A successful answer.
	 *
	 * @param array<mixed> $data The data.
	 */
	private static function succeeded( array $data ): \WP_REST_Response {
		return rest_ensure_response(
			array(
				'success' => true,
				'data'    => $data,
			)
		);
	}

	/**
	 * An answer saying the insights could not be made, with the reason.
	 *
	 * @param string $error The reason, for the user.
	 */
	private static function failed( string $error ): \WP_REST_Response {
		return rest_ensure_response(
			array(
				'success' => false,
				'error'   => $error,
			)
		);
	}

	/**
	 * The schema of an answer: success, and its data or the error.
	 *
	 * @param array<string, mixed> $data The data's schema.
	 * @return array<string, mixed>
	 */
	private static function answer_schema( array $data ): array {
		return array(
			'type'       => 'object',
			'properties' => array(
				'success' => array(
					'description' => __( 'Whether the call succeeded.', 'monsterinsights-reports' ),
					'type'        => 'boolean',
				),
				'data'    => $data,
				'error'   => array(
					'description' => __( 'Why it failed, for the user.', 'monsterinsights-reports' ),
					'type'        => 'string',
				),
			),
		);
	}
}
