<?php
/**
 * The notifications of the header bell and each user's dismissals.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Notifications;

use MonsterInsights\Reports\Admin\ReportsPage;

defined( 'ABSPATH' ) || exit;

/**
 * Notifications are computed on each request from the site's state by small checks (Check), then
 * the `monsterinsights_reports_notifications` filter lets modules add theirs (the licence module
 * adds the expired or invalid key there). Nothing is fetched from a remote service.
 *
 * Dismissals are per user and per site (a user option, so a network's sites keep their own): id →
 * { time, hash }. A dismissed notification whose text changes (another hash) shows again, and a
 * dismissal is forgotten once its notification no longer applies, so a problem that comes back
 * later is shown again.
 */
final class Notifications {

	/**
	 * The filter modules add their notifications with.
	 */
	public const FILTER = 'monsterinsights_reports_notifications';

	/**
	 * The user option (per site) holding a user's dismissals.
	 */
	public const META = 'monsterinsights_reports_dismissed_notifications';

	/**
	 * The checks.
	 *
	 * @var Check[]
	 */
	private array $checks;

	/**
	 * The notifications of a site.
	 *
	 * @param Check[]|null $checks The checks; the built-in ones by default.
	 * @param int|null     $now    Unix time; now by default.
	 */
	public function __construct( ?array $checks = null, private ?int $now = null ) {
		$this->checks = $checks ?? self::default_checks();
	}

	/**
	 * The built-in checks.
	 *
	 * @return Check[]
	 */
	public static function default_checks(): array {
		return array(
			new Checks\SourceNotConnected(),
			new Checks\NoRecentVisits(),
			new Checks\AggregationStalled(),
		);
	}

	/**
	 * The URL of a route of the reports app, e.g. app_url( '/settings' ).
	 *
	 * @param string $route The hash route, starting with a slash.
	 */
	public static function app_url( string $route ): string {
		return admin_url( 'admin.php?page=' . ReportsPage::SLUG ) . '#' . $route;
	}

	/**
	 * Every notification that applies now, for a user, in display order (errors first, newest
	 * first within a type), by id.
	 *
	 * @param int $user_id The user.
	 * @return array<string, Notification>
	 */
	public function current( int $user_id ): array {
		$now  = $this->now();
		$list = array();
		foreach ( $this->checks as $check ) {
			try {
				$notification = $check->run( $now, $user_id );
			} catch ( \Throwable $error ) {
				// A broken check (a database error, say) must not take the other notifications down.
				continue;
			}
			if ( null !== $notification ) {
				$list[] = $notification;
			}
		}

		/**
		 * Filters the notifications of the reports app's header bell.
		 *
		 * Add a Notification, or an array { id, type, title, content, date?, actions? } (id: a stable
		 * slug matching ^[a-z0-9-]{1,64}$; type: error, warning, info or success; plain text; date:
		 * ISO 8601 or Unix time, now when omitted; actions: up to 3 of { label, url, primary }).
		 * Invalid entries are dropped; the first of two with the same id wins.
		 *
		 * @param array<int, Notification|array<string, mixed>> $list    The notifications.
		 * @param int                                           $user_id The user who reads them.
		 * @param int                                           $now     Unix time of the request.
		 */
		$filtered = apply_filters( 'monsterinsights_reports_notifications', $list, $user_id, $now );

		$out = array();
		foreach ( is_array( $filtered ) ? $filtered : array() as $value ) {
			$notification = Notification::from( $value, $now );
			if ( null !== $notification && ! isset( $out[ $notification->id ] ) ) {
				$out[ $notification->id ] = $notification;
			}
		}
		uasort( $out, array( Notification::class, 'compare' ) );
		return $out;
	}

	/**
	 * The route's payload for a user: the active and the dismissed notifications.
	 *
	 * @param int $user_id The user.
	 * @return array{active: array<int, array<string, mixed>>, dismissed: array<int, array<string, mixed>>}
	 */
	public function for_user( int $user_id ): array {
		return $this->split( $this->current( $user_id ), $this->dismissals( $user_id ) );
	}

