<?php
/**
 * The daily random salts of the visitor key.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Runs without WordPress (collect.php): no WP_Filesystem.

/**
 * One random 32-byte salt per site-local day (the site's timezone, which WordPress writes into the
 * collector's config), in `salts.php` of the site's private data dir. Report days are site-local
 * days too, so a visitor counts once in a day's users however the day sits across UTC midnight.
 *
 * The salt of a day is made by the first request (or cron run) that needs it and is kept through
 * the next day, so a visit that crosses midnight can be matched through the previous day's key.
 * From the day after that on it is gone: a salt never lives more than 48 hours, after which the
 * visitor keys made with it cannot be linked to anyone, even with the IP and user agent in hand.
 *
 * The file starts with `<?php exit; ?>` so a web server that runs it prints nothing, and is read as
 * text (not included), so opcache never serves a stale copy. It is replaced atomically (write a
 * guarded temporary file, rename), under a lock file (a guarded PHP file too) so two requests never
 * make two salts for one day.
 */
final class Salts {

	/**
	 * The salts file's name in the data dir.
	 */
	public const FILE = 'salts.php';

	/**
	 * The lock file's name in the data dir: a guarded PHP file like every file there.
	 */
	public const LOCK = 'salts-lock.php';

	/**
	 * The first line of the file.
	 */
	private const GUARD = PrivateFile::GUARD;

	/**
	 * The private data dir of the site.
	 *
	 * @var string
	 */
	private string $dir;

	/**
	 * The site's timezone.
	 *
	 * @var \DateTimeZone
	 */
	private \DateTimeZone $zone;

	/**
	 * The local day last computed, by zone: [ first second, first second of the next day, day,
	 * the day before ]. A day is computed once per worker and zone, not once per hit.
	 *
	 * @var array<string, array{0: int, 1: int, 2: string, 3: string}>
	 */
	private static array $windows = array();

	/**
	 * Whether the salts are kept in memory between hold() and end_hold().
	 *
	 * @var bool
	 */
	private bool $holding = false;

	/**
	 * The salts as this process last read or wrote them, while held; null otherwise.
	 *
	 * @var array<string, string>|null
	 */
	private ?array $held = null;

	/**
	 * Sets the directory the salts live in and the zone of their days.
	 *
	 * @param string $dir      The site's private data dir.
	 * @param string $timezone The site's timezone: a name (Europe/Berlin) or an offset (+05:30);
	 *                         UTC when empty or unknown.
	 */
	public function __construct( string $dir, string $timezone = 'UTC' ) {
		$this->dir = rtrim( $dir, '/\\' );
		try {
			$this->zone = new \DateTimeZone( '' === $timezone ? 'UTC' : $timezone );
		} catch ( \Exception $e ) {
			$this->zone = new \DateTimeZone( 'UTC' );
		}
	}

	/**
	 * The path of the salts file.
	 */
	public function path(): string {
		return $this->dir . '/' . self::FILE;
	}

	/**
	 * The salts for a moment: today's (made now if it does not exist yet) and yesterday's.
	 *
	 * @param int $now Unix time.
	 * @return array{current: string, previous: string} Raw 32-byte salts; previous is '' when
	 *                                                  yesterday had none. current is '' only when
	 *                                                  the file cannot be written.
	 */
	public function for_time( int $now ): array {
		list( $today, $yesterday ) = $this->days_of( $now );
		$salts                     = $this->known();
		if ( ! isset( $salts[ $today ] ) ) {
			$salts = $this->update(
				static function ( array $salts ) use ( $today, $yesterday ): array {
					if ( ! isset( $salts[ $today ] ) ) {
						$salts[ $today ] = bin2hex( random_bytes( 32 ) );
					}
					return self::keep_from( $salts, $yesterday );
				}
			);
		}
		return array(
			'current'  => isset( $salts[ $today ] ) ? (string) hex2bin( $salts[ $today ] ) : '',
			'previous' => isset( $salts[ $yesterday ] ) ? (string) hex2bin( $salts[ $yesterday ] ) : '',
		);
	}

	/**
	 * Deletes every salt older than yesterday's; deletes the file when none is left.
	 *
	 * @param int $now Unix time.
	 */
	public function prune( int $now ): void {
		$yesterday = $this->days_of( $now )[1];
		$salts     = $this->known();
		if ( self::keep_from( $salts, $yesterday ) === $salts ) {
			return;
		}
		$this->update(
			static function ( array $salts ) use ( $yesterday ): array {
				return self::keep_from( $salts, $yesterday );
			}
		);
	}

	/**
	 * The days that have a salt, oldest first.
	 *
	 * @return string[] Dates, Y-m-d in the site's timezone.
	 */
	public function days(): array {
		$days = array_keys( $this->known() );
		sort( $days );
		return $days;
	}

	/**
	 * The date of a moment in a zone.
	 *
	 * @param int           $time Unix time.
	 * @param \DateTimeZone $zone The zone; UTC when null.
	 */
	public static function day( int $time, ?\DateTimeZone $zone = null ): string {
		return null === $zone ? gmdate( 'Y-m-d', $time ) : ( new \DateTimeImmutable( '@' . $time ) )->setTimezone( $zone )->format( 'Y-m-d' );
	}

