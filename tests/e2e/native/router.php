<?php
/**
 * The router of PHP's built-in web server for the end-to-end site (bin/serve-e2e.sh): what a web
 * server's "try_files $uri $uri/ /index.php" does. An existing file is served as it is (a PHP file
 * is run), a folder by its index.php, anything else by WordPress's index.php (pretty permalinks).
 *
 * @package MonsterInsights\Reports
 */

// phpcs:disable WordPress.Security.ValidatedSanitizedInput -- The request path of a local test server.
$monsterinsights_reports_root = $_SERVER['DOCUMENT_ROOT'];
$monsterinsights_reports_path = (string) parse_url( urldecode( $_SERVER['REQUEST_URI'] ), PHP_URL_PATH ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- WordPress is not loaded.
$monsterinsights_reports_file = $monsterinsights_reports_root . $monsterinsights_reports_path;

if ( is_file( $monsterinsights_reports_file ) ) {
	return false;
}
if ( is_dir( $monsterinsights_reports_file ) && is_file( rtrim( $monsterinsights_reports_file, '/' ) . '/index.php' ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $monsterinsights_reports_root . '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
require $monsterinsights_reports_root . '/index.php';
