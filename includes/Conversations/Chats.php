<?php
/**
 * Conversations AI: the chats of each user.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Conversations;

use MonsterInsights\Reports\Uninstaller;

defined( 'ABSPATH' ) || exit;

/**
 * The chats are posts of a non-public post type, per site, their author the user who asked; a
 * chat's messages are one JSON list in its meta, its pin a meta flag, its title the post's title
 * ('' until the user renames it). Only its author reads or changes a chat: another user's chat,
 * like a missing one, is not found.
 *
 * A message: `{id, role: user|assistant, content, rating: 0|1|null, feedback, skipped_feedback,
 * meta: {chart?}}`. A list entry: `{id, title, preview, is_pinned}`, the preview the first user
 * message cut to PREVIEW characters.
 */
final class Chats {

	public const POST_TYPE = 'mir_ai_chat';

	/**
	 * The messages (JSON) and the pin.
	 */
	public const META_MESSAGES = '_monsterinsights_reports_messages';
	public const META_PINNED   = '_monsterinsights_reports_pinned';

	/**
	 * Limits: a message, a title, a feedback, a preview, the recent list.
	 */
	public const MAX_MESSAGE  = 300;
	public const MAX_TITLE    = 50;
	public const MAX_FEEDBACK = 1000;
	public const PREVIEW      = 100;
	public const MAX_RECENT   = 50;

	/**
	 * Registers the post type on init.
	 */
	public static function register(): void {
		add_action( 'init', array( self::class, 'register_type' ) );
	}

	/**
	 * Registers the post type (once per request).
	 */
	public static function register_type(): void {
		if ( post_type_exists( self::POST_TYPE ) ) {
			return;
		}
		register_post_type(
			self::POST_TYPE,
			array(
				'labels'              => array(
					'name'          => __( 'AI Conversations', 'monsterinsights-reports' ),
					'singular_name' => __( 'AI Conversation', 'monsterinsights-reports' ),
				),
				'public'              => false,
				'publicly_queryable'  => false,
				'exclude_from_search' => true,
				'show_ui'             => false,
				'show_in_menu'        => false,
				'show_in_nav_menus'   => false,
				'show_in_admin_bar'   => false,
				'show_in_rest'        => false,
				'has_archive'         => false,
				'rewrite'             => false,
				'query_var'           => false,
				'can_export'          => false,
				'delete_with_user'    => true,
				'supports'            => array( 'title', 'author' ),
			)
		);
	}

	/**
	 * A chat of a user, or null when there is none with this id or it is another user's.
	 *
	 * @param int $user_id The user.
	 * @param int $id      The chat's id.
	 */
	public static function find( int $user_id, int $id ): ?\WP_Post {
		$post = $id > 0 && $user_id > 0 ? get_post( $id ) : null;
		if ( ! $post instanceof \WP_Post || self::POST_TYPE !== $post->post_type || 'publish' !== $post->post_status || (int) $post->post_author !== $user_id ) {
			return null;
		}
		return $post;
	}

	/**
	 * Creates an empty chat of a user.
	 *
	 * @param int $user_id The user.
	 * @return int|\WP_Error The chat's id.
	 */
	public static function create( int $user_id ) {
		self::register_type();
		$id = wp_insert_post(
			array(
				'post_type'   => self::POST_TYPE,
				'post_status' => 'publish',
				'post_author' => $user_id,
				'post_title'  => '',
			),
			true
		);
		if ( is_wp_error( $id ) ) {
			return $id;
		}
		update_post_meta( $id, self::META_MESSAGES, wp_slash( '[]' ) );
		return (int) $id;
	}

	/**
	 * A new message.
	 *
	 * @param string                    $role    user or assistant.
	 * @param string                    $content Its text.
	 * @param array<string, mixed>|null $chart   The chart of an answer.
	 * @return array<string, mixed>
	 */
	public static function message( string $role, string $content, ?array $chart = null ): array {
		return array(
			'id'               => str_replace( '-', '', wp_generate_uuid4() ),
			'role'             => $role,
			'content'          => $content,
			'rating'           => null,
			'feedback'         => '',
			'skipped_feedback' => false,
			'meta'             => null === $chart ? array() : array( 'chart' => $chart ),
		);
	}

