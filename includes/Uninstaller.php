<?php
/**
 * Removes the plugin's data.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Deletes the plugin's options, capabilities, cron events, tables, data dirs (the current one and
 * those of earlier versions) and user meta on one site, or on every site of a network.
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
		Sources\Builtin\Schema::FAILURE_OPTION,
		Sources\Builtin\Schema::HISTORY_OPTION,
		Sources\Builtin\Retention::OPTION,
		Sources\Builtin\Aggregator::LAST_RUN_OPTION,
		Sources\Builtin\Aggregator::LOCK,
		Sources\Builtin\Schema::MIGRATE_LOCK,
		REST\SettingsController::OPTION,
		Settings\Modules::OPTION,
		Licensing\Licence::SITE_OPTION,
		Sources\Builtin\DataDir::OPTION,
		Sources\Builtin\DataDir::MIGRATE_LOCK,
		Sources\Builtin\Exceptions\Runner::CHECKED_OPTION,
		Sources\Builtin\Exceptions\Runner::ERROR_OPTION,
	);

	/**
	 * User meta the plugin stores for the whole installation (users are shared by a network's
	 * sites): each user's overview metric selection.
	 */
	public const USER_META = array(
		REST\MetricsController::META,
	);

	/**
	 * User options the plugin stores per site (user meta under the site's table prefix, see
	 * update_user_option()): each user's notification dismissals.
	 */
	public const USER_SITE_OPTIONS = array(
		Notifications\Notifications::META,
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
		foreach ( self::USER_META as $key ) {
			delete_metadata( 'user', 0, $key, '', true );
		}
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
	 * Removes the current site's options, capabilities, data dirs and its users' options.
	 */
	public static function clean_site(): void {
		global $wpdb;
		Capabilities::revoke();
		Sources\Builtin\Tracking\Module::uninstall_site();
		Sources\Builtin\DataDir::delete_all();
		foreach ( self::USER_SITE_OPTIONS as $key ) {
			delete_metadata( 'user', 0, $wpdb->get_blog_prefix() . $key, '', true );
			// get_user_option() also reads the key without a prefix.
			delete_metadata( 'user', 0, $key, '', true );
		}
		Sources\Builtin\Scheduler::unschedule();
		Sources\Builtin\Schema::drop();
		Notes\Module::uninstall_site();
		foreach ( self::SITE_OPTIONS as $option ) {
			delete_option( $option );
		}
	}
}