	/**
	 * The site-local day of a moment and the day before it. The current day's bounds are kept, so
	 * every hit of a day after the first costs two comparisons.
	 *
	 * @param int $now Unix time.
	 * @return array{0: string, 1: string} Today and yesterday, Y-m-d.
	 */
	private function days_of( int $now ): array {
		$name   = $this->zone->getName();
		$window = self::$windows[ $name ] ?? null;
		if ( null === $window || $now < $window[0] || $now >= $window[1] ) {
			$local  = ( new \DateTimeImmutable( '@' . $now ) )->setTimezone( $this->zone );
			$start  = $local->setTime( 0, 0 );
			$window = array(
				$start->getTimestamp(),
				$start->modify( '+1 day' )->setTime( 0, 0 )->getTimestamp(),
				$local->format( 'Y-m-d' ),
				$start->modify( '-1 day' )->format( 'Y-m-d' ),
			);
			// A zone whose midnight is skipped by a clock change starts the day later; the window
			// then does not hold $now, and the day is computed again next time.
			self::$windows[ $name ] = $window;
		}
		return array( $window[2], $window[3] );
	}

	/**
	 * The salts of $first and later days.
	 *
	 * @param array<string, string> $salts Hex salts by day.
	 * @param string                $first The oldest day to keep.
	 * @return array<string, string>
	 */
	private static function keep_from( array $salts, string $first ): array {
		return array_filter( $salts, static fn ( string $day ): bool => strcmp( $day, $first ) >= 0, ARRAY_FILTER_USE_KEY );
	}

	/**
	 * Reads the salts file.
	 *
	 * @return array<string, string> Hex salts by day.
	 */
	private function read(): array {
		$text = @file_get_contents( $this->path() ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Missing until the first salt.
		if ( false === $text || ! str_starts_with( $text, self::GUARD ) ) {
			return array();
		}
		$data = json_decode( substr( $text, strlen( self::GUARD ) ), true );
		if ( ! is_array( $data ) ) {
			return array();
		}
		$salts = array();
		foreach ( $data as $day => $salt ) {
			if ( is_string( $salt ) && 1 === preg_match( '/^[0-9a-f]{64}$/', $salt ) && 1 === preg_match( '/^\d{4}-\d{2}-\d{2}$/', (string) $day ) ) {
				$salts[ (string) $day ] = $salt;
			}
		}
		return $salts;
	}

	/**
	 * Changes the salts under the lock and writes them back.
	 *
	 * @param callable $change Gets the salts as they are, returns them as they should be.
	 * @phpstan-param callable(array<string, string>): array<string, string> $change
	 * @return array<string, string> The salts as written (as read, when the write failed).
	 */
	private function update( callable $change ): array {
		$salts = $this->change( $change );
		if ( $this->holding ) {
			$this->held = $salts;
		}
		return $salts;
	}

	/**
	 * Keeps the salts in memory until end_hold(), for a batch of hits in one process (the seeder,
	 * on a data dir of its own): the file is read once, and again only after this process changed
	 * it, instead of once a hit. Salts another process adds meanwhile are seen when this one
	 * needs a day it does not know (update() reads the file under the lock), so never on a live
	 * data dir.
	 */
	public function hold(): void {
		$this->holding = true;
	}

	/**
	 * Reads the file again for every hit, as without hold().
	 */
	public function end_hold(): void {
		$this->holding = false;
		$this->held    = null;
	}

	/**
	 * The salts: from memory while held, else from the file.
	 *
	 * @return array<string, string>
	 */
	private function known(): array {
		if ( ! $this->holding ) {
			return $this->read();
		}
		return $this->held ??= $this->read();
	}

	/**
	 * Applies a change to the file under the salts' lock (see update()).
	 *
	 * @param callable $change From the salts read under the lock to the salts to keep.
	 * @phpstan-param callable(array<string, string>): array<string, string> $change
	 * @return array<string, string> The salts now on file.
	 */
	private function change( callable $change ): array {
		$lock = PrivateFile::open_lock( $this->dir . '/' . self::LOCK );
		if ( null === $lock ) {
			return $this->read();
		}
		flock( $lock, LOCK_EX );
		try {
			$salts = $this->read();
			$new   = $change( $salts );
			if ( $new === $salts ) {
				return $salts;
			}
			if ( array() === $new ) {
				if ( is_file( $this->path() ) ) {
					unlink( $this->path() );
				}
				return $new;
			}
			$temp = PrivateFile::temp_path( $this->path() );
			$json = json_encode( $new ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- No WordPress here.
			if ( false === $json || false === file_put_contents( $temp, self::GUARD . $json ) || ! rename( $temp, $this->path() ) ) {
				if ( is_file( $temp ) ) {
					unlink( $temp );
				}
				return $salts;
			}
			return $new;
		} finally {
			flock( $lock, LOCK_UN );
			fclose( $lock );
		}
	}
}