	/**
	 * A chat's messages, oldest first.
	 *
	 * @param int $id The chat's id.
	 * @return list<array<string, mixed>>
	 */
	public static function messages( int $id ): array {
		$stored = json_decode( (string) get_post_meta( $id, self::META_MESSAGES, true ), true );
		if ( ! is_array( $stored ) ) {
			return array();
		}
		$out = array();
		foreach ( $stored as $message ) {
			if ( ! is_array( $message ) || ! is_string( $message['id'] ?? null ) || ! in_array( $message['role'] ?? null, array( 'user', 'assistant' ), true ) ) {
				continue;
			}
			$rating = $message['rating'] ?? null;
			$out[]  = array(
				'id'               => $message['id'],
				'role'             => $message['role'],
				'content'          => (string) ( $message['content'] ?? '' ),
				'rating'           => in_array( $rating, array( 0, 1 ), true ) ? $rating : null,
				'feedback'         => (string) ( $message['feedback'] ?? '' ),
				'skipped_feedback' => true === ( $message['skipped_feedback'] ?? false ),
				'meta'             => is_array( $message['meta'] ?? null ) ? $message['meta'] : array(),
			);
		}
		return $out;
	}

	/**
	 * Adds a message at the end of a chat.
	 *
	 * @param int                  $id      The chat's id.
	 * @param array<string, mixed> $message The message.
	 */
	public static function append( int $id, array $message ): void {
		$messages   = self::messages( $id );
		$messages[] = $message;
		self::save( $id, $messages );
	}

	/**
	 * Stores a chat's messages.
	 *
	 * @param int                              $id       The chat's id.
	 * @param array<int, array<string, mixed>> $messages The messages.
	 */
	private static function save( int $id, array $messages ): void {
		update_post_meta( $id, self::META_MESSAGES, wp_slash( (string) wp_json_encode( array_values( $messages ), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) ) );
	}

	/**
	 * A message as the REST routes show it (its meta an object, also when empty).
	 *
	 * @param array<string, mixed> $message The message.
	 * @return array<string, mixed>
	 */
	public static function show( array $message ): array {
		$message['meta'] = (object) ( is_array( $message['meta'] ?? null ) ? $message['meta'] : array() );
		return $message;
	}

	/**
	 * The last message of a chat, or null when it has none.
	 *
	 * @param int $id The chat's id.
	 * @return array<string, mixed>|null
	 */
	public static function last( int $id ): ?array {
		$messages = self::messages( $id );
		return array() === $messages ? null : $messages[ count( $messages ) - 1 ];
	}

	/**
	 * Rates a message, or records its feedback or that the feedback was skipped.
	 *
	 * @param int                  $id         The chat's id.
	 * @param string               $message_id The message's id.
	 * @param array<string, mixed> $changes    rating (0|1), feedback (text), skipped_feedback (bool).
	 * @return array<string, mixed>|null The message as changed; null when the chat has no such message.
	 */
	public static function rate( int $id, string $message_id, array $changes ): ?array {
		$messages = self::messages( $id );
		foreach ( $messages as $index => $message ) {
			if ( $message['id'] !== $message_id ) {
				continue;
			}
			if ( array_key_exists( 'rating', $changes ) ) {
				$message['rating'] = (int) $changes['rating'];
				if ( 1 === $message['rating'] ) {
					// A thumbs up takes back a thumbs down's feedback.
					$message['feedback']         = '';
					$message['skipped_feedback'] = false;
				}
			}
			if ( array_key_exists( 'feedback', $changes ) ) {
				$message['feedback'] = (string) $changes['feedback'];
			}
			if ( array_key_exists( 'skipped_feedback', $changes ) ) {
				$message['skipped_feedback'] = (bool) $changes['skipped_feedback'];
			}
			$messages[ $index ] = $message;
			self::save( $id, $messages );
			return $message;
		}
		return null;
	}

