<?php
/**
 * What the installer and the bootstrap share: where WordPress, its content folder and the test
 * database are, and a request environment for the test domain. Loaded before WordPress.
 *
 * Overrides: WP_TESTS_DB_NAME, WP_TESTS_DB_USER, WP_TESTS_DB_PASSWORD, WP_TESTS_DB_HOST (the same
 * variables bin/mariadb.sh reads); WP_TESTS_CONTENT_DIR, the content folder (.wp/tests-content; the
 * bench uses a folder of its own, so its uploads never meet the tests'); WP_TESTS_TABLE_PREFIX
 * (wp_).
 *
 * @package MonsterInsights\Reports\Tests
 */

/**
 * Reads an environment variable, with a default when it is unset or empty.
 *
 * @param string $name     The variable.
 * @param string $fallback The default.
 * @return string
 */
function monsterinsights_reports_tests_env( string $name, string $fallback ): string {
	$value = getenv( $name );
	return ( false === $value || '' === $value ) ? $fallback : $value;
}

define( 'MONSTERINSIGHTS_REPORTS_TESTS_ROOT', dirname( __DIR__, 2 ) );

// WordPress core is pristine; content (plugins, themes, uploads) lives in a folder of our own that
// has no drop-ins (db.php, object-cache.php) and holds the plugin as a symlink to this repository.
define( 'ABSPATH', MONSTERINSIGHTS_REPORTS_TESTS_ROOT . '/.wp/core/' );
define( 'WP_CONTENT_DIR', monsterinsights_reports_tests_env( 'WP_TESTS_CONTENT_DIR', MONSTERINSIGHTS_REPORTS_TESTS_ROOT . '/.wp/tests-content' ) );
define( 'WP_PLUGIN_DIR', WP_CONTENT_DIR . '/plugins' );

define( 'DB_NAME', monsterinsights_reports_tests_env( 'WP_TESTS_DB_NAME', 'monsterinsights_reports_tests' ) );
define( 'DB_USER', monsterinsights_reports_tests_env( 'WP_TESTS_DB_USER', 'mir_tests' ) );
define( 'DB_PASSWORD', monsterinsights_reports_tests_env( 'WP_TESTS_DB_PASSWORD', 'mir_tests' ) );
define( 'DB_HOST', monsterinsights_reports_tests_env( 'WP_TESTS_DB_HOST', 'localhost' ) );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );

define( 'WP_TESTS_DOMAIN', 'example.org' );
define( 'WP_TESTS_EMAIL', 'admin@example.org' );
define( 'WP_TESTS_TITLE', 'Test Blog' );

define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', true );
define( 'WP_DEBUG_LOG', false );
define( 'DISABLE_WP_CRON', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );

foreach ( array( 'AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE' ) as $monsterinsights_reports_tests_salt ) {
	define( $monsterinsights_reports_tests_salt . '_KEY', 'monsterinsights-reports-tests-' . $monsterinsights_reports_tests_salt . '-key' );
	define( $monsterinsights_reports_tests_salt . '_SALT', 'monsterinsights-reports-tests-' . $monsterinsights_reports_tests_salt . '-salt' );
}

// WP_TESTS_TABLE_PREFIX: a second install beside the tests' in the same database (the uninstall
// test's, which must really drop tables).
$GLOBALS['table_prefix'] = monsterinsights_reports_tests_env( 'WP_TESTS_TABLE_PREFIX', 'wp_' ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- wp-config.php's job.

// A front-end request to the test domain.
$_SERVER['HTTP_HOST']       = WP_TESTS_DOMAIN;
$_SERVER['SERVER_NAME']     = WP_TESTS_DOMAIN;
$_SERVER['SERVER_PORT']     = '80';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
unset( $_SERVER['HTTPS'] );

// The google source talks to the fake Google server (tests/fake-google) of this PHPUnit process,
// on a port free now; the FakeGoogleServer trait starts it there when a test needs it. "localhost":
// WP_HTTP_BLOCK_EXTERNAL lets that through, not 127.0.0.1.
$monsterinsights_reports_tests_probe = stream_socket_server( 'tcp://127.0.0.1:0' );
if ( false !== $monsterinsights_reports_tests_probe ) {
	$monsterinsights_reports_tests_name = (string) stream_socket_get_name( $monsterinsights_reports_tests_probe, false );
	fclose( $monsterinsights_reports_tests_probe ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- A socket.
	define( 'MONSTERINSIGHTS_REPORTS_GOOGLE_BASE', 'http://localhost:' . substr( $monsterinsights_reports_tests_name, strrpos( $monsterinsights_reports_tests_name, ':' ) + 1 ) );
}

// WP_TESTS_WOOCOMMERCE=1: the install has the real WooCommerce active (tests/php/WooCommerce/).
define( 'MONSTERINSIGHTS_REPORTS_TESTS_WOOCOMMERCE', '1' === getenv( 'WP_TESTS_WOOCOMMERCE' ) );

// WP_TESTS_EDD=1: the install has the real Easy Digital Downloads active (tests/php/Edd/).
define( 'MONSTERINSIGHTS_REPORTS_TESTS_EDD', '1' === getenv( 'WP_TESTS_EDD' ) );

/**
 * `doing_it_wrong_trigger_error` filter: WooCommerce 9.4 loads its translations too early for
 * WordPress 6.7+, which reports it on every load; that one notice, and no other, is not raised.
 *
 * @param bool   $trigger  Whether to raise it.
 * @param string $function The function used wrongly.
 * @param string $message  The message.
 * @return bool
 */
function monsterinsights_reports_tests_woocommerce_notice( $trigger, $function, $message ) {
	return $trigger && ! ( '_load_textdomain_just_in_time' === $function && str_contains( (string) $message, '<code>woocommerce</code>' ) );
}
if ( MONSTERINSIGHTS_REPORTS_TESTS_WOOCOMMERCE ) {
	$GLOBALS['wp_filter']['doing_it_wrong_trigger_error'][10]['monsterinsights_reports_tests_woocommerce_notice'] = array( // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		'function'      => 'monsterinsights_reports_tests_woocommerce_notice',
		'accepted_args' => 3,
	);
}

// Never send mail. Hooks added before WordPress loads are picked up by WP_Hook.
$GLOBALS['wp_filter']['pre_wp_mail'][10]['__return_false'] = array( // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
	'function'      => '__return_false',
	'accepted_args' => 1,
);
