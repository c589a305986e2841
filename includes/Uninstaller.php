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
		REST\SettingsController::OPTION,
		Settings\Modules::OPTION,
		Licensing\Licence::SITE_OPTION,
	);

	/**
	 * Options the plugin stores for the whole network.
	 */
	public const NETWORK_OPTIONS = array(
		Sources\Builtin\Tracking\Settings::NETWORK_OPTION,
		Settings\Modules::NETWORK_OPTION,
		Licensing\Licence::NETWORK_OPTION,
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
		foreach ( self::NETWORK_OPTIONS as $option ) {
			delete_site_option( $option );
		}
	}

	/**
	 * Removes the current site's options and capabilities.
	 */
	public static function clean_site(): void {
		Capabilities::revoke();
		Sources\Builtin\Tracking\Module::uninstall_site();
		Sources\Builtin\Scheduler::unschedule();
		Sources\Builtin\Schema::drop();
		Notes\Module::uninstall_site();
		foreach ( self::SITE_OPTIONS as $option ) {
			delete_option( $option );
		}
	}
}
