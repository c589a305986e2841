<?php
/**
 * The names a class of GA4 names (dimensions, metrics) knows: its constants.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Query;

defined( 'ABSPATH' ) || exit;

/**
 * For a class whose every string constant is one name (array constants group them): all() lists
 * them in their order, is_valid() checks one. A name added as a constant is known at once.
 */
trait Names {

	/**
	 * Every known name, in the order the constants are declared.
	 *
	 * @return string[]
	 */
	public static function all(): array {
		static $all = null;
		if ( null === $all ) {
			$all = array_values( array_filter( ( new \ReflectionClass( self::class ) )->getConstants(), 'is_string' ) );
		}
		return $all;
	}

	/**
	 * Whether a name is known.
	 *
	 * @param string $name The name.
	 */
	public static function is_valid( string $name ): bool {
		return in_array( $name, self::all(), true );
	}
}
