<?php
/**
 * The site's private data dir: buffer, salts and the collector's config.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Endpoint;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Storage\Lock;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Uploads are read and written directly, as core's wp_upload_bits() does; the collector (no WordPress) shares these files.

/**
 * Where the built-in analytics keep their files, per site, and why nothing there can be read over
 * the web on any server (Apache, nginx, `php -S`, Playground):
 *
 * 1. the folder's name is unguessable: `<uploads basedir>/monsterinsights-reports-<32 random hex>`
 *    (`<uploads>/sites/<id>/…` on a network), made once and remembered in an option; collect.php,
 *    which does not load WordPress, finds it with one glob() (Collector\Endpoint::data_dir());
 * 2. every file in it is a `.php` file that starts with `<?php exit; ?>` (Collector\PrivateFile), so
 *    a server that runs PHP answers an empty body; index.php is one of them, so no server lists the
 *    folder; there is no `.jsonl`, `.lock` or other file a server would send as text;
 * 3. the owner can move it out of the web root altogether with the constant
 *    MONSTERINSIGHTS_REPORTS_DATA_DIR (or the filter `monsterinsights_reports_data_root`; one
 *    `site-<id>` folder per site under it); collect.php cannot see wp-config.php, so the tracker
 *    then posts to the REST route instead.
 *
 * Up to version 1.0 the folder was `<uploads basedir>/monsterinsights-reports`, guarded by an
 * .htaccess only; maybe_migrate() moves its hits into the current folder and deletes it.
 */
final class DataDir {

	/**
	 * The option remembering the folder's name in uploads.
	 */
	public const OPTION = 'monsterinsights_reports_data_dir';

	/**
	 * The constant naming a folder outside the web root (wp-config.php).
	 */
	public const CONSTANT = 'MONSTERINSIGHTS_REPORTS_DATA_DIR';

	/**
	 * The lock of the migration from older folders.
	 */
	public const MIGRATE_LOCK = 'monsterinsights_reports_data_dir_migrate_lock';

	/**
	 * The index file: guarded like every file, so no server lists the folder.
	 */
	public const INDEX = 'index.php';

	/**
	 * Claimed buffer files of the folder of version 1.0.
	 */
	private const LEGACY_CLAIMED_PATTERN = '/^claimed-(\d{10,}\.\d{6})-([0-9a-f]{8})\.jsonl$/';

	/**
	 * Claimed buffer files (Buffer::CLAIMED_PATTERN), with the claim time and random part captured.
	 */
	private const CLAIMED_PATTERN = '/^claimed-(\d{10,}\.\d{6})-([0-9a-f]{8})\.php$/';

	/**
	 * The live buffer of the folder of version 1.0.
	 */
	private const LEGACY_BUFFER = 'buffer.jsonl';

	/**
	 * The current site's data dir (not created).
	 */
	public static function path(): string {
		$root = self::configured_root();
		if ( null !== $root ) {
			return $root . '/site-' . get_current_blog_id();
		}
		return self::uploads_dir() . '/' . self::name();
	}

	/**
	 * The folder named by MONSTERINSIGHTS_REPORTS_DATA_DIR or the filter, when it is an absolute path.
	 */
	public static function configured_root(): ?string {
		/**
		 * Filters the folder that holds the sites' data dirs instead of uploads (one `site-<id>`
		 * folder per site); best outside the web root. '' keeps them in uploads.
		 *
		 * @param string $root Default: the constant MONSTERINSIGHTS_REPORTS_DATA_DIR, or ''.
		 */
		$root = apply_filters( 'monsterinsights_reports_data_root', defined( self::CONSTANT ) ? constant( self::CONSTANT ) : '' );
		if ( ! is_string( $root ) || '' === $root || ! path_is_absolute( $root ) ) {
			return null;
		}
		return untrailingslashit( wp_normalize_path( $root ) );
	}

	/**
	 * The current site's uploads basedir.
	 */
	public static function uploads_dir(): string {
		return untrailingslashit( (string) wp_upload_dir( null, false )['basedir'] );
	}

	/**
	 * The data dir's URL, for a check that it does not answer with its contents (Site Health);
	 * null when it is outside uploads.
	 */
	public static function url(): ?string {
		if ( null !== self::configured_root() ) {
			return null;
		}
		return trailingslashit( (string) wp_upload_dir( null, false )['baseurl'] ) . self::name() . '/';
	}

