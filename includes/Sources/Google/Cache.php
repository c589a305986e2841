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
 * quota is used up (429, RESOURCE_EXHAUSTED) that one is served and stale() turns true for the
 * request, so the screen can say the numbers may be behind.
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
	 * Whether an answer of this request came from the fallback.
	 *
	 * @var bool
	 */
	public static bool $stale = false;

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
		$hash  = md5( $key );
		$fresh = get_transient( 'monsterinsights_reports_g_' . $hash );
		if ( is_array( $fresh ) ) {
			return $fresh;
		}
		try {
			$answer = $fetch();
		} catch ( GoogleError $error ) {
			$last = get_transient( 'monsterinsights_reports_gl_' . $hash );
			if ( GoogleError::QUOTA === $error->kind && is_array( $last ) ) {
				self::$stale = true;
				return $last;
			}
			throw $error;
		}
		set_transient( 'monsterinsights_reports_g_' . $hash, $answer, $ttl );
		set_transient( 'monsterinsights_reports_gl_' . $hash, $answer, self::LAST );
		return $answer;
	}

	/**
	 * Forgets the fresh answer of a key (the last one stays for the quota fallback), so the next
	 * remember() asks Google.
	 *
	 * @param string $key What was asked.
	 */
	public static function forget( string $key ): void {
		delete_transient( 'monsterinsights_reports_g_' . md5( $key ) );
	}
}
