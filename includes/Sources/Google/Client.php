<?php
/**
 * Authorised calls to Google's APIs for one connection.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * Adds the access token to each call. An API's 401 means the token is no longer good: it is
 * renewed once and the call repeated; a second 401 marks the connection for re-auth.
 */
final class Client {

	/**
	 * Its tokens.
	 *
	 * @var Tokens
	 */
	private Tokens $tokens;

	/**
	 * Builds it.
	 *
	 * @param Connection $connection The connection.
	 */
	public function __construct( public readonly Connection $connection ) {
		$this->tokens = new Tokens( $connection );
	}

	/**
	 * A JSON POST to an API.
	 *
	 * @param string               $url  The URL.
	 * @param array<string, mixed> $body The body.
	 * @return array<string, mixed>
	 * @throws GoogleError When Google does not answer with what was asked.
	 */
	public function post( string $url, array $body ): array {
		return $this->authorised( static fn( string $token ): array => Http::post_json( $url, $body, $token ) );
	}

	/**
	 * A GET of an API.
	 *
	 * @param string                $url   The URL.
	 * @param array<string, string> $query The query.
	 * @return array<string, mixed>
	 * @throws GoogleError When Google does not answer with what was asked.
	 */
	public function get( string $url, array $query = array() ): array {
		return $this->authorised( static fn( string $token ): array => Http::get_json( $url, $query, $token ) );
	}

	/**
	 * A GA4 Data API call on the connection's property.
	 *
	 * @param string               $method runReport, batchRunReports, runRealtimeReport or runFunnelReport.
	 * @param array<string, mixed> $body   The body.
	 * @return array<string, mixed>
	 * @throws GoogleError When Google does not answer with what was asked.
	 */
	public function data( string $method, array $body ): array {
		$property = $this->connection->get()['property'];
		if ( '' === $property ) {
			throw GoogleError::because( GoogleError::NOT_CONFIGURED );
		}
		return $this->post( Endpoints::data( $property, $method ), $body );
	}

	/**
	 * Runs a call with a token, renewing it once on a 401.
	 *
	 * @param callable $call The call.
	 * @phpstan-param callable(string): array<string, mixed> $call
	 * @return array<string, mixed>
	 * @throws GoogleError When Google does not answer with what was asked.
	 */
	private function authorised( callable $call ): array {
		if ( $this->connection->needs_reauth() ) {
			throw GoogleError::because( GoogleError::REAUTH );
		}
		try {
			return $call( $this->tokens->access_token() );
		} catch ( GoogleError $error ) {
			if ( GoogleError::REAUTH !== $error->kind ) {
				throw $error;
			}
		}
		$this->tokens->forget();
		try {
			return $call( $this->tokens->renew() );
		} catch ( GoogleError $error ) {
			if ( GoogleError::REAUTH === $error->kind ) {
				$this->connection->update( array( 'reauth' => true ) );
			}
			throw $error;
		}
	}
}
