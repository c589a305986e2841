<?php
/**
 * Country names for ISO 3166-1 alpha-2 codes.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Names come from ICU (PHP's intl extension) in the user's locale, so they are translated without
 * a list of our own; without intl, the code itself is shown.
 */
final class CountryNames {

	/**
	 * The country's name in the current user's locale.
	 *
	 * @param string $iso Two-letter code; empty for unknown.
	 */
	public static function name( string $iso ): string {
		$iso = strtoupper( $iso );
		if ( '' === $iso || ! preg_match( '/^[A-Z]{2}$/', $iso ) ) {
			return __( 'Unknown', 'monsterinsights-reports' );
		}
		if ( class_exists( '\Locale' ) ) {
			$name = \Locale::getDisplayRegion( 'und_' . $iso, function_exists( 'get_user_locale' ) ? get_user_locale() : 'en_US' );
			if ( is_string( $name ) && '' !== $name && $name !== $iso ) {
				return $name;
			}
		}
		return $iso;
	}
}
