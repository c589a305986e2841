<?php
/**
 * Google's answers, kept per request.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * Each answer is kept once (a transient of LAST seconds holding the answer and until when it is
 * fresh: one write per answer): fresh for a while, then still the last answer. When Google's quota
 * is used up (429, RESOURCE_EXHAUSTED) Google is left alone for BACKOFF seconds, the last answers
 * are served meanwhile and $stale turns true for the request, so the screen can say the numbers may
 * be behind.
 */
final class Cache {

	/**
	 * Seconds an answer for a range with today in it stays fresh.
	 */
	public const SHORT = 300;

	/**
	 * Seconds an answer for past days stays fresh.
	 */
	public const LONG = 6 * HOUR_IN_SECONDS;

	/**
	 * Seconds the last answer is kept for a quota fallback.
	 */
	public const LAST = 7 * DAY_IN_SECONDS;

	/**
	 * Seconds Google is left alone after it said the quota ran out.
	 */
	public const BACKOFF = 10 * MINUTE_IN_SECONDS;

	/**
	 * The transient that says Google's quota ran out (its value: when).
	 */
	public const BACKOFF_TRANSIENT = 'monsterinsights_reports_google_backoff';

	/**
	 * The start of the answers' transient names.
	 */
	public const PREFIX = 'monsterinsights_reports_g_';

	/**
	 * Whether an answer of this request came from the fallback.
	 *
	 * @var bool
	 */
	public static bool $stale = false;

	/**
	 * The kept entry of a key: the answer and until when it is fresh.
	 *
	 * @param string $key What was asked.
	 * @return array{answer: array<string, mixed>, fresh_until: int}|null
	 */
	private static function entry( string $key ): ?array {
		$entry = get_transient( self::PREFIX . md5( $key ) );
		if ( ! is_array( $entry ) || ! is_array( $entry['answer'] ?? null ) ) {
			return null;
		}
		return array(
			'answer'      => $entry['answer'],
			'fresh_until' => (int) ( $entry['fresh_until'] ?? 0 ),
		);
	}

	/**
	 * The fresh answer of a key, or null.
	 *
	 * @param string $key What was asked.
	 * @return array<string, mixed>|null
	 */
	public static function fresh( string $key ): ?array {
		$entry = self::entry( $key );
		return null !== $entry && $entry['fresh_until'] > time() ? $entry['answer'] : null;
	}

	/**
	 * Keeps an answer: fresh for $ttl seconds, the last one for LAST.
	 *
	 * @param string               $key    What was asked.
	 * @param array<string, mixed> $answer Google's answer.
	 * @param int                  $ttl    Seconds fresh.
	 */
	public static function store( string $key, array $answer, int $ttl ): void {
		set_transient(
			self::PREFIX . md5( $key ),
			array(
				'answer'      => $answer,
				'fresh_until' => time() + $ttl,
			),
			self::LAST
		);
	}

	/**
	 * Makes every kept answer stale (they stay the last answers): the next reports ask Google.
	 */
	public static function expire_all(): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Every answer's transient, by its prefix.
		$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( '_transient_' . self::PREFIX ) . '%' ) );
		foreach ( $names as $name ) {
			$transient = substr( (string) $name, strlen( '_transient_' ) );
			$entry     = get_transient( $transient );
			if ( is_array( $entry ) ) {
				$entry['fresh_until'] = 0;
				set_transient( $transient, $entry, self::LAST );
			}
		}
	}

	/**
	 * Whether Google is being left alone (its quota ran out less than BACKOFF seconds ago).
	 */
	public static function backing_off(): bool {
		return false !== get_transient( self::BACKOFF_TRANSIENT );
	}

	/**
	 * What to answer when Google could not: on QUOTA (backing off from then) the last answer,
	 * marking the request stale; else, or without one, the error.
	 *
	 * @param string      $key   What was asked.
	 * @param GoogleError $error Why Google did not answer.
	 * @return array<string, mixed>
	 * @throws GoogleError When there is nothing to answer.
	 */
	public static function fallback( string $key, GoogleError $error ): array {
		if ( GoogleError::QUOTA !== $error->kind ) {
			throw $error;
		}
		if ( ! self::backing_off() ) {
			set_transient( self::BACKOFF_TRANSIENT, time(), self::BACKOFF );
		}
		$entry = self::entry( $key );
		if ( null === $entry ) {
			throw $error;
		}
		self::$stale = true;
		return $entry['answer'];
	}

	/**
	 * The fresh answer of a key, else the callback's (kept), else on QUOTA the last one.
	 *
	 * @param string   $key   What was asked.
	 * @param int      $ttl   Seconds fresh.
	 * @param callable $fetch Asks Google.
	 * @phpstan-param callable(): array<string, mixed> $fetch
	 * @return array<string, mixed>
	 * @throws GoogleError When Google cannot answer and no earlier answer is kept.
	 */
	public static function remember( string $key, int $ttl, callable $fetch ): array {
		$fresh = self::fresh( $key );
		if ( null !== $fresh ) {
			return $fresh;
		}
		try {
			if ( self::backing_off() ) {
				throw GoogleError::because( GoogleError::QUOTA );
			}
			$answer = $fetch();
		} catch ( GoogleError $error ) {
			return self::fallback( $key, $error );
		}
		self::store( $key, $answer, $ttl );
		return $answer;
	}
}
