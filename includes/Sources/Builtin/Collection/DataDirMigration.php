<?php
/**
 * Moving the buffered hits of older data dirs into the site's data dir.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Storage\Lock;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Uploads are read and written directly, as core's wp_upload_bits() does; the collector (no WordPress) shares these files.

/**
 * A site's hits may wait in a folder that is not its data dir (DataDir::previous_dirs()): the
 * folder of version 1.0, `<uploads basedir>/monsterinsights-reports`, guarded by an .htaccess
 * only; or another data dir in uploads (two first requests at once, or a data dir since moved out
 * of uploads). Their hits move into the data dir, and the folders are deleted.
 */
final class DataDirMigration {

	/**
	 * The lock of the migration from older folders.
	 */
	public const MIGRATE_LOCK = 'monsterinsights_reports_data_dir_migrate_lock';

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
	 * Moves the hits of previous folders into the data dir and deletes them. Cheap when there is
	 * nothing to do (one stat and one glob of uploads): called on admin_init, on activation and
	 * before each aggregation run, never on a front-end request.
	 *
	 * @return bool Whether a previous folder was found and migrated.
	 */
	public static function maybe_migrate(): bool {
		$previous = DataDir::previous_dirs();
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
			$dir = DataDir::ensure();
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
				DataDir::remove_tree( $path );
			} else {
				unlink( $path );
			}
		}
		return @rmdir( $old ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Not empty when hits arrived meanwhile.
	}
}
