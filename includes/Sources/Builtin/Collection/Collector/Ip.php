<?php
/**
 * The visitor's IP address: where to read it, and matching it against addresses and CIDR ranges.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

/**
 * The IP is only ever held in memory: it goes into the visitor key's hash, the exclusion check and
 * the country lookup, and is written nowhere.
 */
final class Ip {

	/**
	 * The most proxies the settings may name in front of the site.
	 */
	public const MAX_PROXIES = 10;

	/**
	 * The client's IP address: REMOTE_ADDR, or, behind trusted proxies, the address the outermost
	 * of them appended to X-Forwarded-For.
	 *
	 * Each proxy appends the address it was connected from to X-Forwarded-For, so behind N proxies
	 * the N-th entry from the right is the client's, written by the outermost proxy; the nearest
	 * proxy is REMOTE_ADDR. Entries left of it are whatever the client sent and are never read:
	 * they cannot change the address, its country, the exclusion or the rate limit. A header with
	 * fewer entries than proxies (a request that reached an inner proxy directly) gives its
	 * leftmost entry; an entry that is no address gives REMOTE_ADDR.
	 *
	 * @param array<string, mixed> $server        The request's $_SERVER.
	 * @param bool                 $trusted_proxy Whether X-Forwarded-For is trusted.
	 * @param int                  $proxies       How many trusted proxies append to it (1 to MAX_PROXIES).
	 * @return string The address, or '' when there is no valid one.
	 */
	public static function client( array $server, bool $trusted_proxy, int $proxies = 1 ): string {
		$remote = $server['REMOTE_ADDR'] ?? '';
		$remote = is_string( $remote ) ? self::valid( $remote ) : '';
		$header = $server['HTTP_X_FORWARDED_FOR'] ?? null;
		if ( ! $trusted_proxy || ! is_string( $header ) || '' === trim( $header ) ) {
			return $remote;
		}
		$entries = array_map( 'trim', explode( ',', $header ) );
		$proxies = max( 1, min( self::MAX_PROXIES, $proxies ) );
		$entry   = $entries[ max( 0, count( $entries ) - $proxies ) ];
		$ip      = self::valid( self::without_port( $entry ) );
		return '' !== $ip ? $ip : $remote;
	}

	/**
	 * An X-Forwarded-For entry without the port some proxies add: "203.0.113.7:4711",
	 * "[2001:db8::1]:443" or "[2001:db8::1]".
	 *
	 * @param string $entry The entry.
	 */
	private static function without_port( string $entry ): string {
		if ( 1 === preg_match( '/^\[([0-9a-f:.]+)\](?::\d+)?$/i', $entry, $match ) ) {
			return $match[1];
		}
		if ( 1 === preg_match( '/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/', $entry, $match ) ) {
			return $match[1];
		}
		return $entry;
	}

	/**
	 * Whether an address is one of a list of addresses and CIDR ranges (IPv4 or IPv6).
	 *
	 * @param string   $ip     The address.
	 * @param string[] $ranges Addresses ("203.0.113.7") and ranges ("203.0.113.0/24", "2001:db8::/32").
	 */
	public static function matches_any( string $ip, array $ranges ): bool {
		foreach ( $ranges as $range ) {
			if ( self::matches( $ip, $range ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether an address is an address or falls in a CIDR range.
	 *
	 * @param string $ip    The address.
	 * @param string $range An address or a CIDR range.
	 */
	public static function matches( string $ip, string $range ): bool {
		$parsed  = self::parse_range( $range, true );
		$address = @inet_pton( $ip ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Invalid input is reported by the return value.
		if ( null === $parsed || false === $address || strlen( $address ) !== strlen( $parsed[0] ) ) {
			return false;
		}
		list( $network, $bits ) = $parsed;
		$length                 = strlen( $address ) * 8;
		$bits                   = $bits ?? $length;
		if ( $bits > $length ) {
			return false;
		}
		$bytes = intdiv( $bits, 8 );
		if ( substr( $address, 0, $bytes ) !== substr( $network, 0, $bytes ) ) {
			return false;
		}
		$rest = $bits % 8;
		if ( 0 === $rest ) {
			return true;
		}
		$mask = ( 0xff << ( 8 - $rest ) ) & 0xff;
		return ( ord( $address[ $bytes ] ) & $mask ) === ( ord( $network[ $bytes ] ) & $mask );
	}

	/**
	 * Whether a string is an address or a CIDR range that matches() understands.
	 *
	 * @param string $range The string.
	 */
	public static function is_range( string $range ): bool {
		$parsed = self::parse_range( $range, false );
		return null !== $parsed && ( null === $parsed[1] || $parsed[1] <= strlen( $parsed[0] ) * 8 );
	}

	/**
	 * An address or a CIDR range split into its packed address and its prefix length (null when it
	 * has none); null when it is neither.
	 *
	 * @param string $range An address or a CIDR range.
	 * @param bool   $trim  Whether white space around the address part is ignored (matches() ignores
	 *                      it; is_range(), which validates what is stored, does not).
	 * @return array{0: string, 1: int|null}|null
	 */
	private static function parse_range( string $range, bool $trim ): ?array {
		$bits = null;
		if ( str_contains( $range, '/' ) ) {
			list( $range, $prefix ) = explode( '/', $range, 2 );
			if ( ! ctype_digit( $prefix ) ) {
				return null;
			}
			$bits = (int) $prefix;
		}
		$network = @inet_pton( $trim ? trim( $range ) : $range ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Invalid input is reported by the return value.
		return false === $network ? null : array( $network, $bits );
	}

	/**
	 * The address in its canonical form, or '' when it is not an IP address.
	 *
	 * @param string $ip The candidate.
	 */
	private static function valid( string $ip ): string {
		if ( false === filter_var( $ip, FILTER_VALIDATE_IP ) ) {
			return '';
		}
		$packed = inet_pton( $ip );
		return false === $packed ? '' : (string) inet_ntop( $packed );
	}
}
