<?php
/**
 * Plugin Name: MonsterInsights Reports demo auto-login
 * Description: For the `npm start` demo site only, a local site on the loopback address: a browser without a WordPress session that opens wp-admin is logged in as the administrator (user admin), so the URL bin/start.sh prints opens the reports page in any browser. Front-end pages are left alone (visits there stay anonymous and are tracked); after a log-out the browser stays logged out until it logs in again. bin/start.sh mounts this folder as wp-content/mu-plugins; it is never shipped.
 *
 * @package MonsterInsights\Reports
 */

defined( 'ABSPATH' ) || exit;

/**
 * The cookie that keeps a browser logged out after it chose to log out.
 */
const MONSTERINSIGHTS_REPORTS_DEMO_LOGGED_OUT = 'monsterinsights_reports_demo_logged_out';

/**
 * Whether the site is served on the loopback address (the local demo), never anywhere else.
 */
function monsterinsights_reports_demo_is_loopback(): bool {
	$host = (string) wp_parse_url( home_url(), PHP_URL_HOST );
	return in_array( strtolower( trim( $host, '[]' ) ), array( '127.0.0.1', 'localhost', '::1' ), true );
}

add_action(
	'init',
	static function (): void {
		if ( is_user_logged_in() || ! is_admin() || wp_doing_ajax() || wp_doing_cron() || ( defined( 'REST_REQUEST' ) && REST_REQUEST ) ) {
			return;
		}
		if ( isset( $_COOKIE[ MONSTERINSIGHTS_REPORTS_DEMO_LOGGED_OUT ] ) || headers_sent() || ! monsterinsights_reports_demo_is_loopback() ) {
			return;
		}
		// Only a browser's page request for wp-admin: not the PHP scripts the blueprint runs.
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) : '';
		$uri    = isset( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '';
		$script = isset( $_SERVER['SCRIPT_NAME'] ) ? sanitize_text_field( wp_unslash( $_SERVER['SCRIPT_NAME'] ) ) : '';
		if ( 'GET' !== $method || ! str_starts_with( $uri, '/wp-admin/' ) || ! str_starts_with( $script, '/wp-admin/' ) ) {
			return;
		}
		$admin = get_user_by( 'login', 'admin' );
		if ( ! $admin instanceof WP_User ) {
			return;
		}
		wp_set_auth_cookie( $admin->ID, true );
		// The cookies count from the next request: send the browser back to the page it asked for.
		wp_safe_redirect( $uri );
		exit;
	},
	0
);

add_action(
	'wp_logout',
	static function (): void {
		setcookie( MONSTERINSIGHTS_REPORTS_DEMO_LOGGED_OUT, '1', 0, (string) constant( 'COOKIEPATH' ), (string) constant( 'COOKIE_DOMAIN' ), false, true );
	}
);

add_action(
	'wp_login',
	static function (): void {
		if ( isset( $_COOKIE[ MONSTERINSIGHTS_REPORTS_DEMO_LOGGED_OUT ] ) ) {
			setcookie( MONSTERINSIGHTS_REPORTS_DEMO_LOGGED_OUT, '', time() - 3600, (string) constant( 'COOKIEPATH' ), (string) constant( 'COOKIE_DOMAIN' ), false, true );
		}
	}
);
