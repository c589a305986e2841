<?php
/**
 * Per-visitor rate limit of the collector, in one small file, without a database.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Runs without WordPress (collect.php): no WP_Filesystem.

/**
 * Two limits per clock minute, counted in `ratelimit.php` of the site's data dir, no database:
 *
 * - at most MAX_PER_MINUTE hits per visitor key (a hash of site, IP address and user agent);
 * - at most MAX_VISITORS_PER_IP visitor keys per IP address: a visitor key's first hit of the
 *   minute is dropped when that many other visitors already sent one from its address. Rotating
 *   the user agent makes a new visitor key with every hit and so escapes the first limit; it does
 *   not escape this one. Visitors already counted in the minute are never cut by it, so a shared
 *   address (an office or campus behind one NAT) keeps its first MAX_VISITORS_PER_IP people.
 *
 * Hits over either limit are dropped and counted, each limit apart. The file: the exit guard, a
 * 16-byte header (visitor-limit drops so far, time of the last), SLOTS visitor slots of 16 bytes
 * (the first 8 bytes of the visitor key, the minute, the count), then a second 16-byte header
 * (address-limit drops so far, time of the last) and IP_SLOTS address slots of 16 bytes (the
 * first 8 bytes of the address key, the minute, the visitors counted). The address key is a keyed
 * hash of site and address under the day's salt: the address itself is stored nowhere. A key's
 * slots are PROBES neighbours from its hash; a slot of another minute is free. One locked read and
 * write of PROBES slots a hit (two for a visitor's first hit of a minute).
 *
 * When every slot of a key's neighbourhood is taken in the current minute (more than about SLOTS
 * visitors, or IP_SLOTS addresses, in one minute) the hit is let through uncounted by that limit:
 * a limit never drops a hit it has not counted.
 */
final class RateLimit {

	/**
	 * The file's name in the data dir.
	 */
	public const FILE = 'ratelimit.php';

	/**
	 * Hits per visitor key and minute that are written; from this one on they are dropped.
	 */
	public const MAX_PER_MINUTE = 120;

	/**
	 * Visitors (visitor keys) per IP address and minute whose hits are written; the hits of further
	 * ones are dropped. 100 people active on the site in the same minute behind one address is a
	 * very busy office or campus NAT; a script that rotates its user agent to send 600 sessions a
	 * minute from one address is cut to a sixth. Sites behind a bigger shared address raise it with
	 * the `monsterinsights_reports_rate_limit_visitors_per_ip` filter (Tracking\ConfigFile; 0
	 * turns this limit off).
	 */
	public const MAX_VISITORS_PER_IP = 100;

	/**
	 * Visitor slots in the file.
	 */
	public const SLOTS = 8192;

	/**
	 * Address slots in the file, after the visitor slots.
	 */
	public const IP_SLOTS = 4096;

	/**
	 * Slots a key may use, from its hash on.
	 */
	private const PROBES = 8;

	/**
	 * The first line of the file.
	 */
	private const GUARD = "<?php exit; ?>\n";

	/**
	 * Bytes of the header after the guard, and of a slot.
	 */
	private const HEADER = 16;
	private const SLOT   = 16;

	/**
	 * The file.
	 *
	 * @var string
	 */
	private string $path;

	/**
	 * The file, open and locked from hold() to end_hold(); null otherwise.
	 *
	 * @var resource|null
	 */
	private $held = null;

	/**
	 * Sets the data dir.
	 *
	 * @param string $dir The site's private data dir.
	 */
	public function __construct( string $dir ) {
		$this->path = rtrim( $dir, '/\\' ) . '/' . self::FILE;
	}

