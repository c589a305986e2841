<?php
/**
 * Removes the plugin's data.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Deletes the plugin's options, transients (the cached report payloads too), capabilities, cron
 * events, tables, data dirs (the current one and those of earlier versions), notes and their
 * categories, the Conversations AI chats, and user meta on one site, or on every site of a network, and the network options of
 * every network.
 *
 * The options, transients and meta are deleted by name and, to catch any other, by the plugin's
 * prefixes. Transients kept in a persistent object cache (not in the options table) cannot be
 * listed: they expire by themselves, and nothing reads them once the data version is gone.
 */
final class Uninstaller {

	/**
	 * Options the plugin stores per site.
	 */
	public const SITE_OPTIONS = array(
		Capabilities::OPTION,
		'monsterinsights_reports_source',
		Sources\Builtin\Collection\Tracking\Settings::OPTION,
		Sources\Builtin\Storage\Tables::VERSION_OPTION,
		Sources\Builtin\Aggregation\Migrations::FAILURE_OPTION,
		Sources\Builtin\Aggregation\Migrations::HISTORY_OPTION,
		Sources\Builtin\Aggregation\Retention::OPTION,
		Sources\Builtin\Aggregation\Aggregator::LAST_RUN_OPTION,
		Sources\Builtin\Aggregation\Aggregator::LOCK,
		Sources\Builtin\Aggregation\Migrations::MIGRATE_LOCK,
		REST\SettingsController::OPTION,
		Settings\Modules::OPTION,
		Settings\Secrets::OPTION,
		Settings\Secrets::SERVICES_OPTION,
		Conversations\Provider::OPTION,
		Sources\Google\Connection::OPTION,
		Sources\Google\Ga4Exceptions::OPTION,
		Licensing\Licence::SITE_OPTION,
		Sources\Builtin\Collection\DataDir::OPTION,
		Sources\Builtin\Collection\DataDirMigration::MIGRATE_LOCK,
		Sources\Builtin\Aggregation\Exceptions\Runner::CHECKED_OPTION,
		Sources\Builtin\Aggregation\Exceptions\Runner::ERROR_OPTION,
		Sources\Builtin\Answers\BuiltinSource::DATA_VERSION_OPTION,
		Sources\Builtin\Aggregation\Compaction::BEFORE_OPTION,
		Sources\Builtin\Aggregation\Compaction::DAYS_OPTION,
		Sources\Builtin\Answers\SpeedAudit::OPTION,
		Sources\Builtin\Demo\Seeder::MARKER_OPTION,
		Insights\Insights::OPTION,
	);

	/**
	 * Transients the plugin stores per site by a fixed name.
	 */
	public const SITE_TRANSIENTS = array(
		Sources\Builtin\Collection\Tracking\VitalsScript::RATE_TRANSIENT,
	);

	/**
	 * The plugin's prefix: any option, network option or user meta key starting with it (after
	 * the site's table prefix, for user options) is the plugin's, whether listed above or written
	 * by another version.
	 */
	public const PREFIX = 'monsterinsights_reports_';

	/**
	 * User meta the plugin stores for the whole installation (users are shared by a network's
	 * sites): each user's overview metric selection and promo card dismissals.
	 */
	public const USER_META = array(
		REST\MetricsController::META,
		Promos\Promos::META,
	);

	/**
	 * User options the plugin stores per site (user meta under the site's table prefix, see
	 * update_user_option()): each user's notification dismissals, feature feedback and AI insight
	 * ratings.
	 */
	public const USER_SITE_OPTIONS = array(
		Notifications\Notifications::META,
		Feedback\FeatureFeedback::META,
		Insights\Insights::RATINGS,
	);

