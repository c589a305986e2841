<?php
/**
 * The site's private data dir: buffer, salts and the collector's config.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Endpoint;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;

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
 * .htaccess only; DataDirMigration moves its hits into the current folder and deletes it.
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
	 * The index file: guarded like every file, so no server lists the folder.
	 */
	public const INDEX = 'index.php';

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
	 * Deletes a folder and everything in it.
	 *
	 * @param string $dir The folder.
	 */
	public static function remove_tree( string $dir ): void {
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
