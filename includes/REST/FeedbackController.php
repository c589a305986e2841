<?php
/**
 * POST monsterinsights-reports/v1/feedback (the feature feedback widget), GET …/feedback and GET
 * …/feedback/csv (the settings screen's list and its export).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Feedback\FeatureFeedback;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;

defined( 'ABSPATH' ) || exit;

/**
 * Whoever may view the reports gives feedback on a feature once (a second time is a 409); only
 * whoever may change the settings lists everyone's. The entries are stored per user and per site
 * (FeatureFeedback), and a site can forward each one with the `monsterinsights_reports_feature_feedback`
 * action.
 */
final class FeedbackController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'feedback';

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$this->add_route(
			'',
			array(
				$this->endpoint( \WP_REST_Server::READABLE, 'get_items', 'can_save', $this->get_collection_params() ),
				$this->endpoint( \WP_REST_Server::CREATABLE, 'create_item', 'can_view', self::feedback_args() ),
			),
			'get_public_collection_schema'
		);
		$this->add_route(
			'/csv',
			array( $this->endpoint( \WP_REST_Server::READABLE, 'get_csv', 'can_save' ) ),
			static fn(): array => self::document(
				'feedback-csv',
				array(
					'description' => __( 'Every entry as a CSV file (text/csv): date, user, feature, rating, message.', 'monsterinsights-reports' ),
					'type'        => 'string',
				)
			)
		);
	}

	/**
	 * The arguments of GET /feedback.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function get_collection_params() {
		return self::paging_args( __( 'Entries per page, 1 to 100, or -1 for all.', 'monsterinsights-reports' ), 20 );
	}

	/**
	 * The arguments of POST /feedback.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function feedback_args(): array {
		return array(
			'feature_key' => array(
				'description' => __( 'The feature the feedback is about.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'enum'        => FeatureFeedback::keys(),
				'required'    => true,
			),
			'rating'      => array(
				'description' => __( 'The rating, from 1 to 5.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => FeatureFeedback::MIN_RATING,
				'maximum'     => FeatureFeedback::MAX_RATING,
				'required'    => true,
			),
			'message'     => array(
				/* translators: %d: the largest number of characters. */
				'description'       => sprintf( __( 'The feedback, plain text, at most %d characters.', 'monsterinsights-reports' ), FeatureFeedback::MAX_MESSAGE ),
				'type'              => 'string',
				'minLength'         => 1,
				'maxLength'         => FeatureFeedback::MAX_MESSAGE,
				'required'          => true,
				'validate_callback' => array( self::class, 'validate_message' ),
				'sanitize_callback' => array( self::class, 'clean_message' ),
			),
		);
	}

	/**
	 * Validates the message: not empty once cleaned, at most MAX_MESSAGE characters.
	 *
	 * @param mixed            $value   The value.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $param   The parameter's name.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return true|\WP_Error
	 */
	public static function validate_message( $value, $request, $param ) {
		return self::validate_text( $value, $request, $param, array( self::class, 'clean_message' ), FeatureFeedback::MAX_MESSAGE, 'rest_feedback_empty_message', 'rest_feedback_message_too_long' );
	}

	/**
	 * The message as stored: plain text (tags removed, line breaks kept), trimmed.
	 *
	 * @param mixed $value The value.
	 */
	public static function clean_message( $value ): string {
		return trim( sanitize_textarea_field( is_scalar( $value ) ? (string) $value : '' ) );
	}

	/**
	 * Answers POST: stores the current user's feedback on a feature, or a 409 when the user
	 * already gave it.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function create_item( $request ) {
		$entry = FeatureFeedback::add(
			get_current_user_id(),
			(string) $request->get_param( 'feature_key' ),
			(int) $request->get_param( 'rating' ),
			(string) $request->get_param( 'message' )
		);
		if ( null === $entry ) {
			return new \WP_Error(
				'rest_feedback_already_given',
				__( 'You have already sent feedback on this feature. Thank you!', 'monsterinsights-reports' ),
				array( 'status' => 409 )
			);
		}
		$response = rest_ensure_response( $entry );
		$response->set_status( 201 );
		return $response;
	}

	/**
	 * Answers GET: a page of every user's feedback on this site, newest first.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_items( $request ) {
		$page     = (int) $request->get_param( 'page' );
		$per_page = (int) $request->get_param( 'per_page' );
		$entries  = FeatureFeedback::all();
		$items    = -1 === $per_page ? $entries : array_slice( $entries, ( $page - 1 ) * $per_page, $per_page );
		return self::page_of( $items, count( $entries ), $page, $per_page );
	}

	/**
	 * Answers GET /csv: every entry, newest first, as a CSV download.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_csv( $request ): CsvResponse {
		unset( $request );
		$columns = array(
			new Column( 'date', __( 'Date', 'monsterinsights-reports' ), ColumnType::Text ),
			new Column( 'user_name', __( 'User', 'monsterinsights-reports' ), ColumnType::Text ),
			new Column( 'feature_label', __( 'Feature', 'monsterinsights-reports' ), ColumnType::Text ),
			new Column( 'rating', __( 'Rating', 'monsterinsights-reports' ) ),
			new Column( 'message', __( 'Message', 'monsterinsights-reports' ), ColumnType::Text ),
		);
		return new CsvResponse( $columns, FeatureFeedback::all(), sprintf( 'monsterinsights-reports-feature-feedback-%s.csv', gmdate( 'Y-m-d' ) ) );
	}

	/**
	 * The JSON schema of an entry (the answer of POST); src/app/feedback/types.ts describes the
	 * same shape.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		return self::document( 'feedback', self::entry_schema() );
	}

	/**
	 * The JSON schema of GET: { items, pagination }.
	 *
	 * @return array<string, mixed>
	 */
	public function get_public_collection_schema(): array {
		$pagination = array(
			'total'    => __( 'Entries on this site.', 'monsterinsights-reports' ),
			'pages'    => __( 'Pages of entries; 0 when there is none.', 'monsterinsights-reports' ),
			'per_page' => __( 'Entries per page; -1 for all.', 'monsterinsights-reports' ),
		);
		return self::page_schema( 'feedback-list', self::entry_schema(), __( 'The entries of the page, newest first.', 'monsterinsights-reports' ), $pagination );
	}

	/**
	 * An entry's schema, without the document keys.
	 *
	 * @return array<string, mixed>
	 */
	private static function entry_schema(): array {
		$integer = array( 'type' => 'integer' );
		return array(
			'type'                 => 'object',
			'additionalProperties' => false,
			'required'             => array( 'user_id', 'user_name', 'feature_key', 'feature_label', 'rating', 'message', 'date', 'site_id' ),
			'properties'           => array(
				'user_id'       => $integer,
				'user_name'     => array(
					'description' => __( 'The user’s display name; empty once the user is deleted.', 'monsterinsights-reports' ),
					'type'        => 'string',
				),
				'feature_key'   => array(
					'type' => 'string',
					'enum' => FeatureFeedback::keys(),
				),
				'feature_label' => array( 'type' => 'string' ),
				'rating'        => array(
					'type'    => 'integer',
					'minimum' => FeatureFeedback::MIN_RATING,
					'maximum' => FeatureFeedback::MAX_RATING,
				),
				'message'       => array(
					'description' => __( 'Plain text (render it as text).', 'monsterinsights-reports' ),
					'type'        => 'string',
				),
				'date'          => array(
					'description' => __( 'When it was sent, UTC.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'format'      => 'date-time',
				),
				'site_id'       => $integer,
			),
		);
	}
}
