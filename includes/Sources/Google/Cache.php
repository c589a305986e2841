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
 * An answer is fresh for a while (transients), and kept longer as the last answer: when Google's
 * quota is used up (429, RESOURCE_EXHAUSTED) Google is left alone for BACKOFF seconds, the last
 * answers are served meanwhile and $stale turns true for the request, so the screen can say the
 * numbers may be behind.
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
	 * Whether an answer of this request came from the fallback.
	 *
	 * @var bool
	 */
	public static bool $stale = false;

	/**
	 * The fresh answer of a key, or null.
	 *
	 * @param string $key What was asked.
	 * @return array<string, mixed>|null
	 */
	public static function fresh( string $key ): ?array {
		$fresh = get_transient( 'monsterinsights_reports_g_' . md5( $key ) );
		return is_array( $fresh ) ? $fresh : null;
	}

	/**
	 * Keeps an answer: fresh for $ttl seconds, as the last one for LAST.
	 *
	 * @param string               $key    What was asked.
	 * @param array<string, mixed> $answer Google's answer.
	 * @param int                  $ttl    Seconds fresh.
	 */
	public static function store( string $key, array $answer, int $ttl ): void {
		set_transient( 'monsterinsights_reports_g_' . md5( $key ), $answer, $ttl );
		set_transient( 'monsterinsights_reports_gl_' . md5( $key ), $answer, self::LAST );
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
		$last = get_transient( 'monsterinsights_reports_gl_' . md5( $key ) );
		if ( ! is_array( $last ) ) {
			throw $error;
		}
		self::$stale = true;
		return $last;
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
