<?php
/**
 * Activation: per site, or on every site of a network.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Runs the work that activation needs on each site the plugin becomes active on.
 */
final class Activation {

	/**
	 * Sites handled per query when a network activation walks every site.
	 */
	private const BATCH = 100;

	/**
	 * Activation hook.
	 *
	 * @param bool $network_wide Whether the plugin is being network-activated.
	 */
	public static function activate( $network_wide = false ): void {
		if ( is_multisite() && $network_wide ) {
			self::for_each_site( array( self::class, 'activate_site' ), get_current_network_id() );
			return;
		}
		self::activate_site();
	}

	/**
	 * What one site needs when the plugin becomes active on it.
	 */
	public static function activate_site(): void {
		Capabilities::grant();
		Sources\Builtin\Collection\Tracking\Module::activate_site();
		Sources\Builtin\Aggregation\Migrations::maybe_migrate();
		Sources\Builtin\Aggregation\Scheduler::schedule();
		Insights\Insights::schedule();
		Notes\Module::activate_site();
	}

	/**
	 * A site created on a network where the plugin is network-active.
	 *
	 * @param \WP_Site $site The new site.
	 */
	public static function on_new_site( \WP_Site $site ): void {
		if ( ! self::is_network_active( (int) $site->network_id ) ) {
			return;
		}
		switch_to_blog( (int) $site->blog_id );
		try {
			self::activate_site();
		} finally {
			restore_current_blog();
		}
	}

	/**
	 * Whether the plugin is network-activated on a network.
	 *
	 * @param int|null $network_id The network; the current one when null.
	 */
	public static function is_network_active( ?int $network_id = null ): bool {
		if ( ! is_multisite() ) {
			return false;
		}
		$plugins = (array) get_network_option( $network_id, 'active_sitewide_plugins', array() );
		return isset( $plugins[ plugin_basename( MONSTERINSIGHTS_REPORTS_FILE ) ] );
	}

	/**
	 * Calls $callback once on every site of a network, or of every network, in batches.
	 *
	 * @param callable $callback   Runs with the site switched in.
	 * @param int|null $network_id The network; every network when null (uninstall).
	 */
	public static function for_each_site( callable $callback, ?int $network_id = null ): void {
		$offset = 0;
		do {
			$ids = get_sites(
				array(
					'fields'     => 'ids',
					'number'     => self::BATCH,
					'offset'     => $offset,
					'network_id' => $network_id ?? 0,
				)
			);
			foreach ( $ids as $id ) {
				switch_to_blog( (int) $id );
				try {
					$callback();
				} finally {
					restore_current_blog();
				}
			}
			$offset += self::BATCH;
			$full    = count( $ids ) === self::BATCH;
		} while ( $full );
	}
}
