<?php
/**
 * String helpers that need neither WordPress nor mbstring.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

/**
 * Cuts UTF-8 strings by characters.
 */
final class Text {

	/**
	 * The first $length characters of a UTF-8 string (bytes when it is not valid UTF-8).
	 *
	 * @param string $text   The string.
	 * @param int    $length The most characters to keep.
	 */
	public static function cut( string $text, int $length ): string {
		if ( strlen( $text ) <= $length ) {
			return $text;
		}
		if ( 1 === preg_match( '/^.{0,' . $length . '}/su', $text, $match ) ) {
			return $match[0];
		}
		return substr( $text, 0, $length );
	}
}
