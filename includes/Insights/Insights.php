<?php
/**
 * AI Insights: the site's cached list, its daily regeneration and each user's ratings.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Insights;

use MonsterInsights\Reports\Plugin;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The list of the Engine for the last 30 complete days, cached per site (an option, with its
 * generation time and the source it came from) and regenerated daily by WP-Cron (CRON_HOOK,
 * scheduled on activation and put back on admin_init), when it is a day old or from another
 * source, and on request (force_refresh).
 *
 * Each user's ratings of the insights are a user option of the site (RATINGS): by insight id, the
 * score (1 up, 0 down), the feedback after a thumbs-down and whether it was skipped.
 */
final class Insights {

	/**
	 * The option of the site's list.
	 */
	public const OPTION = 'monsterinsights_reports_ai_insights';

	/**
	 * The daily event.
	 */
	public const CRON_HOOK = 'monsterinsights_reports_ai_insights';

	/**
	 * The user option of a user's ratings on a site.
	 */
	public const RATINGS = 'monsterinsights_reports_ai_insight_ratings';

	/**
	 * Longest feedback kept, in characters.
	 */
	public const MAX_FEEDBACK = 2000;

	/**
	 * Registers the daily event's handler and puts the event back when it is missing.
	 */
	public static function register(): void {
		add_action( self::CRON_HOOK, array( self::class, 'regenerate_from_cron' ) );
		add_action( 'admin_init', array( self::class, 'schedule' ) );
	}

	/**
	 * Schedules the daily event on the current site, unless it is.
	 */
	public static function schedule(): void {
		if ( false === wp_next_scheduled( self::CRON_HOOK ) ) {
			wp_schedule_event( time() + 3 * HOUR_IN_SECONDS, 'daily', self::CRON_HOOK );
		}
	}

	/**
	 * Clears the daily event on the current site.
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::CRON_HOOK );
	}

	/**
	 * Deactivation hook: clears the event, on every site when network-deactivated.
	 *
	 * @param bool $network_wide Whether the plugin is network-deactivated.
	 */
	public static function deactivate( $network_wide = false ): void {
		if ( is_multisite() && $network_wide ) {
			\MonsterInsights\Reports\Activation::for_each_site( array( self::class, 'unschedule' ) );
			return;
		}
		self::unschedule();
	}

	/**
	 * The daily event: a fresh list from the active source, when one is connected.
	 */
	public static function regenerate_from_cron(): void {
		$source = Plugin::instance()->sources()->active();
		if ( null !== $source && $source->is_connected() ) {
			self::generate( $source );
		}
	}

	/**
	 * The site's list: the cached one while it is less than a day old and from this source, else
	 * a fresh one.
	 *
	 * @param Source $source  The active source.
	 * @param bool   $refresh Generate a fresh list whatever the cache holds.
	 * @param bool   $store   Cache a fresh list (false: a request that changes nothing, e.g. one refused).
	 * @return array{generated_at: int, insights: list<array{id: string, kind: string, content: string, link: string, significance: float}>}
	 */
	public static function get( Source $source, bool $refresh = false, bool $store = true ): array {
		$cached = get_option( self::OPTION );
		if (
			! $refresh
			&& is_array( $cached )
			&& ( $cached['source'] ?? '' ) === $source->key()
			&& is_int( $cached['generated_at'] ?? null )
			&& time() - $cached['generated_at'] < DAY_IN_SECONDS
			&& is_array( $cached['insights'] ?? null )
		) {
			return array(
				'generated_at' => $cached['generated_at'],
				'insights'     => array_values( $cached['insights'] ),
			);
		}
		return self::generate( $source, $store );
	}

	/**
	 * Generates the list and caches it.
	 *
	 * @param Source $source The active source.
	 * @param bool   $store  Cache it.
	 * @return array{generated_at: int, insights: list<array{id: string, kind: string, content: string, link: string, significance: float}>}
	 */
	public static function generate( Source $source, bool $store = true ): array {
		list( $range, $before ) = Engine::ranges();
		$list                   = array(
			'generated_at' => time(),
			'insights'     => ( new Engine( $source ) )->insights( $range, $before ),
		);
		if ( $store ) {
			update_option( self::OPTION, $list + array( 'source' => $source->key() ), false );
		}
		return $list;
	}

	/**
	 * A user's ratings on this site, in the order they were given.
	 *
	 * @param int $user_id The user.
	 * @return list<array{insight_id: string, score: int, feedback: string, skipped: bool}>
	 */
	public static function ratings( int $user_id ): array {
		$stored = get_user_option( self::RATINGS, $user_id );
		if ( ! is_array( $stored ) ) {
			return array();
		}
		$out = array();
		foreach ( $stored as $id => $rating ) {
			if ( ! is_array( $rating ) ) {
				continue;
			}
			$out[] = array(
				'insight_id' => (string) $id,
				'score'      => (int) ( $rating['score'] ?? 0 ),
				'feedback'   => (string) ( $rating['feedback'] ?? '' ),
				'skipped'    => (bool) ( $rating['skipped'] ?? false ),
			);
		}
		return $out;
	}

	/**
	 * Rates an insight (a new score clears the feedback of the old one).
	 *
	 * @param int    $user_id    The user.
	 * @param string $insight_id The insight.
	 * @param int    $score      1 up, 0 down.
	 * @return list<array{insight_id: string, score: int, feedback: string, skipped: bool}>
	 */
	public static function rate( int $user_id, string $insight_id, int $score ): array {
		$stored                = self::stored( $user_id );
		$stored[ $insight_id ] = array(
			'score'    => $score,
			'feedback' => '',
			'skipped'  => false,
		);
		update_user_option( $user_id, self::RATINGS, $stored );
		return self::ratings( $user_id );
	}

	/**
	 * The feedback after a thumbs-down, or that it was skipped.
	 *
	 * @param int    $user_id    The user.
	 * @param string $insight_id The insight.
	 * @param string $message    The feedback ('' when skipped).
	 * @param bool   $skipped    Whether the user skipped it.
	 * @return list<array{insight_id: string, score: int, feedback: string, skipped: bool}>
	 */
	public static function feedback( int $user_id, string $insight_id, string $message, bool $skipped ): array {
		$stored                = self::stored( $user_id );
		$rating                = $stored[ $insight_id ] ?? array( 'score' => 0 );
		$stored[ $insight_id ] = array(
			'score'    => (int) ( $rating['score'] ?? 0 ),
			'feedback' => $skipped ? '' : mb_substr( $message, 0, self::MAX_FEEDBACK ),
			'skipped'  => $skipped,
		);
		update_user_option( $user_id, self::RATINGS, $stored );
		return self::ratings( $user_id );
	}

	/**
	 * Removes a user's ratings on this site.
	 *
	 * @param int $user_id The user.
	 */
	public static function forget( int $user_id ): bool {
		$removed = delete_user_option( $user_id, self::RATINGS );
		// get_user_option() also reads the key without the site's prefix.
		return delete_user_meta( $user_id, self::RATINGS ) || $removed;
	}

	/**
	 * A user's stored ratings by insight id.
	 *
	 * @param int $user_id The user.
	 * @return array<string, array<string, mixed>>
	 */
	private static function stored( int $user_id ): array {
		$stored = get_user_option( self::RATINGS, $user_id );
		return is_array( $stored ) ? $stored : array();
	}
}
