<?php
/**
 * The fake Google's routes, authentication and faults.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\FakeGoogle;

// phpcs:disable WordPress.Security.ValidatedSanitizedInput, WordPress.Security.NonceVerification, WordPress.Security.EscapeOutput -- A test server without WordPress: it reads raw requests and writes JSON.
// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions, WordPress.DateTime.RestrictedFunctions -- Same.

/**
 * Handles one request of PHP's built-in server.
 */
class Server {

	private const SCOPES = array( 'token', 'authorize', 'admin', 'data', 'searchconsole', 'pagespeed', 'all' );

	private const FAULTS = array( 'invalid_grant', 'forbidden', 'quota', 'server_error', 'slow', 'broken_json' );

	private const ANALYTICS_SCOPES = array( 'https://www.googleapis.com/auth/analytics.readonly', 'https://www.googleapis.com/auth/analytics' );

	private const WEBMASTERS_SCOPES = array( 'https://www.googleapis.com/auth/webmasters.readonly', 'https://www.googleapis.com/auth/webmasters' );

	/**
	 * The fixtures folder.
	 *
	 * @var string
	 */
	private string $fixtures;

	/**
	 * The state.
	 *
	 * @var State
	 */
	private State $state;

	/**
	 * Sets up.
	 *
	 * @param string $fixtures The fixtures folder.
	 * @param State  $state    The state.
	 */
	public function __construct( string $fixtures, State $state ) {
		$this->fixtures = $fixtures;
		$this->state    = $state;
	}

	/**
	 * Answers the current request.
	 */
	public function handle(): void {
		$method = (string) ( $_SERVER['REQUEST_METHOD'] ?? 'GET' );
		$uri    = (string) ( $_SERVER['REQUEST_URI'] ?? '/' );
		$path   = (string) strtok( $uri, '?' );
		$body   = (string) file_get_contents( 'php://input' );
		$query  = array();
		parse_str( (string) ( $_SERVER['QUERY_STRING'] ?? '' ), $query );

		if ( str_starts_with( $path, '/__' ) ) {
			$this->control( $method, $path, $body );
			return;
		}
		$headers = function_exists( 'getallheaders' ) ? array_change_key_case( (array) getallheaders(), CASE_LOWER ) : array();
		$this->state->log(
			array(
				'method'        => $method,
				'path'          => $path,
				'query'         => $query,
				'authorization' => $headers['authorization'] ?? null,
				'content_type'  => $headers['content-type'] ?? null,
				'body'          => $body,
			)
		);

		$scope = $this->scope_of( $path );
		if ( null === $scope ) {
			$this->api_error( 404, 'NOT_FOUND', 'The requested URL ' . $path . ' was not found on this server.' );
			return;
		}
		$fault = $this->take_fault( $scope );
		if ( 'slow' === $fault['fault'] ) {
			usleep( (int) ( $fault['delay'] * 1000000 ) );
		} elseif ( null !== $fault['fault'] && 'broken_json' !== $fault['fault'] ) {
			$this->fault( $scope, $fault['fault'], $query );
			return;
		}
		ob_start();
		$this->route( $scope, $method, $path, $query, $body, $headers );
		$output = (string) ob_get_clean();
		if ( 'broken_json' === $fault['fault'] ) {
			$output = substr( $output, 0, (int) ( strlen( $output ) / 2 ) );
			if ( 'authorize' !== $scope ) {
				http_response_code( 200 );
			}
		}
		echo $output;
	}

	/**
	 * Which fault scope a path belongs to; null for no route.
	 *
	 * @param string $path The path.
	 */
	private function scope_of( string $path ): ?string {
		if ( '/token' === $path || '/revoke' === $path ) {
			return 'token';
		}
		if ( '/o/oauth2/v2/auth' === $path || '/o/oauth2/auth' === $path ) {
			return 'authorize';
		}
		if ( '/v1beta/accountSummaries' === $path || preg_match( '#^/v1beta/properties/[0-9]+$#', $path ) ) {
			return 'admin';
		}
		if ( preg_match( '#^/v1(beta|alpha)/properties/[^/]+$#', $path ) || preg_match( '#^/v1beta/properties/[^/]+/metadata$#', $path ) ) {
			return 'data';
		}
		if ( str_starts_with( $path, '/webmasters/v3/sites' ) ) {
			return 'searchconsole';
		}
		if ( '/pagespeedonline/v5/runPagespeed' === $path ) {
			return 'pagespeed';
		}
		return null;
	}

	/**
	 * The fault to play on this request, counting it down.
	 *
	 * @param string $scope The request's scope.
	 * @return array{fault: string|null, delay: float}
	 */
	private function take_fault( string $scope ): array {
		return $this->state->update(
			static function ( array &$state ) use ( $scope ): array {
				$none = array(
					'fault' => null,
					'delay' => 0.0,
				);
				if ( null === $state['fault'] || ( 'all' !== $state['scope'] && $scope !== $state['scope'] ) ) {
					return $none;
				}
				$taken = array(
					'fault' => $state['fault'],
					'delay' => (float) $state['delay'],
				);
				if ( null !== $state['times'] ) {
					--$state['times'];
					if ( $state['times'] <= 0 ) {
						$state['fault'] = null;
						$state['times'] = null;
					}
				}
				return $taken;
			}
		);
	}

