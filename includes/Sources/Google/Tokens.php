<?php
/**
 * Access tokens for the google source: signed for a service account, refreshed for an OAuth client.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use Firebase\JWT\JWT;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * The current access token is kept encrypted (Connection::SECRET_TOKEN, {access_token, expires})
 * and replaced a minute before it expires: for a service account by a JWT assertion signed with
 * its key (RS256, firebase/php-jwt), for an OAuth client by its refresh token. invalid_grant or a
 * refused client marks the connection for re-auth.
 */
final class Tokens {

	/**
	 * Seconds before expiry at which a token is replaced.
	 */
	public const MARGIN = 60;

	/**
	 * Builds it for a connection.
	 *
	 * @param Connection $connection The connection.
	 */
	public function __construct( private readonly Connection $connection ) {
	}

	/**
	 * A valid access token.
	 *
	 * @throws GoogleError When none can be had.
	 */
	public function access_token(): string {
		$cached = $this->connection->secret( Connection::SECRET_TOKEN );
		if ( is_array( $cached ) && is_string( $cached['access_token'] ?? null ) && (int) ( $cached['expires'] ?? 0 ) - self::MARGIN > time() ) {
			return $cached['access_token'];
		}
		return $this->renew();
	}

	/**
	 * Forgets the current token (an API answered 401 with it).
	 */
	public function forget(): void {
		$this->connection->forget_secret( Connection::SECRET_TOKEN );
	}

	/**
	 * Gets a new token from the token endpoint and keeps it.
	 *
	 * @throws GoogleError When none can be had.
	 */
	public function renew(): string {
		$settings = $this->connection->get();
		try {
			$answer = match ( $settings['auth'] ) {
				Connection::SERVICE_ACCOUNT => Http::post_form( Endpoints::token(), $this->assertion_grant() ),
				Connection::OAUTH           => Http::post_form( Endpoints::token(), $this->refresh_grant() ),
				default                     => throw GoogleError::because( GoogleError::NOT_CONFIGURED ),
			};
		} catch ( GoogleError $error ) {
			if ( GoogleError::REAUTH === $error->kind || GoogleError::FORBIDDEN === $error->kind ) {
				// The token endpoint refused the key or grant: only signing in again helps.
				$this->connection->update( array( 'reauth' => true ) );
				throw GoogleError::because( GoogleError::REAUTH, $error->reason );
			}
			throw $error;
		}
		$token = $answer['access_token'] ?? null;
		if ( ! is_string( $token ) || '' === $token ) {
			throw GoogleError::because( GoogleError::MALFORMED );
		}
		$this->connection->store_secret(
			Connection::SECRET_TOKEN,
			array(
				'access_token' => $token,
				'expires'      => time() + (int) ( $answer['expires_in'] ?? 3600 ),
			)
		);
		if ( $settings['reauth'] ) {
			$this->connection->update( array( 'reauth' => false ) );
		}
		return $token;
	}

	/**
	 * The service account's JWT bearer grant.
	 *
	 * @return array<string, string>
	 * @throws GoogleError Without a usable key.
	 */
	private function assertion_grant(): array {
		$key = $this->connection->secret( Connection::SECRET_KEY );
		if ( ! is_array( $key ) || ! is_string( $key['private_key'] ?? null ) || ! is_string( $key['client_email'] ?? null ) ) {
			throw GoogleError::because( GoogleError::REAUTH, __( 'The service account key is missing.', 'monsterinsights-reports' ) );
		}
		return array(
			'grant_type' => 'urn:ietf:params:oauth:grant-type:jwt-bearer',
			'assertion'  => self::assertion( $key ),
		);
	}

	/**
	 * A signed JWT assertion for a service account key.
	 *
	 * @param array<mixed> $key The key's JSON, decoded.
	 * @throws GoogleError When the key cannot sign.
	 */
	public static function assertion( array $key ): string {
		$now = time();
		try {
			return JWT::encode(
				array(
					'iss'   => (string) $key['client_email'],
					'scope' => Endpoints::SCOPES,
					'aud'   => Endpoints::TOKEN_AUDIENCE,
					'iat'   => $now,
					'exp'   => $now + 3600,
				),
				(string) $key['private_key'],
				'RS256',
				is_string( $key['private_key_id'] ?? null ) ? $key['private_key_id'] : null
			);
		} catch ( \Throwable $e ) {
			throw GoogleError::because( GoogleError::REAUTH, __( 'The service account’s private key cannot sign.', 'monsterinsights-reports' ) );
		}
	}

	/**
	 * The OAuth client's refresh grant.
	 *
	 * @return array<string, string>
	 * @throws GoogleError Without a refresh token.
	 */
	private function refresh_grant(): array {
		$oauth = $this->connection->secret( Connection::SECRET_OAUTH );
		if ( ! is_array( $oauth ) || ! is_string( $oauth['refresh_token'] ?? null ) || '' === $oauth['refresh_token'] ) {
			throw GoogleError::because( GoogleError::REAUTH, __( 'The Google sign-in is missing.', 'monsterinsights-reports' ) );
		}
		return array(
			'grant_type'    => 'refresh_token',
			'refresh_token' => $oauth['refresh_token'],
			'client_id'     => $this->connection->get()['client_id'],
			'client_secret' => (string) ( $oauth['client_secret'] ?? '' ),
		);
	}
}
