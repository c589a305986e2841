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
			self::for_each_site( array( self::class, 'activate_site' ) );
			return;
		}
		self::activate_site();
	}

	/**
	 * What one site needs when the plugin becomes active on it.
	 */
	public static function activate_site(): void {
		Capabilities::grant();
	}

	/**
	 * A site created on a network where the plugin is network-active.
	 *
	 * @param \WP_Site $site The new site.
	 */
	public static function on_new_site( \WP_Site $site ): void {
		if ( ! self::is_network_active() ) {
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
	 * Whether the plugin is network-activated.
	 */
	public static function is_network_active(): bool {
		if ( ! is_multisite() ) {
			return false;
		}
		if ( ! function_exists( 'is_plugin_active_for_network' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		return is_plugin_active_for_network( plugin_basename( MONSTERINSIGHTS_REPORTS_FILE ) );
	}

	/**
	 * Calls $callback once on every site of the network, in batches.
	 *
	 * @param callable $callback Runs with the site switched in.
	 */
	public static function for_each_site( callable $callback ): void {
		$offset = 0;
		do {
			$ids = get_sites(
				array(
					'fields' => 'ids',
					'number' => self::BATCH,
					'offset' => $offset,
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