	/**
	 * Creates the current site's data dir with its index.php, when missing.
	 *
	 * @return string|null The dir, or null when it cannot be created.
	 */
	public static function ensure(): ?string {
		$dir = self::path();
		if ( ! is_dir( $dir ) && ! wp_mkdir_p( $dir ) ) {
			return null;
		}
		if ( ! is_file( $dir . '/' . self::INDEX ) ) {
			file_put_contents( $dir . '/' . self::INDEX, PrivateFile::GUARD );
		}
		return $dir;
	}

	/**
	 * Every file in the current site's data dir, sorted.
	 *
	 * @return string[] Paths.
	 */
	public static function files(): array {
		$dir   = self::path();
		$names = is_dir( $dir ) ? scandir( $dir ) : false;
		if ( false === $names ) {
			return array();
		}
		$files = array();
		foreach ( $names as $name ) {
			if ( is_file( $dir . '/' . $name ) ) {
				$files[] = $dir . '/' . $name;
			}
		}
		return $files;
	}

	/**
	 * The folder of version 1.0 in the current site's uploads.
	 */
	public static function legacy_path(): string {
		return self::uploads_dir() . '/' . Endpoint::LEGACY_DIR_NAME;
	}

	/**
	 * Folders of the current site that hold data but are not its data dir: the folder of version
	 * 1.0, and any other `monsterinsights-reports-*` folder in uploads (made by two first requests
	 * at once, or left when the data dir moved out of uploads).
	 *
	 * @return string[] Paths.
	 */
	public static function previous_dirs(): array {
		$current = self::path();
		$dirs    = is_dir( self::legacy_path() ) ? array( self::legacy_path() ) : array();
		foreach ( Endpoint::data_dirs( self::uploads_dir() ) as $dir ) {
			if ( wp_normalize_path( $dir ) !== wp_normalize_path( $current ) ) {
				$dirs[] = $dir;
			}
		}
		return $dirs;
	}

	/**
	 * Moves the hits of previous folders into the data dir and deletes them. Cheap when there is
	 * nothing to do (one stat and one glob of uploads): called on admin_init, on activation and
	 * before each aggregation run, never on a front-end request.
	 *
	 * @return bool Whether a previous folder was found and migrated.
	 */
	public static function maybe_migrate(): bool {
		$previous = self::previous_dirs();
		return array() !== $previous && self::migrate( $previous );
	}

	/**
	 * Moves every buffered hit of previous folders into the data dir, then deletes them.
	 *
	 * The live buffer is first claimed in place: renamed to a claimed name under the flock its
	 * writers take, so a collector appending meanwhile either wrote before (its line is in the
	 * renamed file) or notices the file is gone and starts a new one, which stays for the next
	 * migration. Then each claimed file, oldest first, is copied behind the guard line to
	 * `migrating-<time>-<hex>.php` in the data dir, deleted, and the copy renamed to
	 * `claimed-<time>-<hex>.php`, keeping its claim time and so its order. A crash leaves either the
	 * source (the next run starts that file over) or the finished copy without its source (the next
	 * run completes the rename): a hit is never lost, and never handed to the aggregator twice.
	 * Salts move along, so visitor keys stay stable through the day.
	 *
	 * @param string[] $previous The folders.
	 * @return bool Whether they were all emptied and deleted.
	 */
	public static function migrate( array $previous ): bool {
		$lock = new Lock( self::MIGRATE_LOCK, 300 );
		if ( ! $lock->acquire() ) {
			return false;
		}
		$done = true;
		try {
			$dir = self::ensure();
			if ( null === $dir ) {
				return false;
			}
			$previous = array_values(
				array_filter(
					array_map( 'untrailingslashit', $previous ),
					static fn ( string $old ): bool => is_dir( $old ) && wp_normalize_path( $old ) !== wp_normalize_path( $dir )
				)
			);
			self::recover( $previous, $dir );
			foreach ( $previous as $old ) {
				$moved = self::claim_live( $old ) && self::move_claimed( $old, $dir );
				self::move_salts( $old, $dir );
				$done = self::remove_previous( $old ) && $moved && $done;
			}
		} finally {
			$lock->release();
		}
		ConfigFile::maybe_write();
		return $done;
	}

