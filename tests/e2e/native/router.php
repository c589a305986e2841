<?php
/**
 * The router of PHP's built-in web server for the end-to-end site (bin/serve-e2e.sh): what a web
 * server's "try_files $uri $uri/ /index.php" does. An existing file is served as it is (a PHP file
 * is run), a folder by its index.php, anything else by WordPress's index.php (pretty permalinks).
 *
 * @package MonsterInsights\Reports
 */

// phpcs:disable WordPress.Security.ValidatedSanitizedInput -- The request path of a local test server.
// phpcs:disable WordPress.WP.AlternativeFunctions -- WordPress is not loaded: a sub-site's static file is sent as it is.
$monsterinsights_reports_root = $_SERVER['DOCUMENT_ROOT'];
$monsterinsights_reports_path = (string) parse_url( urldecode( $_SERVER['REQUEST_URI'] ), PHP_URL_PATH ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- WordPress is not loaded.
$monsterinsights_reports_file = $monsterinsights_reports_root . $monsterinsights_reports_path;

if ( is_file( $monsterinsights_reports_file ) ) {
	return false;
}
if ( is_dir( $monsterinsights_reports_file ) && is_file( rtrim( $monsterinsights_reports_file, '/' ) . '/index.php' ) ) {
	return false;
}
// A subdirectory network (E2E_MULTISITE=1): /sub/wp-admin/…, /sub/wp-includes/…, /sub/wp-content/…
// and /sub/*.php are the core's own files, as the network's rewrite rules in .htaccess make them.
if ( '1' === getenv( 'MONSTERINSIGHTS_REPORTS_E2E_MULTISITE' ) && preg_match( '#^/[_0-9a-zA-Z-]+(/(?:wp-(?:content|admin|includes)(?:/.*)?|[^/]+\.php))$#', $monsterinsights_reports_path, $monsterinsights_reports_match ) ) {
	$monsterinsights_reports_target = $monsterinsights_reports_root . $monsterinsights_reports_match[1];
	if ( is_dir( $monsterinsights_reports_target ) ) {
		$monsterinsights_reports_target = rtrim( $monsterinsights_reports_target, '/' ) . '/index.php';
	}
	if ( is_file( $monsterinsights_reports_target ) ) {
		if ( str_ends_with( $monsterinsights_reports_target, '.php' ) ) {
			$_SERVER['SCRIPT_NAME']     = substr( $monsterinsights_reports_target, strlen( $monsterinsights_reports_root ) );
			$_SERVER['SCRIPT_FILENAME'] = $monsterinsights_reports_target;
			$_SERVER['PHP_SELF']        = $_SERVER['SCRIPT_NAME'];
			chdir( dirname( $monsterinsights_reports_target ) );
			require $monsterinsights_reports_target;
			return true;
		}
		$monsterinsights_reports_types = array(
			'css'   => 'text/css',
			'js'    => 'text/javascript',
			'json'  => 'application/json',
			'map'   => 'application/json',
			'svg'   => 'image/svg+xml',
			'png'   => 'image/png',
			'gif'   => 'image/gif',
			'jpg'   => 'image/jpeg',
			'webp'  => 'image/webp',
			'woff'  => 'font/woff',
			'woff2' => 'font/woff2',
			'ttf'   => 'font/ttf',
		);
		$monsterinsights_reports_type  = $monsterinsights_reports_types[ strtolower( pathinfo( $monsterinsights_reports_target, PATHINFO_EXTENSION ) ) ] ?? 'application/octet-stream';
		header( 'Content-Type: ' . $monsterinsights_reports_type );
		header( 'Content-Length: ' . filesize( $monsterinsights_reports_target ) );
		readfile( $monsterinsights_reports_target );
		return true;
	}
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $monsterinsights_reports_root . '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
require $monsterinsights_reports_root . '/index.php';
