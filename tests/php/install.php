<?php
/**
 * Installs a fresh WordPress into the test database and activates the plugin on it. With
 * `--multisite`, then turns the install into a subdirectory network on WP_TESTS_DOMAIN.
 *
 * Runs in its own PHP process, started by bootstrap.php, like WordPress's own test library does:
 * the installer must load WordPress without MULTISITE, which the test process defines. It prints
 * nothing when it succeeds; the bootstrap treats any output (database errors, PHP notices) as a
 * failed install.
 *
 * Usage: php tests/php/install.php [--multisite]
 *
 * @package MonsterInsights\Reports\Tests
 */

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

$monsterinsights_reports_tests_multisite = in_array( '--multisite', $argv, true );

define( 'WP_INSTALLING', true );
require __DIR__ . '/config.php';
require ABSPATH . 'wp-settings.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

// Database errors mean the install is broken: show them.
$wpdb->suppress_errors( false );
$wpdb->show_errors( true );

// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- The installer owns this database; table names cannot be placeholders.
$wpdb->query( 'SET default_storage_engine = InnoDB' );
$wpdb->query( 'SET foreign_key_checks = 0' );
// Only this install's tables: another install may share the database under another prefix.
foreach ( $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table_prefix ) . '%' ) ) as $monsterinsights_reports_tests_table ) {
	$wpdb->query( 'DROP TABLE IF EXISTS `' . str_replace( '`', '``', $monsterinsights_reports_tests_table ) . '`' );
}
$wpdb->query( 'SET foreign_key_checks = 1' );
// phpcs:enable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared

$monsterinsights_reports_tests_result = wp_install( WP_TESTS_TITLE, 'admin', WP_TESTS_EMAIL, true, '', 'password' );
if ( empty( $monsterinsights_reports_tests_result['user_id'] ) ) {
	fwrite( STDERR, "install: wp_install() failed\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
	exit( 1 );
}
// wp_install() guesses the URL from the CLI script's path; pin it to the test domain.
update_option( 'siteurl', 'http://' . WP_TESTS_DOMAIN );
update_option( 'home', 'http://' . WP_TESTS_DOMAIN );

// Activate the plugin the way wp-admin does: it runs the activation hook and records the plugin in
// active_plugins, so the test process loads it like WordPress loads any active plugin.
$monsterinsights_reports_tests_result = activate_plugin( 'monsterinsights-reports/monsterinsights-reports.php' );
if ( is_wp_error( $monsterinsights_reports_tests_result ) ) {
	fwrite( STDERR, 'install: activate_plugin() failed: ' . $monsterinsights_reports_tests_result->get_error_message() . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
	exit( 1 );
}

if ( $monsterinsights_reports_tests_multisite ) {
	define( 'WP_INSTALLING_NETWORK', true );
	// As wp-admin/network.php does: name the network tables, which wpdb leaves unset on a single site.
	foreach ( $wpdb->tables( 'ms_global' ) as $monsterinsights_reports_tests_table => $monsterinsights_reports_tests_prefixed ) {
		$wpdb->$monsterinsights_reports_tests_table = $monsterinsights_reports_tests_prefixed;
	}
	install_network();
	$monsterinsights_reports_tests_result = populate_network( 1, WP_TESTS_DOMAIN, WP_TESTS_EMAIL, WP_TESTS_TITLE . ' Network', '/', false );
	if ( is_wp_error( $monsterinsights_reports_tests_result ) ) {
		fwrite( STDERR, 'install: populate_network() failed: ' . $monsterinsights_reports_tests_result->get_error_message() . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
		exit( 1 );
	}
}

exit( 0 );