	/**
	 * Options the plugin stores for the whole network.
	 */
	public const NETWORK_OPTIONS = array(
		Sources\Builtin\Collection\Tracking\Settings::NETWORK_OPTION,
		Settings\Modules::NETWORK_OPTION,
		Settings\Secrets::NETWORK_OPTION,
		Sources\Google\Connection::NETWORK_OPTION,
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
		} else {
			Activation::for_each_site( array( self::class, 'clean_site' ) );
			foreach ( get_networks( array( 'fields' => 'ids' ) ) as $network_id ) {
				self::clean_network( (int) $network_id );
			}
		}
		self::delete_user_meta_like( self::PREFIX );
	}

	/**
	 * Removes a network's options: the listed ones and any other with the plugin's prefix.
	 *
	 * @param int $network_id The network.
	 */
	private static function clean_network( int $network_id ): void {
		global $wpdb;
		foreach ( self::NETWORK_OPTIONS as $option ) {
			delete_network_option( $network_id, $option );
		}
		foreach ( array( '', '_site_transient_', '_site_transient_timeout_' ) as $start ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Uninstall: every row by prefix, once.
			$keys = $wpdb->get_col( $wpdb->prepare( "SELECT meta_key FROM {$wpdb->sitemeta} WHERE site_id = %d AND meta_key LIKE %s", $network_id, $wpdb->esc_like( $start . self::PREFIX ) . '%' ) );
			foreach ( $keys as $key ) {
				$key = (string) $key;
				if ( str_starts_with( $key, '_site_transient_timeout_' ) ) {
					continue;
				}
				if ( str_starts_with( $key, '_site_transient_' ) ) {
					// Deletes its timeout too.
					delete_site_transient( substr( $key, strlen( '_site_transient_' ) ) );
					continue;
				}
				delete_network_option( $network_id, $key );
			}
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Uninstall: timeouts left without their transient.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->sitemeta} WHERE site_id = %d AND meta_key LIKE %s", $network_id, $wpdb->esc_like( '_site_transient_timeout_' . self::PREFIX ) . '%' ) );
	}

	/**
	 * Removes the current site's options and transients that start with the plugin's prefix, and
	 * its cached report payloads.
	 */
	private static function delete_options_like(): void {
		global $wpdb;
		$starts = array(
			self::PREFIX,
			'_transient_' . self::PREFIX,
			'_transient_' . REST\ReportsController::CACHE_PREFIX,
		);
		foreach ( $starts as $start ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Uninstall: every row by prefix, once.
			$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( $start ) . '%' ) );
			foreach ( $names as $name ) {
				$name = (string) $name;
				if ( str_starts_with( $name, '_transient_' ) ) {
					// Deletes its timeout too.
					delete_transient( substr( $name, strlen( '_transient_' ) ) );
				} else {
					delete_option( $name );
				}
			}
		}
		foreach ( array( self::PREFIX, REST\ReportsController::CACHE_PREFIX ) as $start ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Uninstall: timeouts left without their transient.
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( '_transient_timeout_' . $start ) . '%' ) );
		}
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( 'notoptions', 'options' );
	}

	/**
	 * Removes every user meta row whose key contains the plugin's prefix: its user meta, and its
	 * user options under any site's table prefix.
	 *
	 * @param string $prefix The prefix.
	 */
	private static function delete_user_meta_like( string $prefix ): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Uninstall: every key by prefix, once.
		$keys = $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", '%' . $wpdb->esc_like( $prefix ) . '%' ) );
		foreach ( $keys as $key ) {
			delete_metadata( 'user', 0, (string) $key, '', true );
		}
	}

	/**
	 * Deletes every post of a type on the current site, whatever its status, with its meta and
	 * term links, 100 at a time. get_posts() runs without other plugins' query filters, so none can
	 * hide a post here.
	 *
	 * @param string $post_type The post type (registered, so its meta and terms go too).
	 */
	public static function delete_posts( string $post_type ): void {
		do {
			$ids = get_posts(
				array(
					'post_type'      => $post_type,
					'post_status'    => array_keys( get_post_stati() ),
					'fields'         => 'ids',
					'posts_per_page' => 100,
					'orderby'        => 'ID',
					'order'          => 'ASC',
				)
			);
			foreach ( $ids as $id ) {
				wp_delete_post( (int) $id, true );
			}
			$more = 100 === count( $ids );
		} while ( $more );
	}

	/**
	 * Removes the current site's options, capabilities, data dirs and its users' options.
	 */
	public static function clean_site(): void {
		global $wpdb;
		Capabilities::revoke();
		Sources\Builtin\Collection\Tracking\Module::uninstall_site();
		Sources\Builtin\Collection\DataDir::delete_all();
		foreach ( self::USER_SITE_OPTIONS as $key ) {
			delete_metadata( 'user', 0, $wpdb->get_blog_prefix() . $key, '', true );
			// get_user_option() also reads the key without a prefix.
			delete_metadata( 'user', 0, $key, '', true );
		}
		Sources\Builtin\Aggregation\Scheduler::unschedule();
		Insights\Insights::unschedule();
		Sources\Builtin\Storage\Tables::drop();
		Notes\Module::uninstall_site();
		Conversations\Chats::uninstall_site();
		foreach ( self::SITE_OPTIONS as $option ) {
			delete_option( $option );
		}
		foreach ( self::SITE_TRANSIENTS as $transient ) {
			delete_transient( $transient );
		}
		self::delete_options_like();
	}
}
