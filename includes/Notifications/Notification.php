<?php
/**
 * One notification of the header bell.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Notifications;

use MonsterInsights\Reports\Reports\SafeUrl;

defined( 'ABSPATH' ) || exit;

/**
 * An actionable product notification: a stable slug id, a type, a plain-text title and content,
 * the time it applies from and up to a few action links. Immutable; invalid values are refused.
 *
 * Its hash covers what the user reads (type, title, content, actions), not the time: a dismissal
 * holds until that text changes.
 */
final class Notification {

	/**
	 * The types, in the order the bell lists them.
	 */
	public const TYPES = array( 'error', 'warning', 'info', 'success' );

	/**
	 * What an id looks like (the REST args schema uses the same pattern).
	 */
	public const ID_PATTERN = '^[a-z0-9-]{1,64}$';

	/**
	 * At most this many actions are kept.
	 */
	public const MAX_ACTIONS = 3;

	/**
	 * The actions, each with a label, a URL and whether it is the primary one.
	 *
	 * @var array<int, array{label: string, url: string, primary: bool}>
	 */
	public readonly array $actions;

	/**
	 * A notification.
	 *
	 * @param string                                                        $id      Stable slug, e.g. source-not-connected.
	 * @param string                                                        $type    One of TYPES.
	 * @param string                                                        $title   Plain-text title.
	 * @param string                                                        $content Plain-text content.
	 * @param int                                                           $time    Unix time the notification applies from.
	 * @param array<int, array{label: string, url: string, primary?: bool}> $actions Action links.
	 * @throws \InvalidArgumentException For an invalid id, type, empty title or action.
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $type,
		public readonly string $title,
		public readonly string $content,
		public readonly int $time,
		array $actions = array()
	) {
		if ( ! preg_match( '/' . self::ID_PATTERN . '/', $id ) ) {
			throw new \InvalidArgumentException( esc_html( 'Invalid notification id: ' . $id ) );
		}
		if ( ! in_array( $type, self::TYPES, true ) ) {
			throw new \InvalidArgumentException( esc_html( 'Invalid notification type: ' . $type ) );
		}
		if ( '' === trim( $title ) ) {
			throw new \InvalidArgumentException( esc_html( 'A notification needs a title: ' . $id ) );
		}
		$clean = array();
		foreach ( array_slice( $actions, 0, self::MAX_ACTIONS ) as $action ) {
			$label = trim( (string) $action['label'] );
			$url   = esc_url_raw( (string) $action['url'], SafeUrl::PROTOCOLS );
			if ( '' === $label || '' === $url ) {
				throw new \InvalidArgumentException( esc_html( 'A notification action needs a label and a URL: ' . $id ) );
			}
			$clean[] = array(
				'label'   => $label,
				'url'     => $url,
				'primary' => (bool) ( $action['primary'] ?? false ),
			);
		}
		$this->actions = $clean;
	}

	/**
	 * A notification from what a `monsterinsights_reports_notifications` filter added: a
	 * Notification, or an array with the payload's keys (date as ISO 8601 or Unix time). Text is
	 * reduced to plain text. Null when it is not valid.
	 *
	 * @param mixed $value The value.
	 * @param int   $now   Unix time used when the array has no date.
	 */
	public static function from( $value, int $now ): ?self {
		if ( $value instanceof self ) {
			return $value;
		}
		if ( ! is_array( $value ) ) {
			return null;
		}
		$time = $now;
		if ( isset( $value['date'] ) ) {
			$time = is_int( $value['date'] ) ? $value['date'] : strtotime( (string) $value['date'] );
			if ( false === $time ) {
				return null;
			}
		}
		$actions = array();
		foreach ( (array) ( $value['actions'] ?? array() ) as $action ) {
			if ( ! is_array( $action ) ) {
				return null;
			}
			$actions[] = array(
				'label'   => sanitize_text_field( (string) ( $action['label'] ?? '' ) ),
				'url'     => (string) ( $action['url'] ?? '' ),
				'primary' => (bool) ( $action['primary'] ?? false ),
			);
		}
		try {
			return new self(
				(string) ( $value['id'] ?? '' ),
				(string) ( $value['type'] ?? '' ),
				sanitize_text_field( (string) ( $value['title'] ?? '' ) ),
				sanitize_textarea_field( (string) ( $value['content'] ?? '' ) ),
				$time,
				$actions
			);
		} catch ( \InvalidArgumentException $error ) {
			return null;
		}
	}

	/**
	 * A hash of what the user reads; a dismissal stores it.
	 */
	public function hash(): string {
		return md5( (string) wp_json_encode( array( $this->type, $this->title, $this->content, $this->actions ) ) );
	}

	/**
	 * The payload of the REST route (src/store/notifications/types.ts has the same shape).
	 *
	 * @param bool $dismissed Whether the user dismissed it.
	 * @return array{id: string, type: string, title: string, content: string, date: string, actions: array<int, array{label: string, url: string, primary: bool}>, dismissed: bool}
	 */
	public function to_array( bool $dismissed ): array {
		return array(
			'id'        => $this->id,
			'type'      => $this->type,
			'title'     => $this->title,
			'content'   => $this->content,
			'date'      => gmdate( 'c', $this->time ),
			'actions'   => $this->actions,
			'dismissed' => $dismissed,
		);
	}

	/**
	 * Orders notifications: errors first, then warnings, infos, successes; newest first within a
	 * type; by id when both tie.
	 *
	 * @param Notification $a One.
	 * @param Notification $b The other.
	 */
	public static function compare( Notification $a, Notification $b ): int {
		$by_type = array_search( $a->type, self::TYPES, true ) <=> array_search( $b->type, self::TYPES, true );
		if ( 0 !== $by_type ) {
			return $by_type;
		}
		if ( $a->time !== $b->time ) {
			return $b->time <=> $a->time;
		}
		return strcmp( $a->id, $b->id );
	}
}
