<?php
/**
 * The append-only hit buffer shared by the collector (writer) and the aggregator (reader).
 *
 * Loaded without WordPress by collect.php, so it uses no WordPress function; PHP's own file
 * functions stand in for WP_Filesystem, which needs WordPress (and may need credentials).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Runs without WordPress (collect.php); see above.

/**
 * `buffer.php` inside the site's private data dir: the exit guard line of PrivateFile (so a web
 * server that runs the file prints nothing), then one JSON object a line.
 *
 * Every writer opens the live file with 'ab' and takes an exclusive flock on it before it writes
 * its line; the writer that finds the file empty writes the guard first. claim() takes the same
 * lock, then renames the live file to `claimed-<microtime>-<random>.php`. A writer that was waiting
 * for the lock while the file was renamed notices that its handle no longer belongs to
 * `buffer.php` and opens the new live file instead, so no line ever lands in a file that was
 * already claimed. Readers skip the guard line (Aggregator).
 */
final class Buffer {

	/**
	 * The live buffer's file name.
	 */
	public const FILE = 'buffer.php';

	/**
	 * Claimed files: `claimed-<seconds>.<microseconds>-<8 hex>.php`, which sorts by age.
	 */
	public const CLAIMED_PATTERN = '/^claimed-\d{10,}\.\d{6}-[0-9a-f]{8}\.php$/';

	/**
	 * How often append() retries when the file it locked was claimed meanwhile.
	 */
	private const RETRIES = 5;

	/**
	 * The private data dir of the site.
	 *
	 * @var string
	 */
	private string $dir;

	/**
	 * The live buffer, open and locked from hold() to end_hold(); null otherwise.
	 *
	 * @var resource|null
	 */
	private $held = null;

	/**
	 * Sets the directory the buffer lives in.
	 *
	 * @param string $dir The site's private data dir (DataDir::path()).
	 */
	public function __construct( string $dir ) {
		$this->dir = rtrim( $dir, '/\\' );
	}

	/**
	 * The directory the buffer lives in.
	 */
	public function dir(): string {
		return $this->dir;
	}

	/**
	 * The path of the live buffer.
	 */
	public function path(): string {
		return $this->dir . '/' . self::FILE;
	}

