<?php
/**
 * Removes the plugin's data.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Deletes the plugin's options, capabilities, cron events and tables on one site, or on every site
 * of a network.
 */
final class Uninstaller {

	/**
	 * Options the plugin stores per site.
	 */
	public const SITE_OPTIONS = array(
		Capabilities::OPTION,
		'monsterinsights_reports_source',
		Sources\Builtin\Tracking\Settings::OPTION,
		Sources\Builtin\Schema::VERSION_OPTION,
		Sources\Builtin\Retention::OPTION,
		Sources\Builtin\Aggregator::LAST_RUN_OPTION,
		Sources\Builtin\Aggregator::LOCK,
		Sources\Builtin\Schema::MIGRATE_LOCK,
	);

	/**
	 * Removes everything, on every site when multisite.
	 */
	public static function run(): void {
		if ( ! is_multisite() ) {
			self::clean_site();
			return;
		}
		Activation::for_each_site( array( self::class, 'clean_site' ) );
	}

	/**
	 * Removes the current site's options and capabilities.
	 */
	public static function clean_site(): void {
		Capabilities::revoke();
		Sources\Builtin\Tracking\Module::uninstall_site();
		Sources\Builtin\Scheduler::unschedule();
		Sources\Builtin\Schema::drop();
		foreach ( self::SITE_OPTIONS as $option ) {
			delete_option( $option );
		}
	}
}
