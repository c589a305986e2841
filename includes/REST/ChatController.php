<?php
/**
 * REST: Conversations AI — the chats and their messages.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Conversations\Agent;
use MonsterInsights\Reports\Conversations\Chart;
use MonsterInsights\Reports\Conversations\Chats;
use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Conversations\ProviderError;
use MonsterInsights\Reports\Conversations\Tools;
use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\Tiers;
use MonsterInsights\Reports\Licensing\Upgrade;
use MonsterInsights\Reports\Sources\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * The chats of Conversations AI (docs/product-rules.md#conversations-ai), for users who view the
 * reports, with the licence the feature needs (pro; below it a 403 upgrade_required). Each user
 * sees and changes only their own chats: another user's chat is a 404 rest_chat_not_found.
 *
 * - `GET ai-insights/chats`: `{pinned: Entry[], recent: Entry[]}`.
 * - `GET ai-insights/chat/{id}`: `{id, chat: Message[]}`.
 * - `PUT ai-insights/chat/{id}` {is_pinned?, title? ≤ 50}: the Entry.
 * - `DELETE ai-insights/chat/{id}`: `{deleted: true, id}`.
 * - `POST ai-insights/chat` and `POST ai-insights/chat/{id}` {message, 1–300 characters}:
 *   `{chat_id, latest_message}`. The user's message is stored first; when the AI provider fails the
 *   answer is its error (Conversations\ProviderError) with data {status, retryable, chat_id}, and
 *   the chat ends with the user's message. Sending to such a chat is a 409 chat_needs_retry.
 * - `POST ai-insights/chat/{id}/rate` {message_id, rating?, feedback?, skipped_feedback?}: the Message.
 * - `POST ai-insights/chat/{id}/retry`: `{chat_id, latest_message}`, the answer to the chat's last
 *   message; a 409 nothing_to_retry when that is not the user's.
 * - `POST ai-insights/chat/stream`, `POST ai-insights/chat/{id}/stream` and
 *   `POST ai-insights/chat/{id}/retry/stream`: the same as send and retry (same arguments, checks
 *   and stored chat; their refusals are the same JSON errors), the answer streamed as server-sent
 *   events (EventStreamResponse): `chat` {chat_id} first, `delta` {text, reset?} for each piece of
 *   the answer's text as the AI provider sends it (`reset`: drop the text so far first; the text
 *   of tool rounds is not the answer), then `message` {chat_id, latest_message} (the stored
 *   answer, with its chart) or `error` {code, message, retryable, chat_id}.
 */
