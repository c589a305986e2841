<?php
/**
 * AI Insights: the site's cached list, its daily regeneration and each user's ratings.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Insights;

use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Conversations\ProviderError;
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
 *
 * When the site has an AI provider (Conversations\Provider), a fresh list's sentences — only them —
 * go to it once to be rephrased (rephrase()): a rephrased sentence replaces its original only when
 * it holds exactly the same numbers; any failure keeps the originals (logged, never shown).
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
	 * The start of the rephrasing's system prompt.
	 */
	public const REPHRASE_PROMPT = 'Rephrase these analytics insights.';

	/**
	 * Seconds the provider may take to rephrase.
	 */
	private const REPHRASE_TIMEOUT = 15;

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
			'insights'     => self::rephrase( ( new Engine( $source ) )->insights( $range, $before ) ),
		);
		if ( $store ) {
			update_option( self::OPTION, $list + array( 'source' => $source->key() ), false );
		}
		return $list;
	}

	/**
	 * The insights with their sentences rephrased by the site's AI provider, when it has one.
	 *
	 * The provider gets the sentences alone, as a JSON list, once, and answers a JSON list in the
	 * same order. A rephrased sentence replaces its original when it is not empty and holds the
	 * same numbers (same_numbers()); otherwise the original stays. Without a provider, or when it
	 * fails or answers something else than such a list, every original stays (the failure is
	 * logged, never shown).
	 *
	 * @template T of array{content: string}
	 * @param array<int, array<string, mixed>> $insights The insights.
	 * @phpstan-param list<T> $insights
	 * @phpstan-return list<T>
	 * @return array<int, array<string, mixed>>
	 */
	public static function rephrase( array $insights ): array {
		$provider = Provider::from_settings();
		if ( null === $provider || array() === $insights ) {
			return $insights;
		}
		$sentences = array_map( static fn( array $insight ): string => $insight['content'], $insights );
		try {
			$answer = $provider->complete(
				array(
					array(
						'role'    => 'system',
						'content' => self::REPHRASE_PROMPT . ' The user message is a JSON array of sentences about a website\'s analytics. Answer with a JSON array of the same length, in the same order: each sentence rephrased to read naturally, in the same language, keeping every number exactly as written. Answer with the JSON array only.',
					),
					array(
						'role'    => 'user',
						'content' => (string) wp_json_encode( $sentences, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ),
					),
				),
				array(),
				self::REPHRASE_TIMEOUT
			);
		} catch ( ProviderError $error ) {
			self::log_rephrase( $error->error_code . ( '' !== $error->reason ? ': ' . $error->reason : '' ) );
			return $insights;
		}
		$rephrased = self::sentences( $answer['content'] );
		if ( null === $rephrased ) {
			self::log_rephrase( 'the answer is not a JSON array of sentences' );
			return $insights;
		}
		foreach ( $insights as $index => $insight ) {
			$candidate = $rephrased[ $index ] ?? null;
			if ( ! is_string( $candidate ) ) {
				continue;
			}
			$candidate = trim( wp_strip_all_tags( $candidate ) );
			if ( '' !== $candidate && self::same_numbers( $insight['content'], $candidate ) ) {
				$insights[ $index ]['content'] = $candidate;
			}
		}
		return $insights;
	}

	/**
	 * Whether two sentences hold the same numbers: the same multiset of number tokens, each
	 * compared by its digits alone ("1,234" and "1234", "12.5%" and "12.5", "€3.40" and "3.40" are
	 * alike; "1,234" and "1,243" are not).
	 *
	 * @param string $original  The original.
	 * @param string $rephrased The rephrased one.
	 */
	public static function same_numbers( string $original, string $rephrased ): bool {
		return self::numbers( $original ) === self::numbers( $rephrased );
	}

	/**
	 * The digits of each number of a text, sorted. A number is digits with separators between them
	 * (".", ",", "'", a space as thousands separator: no-break and narrow no-break).
	 *
	 * @param string $text The text.
	 * @return list<string>
	 */
	private static function numbers( string $text ): array {
		preg_match_all( '/\d(?:[\d.,\x{00A0}\x{202F}\']*\d)?/u', $text, $matches );
		$numbers = array_map( static fn( string $number ): string => (string) preg_replace( '/\D/', '', $number ), $matches[0] );
		sort( $numbers, SORT_STRING );
		return $numbers;
	}

	/**
	 * The list of a rephrasing answer: a JSON array (in a Markdown code fence or not), or an object
	 * whose one value is that array; null for anything else.
	 *
	 * @param string $content The answer.
	 * @return list<mixed>|null
	 */
	private static function sentences( string $content ): ?array {
		$content = trim( $content );
		if ( 1 === preg_match( '/^```[a-z]*\s*(.*?)\s*```$/s', $content, $fenced ) ) {
			$content = $fenced[1];
		}
		$json = json_decode( $content, true );
		if ( is_array( $json ) && ! array_is_list( $json ) && 1 === count( $json ) ) {
			$json = reset( $json );
		}
		return is_array( $json ) && array_is_list( $json ) ? $json : null;
	}

	/**
	 * Logs a rephrasing that failed (never the key, nor the sentences).
	 *
	 * @param string $why What went wrong.
	 */
	private static function log_rephrase( string $why ): void {
		/**
		 * Fires when the AI provider could not rephrase the insights (the originals are kept).
		 *
		 * @param string $why What went wrong.
		 */
		do_action( 'monsterinsights_reports_insights_not_rephrased', $why );
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- The issue must reach the site's log.
		error_log( 'MonsterInsights Reports: the AI provider did not rephrase the insights: ' . $why );
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