	/**
	 * Renames a chat ('' goes back to its preview).
	 *
	 * @param int    $id    The chat's id.
	 * @param string $title The title.
	 */
	public static function rename( int $id, string $title ): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- One column of one post, as typed (wp_update_post() would filter the title); its cache is cleaned below.
		$wpdb->update( $wpdb->posts, array( 'post_title' => $title ), array( 'ID' => $id ), array( '%s' ), array( '%d' ) );
		clean_post_cache( $id );
	}

	/**
	 * Pins or unpins a chat.
	 *
	 * @param int  $id     The chat's id.
	 * @param bool $pinned Whether it is pinned.
	 */
	public static function pin( int $id, bool $pinned ): void {
		if ( $pinned ) {
			update_post_meta( $id, self::META_PINNED, '1' );
		} else {
			delete_post_meta( $id, self::META_PINNED );
		}
	}

	/**
	 * Deletes a chat for good.
	 *
	 * @param int $id The chat's id.
	 */
	public static function delete( int $id ): bool {
		return wp_delete_post( $id, true ) instanceof \WP_Post;
	}

	/**
	 * A chat's list entry.
	 *
	 * @param \WP_Post $post The chat.
	 * @return array{id: int, title: string, preview: string, is_pinned: bool}
	 */
	public static function entry( \WP_Post $post ): array {
		$preview = '';
		foreach ( self::messages( $post->ID ) as $message ) {
			if ( 'user' === $message['role'] ) {
				$preview = mb_substr( $message['content'], 0, self::PREVIEW );
				break;
			}
		}
		return array(
			'id'        => (int) $post->ID,
			'title'     => (string) $post->post_title,
			'preview'   => $preview,
			'is_pinned' => '1' === get_post_meta( $post->ID, self::META_PINNED, true ),
		);
	}

	/**
	 * A user's chats: the pinned ones and the most recent others, newest first.
	 *
	 * @param int $user_id The user.
	 * @return array{pinned: list<array{id: int, title: string, preview: string, is_pinned: bool}>, recent: list<array{id: int, title: string, preview: string, is_pinned: bool}>}
	 */
	public static function list( int $user_id ): array {
		$lists = array();
		foreach ( array(
			'pinned' => 'EXISTS',
			'recent' => 'NOT EXISTS',
		) as $group => $compare ) {
			$lists[ $group ] = array_map(
				array( self::class, 'entry' ),
				self::posts(
					$user_id,
					array(
						'posts_per_page' => 'pinned' === $group ? -1 : self::MAX_RECENT,
						// phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- A user's own few chats.
						'meta_query'     => array(
							array(
								'key'     => self::META_PINNED,
								'compare' => $compare,
							),
						),
					)
				)
			);
		}
		return array(
			'pinned' => $lists['pinned'],
			'recent' => $lists['recent'],
		);
	}

	/**
	 * A user's chats, newest first.
	 *
	 * @param int                  $user_id The user.
	 * @param array<string, mixed> $args    Further WP_Query arguments.
	 * @return list<\WP_Post>
	 */
	public static function posts( int $user_id, array $args = array() ): array {
		if ( $user_id <= 0 ) {
			return array();
		}
		$query = new \WP_Query(
			$args + array(
				'post_type'              => self::POST_TYPE,
				'post_status'            => 'publish',
				'author'                 => $user_id,
				'orderby'                => 'ID',
				'order'                  => 'DESC',
				'posts_per_page'         => -1,
				'no_found_rows'          => true,
				'update_post_term_cache' => false,
			)
		);
		return array_values( array_filter( $query->posts, static fn( $post ): bool => $post instanceof \WP_Post ) );
	}

	/**
	 * Deletes every chat of the site (uninstall).
	 */
	public static function uninstall_site(): void {
		self::register_type();
		Uninstaller::delete_posts( self::POST_TYPE );
	}
}
