<?php
/**
 * Finishes the end-to-end network of E2E_MULTISITE=1 (bin/serve-e2e.sh), once wp-config.php
 * defines MULTISITE: the plugin network-activated, the main site's pretty permalinks back (a new
 * network sets /blog/…), and one sub-site, /sub/, which the plugin's wp_initialize_site hook sets
 * up like every site of the network. The subscriber is a member of both sites.
 *
 * Usage: php tests/e2e/native/network.php <site folder> <site URL>
 *
 * @package MonsterInsights\Reports
 */

// phpcs:disable WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.WP.AlternativeFunctions -- A CLI installer: its messages go to the terminal.

if ( 'cli' !== PHP_SAPI || $argc < 3 ) {
	fwrite( STDERR, "usage: php network.php <site folder> <site URL>\n" );
	exit( 1 );
}

$monsterinsights_reports_url       = rtrim( $argv[2], '/' );
$monsterinsights_reports_url_parts = parse_url( $monsterinsights_reports_url );
$monsterinsights_reports_host      = $monsterinsights_reports_url_parts['host'] . ( isset( $monsterinsights_reports_url_parts['port'] ) ? ':' . $monsterinsights_reports_url_parts['port'] : '' );
$_SERVER['HTTP_HOST']              = $monsterinsights_reports_host;
$_SERVER['SERVER_NAME']            = $monsterinsights_reports_url_parts['host'];
$_SERVER['REQUEST_URI']            = '/';
$_SERVER['SERVER_PROTOCOL']        = 'HTTP/1.1';

require rtrim( $argv[1], '/' ) . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

add_filter( 'pre_wp_mail', '__return_true' );
wp_set_current_user( 1 );
if ( ! is_multisite() || ! is_super_admin( 1 ) ) {
	fwrite( STDERR, "network: wp-config.php does not define the network, or admin is not its super admin\n" );
	exit( 1 );
}
$monsterinsights_reports_activated = activate_plugin( 'monsterinsights-reports/monsterinsights-reports.php', '', true );
if ( is_wp_error( $monsterinsights_reports_activated ) ) {
	fwrite( STDERR, 'network: ' . $monsterinsights_reports_activated->get_error_message() . "\n" );
	exit( 1 );
}
update_option( 'permalink_structure', '/%postname%/' );
flush_rewrite_rules();

$monsterinsights_reports_site = wp_insert_site(
	array(
		'domain'  => $monsterinsights_reports_host,
		'path'    => '/sub/',
		'title'   => 'Insights E2E Sub-site',
		'user_id' => 1,
		'options' => array(
			'timezone_string'     => 'Europe/Berlin',
			'permalink_structure' => '/%postname%/',
		),
	)
);
if ( is_wp_error( $monsterinsights_reports_site ) ) {
	fwrite( STDERR, 'network: ' . $monsterinsights_reports_site->get_error_message() . "\n" );
	exit( 1 );
}
$monsterinsights_reports_subscriber = get_user_by( 'login', 'subscriber' );
if ( $monsterinsights_reports_subscriber ) {
	add_user_to_blog( $monsterinsights_reports_site, $monsterinsights_reports_subscriber->ID, 'subscriber' );
}
switch_to_blog( $monsterinsights_reports_site );
flush_rewrite_rules();
restore_current_blog();
echo "network: the plugin network-active, sub-site {$monsterinsights_reports_url}/sub/\n";
