<?php
/**
 * The front-end tracker and the cookieless collector, wired to WordPress.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Tracking;

use MonsterInsights\Reports\REST\CollectController;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\ObjectIds;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\RateLimit;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Salts;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDirMigration;

defined( 'ABSPATH' ) || exit;

/**
 * Hooks of the collection side of the built-in source: printing the tracker, the REST fallback of
 * collect.php, keeping collect.php's config file current, and the hourly salt cleanup (which only
 * deletes: salts are made on demand by the collector).
 */
final class Module {

	/**
	 * The cleanup event, hourly, per site.
	 */
	public const CRON_HOOK = 'monsterinsights_reports_tracking_cleanup';

	/**
	 * Registers the hooks. Called once from Plugin::boot().
	 */
	public static function register(): void {
		add_action( 'wp_enqueue_scripts', array( TrackerScript::class, 'enqueue' ) );
		add_filter( 'wp_script_attributes', array( TrackerScript::class, 'script_attributes' ) );
		add_action( 'wp_enqueue_scripts', array( VitalsScript::class, 'enqueue' ), 11 );
		add_filter( 'wp_script_attributes', array( VitalsScript::class, 'script_attributes' ) );
		add_action( 'rest_api_init', array( self::class, 'register_rest_routes' ) );

		// The site's timezone is in the config too: the salts follow the site's days.
		foreach ( array( Settings::OPTION, 'home', 'siteurl', 'timezone_string', 'gmt_offset' ) as $option ) {
			add_action( 'add_option_' . $option, array( self::class, 'write_config' ) );
			add_action( 'update_option_' . $option, array( self::class, 'write_config' ) );
		}
		add_action( 'delete_option_' . Settings::OPTION, array( self::class, 'write_config' ) );
		// Before the config check: a migrated data dir gets its config there.
		add_action( 'admin_init', array( DataDirMigration::class, 'maybe_migrate' ), 5 );
		add_action( 'admin_init', array( ConfigFile::class, 'maybe_write' ) );

		ObjectIdsFile::register();
		FormConversions::register();
		add_action( 'init', array( self::class, 'schedule' ) );
		add_action( self::CRON_HOOK, array( self::class, 'cleanup' ) );
	}

	/**
	 * Registers the REST fallback of collect.php.
	 */
	public static function register_rest_routes(): void {
		( new CollectController() )->register_routes();
	}

	/**
	 * Rewrites collect.php's config after a setting it holds changed.
	 */
	public static function write_config(): void {
		ConfigFile::write();
	}

	/**
	 * Schedules the hourly cleanup of the current site when it is not scheduled.
	 */
	public static function schedule(): void {
		if ( false === wp_next_scheduled( self::CRON_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'hourly', self::CRON_HOOK );
		}
	}

	/**
	 * Deletes salts older than yesterday's, and rewrites the config file if it is missing or stale.
	 * The collector also deletes old salts whenever it makes a new day's, so this matters for days
	 * without traffic.
	 */
	public static function cleanup(): void {
		( new Salts( DataDir::path(), wp_timezone_string() ) )->prune( time() );
		ConfigFile::maybe_write();
		ObjectIdsFile::ensure_exists();
	}

	/**
	 * The collector of the current site, as the REST fallback runs it.
	 *
	 * @return Collector|null Null when the data dir cannot be created.
	 */
	public static function collector(): ?Collector {
		$dir = DataDir::ensure();
		if ( null === $dir ) {
			return null;
		}
		return new Collector( ConfigFile::build(), new Buffer( $dir ) );
	}

	/**
	 * What one site needs when the plugin becomes active on it.
	 */
	public static function activate_site(): void {
		ObjectIdsFile::write();
		DataDirMigration::maybe_migrate();
		ConfigFile::write();
	}

	/**
	 * Removes what this module stored for the current site: the config, the salts, the event.
	 * The buffer belongs to the aggregator.
	 */
	public static function uninstall_site(): void {
		wp_clear_scheduled_hook( self::CRON_HOOK );
		ConfigFile::delete();
		$dir = DataDir::path();
		foreach ( array( ObjectIds::FILE, RateLimit::FILE, Salts::FILE, Salts::LOCK ) as $name ) {
			if ( is_file( $dir . '/' . $name ) ) {
				wp_delete_file( $dir . '/' . $name );
			}
		}
	}
}