	/**
	 * Plays an error fault.
	 *
	 * @param string               $scope The scope.
	 * @param string               $fault The fault.
	 * @param array<string, mixed> $query The query string.
	 */
	private function fault( string $scope, string $fault, array $query ): void {
		if ( 'authorize' === $scope ) {
			$this->redirect_back( $query, array( 'error' => 'access_denied' ) );
			return;
		}
		if ( 'token' === $scope ) {
			$answers                              = array(
				'invalid_grant' => array( 400, 'invalid_grant', 'Token has been expired or revoked.' ),
				'forbidden'     => array( 401, 'unauthorized_client', 'Unauthorized' ),
				'quota'         => array( 429, 'rate_limit_exceeded', 'Rate limit exceeded.' ),
				'server_error'  => array( 500, 'internal_failure', 'Backend Error' ),
			);
			list( $status, $error, $description ) = $answers[ $fault ];
			$this->json(
				$status,
				array(
					'error'             => $error,
					'error_description' => $description,
				)
			);
			return;
		}
		switch ( $fault ) {
			case 'invalid_grant':
				$this->api_error( 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.' );
				return;
			case 'forbidden':
				$messages = array(
					'admin'         => 'The caller does not have permission',
					'data'          => 'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.',
					'searchconsole' => "User does not have sufficient permission for site 'https://example.com/'. See also: https://support.google.com/webmasters/answer/2451999.",
					'pagespeed'     => 'The caller does not have permission',
				);
				$this->api_error( 403, 'PERMISSION_DENIED', $messages[ $scope ] );
				return;
			case 'quota':
				$messages = array(
					'admin'         => "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user' of service 'analyticsadmin.googleapis.com'.",
					'data'          => 'Exhausted property tokens per hour for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/quotas.',
					'searchconsole' => 'Search Analytics load quota exceeded.',
					'pagespeed'     => "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'pagespeedonline.googleapis.com'.",
				);
				$this->api_error( 429, 'RESOURCE_EXHAUSTED', $messages[ $scope ] );
				return;
			default:
				$this->api_error( 500, 'INTERNAL', 'Internal error encountered.' );
		}
	}

	/**
	 * Routes an API request.
	 *
	 * @param string                $scope   The scope.
	 * @param string                $method  The method.
	 * @param string                $path    The path.
	 * @param array<string, mixed>  $query   The query string.
	 * @param string                $body    The body.
	 * @param array<string, string> $headers The headers, lower-case names.
	 */
	private function route( string $scope, string $method, string $path, array $query, string $body, array $headers ): void {
		switch ( $scope ) {
			case 'token':
				if ( 'POST' !== $method ) {
					$this->api_error( 405, 'INVALID_ARGUMENT', 'Method Not Allowed' );
					return;
				}
				if ( '/revoke' === $path ) {
					$this->revoke( $this->form( $body ) + $query );
					return;
				}
				$this->token( $this->form( $body ) );
				return;
			case 'authorize':
				$this->authorize( $query );
				return;
			case 'pagespeed':
				$this->pagespeed( $method, $query );
				return;
		}
		$needed = 'searchconsole' === $scope ? self::WEBMASTERS_SCOPES : self::ANALYTICS_SCOPES;
		if ( ! $this->authorized( $headers['authorization'] ?? '', $needed ) ) {
			return;
		}
		if ( 'admin' === $scope ) {
			if ( 'GET' !== $method ) {
				$this->api_error( 405, 'INVALID_ARGUMENT', 'Method Not Allowed' );
				return;
			}
			if ( '/v1beta/accountSummaries' === $path ) {
				$this->account_summaries( $query );
				return;
			}
			$this->property( substr( $path, strlen( '/v1beta/properties/' ) ) );
			return;
		}
		if ( 'data' === $scope ) {
			$this->data( $method, $path, $body );
			return;
		}
		$this->search_console( $method, $path, $body );
	}

	/**
	 * The token endpoint.
	 *
	 * @param array<string, mixed> $form The form body.
	 */
	private function token( array $form ): void {
		$grant = (string) ( $form['grant_type'] ?? '' );
		if ( 'urn:ietf:params:oauth:grant-type:jwt-bearer' === $grant ) {
			$claims = $this->verify_assertion( (string) ( $form['assertion'] ?? '' ) );
			if ( null === $claims ) {
				return;
			}
			$this->issue( (string) $claims['scope'], false );
			return;
		}
		if ( 'authorization_code' === $grant || 'refresh_token' === $grant ) {
			$client = $this->fixture( 'oauth-client' )['web'];
			if ( ( $form['client_id'] ?? '' ) !== $client['client_id'] || ( $form['client_secret'] ?? '' ) !== $client['client_secret'] ) {
				$this->oauth_error( 401, 'invalid_client', 'Unauthorized' );
				return;
			}
		}
		if ( 'authorization_code' === $grant ) {
			$code  = (string) ( $form['code'] ?? '' );
			$grant = $this->state->update(
				static function ( array &$state ) use ( $code ) {
					$found = $state['codes'][ $code ] ?? null;
					unset( $state['codes'][ $code ] );
					return $found;
				}
			);
			if ( ! is_array( $grant ) ) {
				$this->oauth_error( 400, 'invalid_grant', 'Malformed auth code.' );
				return;
			}
			if ( ( $form['redirect_uri'] ?? '' ) !== $grant['redirect_uri'] ) {
				$this->oauth_error( 400, 'redirect_uri_mismatch', 'Bad Request' );
				return;
			}
			if ( '' !== $grant['challenge'] ) {
				$verifier = (string) ( $form['code_verifier'] ?? '' );
				$computed = 'S256' === $grant['method'] ? rtrim( strtr( base64_encode( hash( 'sha256', $verifier, true ) ), '+/', '-_' ), '=' ) : $verifier;
				if ( '' === $verifier ) {
					$this->oauth_error( 400, 'invalid_grant', 'Missing code verifier.' );
					return;
				}
				if ( ! hash_equals( $grant['challenge'], $computed ) ) {
					$this->oauth_error( 400, 'invalid_grant', 'Invalid code verifier.' );
					return;
				}
			}
			$this->issue( (string) $grant['scope'], (bool) $grant['offline'] );
			return;
		}
		if ( 'refresh_token' === $grant ) {
			$refresh = (string) ( $form['refresh_token'] ?? '' );
			$scope   = $this->state->read()['refresh'][ $refresh ] ?? null;
			if ( ! is_string( $scope ) ) {
				$this->oauth_error( 400, 'invalid_grant', 'Token has been expired or revoked.' );
				return;
			}
			$this->issue( $scope, false );
			return;
		}
		$this->oauth_error( 400, 'unsupported_grant_type', 'Invalid grant_type: ' . $grant );
	}

	/**
	 * Checks a service account's JWT against fixtures/service-account.json; answers the error itself.
	 *
	 * @param string $assertion The JWT.
	 * @return array<string, mixed>|null Its claims, null after an error answer.
	 */
	private function verify_assertion( string $assertion ): ?array {
		$parts = explode( '.', $assertion );
		if ( 3 !== count( $parts ) ) {
			$this->oauth_error( 400, 'invalid_request', 'Invalid JWT: the assertion must have three parts.' );
			return null;
		}
		$decode  = static fn( string $part ) => (string) base64_decode( strtr( $part, '-_', '+/' ), true );
		$header  = json_decode( $decode( $parts[0] ), true );
		$claims  = json_decode( $decode( $parts[1] ), true );
		$account = $this->fixture( 'service-account' );
		$key     = openssl_pkey_get_private( $account['private_key'] );
		$details = false === $key ? false : openssl_pkey_get_details( $key );
		if ( ! is_array( $header ) || ! is_array( $claims ) || 'RS256' !== ( $header['alg'] ?? '' ) || false === $details
			|| 1 !== openssl_verify( $parts[0] . '.' . $parts[1], $decode( $parts[2] ), $details['key'], OPENSSL_ALGO_SHA256 ) ) {
			$this->oauth_error( 400, 'invalid_grant', 'Invalid JWT Signature.' );
			return null;
		}
		if ( ( $claims['iss'] ?? '' ) !== $account['client_email'] ) {
			$this->oauth_error( 400, 'invalid_grant', 'Invalid grant: account not found' );
			return null;
		}
		$audiences = array( 'https://oauth2.googleapis.com/token', $this->base_url() . '/token' );
		if ( ! in_array( $claims['aud'] ?? '', $audiences, true ) ) {
			$this->oauth_error( 400, 'invalid_grant', 'Invalid JWT: Failed audience check.' );
			return null;
		}
		$now = time();
		$iat = (int) ( $claims['iat'] ?? 0 );
		$exp = (int) ( $claims['exp'] ?? 0 );
		if ( $exp - $iat > 3600 || $exp < $now || $iat > $now + 300 ) {
			$this->oauth_error( 400, 'invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.' );
			return null;
		}
		if ( ! isset( $claims['scope'] ) || '' === $claims['scope'] ) {
			$this->oauth_error( 400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.' );
			return null;
		}
		return $claims;
	}

	/**
	 * Issues an access token (and a refresh token).
	 *
	 * @param string $scope   Space-separated scopes.
	 * @param bool   $refresh Whether to add a refresh token.
	 */
	private function issue( string $scope, bool $refresh ): void {
		$answer = $this->state->update(
			static function ( array &$state ) use ( $scope, $refresh ): array {
				$number                    = ++$state['sequence'];
				$token                     = 'ya29.fake-access-' . $number;
				$state['tokens'][ $token ] = array(
					'scope'   => $scope,
					'expires' => time() + 3599,
				);
				$answer                    = array(
					'access_token' => $token,
					'expires_in'   => 3599,
					'scope'        => $scope,
					'token_type'   => 'Bearer',
				);
				if ( $refresh ) {
					$answer['refresh_token']                      = '1//fake-refresh-' . $number;
					$state['refresh'][ $answer['refresh_token'] ] = $scope;
				}
				return $answer;
			}
		);
		$this->json( 200, $answer );
	}

	/**
	 * Revokes an access or refresh token.
	 *
	 * @param array<string, mixed> $form The form.
	 */
	private function revoke( array $form ): void {
		$token = (string) ( $form['token'] ?? '' );
		$known = $this->state->update(
			static function ( array &$state ) use ( $token ): bool {
				$known = isset( $state['tokens'][ $token ] ) || isset( $state['refresh'][ $token ] );
				unset( $state['tokens'][ $token ], $state['refresh'][ $token ] );
				return $known;
			}
		);
		if ( ! $known ) {
			$this->oauth_error( 400, 'invalid_token', 'Token expired or revoked' );
			return;
		}
		$this->json( 200, new \stdClass() );
	}

	/**
	 * The authorize endpoint: redirects back at once with a code, as after the user's consent.
	 *
	 * @param array<string, mixed> $query The query string.
	 */
	private function authorize( array $query ): void {
		$client = $this->fixture( 'oauth-client' )['web'];
		if ( ( $query['client_id'] ?? '' ) !== $client['client_id'] ) {
			http_response_code( 401 );
			header( 'Content-Type: text/plain' );
			echo "Error 401: invalid_client\nThe OAuth client was not found.";
			return;
		}
		if ( 'code' !== ( $query['response_type'] ?? '' ) || ! isset( $query['redirect_uri'] ) || ! isset( $query['scope'] ) ) {
			http_response_code( 400 );
			header( 'Content-Type: text/plain' );
			echo "Error 400: invalid_request\nRequired parameter is missing: response_type, redirect_uri or scope.";
			return;
		}
		$challenge = (string) ( $query['code_challenge'] ?? '' );
		$method    = (string) ( $query['code_challenge_method'] ?? 'plain' );
		$grant     = array(
			'redirect_uri' => (string) $query['redirect_uri'],
			'scope'        => (string) $query['scope'],
			'challenge'    => $challenge,
			'method'       => $method,
			'offline'      => 'offline' === ( $query['access_type'] ?? '' ),
		);
		$code      = $this->state->update(
			static function ( array &$state ) use ( $grant ): string {
				$code                    = '4/fake-code-' . ( ++$state['sequence'] );
				$state['codes'][ $code ] = $grant;
				return $code;
			}
		);
		$this->redirect_back(
			$query,
			array(
				'code'  => $code,
				'scope' => $grant['scope'],
			)
		);
	}

	/**
	 * Redirects to the request's redirect_uri with parameters and its state.
	 *
	 * @param array<string, mixed>  $query  The authorize request.
	 * @param array<string, string> $params The parameters.
	 */
	private function redirect_back( array $query, array $params ): void {
		if ( isset( $query['state'] ) ) {
			$params['state'] = (string) $query['state'];
		}
		$target = (string) ( $query['redirect_uri'] ?? '' );
		http_response_code( 302 );
		header( 'Location: ' . $target . ( str_contains( $target, '?' ) ? '&' : '?' ) . http_build_query( $params, '', '&', PHP_QUERY_RFC3986 ) );
	}

	/**
	 * Checks the bearer token; answers the error itself.
	 *
	 * @param string   $header The Authorization header.
	 * @param string[] $scopes Scopes of which the token needs one.
	 */
	private function authorized( string $header, array $scopes ): bool {
		if ( ! preg_match( '/^Bearer\s+(\S+)$/i', $header, $match ) ) {
			$this->api_error( 401, 'UNAUTHENTICATED', 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.' );
			return false;
		}
		$token = $this->state->read()['tokens'][ $match[1] ] ?? null;
		if ( ! is_array( $token ) || $token['expires'] < time() ) {
			$this->api_error( 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.' );
			return false;
		}
		if ( array() === array_intersect( $scopes, explode( ' ', (string) $token['scope'] ) ) ) {
			$this->api_error( 403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.' );
			return false;
		}
		return true;
	}

	/**
	 * GA4 Admin accountSummaries.list.
	 *
	 * @param array<string, mixed> $query The query string.
	 */
	private function account_summaries( array $query ): void {
		$all    = $this->fixture( 'account-summaries' )['accountSummaries'];
		$size   = (int) ( $query['pageSize'] ?? 50 );
		$size   = $size > 0 ? min( $size, 200 ) : 50;
		$offset = isset( $query['pageToken'] ) ? (int) base64_decode( (string) $query['pageToken'], true ) : 0;
		$answer = array( 'accountSummaries' => array_slice( $all, $offset, $size ) );
		if ( $offset + $size < count( $all ) ) {
			$answer['nextPageToken'] = base64_encode( (string) ( $offset + $size ) );
		}
		$this->json( 200, $answer );
	}

	/**
	 * GA4 Admin properties.get: a property the fixtures grant, its display name and account from
	 * the account summaries, its currency and time zone from fixtures/properties.json; else 403.
	 *
	 * @param string $id The property id.
	 */
	private function property( string $id ): void {
		foreach ( $this->fixture( 'account-summaries' )['accountSummaries'] as $account ) {
			foreach ( $account['propertySummaries'] ?? array() as $summary ) {
				if ( 'properties/' . $id !== $summary['property'] ) {
					continue;
				}
				$settings = $this->fixture( 'properties' )[ $id ] ?? array();
				$this->json(
					200,
					array(
						'name'             => 'properties/' . $id,
						'propertyType'     => $summary['propertyType'],
						'createTime'       => '2020-10-14T09:00:00.000Z',
						'updateTime'       => '2026-01-05T12:00:00.000Z',
						'parent'           => $summary['parent'],
						'displayName'      => $summary['displayName'],
						'industryCategory' => $settings['industryCategory'] ?? 'OTHER',
						'timeZone'         => $settings['timeZone'] ?? 'America/Los_Angeles',
						'currencyCode'     => $settings['currencyCode'] ?? 'USD',
						'serviceLevel'     => 'GOOGLE_ANALYTICS_STANDARD',
						'account'          => $account['account'],
					)
				);
				return;
			}
		}
		$this->api_error( 403, 'PERMISSION_DENIED', 'User does not have sufficient permissions for this property.' );
	}

	/**
	 * The property ids the fixtures grant.
	 *
	 * @return string[]
	 */
	private function properties(): array {
		$ids = array();
		foreach ( $this->fixture( 'account-summaries' )['accountSummaries'] as $account ) {
			foreach ( $account['propertySummaries'] ?? array() as $property ) {
				$ids[] = substr( $property['property'], strlen( 'properties/' ) );
			}
		}
		return $ids;
	}

	/**
	 * GA4 Data: runReport, batchRunReports, runRealtimeReport; v1alpha runFunnelReport.
	 *
	 * @param string $method The method.
	 * @param string $path   The path.
	 * @param string $body   The body.
	 * @throws \InvalidArgumentException Never: caught as an INVALID_ARGUMENT answer.
	 */
	private function data( string $method, string $path, string $body ): void {
		if ( preg_match( '#^/v1beta/properties/([^/:]+)/metadata$#', $path, $match ) ) {
			if ( 'GET' !== $method ) {
				$this->api_error( 405, 'INVALID_ARGUMENT', 'Method Not Allowed' );
				return;
			}
			if ( ! in_array( $match[1], $this->properties(), true ) ) {
				$this->api_error( 403, 'PERMISSION_DENIED', 'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.' );
				return;
			}
			$this->json( 200, ( new Reports( $this->fixtures, $this->today(), $this->spikes(), $this->steady() ) )->metadata( $match[1] ) );
			return;
		}
		if ( ! preg_match( '#^/v1beta/properties/([^/:]+):(runReport|batchRunReports|runRealtimeReport)$#', $path, $match ) && ! preg_match( '#^/v1alpha/properties/([^/:]+):(runFunnelReport)$#', $path, $match ) ) {
			$this->api_error( 404, 'NOT_FOUND', 'The requested URL ' . $path . ' was not found on this server.' );
			return;
		}
		if ( 'POST' !== $method ) {
			$this->api_error( 405, 'INVALID_ARGUMENT', 'Method Not Allowed' );
			return;
		}
		list( , $property, $call ) = $match;
		if ( ! in_array( $property, $this->properties(), true ) ) {
			$this->api_error( 403, 'PERMISSION_DENIED', 'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.' );
			return;
		}
		$request = json_decode( $body, true );
		if ( ! is_array( $request ) ) {
			$this->api_error( 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.' );
			return;
		}
		$reports = new Reports( $this->fixtures, $this->today(), $this->spikes(), $this->steady() );
		try {
			if ( 'runRealtimeReport' === $call ) {
				$answer = $reports->run_realtime_report( $property, $request );
				$this->with_quota( $answer, $request, $property, 'realtime', 1 );
			} elseif ( 'runFunnelReport' === $call ) {
				$answer = $reports->run_funnel_report( $property, $request );
				$this->with_quota( $answer, $request, $property, 'funnel', 1 );
			} elseif ( 'runReport' === $call ) {
				$answer = $reports->run_report( $property, $request );
				$this->with_quota( $answer, $request, $property, 'core', 1 );
			} else {
				$requests = $request['requests'] ?? null;
				if ( ! is_array( $requests ) || array() === $requests ) {
					throw new \InvalidArgumentException( 'requests must not be empty.' );
				}
				if ( count( $requests ) > 5 ) {
					throw new \InvalidArgumentException( 'Too many requests in a batch: the limit is 5.' );
				}
				$answer = array(
					'reports' => array(),
					'kind'    => 'analyticsData#batchRunReports',
				);
				foreach ( array_values( $requests ) as $sub ) {
					if ( isset( $sub['property'] ) && 'properties/' . $property !== $sub['property'] ) {
						throw new \InvalidArgumentException( 'All requests in a batch must be for the same property.' );
					}
					$report = $reports->run_report( $property, is_array( $sub ) ? $sub : array() );
					$this->with_quota( $report, is_array( $sub ) ? $sub : array(), $property, 'core', 1 );
					$answer['reports'][] = $report;
				}
			}
		} catch ( \InvalidArgumentException $error ) {
			$this->api_error( 400, 'INVALID_ARGUMENT', $error->getMessage() );
			return;
		}
		$this->json( 200, $answer );
	}

	/**
	 * Charges a report's tokens (5 each) to the property's hour and day (UTC, as GA4's windows; the
	 * counters of other hours and days are dropped) and adds propertyQuota when the request asks for
	 * it: the tokens left today (200,000), this hour (40,000) and this project hour (14,000), less
	 * those POST /__control quota_used counts as spent.
	 *
	 * @param array<string, mixed> $answer   The report.
	 * @param array<string, mixed> $request  Its request.
	 * @param string               $property The property.
	 * @param string               $category core, realtime or funnel.
	 * @param int                  $count    Reports charged.
	 */
	private function with_quota( array &$answer, array $request, string $property, string $category, int $count ): void {
		list( $day_spent, $hour_spent ) = $this->state->update(
			static function ( array &$state ) use ( $category, $count, $property ): array {
				$day   = $category . ':' . $property . ':' . gmdate( 'Ymd' );
				$hour  = $category . ':' . $property . ':' . gmdate( 'YmdH' );
				$quota = array_filter(
					(array) $state['quota'],
					static fn( $key ): bool => str_ends_with( (string) $key, ':' . gmdate( 'Ymd' ) ) || str_ends_with( (string) $key, ':' . gmdate( 'YmdH' ) ),
					ARRAY_FILTER_USE_KEY
				);
				foreach ( array( $day, $hour ) as $key ) {
					$quota[ $key ] = ( $state['quota'][ $key ] ?? 0 ) + 5 * $count;
				}
				$state['quota'] = $quota;
				$used           = (int) ( $state['used'] ?? 0 );
				return array( $quota[ $day ] + $used, $quota[ $hour ] + $used );
			}
		);
		if ( empty( $request['returnPropertyQuota'] ) ) {
			return;
		}
		$answer['propertyQuota'] = array(
			'tokensPerDay'                          => array(
				'consumed'  => 5,
				'remaining' => max( 0, 200000 - $day_spent ),
			),
			'tokensPerHour'                         => array(
				'consumed'  => 5,
				'remaining' => max( 0, 40000 - $hour_spent ),
			),
			'concurrentRequests'                    => array(
				'consumed'  => 0,
				'remaining' => 10,
			),
			'serverErrorsPerProjectPerHour'         => array(
				'consumed'  => 0,
				'remaining' => 10,
			),
			'potentiallyThresholdedRequestsPerHour' => array(
				'consumed'  => 0,
				'remaining' => 120,
			),
			'tokensPerProjectPerHour'               => array(
				'consumed'  => 5,
				'remaining' => max( 0, 14000 - $hour_spent ),
			),
		);
	}

	/**
	 * Search Console: sites.list and searchanalytics.query.
	 *
	 * @param string $method The method.
	 * @param string $path   The path (raw, the site URL encoded).
	 * @param string $body   The body.
	 */
	private function search_console( string $method, string $path, string $body ): void {
		$sites = $this->fixture( 'sites' );
		if ( '/webmasters/v3/sites' === $path ) {
			if ( 'GET' !== $method ) {
				$this->api_error( 405, 'INVALID_ARGUMENT', 'Method Not Allowed' );
				return;
			}
			$this->json( 200, $sites );
			return;
		}
		if ( ! preg_match( '#^/webmasters/v3/sites/([^/]+)/searchAnalytics/query$#', $path, $match ) ) {
			$this->api_error( 404, 'NOT_FOUND', 'The requested URL ' . $path . ' was not found on this server.' );
			return;
		}
		if ( 'POST' !== $method ) {
			$this->api_error( 405, 'INVALID_ARGUMENT', 'Method Not Allowed' );
			return;
		}
		$site = rawurldecode( $match[1] );
		if ( ! in_array( $site, array_column( $sites['siteEntry'], 'siteUrl' ), true ) ) {
			$this->api_error( 403, 'PERMISSION_DENIED', "User does not have sufficient permission for site '" . $site . "'. See also: https://support.google.com/webmasters/answer/2451999." );
			return;
		}
		$request = json_decode( $body, true );
		if ( ! is_array( $request ) ) {
			$this->api_error( 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.' );
			return;
		}
		try {
			$answer = ( new Reports( $this->fixtures, $this->today(), $this->spikes(), $this->steady() ) )->search_analytics( $site, $request );
		} catch ( \InvalidArgumentException $error ) {
			$this->api_error( 400, 'INVALID_ARGUMENT', $error->getMessage() );
			return;
		}
		$this->json( 200, $answer );
	}

	/**
	 * PageSpeed Insights runPagespeed, from fixtures/pagespeed-{strategy}.json.
	 *
	 * @param string               $method The method.
	 * @param array<string, mixed> $query  The query string.
	 */
	private function pagespeed( string $method, array $query ): void {
		if ( 'GET' !== $method ) {
			$this->api_error( 405, 'INVALID_ARGUMENT', 'Method Not Allowed' );
			return;
		}
		if ( ( $query['key'] ?? '' ) !== $this->fixture( 'api-key' )['key'] ) {
			$this->api_error( 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.' );
			return;
		}
		$url = (string) ( $query['url'] ?? '' );
		if ( ! preg_match( '#^https?://[^/]+#', $url, $origin ) ) {
			$this->api_error( 400, 'INVALID_ARGUMENT', 'Invalid value at \'url\' (TYPE_STRING), "' . $url . '"' );
			return;
		}
		$strategy = strtolower( (string) ( $query['strategy'] ?? 'desktop' ) );
		if ( ! in_array( $strategy, array( 'mobile', 'desktop' ), true ) ) {
			$this->api_error( 400, 'INVALID_ARGUMENT', 'Invalid value at \'strategy\' (type.googleapis.com/google.cloud.pagespeedonline.v5.Strategy), "' . $strategy . '"' );
			return;
		}
		$text = (string) file_get_contents( $this->fixtures . '/pagespeed-' . $strategy . '.json' );
		$text = str_replace(
			array( '"{url}"', '"{origin}"', '"{fetchTime}"' ),
			array( (string) json_encode( $url, JSON_UNESCAPED_SLASHES ), (string) json_encode( $origin[0], JSON_UNESCAPED_SLASHES ), '"' . gmdate( 'Y-m-d\TH:i:s.000\Z' ) . '"' ),
			$text
		);
		http_response_code( 200 );
		header( 'Content-Type: application/json; charset=UTF-8' );
		echo $text;
	}

	/**
	 * The control endpoints: POST /__control, GET /__control, GET /__requests, POST /__reset.
	 *
	 * @param string $method The method.
	 * @param string $path   The path.
	 * @param string $body   The body.
	 */
	private function control( string $method, string $path, string $body ): void {
		if ( '/__requests' === $path && 'GET' === $method ) {
			$this->json( 200, array( 'requests' => $this->state->requests() ) );
			return;
		}
		if ( '/__reset' === $path && 'POST' === $method ) {
			$this->state->reset();
			$this->json( 200, $this->public_state() );
			return;
		}
		if ( '/__control' === $path && 'GET' === $method ) {
			$this->json( 200, $this->public_state() );
			return;
		}
		if ( '/__control' !== $path || 'POST' !== $method ) {
			$this->json( 404, array( 'error' => 'no such control endpoint' ) );
			return;
		}
		$set = json_decode( $body, true );
		if ( ! is_array( $set ) ) {
			$this->json( 400, array( 'error' => 'the body must be a JSON object' ) );
			return;
		}
		$fault = $set['fault'] ?? null;
		$scope = $set['scope'] ?? 'all';
		$times = $set['times'] ?? null;
		if ( array_key_exists( 'spikes', $set ) && null === self::valid_spikes( $set['spikes'] ) ) {
			$this->json( 400, array( 'error' => 'spikes must be null or a list of {metric, date (YYYY-MM-DD), add (an integer)}, each with an optional dimension and value (strings, both or neither)' ) );
			return;
		}
		if ( ( null !== $fault && ! in_array( $fault, self::FAULTS, true ) ) || ! in_array( $scope, self::SCOPES, true ) || ( null !== $times && ( ! is_int( $times ) || $times < 1 ) ) ) {
			$this->json(
				400,
				array(
					'error'  => 'fault must be null or one of ' . implode( ', ', self::FAULTS ) . '; scope one of ' . implode( ', ', self::SCOPES ) . '; times a positive integer or null',
					'faults' => self::FAULTS,
					'scopes' => self::SCOPES,
				)
			);
			return;
		}
		$this->state->update(
			static function ( array &$state ) use ( $set, $fault, $scope, $times ): void {
				if ( array_key_exists( 'fault', $set ) ) {
					$state['fault'] = $fault;
					$state['scope'] = $scope;
					$state['times'] = null === $fault ? null : $times;
				}
				if ( isset( $set['delay'] ) && is_numeric( $set['delay'] ) ) {
					$state['delay'] = (float) $set['delay'];
				}
				if ( array_key_exists( 'today', $set ) ) {
					$state['today'] = is_string( $set['today'] ) && preg_match( '/^\d{4}-\d{2}-\d{2}$/', $set['today'] ) ? $set['today'] : null;
				}
				if ( array_key_exists( 'spikes', $set ) ) {
					$state['spikes'] = self::valid_spikes( $set['spikes'] );
				}
				if ( array_key_exists( 'steady', $set ) ) {
					$state['steady'] = true === $set['steady'];
				}
				if ( isset( $set['quota_used'] ) && is_int( $set['quota_used'] ) && $set['quota_used'] >= 0 ) {
					$state['used'] = $set['quota_used'];
				}
				if ( ! empty( $set['revoke_tokens'] ) ) {
					$state['tokens']  = array();
					$state['refresh'] = array();
				}
			}
		);
		$this->json( 200, $this->public_state() );
	}

	/**
	 * What GET /__control shows.
	 *
	 * @return array<string, mixed>
	 */
	private function public_state(): array {
		$state = $this->state->read();
		return array(
			'fault'  => $state['fault'],
			'scope'  => $state['scope'],
			'times'  => $state['times'],
			'delay'  => $state['delay'],
			'today'  => $this->today(),
			'tokens' => count( $state['tokens'] ),
			'spikes' => $state['spikes'] ?? array(),
			'steady' => ! empty( $state['steady'] ),
		);
	}

	/**
	 * Whether the numbers are steady.
	 */
	private function steady(): bool {
		return ! empty( $this->state->read()['steady'] );
	}

	/**
	 * The spikes /__control plants: a list (null: none) of {metric, date, add} with an optional
	 * {dimension, value}; null when the value is no such list.
	 *
	 * @param mixed $spikes The value sent.
	 * @return array<int, array<string, mixed>>|null
	 */
	private static function valid_spikes( $spikes ): ?array {
		if ( null === $spikes ) {
			return array();
		}
		if ( ! is_array( $spikes ) || array_values( $spikes ) !== $spikes ) {
			return null;
		}
		$out = array();
		foreach ( $spikes as $spike ) {
			if ( ! is_array( $spike ) || ! is_string( $spike['metric'] ?? null ) || ! is_string( $spike['date'] ?? null ) || ! preg_match( '/^\d{4}-\d{2}-\d{2}$/', $spike['date'] ) || ! is_int( $spike['add'] ?? null ) ) {
				return null;
			}
			$one = array(
				'metric' => $spike['metric'],
				'date'   => $spike['date'],
				'add'    => $spike['add'],
			);
			if ( isset( $spike['dimension'] ) || isset( $spike['value'] ) ) {
				if ( ! is_string( $spike['dimension'] ?? null ) || ! is_string( $spike['value'] ?? null ) ) {
					return null;
				}
				$one['dimension'] = $spike['dimension'];
				$one['value']     = $spike['value'];
			}
			$out[] = $one;
		}
		return $out;
	}

	/**
	 * The planted spikes.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function spikes(): array {
		$spikes = $this->state->read()['spikes'] ?? array();
		return is_array( $spikes ) ? $spikes : array();
	}

	/**
	 * "Today" for relative dates: set by /__control, else the UTC date.
	 */
	private function today(): string {
		$today = $this->state->read()['today'];
		return is_string( $today ) ? $today : gmdate( 'Y-m-d' );
	}

	/**
	 * This server's base URL.
	 */
	private function base_url(): string {
		return 'http://' . ( $_SERVER['HTTP_HOST'] ?? '127.0.0.1' );
	}

	/**
	 * A fixture, decoded.
	 *
	 * @param string $name File name without .json.
	 * @return array<mixed>
	 */
	private function fixture( string $name ): array {
		return ( new Reports( $this->fixtures, gmdate( 'Y-m-d' ) ) )->fixture( $name );
	}

	/**
	 * Decodes a form body.
	 *
	 * @param string $body The body.
	 * @return array<string, mixed>
	 */
	private function form( string $body ): array {
		$form = array();
		parse_str( $body, $form );
		return $form;
	}

	/**
	 * A Google API error.
	 *
	 * @param int    $code    HTTP status.
	 * @param string $status  The google.rpc status.
	 * @param string $message The message.
	 */
	private function api_error( int $code, string $status, string $message ): void {
		if ( 401 === $code ) {
			header( 'WWW-Authenticate: Bearer realm="https://accounts.google.com/", error="invalid_token"' );
		}
		$this->json(
			$code,
			array(
				'error' => array(
					'code'    => $code,
					'message' => $message,
					'status'  => $status,
				),
			)
		);
	}

	/**
	 * An OAuth error of the token endpoint.
	 *
	 * @param int    $code        HTTP status.
	 * @param string $error       The error.
	 * @param string $description Its description.
	 */
	private function oauth_error( int $code, string $error, string $description ): void {
		$this->json(
			$code,
			array(
				'error'             => $error,
				'error_description' => $description,
			)
		);
	}

	/**
	 * Writes a JSON answer.
	 *
	 * @param int   $code HTTP status.
	 * @param mixed $data The data.
	 */
	private function json( int $code, $data ): void {
		http_response_code( $code );
		header( 'Content-Type: application/json; charset=UTF-8' );
		echo json_encode( $data, JSON_UNESCAPED_SLASHES | JSON_PRETTY_PRINT );
	}
}
