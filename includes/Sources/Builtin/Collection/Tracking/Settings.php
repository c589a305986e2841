<?php
/**
 * The tracking settings of a site, with their defaults.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Tracking;

use MonsterInsights\Reports\Settings\CustomDimensions;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Ip;

defined( 'ABSPATH' ) || exit;

/**
 * Reads the `monsterinsights_reports_tracking` option, written by the settings screen
 * (REST\SettingsController). Every key has a default, and any value of the wrong type falls back
 * to it. On a network, the network admin's defaults (a site option) sit between the built-in
 * defaults and a site's own choices.
 *
 * @phpstan-type TrackingSettings array{excluded_roles: string[], honor_dnt: bool, honor_gpc: bool, excluded_ips: string[], country_mmdb: string, country_header: string, trusted_proxy: bool, trusted_proxies: int, referrer_spam: string[], affiliate_paths: string[], download_extensions: string[], custom_dimensions: string[], site_speed_sample: int}
 */
final class Settings {

	/**
	 * The option.
	 */
	public const OPTION = 'monsterinsights_reports_tracking';

	/**
	 * Site option on multisite: the network's defaults, same shape.
	 */
	public const NETWORK_OPTION = 'monsterinsights_reports_network_tracking';

	/**
	 * Links whose path starts with one of these count as affiliate links
	 * (docs/product-rules.md#collection-beyond-page-views).
	 */
	public const AFFILIATE_PATHS = array( '/go/', '/recommend/' );

	/**
	 * Links to files with these extensions count as downloads: documents, archives, audio, video,
	 * installers, e-books.
	 */
	public const DOWNLOAD_EXTENSIONS = array( 'pdf', 'zip', 'rar', 'gz', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'txt', 'mp3', 'mp4', 'mov', 'avi', 'dmg', 'exe', 'msi', 'apk', 'epub' );

	/**
	 * Most affiliate paths, and most characters of one.
	 */
	public const MAX_AFFILIATE_PATHS = array( 50, 200 );

	/**
	 * Most download extensions (each 1–10 of a–z and 0–9).
	 */
	public const MAX_DOWNLOAD_EXTENSIONS = 100;

	/**
	 * The defaults.
	 *
	 * @return array<string, mixed>
	 * @phpstan-return TrackingSettings
	 */
	public static function defaults(): array {
		return array(
			'excluded_roles'      => array( 'administrator' ),
			'honor_dnt'           => true,
			'honor_gpc'           => true,
			'excluded_ips'        => array(),
			'country_mmdb'        => '',
			'country_header'      => '',
			'trusted_proxy'       => false,
			'trusted_proxies'     => 1,
			'referrer_spam'       => array(),
			'affiliate_paths'     => self::AFFILIATE_PATHS,
			'download_extensions' => self::DOWNLOAD_EXTENSIONS,
			'custom_dimensions'   => CustomDimensions::keys(),
			'site_speed_sample'   => VitalsScript::AUTO,
		);
	}

	/**
	 * The current site's settings, complete and typed.
	 *
	 * @return array<string, mixed>
	 * @phpstan-return TrackingSettings
	 */
	public static function get(): array {
		$stored = get_option( self::OPTION, array() );
		return self::normalize( ( is_array( $stored ) ? $stored : array() ) + self::network_defaults() );
	}

	/**
	 * The network's defaults as stored (possibly partial); empty on a single site.
	 *
	 * @return array<mixed>
	 */
	public static function network_defaults(): array {
		if ( ! is_multisite() ) {
			return array();
		}
		$stored = get_site_option( self::NETWORK_OPTION, array() );
		return is_array( $stored ) ? $stored : array();
	}

