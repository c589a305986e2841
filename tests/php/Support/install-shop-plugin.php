<?php
/**
 * Activates a real shop plugin on the test install, as the recipe of
 * ../shared/design/third-party-plugins.md says: activate_plugin() as user 1 in a process of its own,
 * then wp-admin loads (admin_init), each in a new process, until the plugin says it is ready (a
 * plugin may end a load at a redirect of its own, as EDD's first one does).
 *
 * Included at the top of a suite's install.php (tests/php/WooCommerce/install.php,
 * tests/php/Edd/install.php), which first sets $monsterinsights_reports_tests_plugin: file (the
 * plugin's file in the plugins folder), name (for the messages), ready (a callable: whether the
 * loaded plugin is ready, asked at the end of a wp-admin load). Prints nothing when it succeeds.
 *
 * Usage: php tests/php/<Suite>/install.php [--admin-init]
 *
 * @package MonsterInsights\Reports\Tests
 */

if ( 'cli' !== PHP_SAPI || ! isset( $monsterinsights_reports_tests_plugin ) ) {
	exit( 1 );
}

$monsterinsights_reports_tests_admin = in_array( '--admin-init', $argv, true );
if ( $monsterinsights_reports_tests_admin ) {
	define( 'WP_ADMIN', true );
}
require dirname( __DIR__ ) . '/config.php';
require ABSPATH . 'wp-settings.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
wp_set_current_user( 1 );

if ( ! $monsterinsights_reports_tests_admin ) {
	$monsterinsights_reports_tests_result = activate_plugin( $monsterinsights_reports_tests_plugin['file'] );
	if ( is_wp_error( $monsterinsights_reports_tests_result ) ) {
		fwrite( STDERR, 'install: activating ' . $monsterinsights_reports_tests_plugin['name'] . ' failed: ' . $monsterinsights_reports_tests_result->get_error_message() . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
		exit( 1 );
	}
	// The wp-admin loads, in new processes: the plugin loads as an active plugin there.
	for ( $monsterinsights_reports_tests_i = 0; $monsterinsights_reports_tests_i < 3; $monsterinsights_reports_tests_i++ ) {
		$monsterinsights_reports_tests_output = array();
		exec( escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( (string) realpath( $argv[0] ) ) . ' --admin-init 2>&1', $monsterinsights_reports_tests_output, $monsterinsights_reports_tests_status ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec
		if ( 0 === $monsterinsights_reports_tests_status && array( 'ready' ) === $monsterinsights_reports_tests_output ) {
			exit( 0 );
		}
	}
	fwrite( STDERR, 'install: ' . $monsterinsights_reports_tests_plugin['name'] . " is not ready after its wp-admin loads\n" . implode( "\n", $monsterinsights_reports_tests_output ) . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
	exit( 1 );
}

// Whether the load (which the plugin may end with exit after a redirect) left the plugin ready.
register_shutdown_function(
	static function () use ( $monsterinsights_reports_tests_plugin ): void {
		if ( ( $monsterinsights_reports_tests_plugin['ready'] )() ) {
			echo 'ready'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- A word to the parent process.
		}
	}
);
// No redirect (setup wizards) and no update checks (no network here).
add_filter( 'wp_redirect', '__return_false', 1000 );
remove_action( 'admin_init', '_maybe_update_core' );
remove_action( 'admin_init', '_maybe_update_plugins' );
remove_action( 'admin_init', '_maybe_update_themes' );
do_action( 'admin_init' );
exit( 0 );