final class ChatController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'ai-insights';

	/**
	 * The controller.
	 *
	 * @param Sources $sources The sources (the active one answers the tools).
	 */
	public function __construct( private Sources $sources ) {
		parent::__construct();
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$chat    = '/chat/(?P<id>[\d]+)';
		$message = array(
			'message' => array(
				'description'       => __( 'The user’s message (1 to 300 characters).', 'monsterinsights-reports' ),
				'type'              => 'string',
				'required'          => true,
				'validate_callback' => array( self::class, 'validate_message' ),
				'sanitize_callback' => array( self::class, 'clean_message' ),
			),
		);
		$this->add_route(
			'/chats',
			array( $this->endpoint( \WP_REST_Server::READABLE, 'get_chats' ) ),
			fn() => self::document(
				'ai-chats',
				array(
					'type'       => 'object',
					'properties' => array(
						'pinned' => array(
							'type'  => 'array',
							'items' => self::entry_schema(),
						),
						'recent' => array(
							'type'  => 'array',
							'items' => self::entry_schema(),
						),
					),
				)
			)
		);
		$this->add_route(
			'/chat',
			array( $this->endpoint( \WP_REST_Server::CREATABLE, 'send', 'can_view', $message ) ),
			fn() => self::document( 'ai-chat-send', self::send_schema() )
		);
		$this->add_route(
			'/chat/stream',
			array( $this->endpoint( \WP_REST_Server::CREATABLE, 'send_stream', 'can_view', $message ) ),
			fn() => self::document( 'ai-chat-stream', self::stream_schema() )
		);
		$this->add_route(
			$chat . '/stream',
			array( $this->endpoint( \WP_REST_Server::CREATABLE, 'send_stream', 'can_view', $message ) ),
			fn() => self::document( 'ai-chat-stream', self::stream_schema() )
		);
		$this->add_route(
			$chat . '/retry/stream',
			array( $this->endpoint( \WP_REST_Server::CREATABLE, 'retry_stream' ) ),
			fn() => self::document( 'ai-chat-stream', self::stream_schema() )
		);
		$this->add_route(
			$chat,
			array(
				$this->endpoint( \WP_REST_Server::READABLE, 'get_chat' ),
				$this->endpoint(
					'PUT',
					'update_chat',
					'can_view',
					array(
						'is_pinned' => array(
							'description' => __( 'Whether the chat is pinned.', 'monsterinsights-reports' ),
							'type'        => 'boolean',
						),
						'title'     => array(
							'description'       => __( 'The chat’s title (at most 50 characters); empty shows its first message.', 'monsterinsights-reports' ),
							'type'              => 'string',
							'maxLength'         => Chats::MAX_TITLE,
							'validate_callback' => 'rest_validate_request_arg',
							'sanitize_callback' => static fn( $value ): string => trim( sanitize_text_field( (string) $value ) ),
						),
					)
				),
				$this->endpoint( \WP_REST_Server::DELETABLE, 'delete_chat' ),
				$this->endpoint( \WP_REST_Server::CREATABLE, 'send', 'can_view', $message ),
			),
			fn() => self::document(
				'ai-chat',
				array(
					'type'       => 'object',
					'properties' => array(
						'id'   => array( 'type' => 'integer' ),
						'chat' => array(
							'type'  => 'array',
							'items' => self::message_schema(),
						),
					),
				)
			)
		);
		$this->add_route(
			$chat . '/rate',
			array(
				$this->endpoint(
					\WP_REST_Server::CREATABLE,
					'rate',
					'can_view',
					array(
						'message_id'       => array(
							'description' => __( 'The message’s ID.', 'monsterinsights-reports' ),
							'type'        => 'string',
							'pattern'     => '^[A-Za-z0-9_-]{1,64}$',
							'required'    => true,
						),
						'rating'           => array(
							'description' => __( 'The rating: 1 thumbs up, 0 thumbs down.', 'monsterinsights-reports' ),
							'type'        => 'integer',
							'enum'        => array( 0, 1 ),
						),
						'feedback'         => array(
							'description'       => __( 'What was wrong with the answer.', 'monsterinsights-reports' ),
							'type'              => 'string',
							'maxLength'         => Chats::MAX_FEEDBACK,
							'validate_callback' => 'rest_validate_request_arg',
							'sanitize_callback' => static fn( $value ): string => trim( sanitize_textarea_field( (string) $value ) ),
						),
						'skipped_feedback' => array(
							'description' => __( 'Whether the user skipped the feedback.', 'monsterinsights-reports' ),
							'type'        => 'boolean',
						),
					)
				),
			),
			fn() => self::document( 'ai-chat-message', self::message_schema() )
		);
		$this->add_route(
			$chat . '/retry',
			array( $this->endpoint( \WP_REST_Server::CREATABLE, 'retry' ) ),
			fn() => self::document( 'ai-chat-send', self::send_schema() )
		);
	}

	/**
	 * Validates a message: a text of 1 to 300 characters once trimmed.
	 *
	 * @param mixed            $value   The value.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $param   The parameter's name.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return true|\WP_Error
	 */
	public static function validate_message( $value, $request, $param ) {
		return self::validate_text( $value, $request, $param, array( self::class, 'clean_message' ), Chats::MAX_MESSAGE, 'chat_message_empty', 'chat_message_too_long' );
	}

	/**
	 * A message as stored: plain text, trimmed.
	 *
	 * @param mixed $value The value.
	 */
	public static function clean_message( $value ): string {
		return is_string( $value ) ? trim( sanitize_textarea_field( $value ) ) : '';
	}

	/**
	 * The current user's chats.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function get_chats( $request ) {
		unset( $request );
		return self::gate() ?? rest_ensure_response( Chats::list( get_current_user_id() ) );
	}

	/**
	 * One chat's messages.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function get_chat( $request ) {
		$post = $this->chat( $request );
		if ( is_wp_error( $post ) ) {
			return $post;
		}
		return rest_ensure_response(
			array(
				'id'   => $post->ID,
				'chat' => array_map( array( Chats::class, 'show' ), Chats::messages( $post->ID ) ),
			)
		);
	}

	/**
	 * Pins, unpins or renames a chat.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function update_chat( $request ) {
		$post = $this->chat( $request );
		if ( is_wp_error( $post ) ) {
			return $post;
		}
		if ( null !== $request->get_param( 'title' ) ) {
			Chats::rename( $post->ID, (string) $request->get_param( 'title' ) );
		}
		if ( null !== $request->get_param( 'is_pinned' ) ) {
			Chats::pin( $post->ID, (bool) $request->get_param( 'is_pinned' ) );
		}
		$post = get_post( $post->ID );
		return $post instanceof \WP_Post ? rest_ensure_response( Chats::entry( $post ) ) : self::not_found();
	}

	/**
	 * Deletes a chat.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function delete_chat( $request ) {
		$post = $this->chat( $request );
		if ( is_wp_error( $post ) ) {
			return $post;
		}
		if ( ! Chats::delete( $post->ID ) ) {
			return new \WP_Error( 'rest_cannot_delete', __( 'The chat could not be deleted.', 'monsterinsights-reports' ), array( 'status' => 500 ) );
		}
		return rest_ensure_response(
			array(
				'deleted' => true,
				'id'      => $post->ID,
			)
		);
	}

	/**
	 * Rates an answer, or records its feedback.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function rate( $request ) {
		$post = $this->chat( $request );
		if ( is_wp_error( $post ) ) {
			return $post;
		}
		$changes = array();
		foreach ( array( 'rating', 'feedback', 'skipped_feedback' ) as $key ) {
			if ( null !== $request->get_param( $key ) ) {
				$changes[ $key ] = $request->get_param( $key );
			}
		}
		$id = (string) $request->get_param( 'message_id' );
		foreach ( Chats::messages( $post->ID ) as $message ) {
			if ( $message['id'] === $id && 'assistant' !== $message['role'] ) {
				return self::invalid_param( 'chat_message_not_rateable', __( 'Only the answers of the AI can be rated.', 'monsterinsights-reports' ), 'message_id' );
			}
		}
		$message = Chats::rate( $post->ID, $id, $changes );
		if ( null === $message ) {
			return new \WP_Error( 'rest_chat_message_not_found', __( 'There is no message with this ID in the chat.', 'monsterinsights-reports' ), array( 'status' => 404 ) );
		}
		return rest_ensure_response( Chats::show( $message ) );
	}

	/**
	 * Sends a message, to a new chat or to one of the user's, and answers the AI's reply.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function send( $request ) {
		$ready = $this->prepare_send( $request );
		return is_wp_error( $ready ) ? $ready : $this->reply( $ready['provider'], $ready['id'] );
	}

	/**
	 * Sends a message as send() does, and streams the AI's reply (server-sent events).
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return EventStreamResponse|\WP_Error
	 */
	public function send_stream( $request ) {
		$ready = $this->prepare_send( $request );
		return is_wp_error( $ready ) ? $ready : $this->stream_reply( $ready['provider'], $ready['id'] );
	}

	/**
	 * The checks of a send, then the user's message stored (in a new chat without an id): the
	 * provider and the chat to answer, or the error to answer.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return array{provider: Provider, id: int}|\WP_Error
	 */
	private function prepare_send( $request ) {
		$user_id = get_current_user_id();
		$id      = 0;
		if ( null !== $request->get_param( 'id' ) ) {
			$post = $this->chat( $request );
			if ( is_wp_error( $post ) ) {
				return $post;
			}
			$id   = $post->ID;
			$last = Chats::last( $id );
			if ( null !== $last && 'user' === $last['role'] ) {
				return new \WP_Error(
					'chat_needs_retry',
					__( 'Looks like your last message was not sent. Please try again.', 'monsterinsights-reports' ),
					array(
						'status'    => 409,
						'retryable' => true,
						'chat_id'   => $id,
					)
				);
			}
		} else {
			$locked = self::gate();
			if ( null !== $locked ) {
				return $locked;
			}
		}
		$provider = Provider::from_settings();
		if ( null === $provider ) {
			return ProviderError::missing()->to_wp_error( 0 === $id ? array() : array( 'chat_id' => $id ) );
		}
		if ( 0 === $id ) {
			$created = Chats::create( $user_id );
			if ( is_wp_error( $created ) ) {
				return self::server_error( $created );
			}
			$id = $created;
		}
		Chats::append( $id, Chats::message( 'user', (string) $request->get_param( 'message' ) ) );
		return array(
			'provider' => $provider,
			'id'       => $id,
		);
	}

	/**
	 * Asks the AI again to answer a chat whose last message is the user's.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function retry( $request ) {
		$ready = $this->prepare_retry( $request );
		return is_wp_error( $ready ) ? $ready : $this->reply( $ready['provider'], $ready['id'] );
	}

	/**
	 * Asks the AI again as retry() does, and streams its reply (server-sent events).
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return EventStreamResponse|\WP_Error
	 */
	public function retry_stream( $request ) {
		$ready = $this->prepare_retry( $request );
		return is_wp_error( $ready ) ? $ready : $this->stream_reply( $ready['provider'], $ready['id'] );
	}

	/**
	 * The checks of a retry: the provider and the chat to answer, or the error to answer.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return array{provider: Provider, id: int}|\WP_Error
	 */
	private function prepare_retry( $request ) {
		$post = $this->chat( $request );
		if ( is_wp_error( $post ) ) {
			return $post;
		}
		$last = Chats::last( $post->ID );
		if ( null === $last || 'user' !== $last['role'] ) {
			return new \WP_Error(
				'nothing_to_retry',
				__( 'The last message of this chat has its answer: there is nothing to try again.', 'monsterinsights-reports' ),
				array(
					'status'    => 409,
					'retryable' => false,
					'chat_id'   => $post->ID,
				)
			);
		}
		$provider = Provider::from_settings();
		if ( null === $provider ) {
			return ProviderError::missing()->to_wp_error( array( 'chat_id' => $post->ID ) );
		}
		return array(
			'provider' => $provider,
			'id'       => $post->ID,
		);
	}

	/**
	 * The AI's answer to a chat's last message, stored and answered; or the provider's error.
	 *
	 * @param Provider $provider The provider.
	 * @param int      $id       The chat's id.
	 * @return \WP_REST_Response|\WP_Error
	 */
	private function reply( Provider $provider, int $id ) {
		$answer = $this->answer( $provider, $id );
		return is_wp_error( $answer ) ? $answer : rest_ensure_response( $answer );
	}

	/**
	 * The AI's answer to a chat's last message streamed: the events of EventStreamResponse (see
	 * the class's comment), the chat stored as reply() stores it.
	 *
	 * @param Provider $provider The provider.
	 * @param int      $id       The chat's id.
	 */
	private function stream_reply( Provider $provider, int $id ): EventStreamResponse {
		return new EventStreamResponse(
			function ( callable $emit ) use ( $provider, $id ): void {
				$emit( 'chat', array( 'chat_id' => $id ) );
				try {
					$answer = $this->answer(
						$provider,
						$id,
						static function ( string $text, bool $reset ) use ( $emit ): void {
							$emit( 'delta', array( 'text' => $text ) + ( $reset ? array( 'reset' => true ) : array() ) );
						}
					);
				} catch ( \Throwable $failure ) {
					// The headers are sent: the failure can only be an event.
					unset( $failure );
					$answer = new \WP_Error( 'chat_stream_failed', __( 'The answer could not be completed. Please try again.', 'monsterinsights-reports' ), array( 'retryable' => true ) );
				}
				if ( is_wp_error( $answer ) ) {
					$data = $answer->get_error_data();
					$emit(
						'error',
						array(
							'code'      => (string) $answer->get_error_code(),
							'message'   => $answer->get_error_message(),
							'retryable' => is_array( $data ) && ! empty( $data['retryable'] ),
							'chat_id'   => $id,
						)
					);
					return;
				}
				$emit( 'message', $answer );
			}
		);
	}

	/**
	 * The AI's answer to a chat's last message, stored; or the provider's error.
	 *
	 * @param Provider                            $provider The provider.
	 * @param int                                 $id       The chat's id.
	 * @param (callable(string, bool): void)|null $on_delta Streams the answer's text (Agent::answer()), or null.
	 * @return array{chat_id: int, latest_message: array<string, mixed>}|\WP_Error
	 */
	private function answer( Provider $provider, int $id, ?callable $on_delta = null ) {
		$now   = Agent::now();
		$agent = new Agent( $provider, new Tools( $this->sources->active(), $now ) );
		try {
			$answer = $agent->answer( $now, Chats::messages( $id ), $on_delta );
		} catch ( ProviderError $error ) {
			return $error->to_wp_error( array( 'chat_id' => $id ) );
		}
		$message = Chats::message( 'assistant', $answer['content'], $answer['chart'] );
		Chats::append( $id, $message );
		return array(
			'chat_id'        => $id,
			'latest_message' => Chats::show( $message ),
		);
	}

	/**
	 * The chat of the request's id, when the licence allows chats and it is the user's; else the
	 * error to answer.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_Post|\WP_Error
	 */
	private function chat( $request ) {
		$locked = self::gate();
		if ( null !== $locked ) {
			return $locked;
		}
		return Chats::find( get_current_user_id(), (int) $request->get_param( 'id' ) ) ?? self::not_found();
	}

	/**
	 * The 404 of a chat that is not the user's.
	 */
	private static function not_found(): \WP_Error {
		return new \WP_Error( 'rest_chat_not_found', __( 'There is no chat with this ID.', 'monsterinsights-reports' ), array( 'status' => 404 ) );
	}

	/**
	 * The licence gate of Conversations AI.
	 */
	private static function gate(): ?\WP_Error {
		return Tiers::allows( Licence::level(), 'ai_chat' ) ? null : Upgrade::required( 'ai_chat' );
	}

	/**
	 * The JSON schema of a list entry.
	 *
	 * @return array<string, mixed>
	 */
	private static function entry_schema(): array {
		return array(
			'type'       => 'object',
			'properties' => array(
				'id'        => array( 'type' => 'integer' ),
				'title'     => array( 'type' => 'string' ),
				'preview'   => array( 'type' => 'string' ),
				'is_pinned' => array( 'type' => 'boolean' ),
			),
		);
	}

	/**
	 * The JSON schema of a message.
	 *
	 * @return array<string, mixed>
	 */
	private static function message_schema(): array {
		return array(
			'type'       => 'object',
			'properties' => array(
				'id'               => array( 'type' => 'string' ),
				'role'             => array(
					'type' => 'string',
					'enum' => array( 'user', 'assistant' ),
				),
				'content'          => array( 'type' => 'string' ),
				'rating'           => array(
					'type' => array( 'integer', 'null' ),
					'enum' => array( 0, 1, null ),
				),
				'feedback'         => array( 'type' => 'string' ),
				'skipped_feedback' => array( 'type' => 'boolean' ),
				'meta'             => array(
					'type'       => 'object',
					'properties' => array( 'chart' => Chart::schema() ),
				),
			),
		);
	}

	/**
	 * The schema of a streamed answer: not JSON but server-sent events.
	 *
	 * @return array<string, mixed>
	 */
	private static function stream_schema(): array {
		return array(
			'type'             => 'string',
			'description'      => __( 'Server-sent events (text/event-stream): chat {chat_id} first, delta {text, reset?} for each piece of the answer, then message {chat_id, latest_message} or error {code, message, retryable, chat_id}.', 'monsterinsights-reports' ),
			'contentMediaType' => 'text/event-stream',
		);
	}

	/**
	 * The JSON schema of a send's answer.
	 *
	 * @return array<string, mixed>
	 */
	private static function send_schema(): array {
		return array(
			'type'       => 'object',
			'properties' => array(
				'chat_id'        => array( 'type' => 'integer' ),
				'latest_message' => self::message_schema(),
			),
		);
	}
}