	/**
	 * Appends one hit as a JSON line.
	 *
	 * @param array<string, mixed> $hit The hit, in the buffer's line format.
	 * @return bool Whether the whole line was written.
	 */
	public function append( array $hit ): bool {
		$line = json_encode( $hit, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- No WordPress here.
		if ( false === $line ) {
			return false;
		}
		$line .= "\n";
		if ( null !== $this->held ) {
			return $this->write( $this->held, $line );
		}

		for ( $try = 0; $try < self::RETRIES; $try++ ) {
			$handle = @fopen( $this->path(), 'ab' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- A missing dir is reported by the return value.
			if ( false === $handle ) {
				return false;
			}
			if ( ! flock( $handle, LOCK_EX ) ) {
				fclose( $handle );
				return false;
			}
			if ( ! $this->is_live( $handle ) ) {
				// Claimed while this writer waited for the lock: write to the new live file.
				flock( $handle, LOCK_UN );
				fclose( $handle );
				continue;
			}
			$written = $this->write( $handle, $line );
			flock( $handle, LOCK_UN );
			fclose( $handle );
			return $written;
		}
		return false;
	}

	/**
	 * Writes a line to the locked live buffer, after the exit guard when the file is new.
	 *
	 * @param resource $handle The live buffer, locked.
	 * @param string   $line   The line.
	 * @return bool Whether all of it was written.
	 */
	private function write( $handle, string $line ): bool {
		$stat    = fstat( $handle );
		$text    = ( false !== $stat && 0 === $stat['size'] ? PrivateFile::GUARD : '' ) . $line;
		$written = fwrite( $handle, $text );
		fflush( $handle );
		return strlen( $text ) === $written;
	}

	/**
	 * Keeps the live buffer open and locked until end_hold(), for a batch of hits in one process
	 * (the seeder, on a data dir of its own): one lock for the batch instead of one a line.
	 * Writers and claim() wait meanwhile, so never on a live data dir. Without the lock (the file
	 * cannot be opened or locked) append() goes on locking each line.
	 */
	public function hold(): void {
		if ( null !== $this->held ) {
			return;
		}
		$handle = @fopen( $this->path(), 'ab' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- append() reports it.
		if ( false === $handle ) {
			return;
		}
		if ( ! flock( $handle, LOCK_EX ) || ! $this->is_live( $handle ) ) {
			fclose( $handle );
			return;
		}
		$this->held = $handle;
	}

	/**
	 * Unlocks and closes the live buffer hold() kept open.
	 */
	public function end_hold(): void {
		if ( null !== $this->held ) {
			flock( $this->held, LOCK_UN );
			fclose( $this->held );
			$this->held = null;
		}
	}

	/**
	 * Moves the live buffer aside for processing, under the writers' lock.
	 *
	 * @return string|null The claimed file's path, or null when there is nothing to claim.
	 */
	public function claim(): ?string {
		$path = $this->path();
		if ( ! is_file( $path ) ) {
			return null;
		}
		$handle = @fopen( $path, 'rb' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- It may have been claimed by another run meanwhile.
		if ( false === $handle ) {
			return null;
		}
		$claimed = null;
		if ( flock( $handle, LOCK_EX ) ) {
			$stat = fstat( $handle );
			if ( $this->is_live( $handle ) && false !== $stat && $stat['size'] > 0 ) {
				$target = self::claimed_path( $this->dir, microtime( true ), bin2hex( random_bytes( 4 ) ) );
				if ( rename( $path, $target ) ) {
					$claimed = $target;
				}
			}
			flock( $handle, LOCK_UN );
		}
		fclose( $handle );
		return $claimed;
	}

	/**
	 * Every claimed file still on disk, oldest first: files left by earlier runs that stopped before
	 * release(), and the one claim() just returned if it was not released yet.
	 *
	 * @return string[] Paths.
	 */
	public function claimed(): array {
		$names = @scandir( $this->dir ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- A missing dir has no claimed files.
		if ( false === $names ) {
			return array();
		}
		$names = array_values( array_filter( $names, static fn ( string $name ): bool => 1 === preg_match( self::CLAIMED_PATTERN, $name ) ) );
		sort( $names, SORT_STRING );
		return array_map( fn ( string $name ): string => $this->dir . '/' . $name, $names );
	}

	/**
	 * Deletes a claimed file once every line of it was processed. Ignores any other path.
	 *
	 * @param string $path A path claim() or claimed() returned.
	 */
	public function release( string $path ): void {
		if ( dirname( $path ) !== $this->dir || 1 !== preg_match( self::CLAIMED_PATTERN, basename( $path ) ) ) {
			return;
		}
		if ( is_file( $path ) ) {
			unlink( $path );
		}
	}

	/**
	 * The path of a claimed file.
	 *
	 * @param string $dir    The data dir.
	 * @param float  $time   When it was claimed (microtime).
	 * @param string $random 8 hex digits.
	 */
	public static function claimed_path( string $dir, float $time, string $random ): string {
		return sprintf( '%s/claimed-%017.6F-%s%s', rtrim( $dir, '/\\' ), $time, $random, PrivateFile::EXTENSION );
	}

	/**
	 * Whether an open handle still belongs to the live buffer (not renamed by claim()).
	 *
	 * @param resource $handle An open handle on the buffer.
	 */
	private function is_live( $handle ): bool {
		clearstatcache( true, $this->path() );
		$open = fstat( $handle );
		$live = @stat( $this->path() ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Gone when claimed.
		return false !== $open && false !== $live && $open['ino'] === $live['ino'] && $open['dev'] === $live['dev'];
	}
}
