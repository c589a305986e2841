<?php
/**
 * The tracking settings of a site, with their defaults.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collector\Ip;

defined( 'ABSPATH' ) || exit;

/**
 * Reads the `monsterinsights_reports_tracking` option, written by the settings screen
 * (REST\SettingsController). Every key has a default, and any value of the wrong type falls back
 * to it. On a network, the network admin's defaults (a site option) sit between the built-in
 * defaults and a site's own choices.
 *
 * @phpstan-type TrackingSettings array{excluded_roles: string[], honor_dnt: bool, honor_gpc: bool, excluded_ips: string[], country_mmdb: string, country_header: string, trusted_proxy: bool, referrer_spam: string[]}
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
	 * The defaults.
	 *
	 * @return array<string, mixed>
	 * @phpstan-return TrackingSettings
	 */
	public static function defaults(): array {
		return array(
			'excluded_roles' => array( 'administrator' ),
			'honor_dnt'      => true,
			'honor_gpc'      => true,
			'excluded_ips'   => array(),
			'country_mmdb'   => '',
			'country_header' => '',
			'trusted_proxy'  => false,
			'referrer_spam'  => array(),
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
		return $settings;
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
