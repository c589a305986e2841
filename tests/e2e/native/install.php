<?php
/**
 * Installs the end-to-end site on PHP and MariaDB (bin/serve-e2e.sh): what tests/e2e/blueprint.json
 * does in Playground — WordPress installed with the administrator admin/password, the site's name,
 * timezone and pretty permalinks, the plugin activated, a subscriber, the rewrite rules flushed.
 *
 * With E2E_MULTISITE=1 (bin/serve-e2e.sh) the site becomes the main site of a subdirectory network
 * instead (populate_network(): the network's tables and its options; the administrator is its
 * super admin) and the plugin is left inactive: once wp-config.php defines MULTISITE,
 * tests/e2e/native/network.php network-activates it and adds the sub-site.
 *
 * Usage: php tests/e2e/native/install.php <site folder> <site URL>
 *
 * @package MonsterInsights\Reports
 */

// phpcs:disable WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.WP.AlternativeFunctions -- A CLI installer: its messages go to the terminal.

if ( 'cli' !== PHP_SAPI || $argc < 3 ) {
	fwrite( STDERR, "usage: php install.php <site folder> <site URL>\n" );
	exit( 1 );
}

$monsterinsights_reports_url       = rtrim( $argv[2], '/' );
$monsterinsights_reports_url_parts = parse_url( $monsterinsights_reports_url );
$monsterinsights_reports_host      = $monsterinsights_reports_url_parts['host'] . ( isset( $monsterinsights_reports_url_parts['port'] ) ? ':' . $monsterinsights_reports_url_parts['port'] : '' );
$_SERVER['HTTP_HOST']              = $monsterinsights_reports_host;
$_SERVER['SERVER_NAME']            = $monsterinsights_reports_url_parts['host'];
$_SERVER['REQUEST_URI']            = '/';
$_SERVER['SERVER_PROTOCOL']        = 'HTTP/1.1';

define( 'WP_INSTALLING', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- WordPress's own: installing.
require rtrim( $argv[1], '/' ) . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

// A mail would go nowhere: installing sends one to the administrator.
add_filter( 'pre_wp_mail', '__return_true' );

wp_install( 'Insights E2E', 'admin', 'admin@localhost.com', true, '', 'password' );
update_option( 'siteurl', $monsterinsights_reports_url );
update_option( 'home', $monsterinsights_reports_url );
update_option( 'timezone_string', 'Europe/Berlin' );
update_option( 'permalink_structure', '/%postname%/' );

wp_set_current_user( 1 );
$monsterinsights_reports_network = '1' === getenv( 'E2E_MULTISITE' );
if ( $monsterinsights_reports_network ) {
	// What wp-admin/network.php does first: name the network's tables on a single site's $wpdb.
	foreach ( $wpdb->tables( 'ms_global' ) as $monsterinsights_reports_table => $monsterinsights_reports_prefixed ) {
		$wpdb->$monsterinsights_reports_table = $monsterinsights_reports_prefixed;
	}
	install_network();
	$monsterinsights_reports_populated = populate_network( 1, $monsterinsights_reports_host, 'admin@localhost.com', 'Insights E2E Network', '/', false );
	if ( is_wp_error( $monsterinsights_reports_populated ) ) {
		fwrite( STDERR, 'install: ' . $monsterinsights_reports_populated->get_error_message() . "\n" );
		exit( 1 );
	}
} else {
	$monsterinsights_reports_activated = activate_plugin( 'monsterinsights-reports/monsterinsights-reports.php' );
	if ( is_wp_error( $monsterinsights_reports_activated ) ) {
		fwrite( STDERR, 'install: ' . $monsterinsights_reports_activated->get_error_message() . "\n" );
		exit( 1 );
	}
}
wp_insert_user(
	array(
		'user_login' => 'subscriber',
		'user_pass'  => 'password',
		'user_email' => 'subscriber@example.org',
		'role'       => 'subscriber',
	)
);
flush_rewrite_rules();
echo $monsterinsights_reports_network ? "install: WordPress network at {$monsterinsights_reports_url}\n" : "install: WordPress at {$monsterinsights_reports_url}\n";