	/**
	 * Fills in defaults and drops values of the wrong type or shape.
	 *
	 * @param array<mixed> $stored The stored option.
	 * @return array<string, mixed>
	 * @phpstan-return TrackingSettings
	 */
	public static function normalize( array $stored ): array {
		$settings = self::defaults();
		foreach ( array( 'honor_dnt', 'honor_gpc', 'trusted_proxy' ) as $key ) {
			if ( isset( $stored[ $key ] ) && is_scalar( $stored[ $key ] ) ) {
				$settings[ $key ] = (bool) $stored[ $key ];
			}
		}
		foreach ( array( 'country_mmdb', 'country_header' ) as $key ) {
			if ( isset( $stored[ $key ] ) && is_string( $stored[ $key ] ) ) {
				$settings[ $key ] = trim( $stored[ $key ] );
			}
		}
		if ( 1 !== preg_match( '/^[A-Za-z0-9-]{1,64}$/', $settings['country_header'] ) ) {
			$settings['country_header'] = '';
		}
		if ( isset( $stored['excluded_roles'] ) && is_array( $stored['excluded_roles'] ) ) {
			$settings['excluded_roles'] = self::strings( $stored['excluded_roles'] );
		}
		if ( isset( $stored['excluded_ips'] ) && is_array( $stored['excluded_ips'] ) ) {
			$settings['excluded_ips'] = array_values( array_filter( self::strings( $stored['excluded_ips'] ), array( Ip::class, 'is_range' ) ) );
		}
		if ( isset( $stored['referrer_spam'] ) && is_array( $stored['referrer_spam'] ) ) {
			$hosts = array();
			foreach ( self::strings( $stored['referrer_spam'] ) as $entry ) {
				// Accept a host or a URL; keep the host.
				$host = str_contains( $entry, '/' ) ? (string) wp_parse_url( $entry, PHP_URL_HOST ) : $entry;
				$host = strtolower( trim( $host, " .\t\n\r" ) );
				if ( 1 === preg_match( '/^[a-z0-9.-]+$/', $host ) ) {
					$hosts[] = $host;
				}
			}
			$settings['referrer_spam'] = array_values( array_unique( $hosts ) );
		}
		if ( isset( $stored['affiliate_paths'] ) && is_array( $stored['affiliate_paths'] ) ) {
			$paths                       = array_filter( self::strings( $stored['affiliate_paths'] ), array( self::class, 'is_affiliate_path' ) );
			$settings['affiliate_paths'] = array_slice( array_values( $paths ), 0, self::MAX_AFFILIATE_PATHS[0] );
		}
		if ( isset( $stored['download_extensions'] ) && is_array( $stored['download_extensions'] ) ) {
			$extensions = array();
			foreach ( self::strings( $stored['download_extensions'] ) as $entry ) {
				$extension = self::extension( $entry );
				if ( null !== $extension ) {
					$extensions[] = $extension;
				}
			}
			$settings['download_extensions'] = array_slice( array_values( array_unique( $extensions ) ), 0, self::MAX_DOWNLOAD_EXTENSIONS );
		}
		$proxies = $stored['trusted_proxies'] ?? null;
		if ( is_int( $proxies ) || ( is_string( $proxies ) && ctype_digit( $proxies ) ) ) {
			$proxies = (int) $proxies;
			if ( $proxies >= 1 && $proxies <= Ip::MAX_PROXIES ) {
				$settings['trusted_proxies'] = $proxies;
			}
		}
		if ( isset( $stored['site_speed_sample'] ) && is_numeric( $stored['site_speed_sample'] ) ) {
			$sample = (int) $stored['site_speed_sample'];
			if ( $sample >= VitalsScript::AUTO && $sample <= 100 ) {
				$settings['site_speed_sample'] = $sample;
			}
		}
		if ( array_key_exists( 'custom_dimensions', $stored ) ) {
			$settings['custom_dimensions'] = CustomDimensions::normalize( $stored['custom_dimensions'] );
		}
		return $settings;
	}

	/**
	 * Whether an entry is an affiliate path: it starts with "/", has no white space, no "|" (the
	 * tracker's separator) and at most MAX_AFFILIATE_PATHS[1] characters.
	 *
	 * @param string $path The entry.
	 */
	public static function is_affiliate_path( string $path ): bool {
		return str_starts_with( $path, '/' ) && strlen( $path ) <= self::MAX_AFFILIATE_PATHS[1] && 1 !== preg_match( '/[\s|]/', $path );
	}

	/**
	 * A download extension as stored (lower case, no leading dot), or null when the entry is not one.
	 *
	 * @param string $entry What the user typed, such as "PDF" or ".pdf".
	 */
	public static function extension( string $entry ): ?string {
		$extension = strtolower( ltrim( trim( $entry ), '.' ) );
		return 1 === preg_match( '/^[a-z0-9]{1,10}$/', $extension ) ? $extension : null;
	}

	/**
	 * The non-empty strings of a list, trimmed.
	 *
	 * @param array<mixed> $values The list.
	 * @return string[]
	 */
	private static function strings( array $values ): array {
		$strings = array();
		foreach ( $values as $value ) {
			if ( is_string( $value ) && '' !== trim( $value ) ) {
				$strings[] = trim( $value );
			}
		}
		return array_values( array_unique( $strings ) );
	}
}