	/**
	 * Deletes the current site's data dir and every previous one (uninstall). Creates nothing.
	 */
	public static function delete_all(): void {
		$dirs = array_merge( array( self::legacy_path() ), Endpoint::data_dirs( self::uploads_dir() ) );
		$root = self::configured_root();
		if ( null !== $root ) {
			$dirs[] = $root . '/site-' . get_current_blog_id();
		}
		foreach ( $dirs as $dir ) {
			self::remove_tree( $dir );
		}
	}

	/**
	 * The data dir's name in uploads: from the option; else an existing data dir (the option was
	 * lost, e.g. a database restored from before it); else a new random one, stored.
	 */
	private static function name(): string {
		$name = get_option( self::OPTION, '' );
		if ( is_string( $name ) && 1 === preg_match( Endpoint::DIR_PATTERN, $name ) ) {
			return $name;
		}
		$found = Endpoint::data_dirs( self::uploads_dir() );
		$named = array_values( array_filter( $found, static fn ( string $dir ): bool => is_file( $dir . '/' . Collector\Config::FILE ) ) );
		$name  = array() !== $named ? basename( $named[0] ) : ( array() !== $found ? basename( $found[0] ) : Endpoint::DIR_PREFIX . bin2hex( random_bytes( 16 ) ) );
		update_option( self::OPTION, $name, true );
		return $name;
	}

	/**
	 * The claim time and random part of a claimed file's name, of either version.
	 *
	 * @param string $name A file name.
	 * @return string|null `<time>-<hex>`, or null for any other file.
	 */
	private static function claim_id( string $name ): ?string {
		if ( 1 === preg_match( self::LEGACY_CLAIMED_PATTERN, $name, $match ) || 1 === preg_match( self::CLAIMED_PATTERN, $name, $match ) ) {
			return $match[1] . '-' . $match[2];
		}
		return null;
	}

	/**
	 * Finishes what a crashed migration left in the data dir: a copy whose source is gone is
	 * renamed into place; a copy whose source is still there is deleted (the file starts over).
	 *
	 * @param string[] $previous The previous folders.
	 * @param string   $dir      The data dir.
	 */
	private static function recover( array $previous, string $dir ): void {
		foreach ( (array) glob( $dir . '/migrating-*' . PrivateFile::EXTENSION ) as $copy ) {
			$id = substr( basename( (string) $copy ), strlen( 'migrating-' ), -strlen( PrivateFile::EXTENSION ) );
			if ( 1 !== preg_match( '/^\d{10,}\.\d{6}-[0-9a-f]{8}$/', $id ) ) {
				continue;
			}
			$source = false;
			foreach ( $previous as $old ) {
				$source = $source || is_file( $old . '/claimed-' . $id . '.jsonl' ) || is_file( $old . '/claimed-' . $id . PrivateFile::EXTENSION );
			}
			if ( $source ) {
				unlink( (string) $copy );
			} else {
				rename( (string) $copy, $dir . '/claimed-' . $id . PrivateFile::EXTENSION );
			}
		}
	}

	/**
	 * Claims the live buffer of a previous folder in place, under the writers' flock: renamed to a
	 * claimed name of the same folder (an empty one is deleted).
	 *
	 * @param string $old The previous folder.
	 * @return bool Whether no live buffer is left that could not be claimed.
	 */
	private static function claim_live( string $old ): bool {
		$done    = true;
		$buffers = array(
			self::LEGACY_BUFFER => '.jsonl',
			Buffer::FILE        => PrivateFile::EXTENSION,
		);
		foreach ( $buffers as $name => $extension ) {
			$path = $old . '/' . $name;
			if ( ! is_file( $path ) ) {
				continue;
			}
			$handle = fopen( $path, 'rb' );
			if ( false === $handle ) {
				$done = false;
				continue;
			}
			$claimed = false;
			if ( flock( $handle, LOCK_EX ) ) {
				$stat    = fstat( $handle );
				$target  = sprintf( '%s/claimed-%017.6F-%s%s', $old, microtime( true ), bin2hex( random_bytes( 4 ) ), $extension );
				$claimed = false !== $stat && ( 0 === $stat['size'] ? unlink( $path ) : rename( $path, $target ) );
				flock( $handle, LOCK_UN );
			}
			fclose( $handle );
			$done = $claimed && $done;
		}
		return $done;
	}