	/**
	 * Dismisses one notification for a user.
	 *
	 * @param int    $user_id The user.
	 * @param string $id      The notification's id.
	 * @return array{active: array<int, array<string, mixed>>, dismissed: array<int, array<string, mixed>>}|null The payload, or null when no such notification applies.
	 */
	public function dismiss( int $user_id, string $id ): ?array {
		$current = $this->current( $user_id );
		if ( ! isset( $current[ $id ] ) ) {
			return null;
		}
		$dismissals        = $this->dismissals( $user_id );
		$dismissals[ $id ] = array(
			'time' => $this->now(),
			'hash' => $current[ $id ]->hash(),
		);
		$dismissals        = $this->save( $user_id, $dismissals, $current );
		return $this->split( $current, $dismissals );
	}

	/**
	 * Dismisses every active notification for a user.
	 *
	 * @param int $user_id The user.
	 * @return array{active: array<int, array<string, mixed>>, dismissed: array<int, array<string, mixed>>}
	 */
	public function dismiss_all( int $user_id ): array {
		$current    = $this->current( $user_id );
		$dismissals = $this->dismissals( $user_id );
		foreach ( $current as $id => $notification ) {
			if ( ! $this->is_dismissed( $notification, $dismissals ) ) {
				$dismissals[ $id ] = array(
					'time' => $this->now(),
					'hash' => $notification->hash(),
				);
			}
		}
		$dismissals = $this->save( $user_id, $dismissals, $current );
		return $this->split( $current, $dismissals );
	}

	/**
	 * A user's dismissals on the current site; damaged entries are left out.
	 *
	 * @param int $user_id The user.
	 * @return array<string, array{time: int, hash: string}>
	 */
	public function dismissals( int $user_id ): array {
		$stored = get_user_option( self::META, $user_id );
		$out    = array();
		foreach ( is_array( $stored ) ? $stored : array() as $id => $entry ) {
			if ( is_array( $entry ) && isset( $entry['time'], $entry['hash'] ) ) {
				$out[ (string) $id ] = array(
					'time' => (int) $entry['time'],
					'hash' => (string) $entry['hash'],
				);
			}
		}
		return $out;
	}

	/**
	 * Stores a user's dismissals, less those of notifications that no longer apply.
	 *
	 * @param int                                           $user_id    The user.
	 * @param array<string, array{time: int, hash: string}> $dismissals The dismissals.
	 * @param array<string, Notification>                   $current    The notifications that apply.
	 * @return array<string, array{time: int, hash: string}> What was stored.
	 */
	private function save( int $user_id, array $dismissals, array $current ): array {
		$dismissals = array_intersect_key( $dismissals, $current );
		update_user_option( $user_id, self::META, $dismissals );
		return $dismissals;
	}

	/**
	 * Whether a dismissal covers a notification as it reads now.
	 *
	 * @param Notification                                  $notification The notification.
	 * @param array<string, array{time: int, hash: string}> $dismissals   The dismissals.
	 */
	private function is_dismissed( Notification $notification, array $dismissals ): bool {
		return isset( $dismissals[ $notification->id ] ) && $dismissals[ $notification->id ]['hash'] === $notification->hash();
	}

	/**
	 * Splits notifications into active and dismissed payloads, each in display order.
	 *
	 * @param array<string, Notification>                   $current    The notifications, in order.
	 * @param array<string, array{time: int, hash: string}> $dismissals The dismissals.
	 * @return array{active: array<int, array<string, mixed>>, dismissed: array<int, array<string, mixed>>}
	 */
	private function split( array $current, array $dismissals ): array {
		$out = array(
			'active'    => array(),
			'dismissed' => array(),
		);
		foreach ( $current as $notification ) {
			$dismissed                                    = $this->is_dismissed( $notification, $dismissals );
			$out[ $dismissed ? 'dismissed' : 'active' ][] = $notification->to_array( $dismissed );
		}
		return $out;
	}

	/**
	 * The request's time.
	 */
	private function now(): int {
		return $this->now ?? time();
	}
}