	/**
	 * Counts a hit of a visitor; false when the visitor is over the limit this minute, or when this
	 * is the visitor's first hit of the minute and its address already counted $per_ip other
	 * visitors in it (the drop is counted). True, uncounted, when the file cannot be used.
	 *
	 * @param string $visitor_key The visitor key, 32 hex characters.
	 * @param int    $now         Unix time.
	 * @param string $ip_key      The address key, 32 hex characters; '' for no address limit.
	 * @param int    $per_ip      Visitors per address and minute; 0 for no address limit.
	 */
	public function allow( string $visitor_key, int $now, string $ip_key = '', int $per_ip = self::MAX_VISITORS_PER_IP ): bool {
		$key    = (string) hex2bin( substr( $visitor_key, 0, 16 ) );
		$minute = intdiv( $now, 60 ) & 0xffffffff;
		$handle = $this->held ?? $this->open();
		if ( null === $handle ) {
			return true;
		}
		try {
			$base  = self::first_slot( $key, self::visitor_region(), self::SLOTS );
			$found = $this->find( $handle, $base, $key, $minute );
			if ( null !== $found['slot'] ) {
				if ( $found['count'] >= self::MAX_PER_MINUTE ) {
					$this->count_drop( $handle, strlen( self::GUARD ), $now );
					return false;
				}
				fseek( $handle, $base + $found['slot'] * self::SLOT + 12 );
				fwrite( $handle, pack( 'V', $found['count'] + 1 ) );
				return true;
			}
			// The visitor's first hit of the minute: one more visitor of its address.
			if ( '' !== $ip_key && $per_ip > 0 && ! $this->allow_ip( $handle, (string) hex2bin( substr( $ip_key, 0, 16 ) ), $minute, $per_ip, $now ) ) {
				return false;
			}
			if ( null !== $found['free'] ) {
				fseek( $handle, $base + $found['free'] * self::SLOT );
				fwrite( $handle, $key . pack( 'VV', $minute, 1 ) );
			}
			return true;
		} finally {
			if ( $handle !== $this->held ) {
				flock( $handle, LOCK_UN );
				fclose( $handle );
			}
		}
	}

	/**
	 * Counts one more visitor of an address this minute; false (the drop counted) when it already
	 * has $per_ip.
	 *
	 * @param resource $handle The locked file.
	 * @param string   $key    The first 8 bytes of the address key.
	 * @param int      $minute The minute.
	 * @param int      $per_ip The most visitors.
	 * @param int      $now    Unix time.
	 */
	private function allow_ip( $handle, string $key, int $minute, int $per_ip, int $now ): bool {
		$base  = self::first_slot( $key, self::ip_region(), self::IP_SLOTS );
		$found = $this->find( $handle, $base, $key, $minute );
		if ( null !== $found['slot'] ) {
			if ( $found['count'] >= $per_ip ) {
				$this->count_drop( $handle, self::ip_region() - self::HEADER, $now );
				return false;
			}
			fseek( $handle, $base + $found['slot'] * self::SLOT + 12 );
			fwrite( $handle, pack( 'V', $found['count'] + 1 ) );
		} elseif ( null !== $found['free'] ) {
			fseek( $handle, $base + $found['free'] * self::SLOT );
			fwrite( $handle, $key . pack( 'VV', $minute, 1 ) );
		}
		return true;
	}

	/**
	 * A key's slot of the minute among the PROBES slots from $base, and the first free one.
	 *
	 * @param resource $handle The locked file.
	 * @param int      $base   Offset of the key's first slot.
	 * @param string   $key    8 bytes.
	 * @param int      $minute The minute.
	 * @return array{slot: int|null, count: int, free: int|null}
	 */
	private function find( $handle, int $base, string $key, int $minute ): array {
		fseek( $handle, $base );
		$slots = str_pad( (string) fread( $handle, self::PROBES * self::SLOT ), self::PROBES * self::SLOT, "\0" );
		$free  = null;
		for ( $i = 0; $i < self::PROBES; $i++ ) {
			$slot    = substr( $slots, $i * self::SLOT, self::SLOT );
			$numbers = unpack( 'V2', substr( $slot, 8 ) );
			$at      = (int) ( $numbers[1] ?? 0 );
			if ( $at === $minute && substr( $slot, 0, 8 ) === $key ) {
				return array(
					'slot'  => $i,
					'count' => (int) ( $numbers[2] ?? 0 ),
					'free'  => null,
				);
			}
			if ( null === $free && $at !== $minute ) {
				$free = $i;
			}
		}
		return array(
			'slot'  => null,
			'count' => 0,
			'free'  => $free,
		);
	}

