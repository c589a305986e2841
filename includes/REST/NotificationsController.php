<?php
/**
 * GET monsterinsights-reports/v1/notifications, POST …/notifications/{id}/dismiss and POST
 * …/notifications/dismiss-all — the header bell's notifications.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Notifications\Notification;
use MonsterInsights\Reports\Notifications\Notifications;

defined( 'ABSPATH' ) || exit;

/**
 * Every route answers the same shape, { active, dismissed }, for the current user, and needs
 * `monsterinsights_view_dashboard`: dismissals are the user's own.
 */
final class NotificationsController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'notifications';

	/**
	 * The notifications.
	 *
	 * @var Notifications
	 */
	private Notifications $notifications;

	/**
	 * Sets the route base.
	 *
	 * @param Notifications|null $notifications The notifications; the site's by default.
	 */
	public function __construct( ?Notifications $notifications = null ) {
		parent::__construct();
		$this->notifications = $notifications ?? new Notifications();
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$this->add_route( '', array( $this->endpoint( \WP_REST_Server::READABLE, 'get_items' ) ) );
		$this->add_route( '/dismiss-all', array( $this->endpoint( \WP_REST_Server::CREATABLE, 'dismiss_all' ) ) );
		// Any segment reaches the args schema, so a malformed id is a 400 naming the field.
		$id = array(
			'description' => __( 'The notification to dismiss.', 'monsterinsights-reports' ),
			'type'        => 'string',
			'pattern'     => Notification::ID_PATTERN,
			'required'    => true,
		);
		$this->add_route( '/(?P<id>[^/]+)/dismiss', array( $this->endpoint( \WP_REST_Server::CREATABLE, 'dismiss', 'can_view', array( 'id' => $id ) ) ) );
	}

	/**
	 * Answers GET: the current user's notifications.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_items( $request ) {
		unset( $request );
		return rest_ensure_response( $this->notifications->for_user( get_current_user_id() ) );
	}

	/**
	 * Answers POST …/{id}/dismiss: dismisses one notification for the current user.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function dismiss( $request ) {
		$id     = (string) $request->get_param( 'id' );
		$result = $this->notifications->dismiss( get_current_user_id(), $id );
		if ( null === $result ) {
			return new \WP_Error(
				'rest_notification_not_found',
				/* translators: %s: a notification id. */
				sprintf( __( 'There is no notification "%s" to dismiss; it may no longer apply.', 'monsterinsights-reports' ), $id ),
				array( 'status' => 404 )
			);
		}
		return rest_ensure_response( $result );
	}

	/**
	 * Answers POST …/dismiss-all: dismisses every active notification for the current user.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function dismiss_all( $request ) {
		unset( $request );
		return rest_ensure_response( $this->notifications->dismiss_all( get_current_user_id() ) );
	}

	/**
	 * The payload's JSON schema; src/store/notifications/types.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		$string       = array( 'type' => 'string' );
		$notification = array(
			'type'                 => 'object',
			'additionalProperties' => false,
			'required'             => array( 'id', 'type', 'title', 'content', 'date', 'actions', 'dismissed' ),
			'properties'           => array(
				'id'        => array(
					'description' => __( 'Stable identifier of the notification.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'pattern'     => Notification::ID_PATTERN,
				),
				'type'      => array(
					'type' => 'string',
					'enum' => Notification::TYPES,
				),
				'title'     => $string,
				'content'   => array(
					'description' => __( 'Plain text.', 'monsterinsights-reports' ),
					'type'        => 'string',
				),
				'date'      => array(
					'type'   => 'string',
					'format' => 'date-time',
				),
				'actions'   => array(
					'type'     => 'array',
					'maxItems' => Notification::MAX_ACTIONS,
					'items'    => array(
						'type'                 => 'object',
						'additionalProperties' => false,
						'required'             => array( 'label', 'url', 'primary' ),
						'properties'           => array(
							'label'   => $string,
							'url'     => array(
								'type'   => 'string',
								'format' => 'uri',
							),
							'primary' => array( 'type' => 'boolean' ),
						),
					),
				),
				'dismissed' => array( 'type' => 'boolean' ),
			),
		);

		$schema = array(
			'type'       => 'object',
			'required'   => array( 'active', 'dismissed' ),
			'properties' => array(
				'active'    => array(
					'description' => __( 'Notifications the user has not dismissed, errors first, newest first within a type.', 'monsterinsights-reports' ),
					'type'        => 'array',
					'items'       => $notification,
					'context'     => array( 'view' ),
				),
				'dismissed' => array(
					'description' => __( 'Notifications the user dismissed that still apply, in the same order.', 'monsterinsights-reports' ),
					'type'        => 'array',
					'items'       => $notification,
					'context'     => array( 'view' ),
				),
			),
		);
		return self::document( 'notifications', $schema );
	}
}
