<?php
/**
 * The SEO plugin the SEO plugin card offers: its status, its install and its activation.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Promos;

defined( 'ABSPATH' ) || exit;

/**
 * All in One SEO, from the WordPress.org plugin directory, installed with WordPress's own
 * Plugin_Upgrader (a quiet skin: nothing is printed) and activated with activate_plugin() on the
 * current site. The package is the directory's download link, unless the
 * `monsterinsights_reports_seo_plugin_package` filter names one (a URL or a local zip; the tests
 * use a local zip, so nothing is downloaded).
 *
 * Installing never activates. An activation that fails after WordPress switched the plugin on
 * (say, the plugin printed output while loading) switches it off again, so a failure never
 * leaves the plugin active.
 */
final class SeoPlugin {

	/**
	 * The plugin's slug in the plugin directory.
	 */
	public const SLUG = 'all-in-one-seo-pack';

	/**
	 * The plugin's name, as the plugin directory spells it.
	 */
	public const NAME = 'All in One SEO';

	/**
	 * The plugin's basenames: the free plugin first, then its pro edition.
	 */
	public const BASENAMES = array(
		'all-in-one-seo-pack/all_in_one_seo_pack.php',
		'all-in-one-seo-pack-pro/all_in_one_seo_pack.php',
	);

	/**
	 * The plugin's status on this site: installed (either edition), active (either edition), the
	 * basename of the edition installed (the active one first; the free plugin when none is), and
	 * what the current user may do with it.
	 *
	 * @return array{installed: bool, active: bool, basename: string, can_install: bool, can_activate: bool}
	 */
	public static function status(): array {
		self::load_admin( false );
		$plugins   = get_plugins();
		$installed = array_values( array_filter( self::BASENAMES, static fn( string $basename ): bool => isset( $plugins[ $basename ] ) ) );
		$active    = array_values( array_filter( $installed, static fn( string $basename ): bool => is_plugin_active( $basename ) ) );
		return array(
			'installed'    => array() !== $installed,
			'active'       => array() !== $active,
			'basename'     => $active[0] ?? $installed[0] ?? self::BASENAMES[0],
			'can_install'  => current_user_can( 'install_plugins' ),
			'can_activate' => current_user_can( 'activate_plugins' ),
		);
	}

	/**
	 * The package to install: the filter's, else the plugin directory's download link.
	 *
	 * @return string|\WP_Error
	 */
	public static function package() {
		/**
		 * Filters the package the SEO plugin is installed from, before the plugin directory is
		 * asked: a URL or the path of a local zip. Null (the default) asks the plugin directory.
		 *
		 * @param string|null $package The package, or null.
		 * @param string      $slug    The plugin's slug in the plugin directory.
		 */
		$package = apply_filters( 'monsterinsights_reports_seo_plugin_package', null, self::SLUG );
		if ( is_string( $package ) && '' !== $package ) {
			return $package;
		}
		$info = plugins_api(
			'plugin_information',
			array(
				'slug'   => self::SLUG,
				'fields' => array( 'sections' => false ),
			)
		);
		if ( is_wp_error( $info ) ) {
			return $info;
		}
		$link = is_object( $info ) && isset( $info->download_link ) ? (string) $info->download_link : '';
		return '' === $link ? new \WP_Error( 'no_package', __( 'The plugin directory gave no download link.', 'monsterinsights-reports' ) ) : $link;
	}

	/**
	 * Installs the plugin (never activates it). The basename installed, or an error whose data
	 * has what WordPress said.
	 *
	 * @return string|\WP_Error
	 */
	public static function install() {
		self::load_admin( true );
		$status = self::status();
		if ( $status['installed'] ) {
			return $status['basename'];
		}
		$package = self::package();
		if ( is_wp_error( $package ) ) {
			return $package;
		}
		$skin     = new \WP_Ajax_Upgrader_Skin();
		$upgrader = new \Plugin_Upgrader( $skin );
		// The skin prints nothing, but a filesystem asking for credentials would print its form;
		// and the skin leaves its own buffer open when the package cannot be unpacked.
		$level = ob_get_level();
		ob_start();
		$result = $upgrader->install( $package, array( 'overwrite_package' => false ) );
		while ( ob_get_level() > $level ) {
			ob_end_clean();
		}
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		if ( is_wp_error( $skin->result ) ) {
			return $skin->result;
		}
		if ( $skin->get_errors()->has_errors() ) {
			return $skin->get_errors();
		}
		if ( true !== $result ) {
			return new \WP_Error( 'install_failed', __( 'The plugin could not be installed (no filesystem access, or the package is not a plugin).', 'monsterinsights-reports' ) );
		}
		$basename = (string) $upgrader->plugin_info();
		if ( ! in_array( $basename, self::BASENAMES, true ) ) {
			// Not the SEO plugin: removed again, so the site keeps no stranger.
			if ( '' !== $basename ) {
				delete_plugins( array( $basename ) );
			}
			return new \WP_Error( 'wrong_package', __( 'The package is not the SEO plugin.', 'monsterinsights-reports' ) );
		}
		return $basename;
	}

	/**
	 * Activates one of the plugin's editions on this site; true, or an error. When activation fails
	 * after WordPress switched the plugin on, it is switched off again.
	 *
	 * @param string $basename One of BASENAMES.
	 * @return true|\WP_Error
	 */
	public static function activate( string $basename ) {
		self::load_admin( false );
		if ( ! in_array( $basename, self::BASENAMES, true ) ) {
			return new \WP_Error( 'not_the_seo_plugin', __( 'Not the SEO plugin.', 'monsterinsights-reports' ) );
		}
		$valid = validate_plugin( $basename );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		$result = activate_plugin( $basename );
		if ( is_wp_error( $result ) ) {
			if ( is_plugin_active( $basename ) ) {
				deactivate_plugins( $basename, true );
			}
			return $result;
		}
		return is_plugin_active( $basename ) ? true : new \WP_Error( 'not_active', __( 'The plugin is not active.', 'monsterinsights-reports' ) );
	}

	/**
	 * Loads the admin code the status, install and activation need outside wp-admin (REST).
	 *
	 * @param bool $upgrader Whether to load the upgrader too.
	 */
	private static function load_admin( bool $upgrader ): void {
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		if ( $upgrader ) {
			require_once ABSPATH . 'wp-admin/includes/file.php';
			require_once ABSPATH . 'wp-admin/includes/misc.php';
			require_once ABSPATH . 'wp-admin/includes/plugin-install.php';
			require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
		}
	}
}
