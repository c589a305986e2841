<?php
/**
 * Plugin Name:       MonsterInsights Reports
 * Description:       Web-analytics reports inside wp-admin, from a built-in cookieless collector that keeps visits in your own database.
 * Version:           0.2.0
 * Requires at least: 6.8
 * Requires PHP:      8.1
 * Author:            MonsterInsights Reports contributors
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       monsterinsights-reports
 * Domain Path:       /languages
 *
 * @package MonsterInsights\Reports
 */

defined( 'ABSPATH' ) || exit;

define( 'MONSTERINSIGHTS_REPORTS_VERSION', '0.2.0' );
define( 'MONSTERINSIGHTS_REPORTS_FILE', __FILE__ );
define( 'MONSTERINSIGHTS_REPORTS_DIR', plugin_dir_path( __FILE__ ) );
define( 'MONSTERINSIGHTS_REPORTS_URL', plugin_dir_url( __FILE__ ) );

// Composer's runtime packages (maxmind-db/reader for the country lookup), when installed.
if ( is_readable( MONSTERINSIGHTS_REPORTS_DIR . 'vendor/autoload.php' ) ) {
	require_once MONSTERINSIGHTS_REPORTS_DIR . 'vendor/autoload.php';
}

spl_autoload_register(
	static function ( string $class_name ): void {
		$prefix = 'MonsterInsights\\Reports\\';
		if ( ! str_starts_with( $class_name, $prefix ) ) {
			return;
		}
		$relative = str_replace( '\\', '/', substr( $class_name, strlen( $prefix ) ) );
		$file     = MONSTERINSIGHTS_REPORTS_DIR . 'includes/' . $relative . '.php';
		if ( is_readable( $file ) ) {
			require $file;
		}
	}
);

register_activation_hook( __FILE__, array( MonsterInsights\Reports\Activation::class, 'activate' ) );

MonsterInsights\Reports\Plugin::instance()->boot();
