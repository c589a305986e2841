<?php
/**
 * Requests to Google through WordPress's HTTP API, with each failure turned into a GoogleError.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * JSON in, JSON out. A transport error or 5xx is UNAVAILABLE, 429 QUOTA, 403 FORBIDDEN (with
 * Google's message), 401 REAUTH, a body that is not a JSON object MALFORMED (logged, without the
 * request's credentials).
 */
final class Http {

	/**
	 * Seconds before a request is given up.
	 */
	public const TIMEOUT = 20;

	/**
	 * A JSON POST.
	 *
	 * @param string               $url     The URL.
	 * @param array<string, mixed> $body    The JSON body.
	 * @param string               $token   A bearer token, or '' for none.
	 * @return array<string, mixed>
	 * @throws GoogleError When Google does not answer with what was asked.
	 */
	public static function post_json( string $url, array $body, string $token = '' ): array {
		$headers = array( 'Content-Type' => 'application/json' );
		if ( '' !== $token ) {
			$headers['Authorization'] = 'Bearer ' . $token;
		}
		return self::send(
			$url,
			array(
				'method'  => 'POST',
				'headers' => $headers,
				'body'    => (string) wp_json_encode( (object) $body ),
			)
		);
	}

	/**
	 * A form POST (the token endpoint).
	 *
	 * @param string                $url  The URL.
	 * @param array<string, string> $form The fields.
	 * @return array<string, mixed>
	 * @throws GoogleError When Google does not answer with what was asked.
	 */
	public static function post_form( string $url, array $form ): array {
		return self::send(
			$url,
			array(
				'method'  => 'POST',
				'headers' => array( 'Content-Type' => 'application/x-www-form-urlencoded' ),
				'body'    => $form,
			)
		);
	}

	/**
	 * A GET.
	 *
	 * @param string                $url     The URL.
	 * @param array<string, string> $query   Its query arguments.
	 * @param string                $token   A bearer token, or '' for none.
	 * @param int                   $timeout Seconds to wait (a PageSpeed run takes up to a minute).
	 * @return array<string, mixed>
	 * @throws GoogleError When Google does not answer with what was asked.
	 */
	public static function get_json( string $url, array $query = array(), string $token = '', int $timeout = self::TIMEOUT ): array {
		$headers = array();
		if ( '' !== $token ) {
			$headers['Authorization'] = 'Bearer ' . $token;
		}
		return self::send(
			array() === $query ? $url : add_query_arg( array_map( 'rawurlencode', $query ), $url ),
			array(
				'method'  => 'GET',
				'headers' => $headers,
				'timeout' => $timeout,
			)
		);
	}

	/**
	 * Sends a request and reads its answer.
	 *
	 * @param string               $url  The URL.
	 * @param array<string, mixed> $args wp_remote_request()'s arguments.
	 * @return array<string, mixed>
	 * @throws GoogleError When Google does not answer with what was asked.
	 */
	private static function send( string $url, array $args ): array {
		$args['timeout']   ??= self::TIMEOUT;
		$args['redirection'] = 0;
		$response            = wp_remote_request( $url, $args );
		if ( is_wp_error( $response ) ) {
			throw GoogleError::because( GoogleError::UNAVAILABLE, $response->get_error_message() );
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		$raw    = (string) wp_remote_retrieve_body( $response );
		$json   = json_decode( $raw, true );
		if ( $status >= 200 && $status < 300 ) {
			if ( ! is_array( $json ) ) {
				self::log( 'Google sent a body that is not JSON', $url, $status, $raw );
				throw GoogleError::because( GoogleError::MALFORMED );
			}
			return $json;
		}
		$reason = self::reason( is_array( $json ) ? $json : array() );
		if ( 429 === $status ) {
			throw GoogleError::because( GoogleError::QUOTA, $reason );
		}
		if ( $status >= 500 ) {
			throw GoogleError::because( GoogleError::UNAVAILABLE, $reason );
		}
		if ( 403 === $status ) {
			throw GoogleError::because( GoogleError::FORBIDDEN, $reason );
		}
		if ( 401 === $status || 'invalid_grant' === ( is_array( $json ) ? ( $json['error'] ?? '' ) : '' ) ) {
			throw GoogleError::because( GoogleError::REAUTH, $reason );
		}
		if ( ! is_array( $json ) ) {
			self::log( 'Google sent an error that is not JSON', $url, $status, $raw );
			throw GoogleError::because( GoogleError::MALFORMED );
		}
		// A 400 the plugin caused (a request Google does not accept): a bug, logged.
		self::log( 'Google refused a request', $url, $status, $raw );
		throw GoogleError::because( GoogleError::MALFORMED, $reason );
	}

	/**
	 * Google's message: the APIs' {error: {message}}, the token endpoint's {error, error_description}.
	 *
	 * @param array<mixed> $json The error body.
	 */
	private static function reason( array $json ): string {
		$error = $json['error'] ?? null;
		if ( is_array( $error ) ) {
			return sanitize_text_field( (string) ( $error['message'] ?? '' ) );
		}
		if ( is_string( $error ) ) {
			$description = (string) ( $json['error_description'] ?? '' );
			return sanitize_text_field( '' !== $description ? $error . ': ' . $description : $error );
		}
		return '';
	}

	/**
	 * Logs a bad answer (the URL without its query, which may carry an API key; the start of the
	 * body, which never carries the request's credentials).
	 *
	 * @param string $what   What went wrong.
	 * @param string $url    The URL.
	 * @param int    $status The status.
	 * @param string $body   The body.
	 */
	private static function log( string $what, string $url, int $status, string $body ): void {
		$path = (string) strtok( $url, '?' );
		/**
		 * Fires when Google's answer could not be used (logged by the plugin through error_log()).
		 *
		 * @param string $what   What went wrong.
		 * @param string $path   The URL without its query.
		 * @param int    $status The HTTP status.
		 */
		do_action( 'monsterinsights_reports_google_bad_answer', $what, $path, $status );
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- The issue must reach the site's log.
		error_log( sprintf( 'MonsterInsights Reports: %s (%s, HTTP %d): %s', $what, $path, $status, substr( $body, 0, 200 ) ) );
	}
}
