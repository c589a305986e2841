<?php
/**
 * Uninstall: removes everything the plugin stored, on every site of a network.
 *
 * @package MonsterInsights\Reports
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/Capabilities.php';
require_once __DIR__ . '/includes/Activation.php';
require_once __DIR__ . '/includes/Uninstaller.php';

// The plugin is not loaded during uninstall: load the rest of its classes on demand.
spl_autoload_register(
	static function ( string $class_name ): void {
		$prefix = 'MonsterInsights\\Reports\\';
		if ( str_starts_with( $class_name, $prefix ) ) {
			$file = __DIR__ . '/includes/' . str_replace( '\\', '/', substr( $class_name, strlen( $prefix ) ) ) . '.php';
			if ( is_readable( $file ) ) {
				require $file;
			}
		}
	}
);

MonsterInsights\Reports\Uninstaller::run();
