<?php
/**
 * Browser, operating system and device category of a user agent.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

defined( 'ABSPATH' ) || exit;

/**
 * The ua-parser project's matching over its maintained regexes (uap-core, copied to
 * build/data/uap-regexes.json by bin/build-data.mjs): for each of the browser, OS and device lists
 * the first regex that matches wins; a *_replacement replaces the matching group, with $1…$9
 * standing for the groups. The device category comes from the result.
 *
 * Parsing costs a few hundred regex tries, so the aggregator parses each distinct user agent once
 * and keeps the result in the user_agents table.
 */
final class UserAgentParser {

	public const DESKTOP = 'desktop';
	public const TABLET  = 'tablet';
	public const MOBILE  = 'mobile';

	/**
	 * Mobile operating systems (ua-parser family names).
	 */
	private const MOBILE_OS = array( 'iOS', 'Android', 'Windows Phone', 'Windows Mobile', 'BlackBerry OS', 'BlackBerry Tablet OS', 'Symbian OS', 'Symbian^3', 'KaiOS', 'Firefox OS', 'Tizen', 'Sailfish', 'webOS', 'HarmonyOS', 'Bada', 'MeeGo', 'Maemo', 'Ubuntu Touch' );

	/**
	 * The compiled lists, per request: each entry the PCRE and its replacements.
	 *
	 * @var array<string, array<int, array{0: string, 1: array<string, string>}>>|null
	 */
	private static ?array $parsers = null;

	/**
	 * Parses a user agent.
	 *
	 * @param string $ua The User-Agent header.
	 * @return array{browser: string, browser_version: string, os: string, os_version: string, device: string, device_category: string}
	 */
	public static function parse( string $ua ): array {
		$ua      = substr( $ua, 0, 1024 );
		$browser = self::first( 'user_agent_parsers', $ua, array( 'family_replacement', 'v1_replacement', 'v2_replacement' ) );
		$os      = self::first( 'os_parsers', $ua, array( 'os_replacement', 'os_v1_replacement', 'os_v2_replacement' ) );
		$device  = self::first( 'device_parsers', $ua, array( 'device_replacement', 'brand_replacement', 'model_replacement' ) );

		$result = array(
			'browser'         => substr( '' !== $browser[0] ? $browser[0] : 'Other', 0, 64 ),
			'browser_version' => substr( self::version( $browser[1], $browser[2] ), 0, 32 ),
			'os'              => substr( '' !== $os[0] ? $os[0] : 'Other', 0, 64 ),
			'os_version'      => substr( self::version( $os[1], $os[2] ), 0, 32 ),
			'device'          => '' !== $device[0] ? $device[0] : 'Other',
			'device_category' => self::DESKTOP,
		);

		$result['device_category'] = self::category( $ua, $result['os'], $result['device'] );
		return $result;
	}

	/**
	 * Desktop, tablet or mobile: tablets are iPads, Kindles, Android without "Mobile" and devices
	 * the lists call tablets; phones run a mobile OS or say "Mobi"; the rest is desktop.
	 *
	 * @param string $ua     The user agent.
	 * @param string $os     OS family.
	 * @param string $device Device family.
	 */
	private static function category( string $ua, string $os, string $device ): string {
		if ( 1 === preg_match( '/iPad|Kindle|Silk|PlayBook/', $ua ) || 1 === preg_match( '/iPad|Kindle|Tablet/i', $device )
			|| ( 'Android' === $os && ! str_contains( $ua, 'Mobile' ) ) ) {
			return self::TABLET;
		}
		if ( in_array( $os, self::MOBILE_OS, true ) || str_contains( $ua, 'Mobi' ) || 'iPhone' === $device || 'iPod' === $device ) {
			return self::MOBILE;
		}
		return self::DESKTOP;
	}

	/**
	 * "major.minor", or just the major, or ''.
	 *
	 * @param string $major Major version.
	 * @param string $minor Minor version.
	 */
	private static function version( string $major, string $minor ): string {
		if ( '' === $major ) {
			return '';
		}
		return '' === $minor ? $major : $major . '.' . $minor;
	}

