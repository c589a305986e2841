<?php
/**
 * Per-visitor rate limit of the collector, in one small file, without a database.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collector;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Runs without WordPress (collect.php): no WP_Filesystem.

/**
 * At most MAX_PER_MINUTE hits per visitor key and clock minute are written; the rest are dropped
 * and counted. The counts live in `ratelimit.php` of the site's data dir: the exit guard, a
 * 16-byte header (hits dropped so far, time of the last drop), then SLOTS slots of 16 bytes (the
 * first 8 bytes of the visitor key, the minute, the count). A key's slots are PROBES neighbours
 * from its hash; a slot of another minute is free. One locked read and write of PROBES slots a
 * hit: no database, no whole-file parse.
 *
 * When every slot of a key's neighbourhood is taken in the current minute (more than about SLOTS
 * visitors in one minute) the hit is let through uncounted: the limit never drops a hit it has
 * not counted.
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
	 * Slots in the file.
	 */
	public const SLOTS = 8192;

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
	 * Counts a hit of a visitor; false when the visitor is over the limit this minute (the drop is
	 * counted). True, uncounted, when the file cannot be used.
	 *
	 * @param string $visitor_key The visitor key, 32 hex characters.
	 * @param int    $now         Unix time.
	 */
	public function allow( string $visitor_key, int $now ): bool {
		$key    = (string) hex2bin( substr( $visitor_key, 0, 16 ) );
		$minute = intdiv( $now, 60 ) & 0xffffffff;
		$handle = $this->held ?? $this->open();
		if ( null === $handle ) {
			return true;
		}
		try {
			$hash  = unpack( 'V', str_pad( substr( $key, 0, 4 ), 4, "\0" ) );
			$first = (int) ( $hash[1] ?? 0 ) % ( self::SLOTS - self::PROBES + 1 );
			$base  = strlen( self::GUARD ) + self::HEADER + $first * self::SLOT;
			fseek( $handle, $base );
			$slots = (string) fread( $handle, self::PROBES * self::SLOT );
			$slots = str_pad( $slots, self::PROBES * self::SLOT, "\0" );
			$free  = null;
			for ( $i = 0; $i < self::PROBES; $i++ ) {
				$slot    = substr( $slots, $i * self::SLOT, self::SLOT );
				$numbers = unpack( 'V2', substr( $slot, 8 ) );
				$at      = (int) ( $numbers[1] ?? 0 );
				$count   = (int) ( $numbers[2] ?? 0 );
				if ( $at === $minute && substr( $slot, 0, 8 ) === $key ) {
					if ( $count >= self::MAX_PER_MINUTE ) {
						$this->count_drop( $handle, $now );
						return false;
					}
					fseek( $handle, $base + $i * self::SLOT + 12 );
					fwrite( $handle, pack( 'V', $count + 1 ) );
					return true;
				}
				if ( null === $free && $at !== $minute ) {
					$free = $i;
				}
			}
			if ( null !== $free ) {
				fseek( $handle, $base + $free * self::SLOT );
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
	 * Hits dropped so far and the time of the last drop (0 for none).
	 *
	 * @return array{dropped: int, last: int}
	 */
	public function dropped(): array {
		$text = @file_get_contents( $this->path, false, null, 0, strlen( self::GUARD ) + self::HEADER ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Missing until the first hit.
		if ( false === $text || strlen( $text ) < strlen( self::GUARD ) + self::HEADER || ! str_starts_with( $text, self::GUARD ) ) {
			return array(
				'dropped' => 0,
				'last'    => 0,
			);
		}
		$header = unpack( 'Pdropped/Plast', substr( $text, strlen( self::GUARD ) ) );
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
		$size = strlen( self::GUARD ) + self::HEADER + self::SLOTS * self::SLOT;
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
	 * Adds one to the dropped hits in the header.
	 *
	 * @param resource $handle The locked file.
	 * @param int      $now    Unix time.
	 */
	private function count_drop( $handle, int $now ): void {
		fseek( $handle, strlen( self::GUARD ) );
		$header  = str_pad( (string) fread( $handle, self::HEADER ), self::HEADER, "\0" );
		$numbers = unpack( 'P', substr( $header, 0, 8 ) );
		$dropped = (int) ( $numbers[1] ?? 0 );
		fseek( $handle, strlen( self::GUARD ) );
		fwrite( $handle, pack( 'PP', $dropped + 1, $now ) );
	}
}
