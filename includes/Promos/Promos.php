<?php
/**
 * The promo cards and each user's dismissals of them.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Promos;

defined( 'ABSPATH' ) || exit;

/**
 * The Search Console report's two promo cards (docs/reports.md#the-search-console-report): the
 * competitor-keyword tool card and the SEO plugin card. A user who closes one never sees it again;
 * the dismissals are the user's own, kept in their user meta (for every site of a network).
 */
final class Promos {

	/**
	 * The competitor-keyword tool card.
	 */
	public const COMPETITOR_KEYWORDS = 'competitor-keywords';

	/**
	 * The SEO plugin card (with its install flow).
	 */
	public const SEO_PLUGIN = 'seo-plugin';

	/**
	 * The cards.
	 */
	public const CARDS = array( self::COMPETITOR_KEYWORDS, self::SEO_PLUGIN );

	/**
	 * User meta holding the keys of the cards the user dismissed.
	 */
	public const META = 'monsterinsights_reports_dismissed_promos';

	/**
	 * The cards a user dismissed, in CARDS order.
	 *
	 * @param int $user_id The user.
	 * @return string[]
	 */
	public static function dismissed( int $user_id ): array {
		$stored = get_user_meta( $user_id, self::META, true );
		return array_values( array_intersect( self::CARDS, is_array( $stored ) ? $stored : array() ) );
	}

	/**
	 * Whether a user dismissed a card.
	 *
	 * @param int    $user_id The user.
	 * @param string $card    The card.
	 */
	public static function is_dismissed( int $user_id, string $card ): bool {
		return in_array( $card, self::dismissed( $user_id ), true );
	}

	/**
	 * Dismisses a card for a user, or shows it again. True when the stored state is the one asked
	 * for afterwards.
	 *
	 * @param int    $user_id   The user.
	 * @param string $card      The card.
	 * @param bool   $dismissed Whether it is dismissed.
	 */
	public static function set( int $user_id, string $card, bool $dismissed ): bool {
		$cards = self::dismissed( $user_id );
		$next  = $dismissed ? array_values( array_intersect( self::CARDS, array_merge( $cards, array( $card ) ) ) ) : array_values( array_diff( $cards, array( $card ) ) );
		if ( $next === $cards ) {
			return true;
		}
		if ( array() === $next ) {
			delete_user_meta( $user_id, self::META );
		} else {
			update_user_meta( $user_id, self::META, $next );
		}
		return self::is_dismissed( $user_id, $card ) === $dismissed;
	}
}
