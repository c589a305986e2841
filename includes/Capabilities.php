<?php
/**
 * The plugin's capabilities and which roles hold them.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Grants and revokes `monsterinsights_view_dashboard` and `monsterinsights_save_settings`.
 *
 * Super admins pass every capability check on multisite, so they need no grant.
 */
final class Capabilities {

	public const VIEW = 'monsterinsights_view_dashboard';
	public const SAVE = 'monsterinsights_save_settings';

	/**
	 * Option that records which version of the grants this site has received.
	 */
	public const OPTION = 'monsterinsights_reports_caps_version';

	/**
	 * Bumped whenever the set of granted capabilities changes.
	 */
	public const GRANTS_VERSION = '1';

	/**
	 * The capabilities every granted role receives.
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array( self::VIEW, self::SAVE );
	}

	/**
	 * Roles that receive the capabilities (filterable).
	 *
	 * @return string[]
	 */
	public static function roles(): array {
		/**
		 * Filters the roles that receive the plugin's capabilities on activation.
		 *
		 * @param string[] $roles Role names. Default administrator.
		 */
		$roles = apply_filters( 'monsterinsights_reports_capability_roles', array( 'administrator' ) );
		return array_values( array_filter( (array) $roles, 'is_string' ) );
	}

	/**
	 * Grants the capabilities on the current site.
	 */
	public static function grant(): void {
		foreach ( self::roles() as $role_name ) {
			$role = get_role( $role_name );
			if ( null === $role ) {
				continue;
			}
			foreach ( self::all() as $cap ) {
				if ( ! $role->has_cap( $cap ) ) {
					$role->add_cap( $cap );
				}
			}
		}
		update_option( self::OPTION, self::GRANTS_VERSION, true );
	}

	/**
	 * Grants the capabilities on the current site unless it already has this version of them.
	 * Covers sites that existed before a network activation and sites restored from a backup.
	 */
	public static function maybe_grant(): void {
		if ( self::GRANTS_VERSION !== get_option( self::OPTION ) ) {
			self::grant();
		}
	}

	/**
	 * Removes the capabilities from every role of the current site.
	 */
	public static function revoke(): void {
		foreach ( wp_roles()->role_objects as $role ) {
			foreach ( self::all() as $cap ) {
				$role->remove_cap( $cap );
			}
		}
		delete_option( self::OPTION );
	}
}