	/**
	 * Offset of a key's first slot in a region.
	 *
	 * @param string $key    8 bytes.
	 * @param int    $region Offset of the region's first slot.
	 * @param int    $slots  Slots in the region.
	 */
	private static function first_slot( string $key, int $region, int $slots ): int {
		$hash = unpack( 'V', str_pad( substr( $key, 0, 4 ), 4, "\0" ) );
		return $region + ( (int) ( $hash[1] ?? 0 ) % ( $slots - self::PROBES + 1 ) ) * self::SLOT;
	}

	/**
	 * Offset of the first visitor slot.
	 */
	private static function visitor_region(): int {
		return strlen( self::GUARD ) + self::HEADER;
	}

	/**
	 * Offset of the first address slot (its header comes just before).
	 */
	private static function ip_region(): int {
		return self::visitor_region() + self::SLOTS * self::SLOT + self::HEADER;
	}

	/**
	 * Keeps the file open and locked until end_hold(), for a batch of hits in one process (the
	 * seeder, on a data dir of its own): one lock for the batch instead of one a hit. Other
	 * writers wait meanwhile, so never on a live data dir.
	 */
	public function hold(): void {
		if ( null === $this->held ) {
			$this->held = $this->open();
		}
	}

	/**
	 * Unlocks and closes the file hold() kept open.
	 */
	public function end_hold(): void {
		if ( null !== $this->held ) {
			flock( $this->held, LOCK_UN );
			fclose( $this->held );
			$this->held = null;
		}
	}

	/**
	 * Hits dropped so far by the visitor limit and the time of the last drop (0 for none).
	 *
	 * @return array{dropped: int, last: int}
	 */
	public function dropped(): array {
		return $this->read_header( strlen( self::GUARD ) );
	}

	/**
	 * Hits dropped so far by the address limit (MAX_VISITORS_PER_IP) and the time of the last
	 * drop (0 for none).
	 *
	 * @return array{dropped: int, last: int}
	 */
	public function dropped_per_ip(): array {
		return $this->read_header( self::ip_region() - self::HEADER );
	}

	/**
	 * A drop counter of the file.
	 *
	 * @param int $offset Where the header is.
	 * @return array{dropped: int, last: int}
	 */
	private function read_header( int $offset ): array {
		$text = @file_get_contents( $this->path, false, null, 0, strlen( self::GUARD ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Missing until the first hit.
		$data = self::GUARD === $text ? @file_get_contents( $this->path, false, null, $offset, self::HEADER ) : false; // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- A file shorter than the offset (written before the address limit) has no drops there.
		if ( false === $data || strlen( $data ) < self::HEADER ) {
			return array(
				'dropped' => 0,
				'last'    => 0,
			);
		}
		$header = unpack( 'Pdropped/Plast', $data );
		return array(
			'dropped' => (int) ( $header['dropped'] ?? 0 ),
			'last'    => (int) ( $header['last'] ?? 0 ),
		);
	}

	/**
	 * The file, opened and locked; created with its guard and empty slots when missing.
	 *
	 * @return resource|null
	 */
	private function open() {
		$handle = @fopen( $this->path, 'c+b' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Reported by the return value.
		if ( false === $handle ) {
			return null;
		}
		if ( ! flock( $handle, LOCK_EX ) ) {
			fclose( $handle );
			return null;
		}
		$stat = fstat( $handle );
		$size = self::ip_region() + self::IP_SLOTS * self::SLOT;
		if ( false === $stat || $stat['size'] < $size ) {
			if ( false === $stat || 0 === $stat['size'] ) {
				fwrite( $handle, self::GUARD . str_repeat( "\0", self::HEADER ) );
			}
			// The rest is a hole on most file systems: zeros, free slots.
			ftruncate( $handle, $size );
		}
		return $handle;
	}

	/**
	 * Adds one to the dropped hits in a header.
	 *
	 * @param resource $handle The locked file.
	 * @param int      $offset Where the header is.
	 * @param int      $now    Unix time.
	 */
	private function count_drop( $handle, int $offset, int $now ): void {
		fseek( $handle, $offset );
		$header  = str_pad( (string) fread( $handle, self::HEADER ), self::HEADER, "\0" );
		$numbers = unpack( 'P', substr( $header, 0, 8 ) );
		$dropped = (int) ( $numbers[1] ?? 0 );
		fseek( $handle, $offset );
		fwrite( $handle, pack( 'PP', $dropped + 1, $now ) );
	}
}
