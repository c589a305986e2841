<?php
/**
 * The one rule for URLs the payloads give the app as links.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * A link from stored data (a clicked link's URL, a filtered notification's action, an attachment)
 * is an absolute http or https URL, or none: javascript:, data:, vbscript:, any other scheme and
 * a protocol-relative "//host" give ''. The app applies the same rule (src/lib/safeUrl.ts) to
 * every link it renders, so data stored before this rule is not rendered as a link either.
 */
final class SafeUrl {

	/**
	 * The schemes a link may have.
	 */
	public const PROTOCOLS = array( 'http', 'https' );

	/**
	 * The URL escaped for a payload, or '' when it may not be a link.
	 *
	 * @param string $url The URL.
	 */
	public static function of( string $url ): string {
		$url    = trim( $url );
		$scheme = wp_parse_url( $url, PHP_URL_SCHEME );
		if ( ! is_string( $scheme ) || ! in_array( strtolower( $scheme ), self::PROTOCOLS, true ) ) {
			return '';
		}
		return esc_url_raw( $url, self::PROTOCOLS );
	}
}