	/**
	 * Moves the claimed files of a previous folder into the data dir, oldest first: a guarded copy
	 * under a temporary name, the source deleted, the copy renamed.
	 *
	 * @param string $old The previous folder.
	 * @param string $dir The data dir.
	 * @return bool Whether every one was moved.
	 */
	private static function move_claimed( string $old, string $dir ): bool {
		$names = scandir( $old );
		if ( false === $names ) {
			return false;
		}
		sort( $names, SORT_STRING );
		$done = true;
		foreach ( $names as $name ) {
			$id = self::claim_id( $name );
			if ( null === $id ) {
				continue;
			}
			$copy   = $dir . '/migrating-' . $id . PrivateFile::EXTENSION;
			$handle = fopen( $old . '/' . $name, 'rb' );
			$copied = false !== $handle && self::copy_guarded( $handle, $copy );
			if ( false !== $handle ) {
				fclose( $handle );
			}
			$moved = $copied && unlink( $old . '/' . $name ) && rename( $copy, $dir . '/claimed-' . $id . PrivateFile::EXTENSION );
			$done  = $moved && $done;
		}
		return $done;
	}

	/**
	 * Moves a previous folder's salts when the data dir has none yet.
	 *
	 * @param string $old The previous folder.
	 * @param string $dir The data dir.
	 */
	private static function move_salts( string $old, string $dir ): void {
		$from = $old . '/' . Collector\Salts::FILE;
		$to   = $dir . '/' . Collector\Salts::FILE;
		if ( ! is_file( $from ) || is_file( $to ) ) {
			return;
		}
		$data = PrivateFile::read( $from );
		if ( null !== $data ) {
			PrivateFile::write( $to, $data );
		}
	}

	/**
	 * Copies an open file behind the guard line (unless it starts with it), replacing $target.
	 *
	 * @param resource $source The file, at its start.
	 * @param string   $target The path to write.
	 * @return bool Whether the whole copy is on disk.
	 */
	private static function copy_guarded( $source, string $target ): bool {
		$out = fopen( $target, 'wb' );
		if ( false === $out ) {
			return false;
		}
		$head = (string) fread( $source, strlen( PrivateFile::GUARD ) );
		$ok   = false !== fwrite( $out, ( PrivateFile::GUARD === $head ? '' : PrivateFile::GUARD ) . $head )
			&& false !== stream_copy_to_stream( $source, $out )
			&& fflush( $out );
		fclose( $out );
		if ( ! $ok && is_file( $target ) ) {
			unlink( $target );
		}
		return $ok;
	}

	/**
	 * Deletes what is left in a previous folder, then the folder, unless buffered hits appeared
	 * meanwhile (a collector that was running then); those wait for the next migration.
	 *
	 * @param string $old The previous folder.
	 * @return bool Whether the folder is gone.
	 */
	private static function remove_previous( string $old ): bool {
		$names = scandir( $old );
		if ( false === $names ) {
			return false;
		}
		foreach ( array_diff( $names, array( '.', '..' ) ) as $name ) {
			$path = $old . '/' . $name;
			$hits = in_array( $name, array( self::LEGACY_BUFFER, Buffer::FILE ), true ) || null !== self::claim_id( $name );
			if ( $hits ) {
				continue;
			}
			if ( is_dir( $path ) && ! is_link( $path ) ) {
				self::remove_tree( $path );
			} else {
				unlink( $path );
			}
		}
		return @rmdir( $old ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Not empty when hits arrived meanwhile.
	}

	/**
	 * Deletes a folder and everything in it.
	 *
	 * @param string $dir The folder.
	 */
	private static function remove_tree( string $dir ): void {
		if ( ! is_dir( $dir ) || is_link( $dir ) ) {
			return;
		}
		foreach ( array_diff( (array) scandir( $dir ), array( '.', '..' ) ) as $name ) {
			$path = $dir . '/' . $name;
			if ( is_dir( $path ) && ! is_link( $path ) ) {
				self::remove_tree( $path );
			} else {
				unlink( $path );
			}
		}
		rmdir( $dir );
	}
}
