<?php
/**
 * Site Health's test of the collector endpoint: a loopback POST to the URL the tracker posts to.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin\SiteHealth;

use MonsterInsights\Reports\Admin\SiteHealth;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;

defined( 'ABSPATH' ) || exit;

/**
 * The collector endpoint answers a loopback request (an asynchronous test).
 */
final class CollectorCheck {

	/**
	 * Statuses of the collector that show it answered: hit stored or dropped (204), malformed body
	 * (400), wrong method (405), too large (413).
	 */
	private const COLLECTOR_ANSWERS = array( 204, 400, 405, 413 );

	/**
	 * The collector answers the URL the tracker posts to. An empty POST is refused as malformed
	 * (400), so nothing is written.
	 *
	 * @return array<string, mixed>
	 */
	public static function run(): array {
		$url      = TrackerScript::endpoint();
		$response = wp_remote_post(
			$url,
			array(
				'timeout'   => SiteHealth::TIMEOUT,
				'body'      => '',
				'headers'   => array( 'Content-Type' => 'text/plain' ),
				/** This filter is documented in wp-includes/class-wp-http-streams.php */
				'sslverify' => apply_filters( 'https_local_ssl_verify', false ), // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- Core's loopback filter.
			)
		);
		$status = is_wp_error( $response ) ? 0 : (int) wp_remote_retrieve_response_code( $response );

		if ( ! in_array( $status, self::COLLECTOR_ANSWERS, true ) ) {
			if ( is_wp_error( $response ) ) {
				$error = $response->get_error_message();
			} else {
				/* translators: %d: an HTTP status code. */
				$error = sprintf( __( 'HTTP status %d', 'monsterinsights-reports' ), $status );
			}
			return Result::make(
				'collector',
				'critical',
				__( 'Visits cannot reach the Insights collector', 'monsterinsights-reports' ),
				sprintf(
					/* translators: 1: a URL, 2: the error or HTTP status. */
					esc_html__( 'The tracker sends each visit to %1$s, but a request from the site to that address failed (%2$s). No visits are recorded until it answers. A firewall, a security plugin or the server configuration may be blocking it.', 'monsterinsights-reports' ),
					'<code>' . esc_html( $url ) . '</code>',
					esc_html( $error )
				)
			);
		}
		if ( str_contains( $url, 'collect.php' ) ) {
			return Result::make(
				'collector',
				'good',
				__( 'The Insights collector answers', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: a URL. */
					esc_html__( 'Visits are sent to %s, which stores them without loading WordPress.', 'monsterinsights-reports' ),
					'<code>' . esc_html( $url ) . '</code>'
				)
			);
		}
		return Result::make(
			'collector',
			'recommended',
			__( 'The Insights collector answers through the REST API', 'monsterinsights-reports' ),
			sprintf(
				/* translators: %s: a URL. */
				esc_html__( 'Visits are sent to %s, which loads WordPress for every visit. The lighter collect.php endpoint cannot find this site\'s data folder (for example because it was moved outside the web root), so it is not used; visits are recorded all the same.', 'monsterinsights-reports' ),
				'<code>' . esc_html( $url ) . '</code>'
			)
		);
	}
}