	/**
	 * The first match of a list: the three fields, each its replacement (with $n substituted) or,
	 * without one, the next capture group.
	 *
	 * @param string   $kind   user_agent_parsers, os_parsers or device_parsers.
	 * @param string   $ua     The user agent.
	 * @param string[] $fields The three replacement keys, in group order.
	 * @return array{0: string, 1: string, 2: string}
	 */
	private static function first( string $kind, string $ua, array $fields ): array {
		foreach ( self::parsers()[ $kind ] ?? array() as $parser ) {
			if ( 1 !== preg_match( $parser[0], $ua, $groups ) ) {
				continue;
			}
			$values = array();
			foreach ( $fields as $index => $field ) {
				if ( isset( $parser[1][ $field ] ) ) {
					$values[] = self::substitute( $parser[1][ $field ], $groups );
				} elseif ( 'device_parsers' === $kind && $index > 0 ) {
					// Devices: the brand has no default; the model defaults to the first group.
					$values[] = 2 === $index ? trim( $groups[1] ?? '' ) : '';
				} else {
					$values[] = trim( $groups[ $index + 1 ] ?? '' );
				}
			}
			return array( $values[0], $values[1], $values[2] );
		}
		return array( '', '', '' );
	}

	/**
	 * Replaces $1…$9 with the capture groups (a missing group is empty), trimmed.
	 *
	 * @param string             $replacement The replacement.
	 * @param array<int, string> $groups      The capture groups.
	 */
	private static function substitute( string $replacement, array $groups ): string {
		return trim(
			(string) preg_replace_callback(
				'/\$(\d)/',
				static fn( array $m ): string => $groups[ (int) $m[1] ] ?? '',
				$replacement
			)
		);
	}

	/**
	 * The three lists as PCRE patterns, built once per request. A regex PCRE cannot compile is
	 * left out rather than failing every parse.
	 *
	 * @return array<string, array<int, array{0: string, 1: array<string, string>}>>
	 */
	private static function parsers(): array {
		if ( null !== self::$parsers ) {
			return self::$parsers;
		}
		self::$parsers = array();
		$file          = MONSTERINSIGHTS_REPORTS_DIR . 'build/data/uap-regexes.json';
		$data          = is_readable( $file ) ? json_decode( (string) file_get_contents( $file ), true ) : null; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
		if ( ! is_array( $data ) ) {
			return self::$parsers;
		}
		foreach ( array( 'user_agent_parsers', 'os_parsers', 'device_parsers' ) as $list ) {
			self::$parsers[ $list ] = array();
			foreach ( (array) ( $data[ $list ] ?? array() ) as $entry ) {
				if ( ! is_array( $entry ) || ! is_string( $entry['regex'] ?? null ) ) {
					continue;
				}
				$flag    = $entry['regex_flag'] ?? '';
				$pattern = self::pattern( $entry['regex'], 'i' === $flag );
				if ( false === @preg_match( $pattern, '' ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Probing whether PCRE compiles the pattern.
					continue;
				}
				$replacements = array();
				foreach ( $entry as $key => $value ) {
					if ( str_ends_with( (string) $key, '_replacement' ) && is_string( $value ) ) {
						$replacements[ (string) $key ] = $value;
					}
				}
				self::$parsers[ $list ][] = array( $pattern, $replacements );
			}
		}
		return self::$parsers;
	}

	/**
	 * A uap-core regex as a PCRE: "~" delimiters (an unescaped "~" inside is escaped).
	 *
	 * @param string $regex       The regex.
	 * @param bool   $insensitive Whether it is case-insensitive.
	 */
	public static function pattern( string $regex, bool $insensitive ): string {
		$escaped = (string) preg_replace( '/(?<!\\\\)((?:\\\\\\\\)*)~/', '$1\\~', $regex );
		return '~' . $escaped . '~' . ( $insensitive ? 'i' : '' );
	}
}
