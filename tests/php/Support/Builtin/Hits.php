<?php
/**
 * Buffer lines with known properties, for ground-truth tests.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Builtin;

/**
 * Builds the JSON lines the collector writes, in the site's local time.
 */
final class Hits {

	public const IPHONE_SAFARI  = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
	public const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36';
	public const IPAD           = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
	public const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
	public const MAC_FIREFOX    = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) Gecko/20100101 Firefox/125.0';

	/**
	 * Counter that keeps hit ids unique.
	 *
	 * @var int
	 */
	private static int $sequence = 0;

	/**
	 * The site-local zone the times are in.
	 *
	 * @var string
	 */
	public static string $zone = 'Europe/Berlin';

	/**
	 * Starts the hit ids over, so a script builds the same lines every time.
	 */
	public static function reset(): void {
		self::$sequence = 0;
	}

	/**
	 * A visitor key (32 hex) from a label.
	 *
	 * @param string $label E.g. "alice-day1".
	 */
	public static function key( string $label ): string {
		return md5( 'visitor:' . $label );
	}

	/**
	 * Unix time of a local time.
	 *
	 * @param string $local "Y-m-d H:i:s" in the zone.
	 */
	public static function ts( string $local ): int {
		return ( new \DateTimeImmutable( $local, new \DateTimeZone( self::$zone ) ) )->getTimestamp();
	}

	/**
	 * A page view line.
	 *
	 * @param string               $visitor Visitor label.
	 * @param string               $local   Local time.
	 * @param string               $path    Path.
	 * @param array<string, mixed> $extra   Other fields (r, us, um, uc, ck, ua, cc, vkp as a label …).
	 */
	public static function pageview( string $visitor, string $local, string $path, array $extra = array() ): string {
		return self::line( 'pageview', $visitor, $local, $path, $extra );
	}

	/**
	 * An event line.
	 *
	 * @param string               $visitor Visitor label.
	 * @param string               $local   Local time.
	 * @param string               $name    Event name.
	 * @param array<string, mixed> $props   Event properties.
	 * @param array<string, mixed> $extra   Other fields.
	 */
	public static function event( string $visitor, string $local, string $name, array $props = array(), array $extra = array() ): string {
		return self::line(
			'event',
			$visitor,
			$local,
			(string) ( $extra['p'] ?? '/' ),
			array(
				'en' => $name,
				'ep' => $props,
			) + $extra
		);
	}

	/**
	 * A line.
	 *
	 * @param string               $type    pageview or event.
	 * @param string               $visitor Visitor label.
	 * @param string               $local   Local time.
	 * @param string               $path    Path.
	 * @param array<string, mixed> $extra   Other fields; "vkp" is a visitor label.
	 */
	private static function line( string $type, string $visitor, string $local, string $path, array $extra ): string {
		$hit = array_merge(
			array(
				'v'   => 1,
				'id'  => md5( 'hit:' . ( ++self::$sequence ) . ':' . $visitor . ':' . $local ),
				'ts'  => self::ts( $local ),
				't'   => $type,
				'vk'  => self::key( $visitor ),
				'vkp' => '',
				'p'   => $path,
				'o'   => 0,
				'r'   => '',
				'us'  => '',
				'um'  => '',
				'uc'  => '',
				'ut'  => '',
				'ux'  => '',
				'ck'  => '',
				'ua'  => self::WINDOWS_CHROME,
				'cc'  => '',
				'rg'  => '',
				'ci'  => '',
				'en'  => '',
				'ep'  => array(),
			),
			$extra
		);
		if ( '' !== $hit['vkp'] ) {
			$hit['vkp'] = self::key( (string) $hit['vkp'] );
		}
		if ( array() === $hit['ep'] ) {
			$hit['ep'] = new \stdClass();
		}
		return (string) wp_json_encode( $hit );
	}
}
