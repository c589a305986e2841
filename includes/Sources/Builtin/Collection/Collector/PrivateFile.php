<?php
/**
 * Files of the site's private data dir: PHP files that print nothing when a web server runs them.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Runs without WordPress (collect.php): no WP_Filesystem.

/**
 * Every file the plugin keeps in its data dir is named `*.php` and starts with the line
 * `<?php exit; ?>`: a server that runs PHP (Apache, nginx with PHP-FPM, `php -S`, Playground)
 * answers an empty body, and none of them serves the text. The data after that line is read as
 * text by the plugin, never included.
 */
final class PrivateFile {

	/**
	 * The first line of every file.
	 */
	public const GUARD = "<?php exit; ?>\n";

	/**
	 * The guard without its newline: what a line reader sees.
	 */
	public const GUARD_LINE = '<?php exit; ?>';

	/**
	 * The extension of every file.
	 */
	public const EXTENSION = '.php';

	/**
	 * The data of a file, after its guard.
	 *
	 * @param string $path The file.
	 * @return string|null Null when the file is missing or does not start with the guard.
	 */
	public static function read( string $path ): ?string {
		$text = @file_get_contents( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- A missing file is reported by the return value.
		if ( false === $text || ! str_starts_with( $text, self::GUARD ) ) {
			return null;
		}
		return substr( $text, strlen( self::GUARD ) );
	}

	/**
	 * Writes a file atomically: a guarded temporary `*.tmp.php` file beside it, renamed over it.
	 *
	 * @param string $path The file; its name ends with `.php`.
	 * @param string $data What follows the guard.
	 * @return bool Whether it was written.
	 */
	public static function write( string $path, string $data ): bool {
		$temp = self::temp_path( $path );
		if ( false === @file_put_contents( $temp, self::GUARD . $data ) || ! @rename( $temp, $path ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Reported by the return value.
			if ( is_file( $temp ) ) {
				unlink( $temp );
			}
			return false;
		}
		return true;
	}

	/**
	 * A temporary name beside a file that is a guarded PHP file too: `<name>-<random>.tmp.php`.
	 *
	 * @param string $path The file.
	 */
	public static function temp_path( string $path ): string {
		$base = str_ends_with( $path, self::EXTENSION ) ? substr( $path, 0, -strlen( self::EXTENSION ) ) : $path;
		return $base . '-' . bin2hex( random_bytes( 6 ) ) . '.tmp' . self::EXTENSION;
	}

	/**
	 * Opens (creating it when missing) a lock file: a guarded PHP file, never a `.lock`.
	 *
	 * @param string $path The lock file; its name ends with `.php`.
	 * @return resource|null An open handle, not locked yet; null when it cannot be opened.
	 */
	public static function open_lock( string $path ) {
		$handle = @fopen( $path, 'c+' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Reported by the return value.
		if ( false === $handle ) {
			return null;
		}
		$stat = fstat( $handle );
		if ( false !== $stat && 0 === $stat['size'] && flock( $handle, LOCK_EX ) ) {
			// The creator writes the guard; any other process sees a non-empty file.
			clearstatcache( true, $path );
			$stat = fstat( $handle );
			if ( false !== $stat && 0 === $stat['size'] ) {
				fwrite( $handle, self::GUARD );
				fflush( $handle );
			}
			flock( $handle, LOCK_UN );
		}
		return $handle;
	}
}
