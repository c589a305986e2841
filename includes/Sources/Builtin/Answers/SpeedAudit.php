<?php
/**
 * Run Audit on the builtin source: the server fetches the front page and times its response.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

defined( 'ABSPATH' ) || exit;

/**
 * An audit requests the site's front page (filter `monsterinsights_reports_speed_audit_url`) from
 * the server itself, as a phone or a desktop browser would (their user agents), and measures the
 * server response time: from the moment the request was sent to the first byte of the answer (cURL's
 * start-transfer time less its pre-transfer time, so DNS and connecting do not count); where the
 * transport is not cURL, the time of the whole request. The last audit of each device is kept in
 * an option. Nothing is tracked: the fetch runs no JavaScript.
 */
final class SpeedAudit {

	/**
	 * Option: device → { server_response_time (ms), at (Unix time) }.
	 */
	public const OPTION = 'monsterinsights_reports_speed_audit';

	/**
	 * The user agents of the two devices (Lighthouse's emulated phone and desktop).
	 */
	public const USER_AGENTS = array(
		'mobile'  => 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
		'desktop' => 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
	);

	/**
	 * The last audit of a device.
	 *
	 * @param string $device desktop or mobile.
	 * @return array{server_response_time: float, at: int}|null
	 */
	public static function last( string $device ): ?array {
		$stored = get_option( self::OPTION, array() );
		$audit  = is_array( $stored ) ? ( $stored[ $device ] ?? null ) : null;
		if ( ! is_array( $audit ) || ! is_numeric( $audit['server_response_time'] ?? null ) || ! is_numeric( $audit['at'] ?? null ) ) {
			return null;
		}
		return array(
			'server_response_time' => (float) $audit['server_response_time'],
			'at'                   => (int) $audit['at'],
		);
	}

	/**
	 * Runs an audit and keeps it.
	 *
	 * @param string $device desktop or mobile.
	 * @return array{server_response_time: float, at: int}|\WP_Error
	 */
	public static function run( string $device ): array|\WP_Error {
		$device = 'mobile' === $device ? 'mobile' : 'desktop';
		/**
		 * Filters the page Run Audit fetches.
		 *
		 * @param string $url    The front page.
		 * @param string $device desktop or mobile.
		 */
		$url  = (string) apply_filters( 'monsterinsights_reports_speed_audit_url', home_url( '/' ), $device );
		$info = array();
		$hook = static function ( $headers, $curl_info = null ) use ( &$info ): void {
			if ( is_array( $curl_info ) ) {
				$info = $curl_info;
			}
		};
		add_action( 'requests-curl.after_request', $hook, 10, 2 );
		$started  = microtime( true );
		$response = wp_remote_get(
			$url,
			array(
				'timeout'    => 30,
				'user-agent' => self::USER_AGENTS[ $device ],
				'headers'    => array( 'Cache-Control' => 'no-cache' ),
				// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- Core's filter for requests to the site itself (wp-includes/class-wp-http-streams.php).
				'sslverify'  => (bool) apply_filters( 'https_local_ssl_verify', false ),
			)
		);
		$elapsed = ( microtime( true ) - $started ) * 1000;
		remove_action( 'requests-curl.after_request', $hook, 10 );
		if ( is_wp_error( $response ) ) {
			return new \WP_Error( 'audit_failed', $response->get_error_message(), array( 'status' => 502 ) );
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		if ( $status < 200 || $status >= 400 ) {
			return new \WP_Error(
				'audit_failed',
				/* translators: %d: an HTTP status code such as 500. */
				sprintf( __( 'The front page answered with HTTP status %d.', 'monsterinsights-reports' ), $status ),
				array( 'status' => 502 )
			);
		}
		$first_byte        = isset( $info['starttransfer_time'], $info['pretransfer_time'] )
			? ( (float) $info['starttransfer_time'] - (float) $info['pretransfer_time'] ) * 1000
			: $elapsed;
		$audit             = array(
			'server_response_time' => round( max( 0.0, $first_byte ) ),
			'at'                   => time(),
		);
		$stored            = get_option( self::OPTION, array() );
		$stored            = is_array( $stored ) ? $stored : array();
		$stored[ $device ] = $audit;
		update_option( self::OPTION, $stored, false );
		return $audit;
	}
}
