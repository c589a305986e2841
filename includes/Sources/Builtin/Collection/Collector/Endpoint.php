<?php
/**
 * The logic of collect.php: find the site's data dir without WordPress, run the collector, answer.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

/**
 * The hot path of the built-in analytics: one POST per page view or event, answered with a status
 * and no body, without booting WordPress.
 *
 * The site is named by `?s=<blog id>` (1, or absent, for a single site and a network's main site;
 * anything but a positive number is a 404).
 * Its data dir is the one directory named `monsterinsights-reports-<32 hex>` (random, made once by
 * WordPress, see DataDir) that holds a config file, in WordPress's default uploads folder found from
 * the plugin's own location: `<content dir>/uploads/` for the main site,
 * `<content dir>/uploads/sites/<id>/` for the other sites of a network. One glob() of that folder
 * finds it. WordPress checks that this is where the site's data really is before it points the
 * tracker here (Tracking\TrackerScript::endpoint()); otherwise (a data dir outside uploads through
 * MONSTERINSIGHTS_REPORTS_DATA_DIR, a moved uploads folder) it points the tracker at the REST route.
 */
final class Endpoint {

	/**
	 * What the data dir's name starts with; 32 random hex digits follow.
	 */
	public const DIR_PREFIX = 'monsterinsights-reports-';

	/**
	 * A data dir's name.
	 */
	public const DIR_PATTERN = '/^monsterinsights-reports-[0-9a-f]{32}$/';

	/**
	 * The data dir's name in uploads up to version 1.0, guarded only by an .htaccess; migrated
	 * and deleted by DataDirMigration::maybe_migrate().
	 */
	public const LEGACY_DIR_NAME = 'monsterinsights-reports';

	/**
	 * Serves the current request and exits.
	 *
	 * @param string $plugin_dir The plugin's directory (collect.php's __DIR__).
	 */
	public static function serve( string $plugin_dir ): void {
		self::autoload( $plugin_dir );

		// phpcs:disable WordPress.Security.ValidatedSanitizedInput, WordPress.Security.NonceVerification -- An anonymous beacon: no user, no nonce; Collector validates every field it reads.
		$server = $_SERVER;
		$token  = $_GET['s'] ?? '1';
		// phpcs:enable

		header( 'Cache-Control: no-store' );
		header( 'X-Robots-Tag: noindex' );

		if ( ! is_string( $token ) || 1 !== preg_match( '/^[1-9][0-9]{0,9}$/', $token ) ) {
			self::finish( 404 );
			return;
		}
		$dir    = self::data_dir( self::content_dir( $server, $plugin_dir ), (int) $token );
		$config = null === $dir ? null : Config::load( $dir );
		if ( null === $config ) {
			self::finish( 404 );
			return;
		}
		if ( 'POST' !== ( $server['REQUEST_METHOD'] ?? '' ) ) {
			header( 'Allow: POST' );
			self::finish( Collector::STATUS_METHOD );
			return;
		}
		if ( '' !== $config->country_mmdb && is_readable( $plugin_dir . '/vendor/autoload.php' ) ) {
			require_once $plugin_dir . '/vendor/autoload.php';
		}

		// Read one byte past the limit, never more, so an oversized body is recognised cheaply.
		$body = (string) file_get_contents( 'php://input', false, null, 0, $config->max_body + 1 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- The request body.

		$collector = new Collector( $config, new Buffer( (string) $dir ) );
		$status    = $collector->handle( $server, $body, microtime( true ) );
		if ( Collector::STATUS_METHOD === $status ) {
			header( 'Allow: POST' );
		}
		self::finish( $status );
	}

	/**
	 * The site's data dir under a content dir: the only data dir in its uploads folder that holds a
	 * config file.
	 *
	 * @param string $content_dir The WordPress content dir (wp-content).
	 * @param int    $site        The blog id; 1 for a single site or a network's main site.
	 * @return string|null Null when there is none, or more than one.
	 */
	public static function data_dir( string $content_dir, int $site ): ?string {
		$uploads = rtrim( $content_dir, '/\\' ) . '/uploads' . ( $site > 1 ? '/sites/' . $site : '' );
		$found   = array_values( array_filter( self::data_dirs( $uploads ), static fn ( string $dir ): bool => is_file( $dir . '/' . Config::FILE ) ) );
		return 1 === count( $found ) ? $found[0] : null;
	}

	/**
	 * Every data dir directly inside an uploads folder, sorted by name.
	 *
	 * @param string $uploads The uploads folder of one site.
	 * @return string[] Paths.
	 */
	public static function data_dirs( string $uploads ): array {
		$paths = glob( rtrim( $uploads, '/\\' ) . '/' . self::DIR_PREFIX . '*', GLOB_ONLYDIR );
		if ( false === $paths ) {
			return array();
		}
		return array_values( array_filter( $paths, static fn ( string $path ): bool => 1 === preg_match( self::DIR_PATTERN, basename( $path ) ) ) );
	}

	/**
	 * The content dir, two levels above the plugin as the web server reached it. SCRIPT_FILENAME
	 * keeps a symlinked plugin's path as served; __DIR__ would resolve the link.
	 *
	 * @param array<string, mixed> $server     The request's $_SERVER.
	 * @param string               $plugin_dir The plugin's directory, resolved.
	 */
	public static function content_dir( array $server, string $plugin_dir ): string {
		$script = $server['SCRIPT_FILENAME'] ?? '';
		if ( is_string( $script ) && 'collect.php' === basename( $script ) && is_file( $script ) ) {
			$plugin_dir = dirname( $script );
		}
		return dirname( $plugin_dir, 2 );
	}

	/**
	 * Answers with a status and no body.
	 *
	 * @param int $status The HTTP status.
	 */
	private static function finish( int $status ): void {
		http_response_code( $status );
		header( 'Content-Length: 0' );
	}

	/**
	 * Loads the plugin's classes on demand, as the main plugin file does under WordPress.
	 *
	 * @param string $plugin_dir The plugin's directory.
	 */
	private static function autoload( string $plugin_dir ): void {
		spl_autoload_register(
			static function ( string $class_name ) use ( $plugin_dir ): void {
				$prefix = 'MonsterInsights\\Reports\\';
				if ( ! str_starts_with( $class_name, $prefix ) ) {
					return;
				}
				$file = $plugin_dir . '/includes/' . str_replace( '\\', '/', substr( $class_name, strlen( $prefix ) ) ) . '.php';
				if ( is_readable( $file ) ) {
					require $file;
				}
			}
		);
	}
}
