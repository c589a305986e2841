<?php
/**
 * Where the google source's requests go.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

defined( 'ABSPATH' ) || exit;

/**
 * Google's endpoints by API. The constant MONSTERINSIGHTS_REPORTS_GOOGLE_BASE (defined only by the
 * tests and the demo, for the fake Google server of tests/fake-google) sends every API to one base
 * URL instead, with the same paths.
 */
final class Endpoints {

	/**
	 * The real hosts, by API.
	 */
	private const HOSTS = array(
		'token'         => 'https://oauth2.googleapis.com',
		'authorize'     => 'https://accounts.google.com',
		'admin'         => 'https://analyticsadmin.googleapis.com',
		'data'          => 'https://analyticsdata.googleapis.com',
		'searchconsole' => 'https://www.googleapis.com',
		'pagespeed'     => 'https://www.googleapis.com',
	);

	/**
	 * The JWT audience of a service account's assertion (Google's, whatever the base).
	 */
	public const TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';

	/**
	 * The scopes the source asks: GA4 and Search Console, read only.
	 */
	public const SCOPES = 'https://www.googleapis.com/auth/analytics.readonly https://www.googleapis.com/auth/webmasters.readonly';

	/**
	 * A URL of an API.
	 *
	 * @param string $api  token, authorize, admin, data, searchconsole or pagespeed.
	 * @param string $path The path, from its leading slash.
	 */
	public static function url( string $api, string $path ): string {
		return self::base( $api ) . $path;
	}

	/**
	 * The base URL of an API.
	 *
	 * @param string $api The API.
	 */
	public static function base( string $api ): string {
		if ( defined( 'MONSTERINSIGHTS_REPORTS_GOOGLE_BASE' ) && is_string( MONSTERINSIGHTS_REPORTS_GOOGLE_BASE ) && '' !== MONSTERINSIGHTS_REPORTS_GOOGLE_BASE ) {
			return untrailingslashit( MONSTERINSIGHTS_REPORTS_GOOGLE_BASE );
		}
		return self::HOSTS[ $api ] ?? self::HOSTS['data'];
	}

	/**
	 * The token endpoint.
	 */
	public static function token(): string {
		return self::url( 'token', '/token' );
	}

	/**
	 * A GA4 Data API method of a property: runReport, batchRunReports or runRealtimeReport (v1beta),
	 * runFunnelReport (v1alpha).
	 *
	 * @param string $property The property's numeric id.
	 * @param string $method   The method.
	 */
	public static function data( string $property, string $method ): string {
		$version = 'runFunnelReport' === $method ? 'v1alpha' : 'v1beta';
		return self::url( 'data', '/' . $version . '/properties/' . rawurlencode( $property ) . ':' . $method );
	}
}
