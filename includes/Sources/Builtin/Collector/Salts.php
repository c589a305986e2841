<?php
/**
 * The daily random salts of the visitor key.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collector;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Runs without WordPress (collect.php): no WP_Filesystem.

/**
 * One random 32-byte salt per UTC day, in `salts.php` of the site's private data dir.
 *
 * The salt of a day is made by the first request (or cron run) that needs it and is kept through
 * the next day, so a visit that crosses midnight can be matched through the previous day's key.
 * From the day after that on it is gone: a salt never lives more than 48 hours, after which the
 * visitor keys made with it cannot be linked to anyone, even with the IP and user agent in hand.
 *
 * The file starts with `<?php exit; ?>` so a server that ignores .htaccess runs it and prints
 * nothing, and is read as text (not included), so opcache never serves a stale copy. It is
 * replaced atomically (write a temporary file, rename), under a lock file so two requests never
 * make two salts for one day.
 */
final class Salts {

	/**
	 * The salts file's name in the data dir.
	 */
	public const FILE = 'salts.php';

	/**
	 * The lock file's name in the data dir.
	 */
	private const LOCK = 'salts.lock';

	/**
	 * The first line of the file.
	 */
	private const GUARD = "<?php exit; ?>\n";

	/**
	 * The private data dir of the site.
	 *
	 * @var string
	 */
	private string $dir;

	/**
	 * Sets the directory the salts live in.
	 *
	 * @param string $dir The site's private data dir.
	 */
	public function __construct( string $dir ) {
		$this->dir = rtrim( $dir, '/\\' );
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
		$today     = self::day( $now );
		$yesterday = self::day( $now - 86400 );
		$salts     = $this->read();
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
		$yesterday = self::day( $now - 86400 );
		$salts     = $this->read();
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
	 * @return string[] Dates, Y-m-d in UTC.
	 */
	public function days(): array {
		$days = array_keys( $this->read() );
		sort( $days );
		return $days;
	}

	/**
	 * The UTC date of a moment.
	 *
	 * @param int $time Unix time.
	 */
	public static function day( int $time ): string {
		return gmdate( 'Y-m-d', $time );
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
		$lock = @fopen( $this->dir . '/' . self::LOCK, 'c' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Reported by the return value.
		if ( false === $lock ) {
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
			$temp = $this->path() . '.' . bin2hex( random_bytes( 6 ) ) . '.tmp';
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
