<?php
/**
 * Licence levels and their order (docs/product-rules.md#licence-levels).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Licensing;

defined( 'ABSPATH' ) || exit;

/**
 * The levels rank lite < basic < plus < pro < agency. Pure data: no WordPress call, so the tier
 * export script (bin/export-tiers.php) and the vendor CLI (bin/licence-key.php) load it too.
 */
final class Levels {

	/**
	 * Every level, lowest first.
	 */
	public const ALL = array( 'lite', 'basic', 'plus', 'pro', 'agency' );

	/**
	 * The level without a licence.
	 */
	public const LOWEST = 'lite';

	/**
	 * The levels a licence key may carry: all but lite, which needs no key.
	 */
	public const KEYED = array( 'basic', 'plus', 'pro', 'agency' );

	/**
	 * Whether a value is one of the levels.
	 *
	 * @param mixed $value Anything.
	 */
	public static function is_level( $value ): bool {
		return is_string( $value ) && in_array( $value, self::ALL, true );
	}

	/**
	 * The rank of a level, lite 0 … agency 4; an unknown level ranks as lite (as src/lib/tiers.ts
	 * levelRank does).
	 *
	 * @param string $level A level.
	 */
	public static function rank( string $level ): int {
		$rank = array_search( $level, self::ALL, true );
		return false === $rank ? 0 : (int) $rank;
	}

	/**
	 * Whether `$level` is `$needed` or higher.
	 *
	 * @param string $level  The licence's level.
	 * @param string $needed The level a feature needs.
	 */
	public static function at_least( string $level, string $needed ): bool {
		return self::rank( $level ) >= self::rank( $needed );
	}
}
