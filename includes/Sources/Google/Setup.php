<?php
/**
 * What connecting the google source asks of Google: a service account's first token, the GA4
 * properties and Search Console sites the credentials reach, a test of each API, the revocation.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * The settings screen's connect steps, for one connection. Nothing here returns a secret.
 */
final class Setup {

	/**
	 * Most pages of account summaries read (200 accounts a page).
	 */
	private const MAX_PAGES = 25;

	/**
	 * The fields a service account key must have, all strings.
	 */
	public const KEY_FIELDS = array( 'type', 'client_email', 'private_key', 'private_key_id' );

	/**
	 * Builds it.
	 *
	 * @param Connection $connection The connection.
	 */
	public function __construct( private readonly Connection $connection ) {
	}

	/**
	 * What is wrong with a pasted service account key, or null when it looks like one.
	 *
	 * @param mixed $key The decoded JSON.
	 */
	public static function key_problem( $key ): ?string {
		if ( ! is_array( $key ) ) {
			return __( 'This is not a JSON key file. Paste the whole JSON file Google Cloud downloaded for the service account.', 'monsterinsights-reports' );
		}
		if ( 'service_account' !== ( $key['type'] ?? null ) ) {
			return __( 'This JSON is not a service account key (its "type" is not "service_account"). In Google Cloud, create a key of the service account (Keys → Add key → JSON) and paste that file.', 'monsterinsights-reports' );
		}
		foreach ( self::KEY_FIELDS as $field ) {
			if ( ! is_string( $key[ $field ] ?? null ) || '' === trim( $key[ $field ] ) ) {
				/* translators: %s: a field of the key file, such as private_key. */
				return sprintf( __( 'The service account key has no "%s". Paste the whole JSON file, unchanged.', 'monsterinsights-reports' ), $field );
			}
		}
		if ( ! is_email( $key['client_email'] ) ) {
			return __( 'The service account key’s "client_email" is not an e-mail address.', 'monsterinsights-reports' );
		}
		if ( ! str_contains( $key['private_key'], 'PRIVATE KEY-----' ) ) {
			return __( 'The service account key’s "private_key" is not a PEM private key.', 'monsterinsights-reports' );
		}
		return null;
	}

	/**
	 * Connects with a service account key: asks Google for a token with it first, and stores the
	 * key only when Google gives one. A previous OAuth sign-in of the connection goes.
	 *
	 * @param array<string, mixed> $key The key (key_problem() found nothing).
	 * @throws GoogleError When Google refuses the key (the reason is Google's).
	 */
	public function connect_service_account( array $key ): void {
		$answer = Http::post_form(
			Endpoints::token(),
			array(
				'grant_type' => 'urn:ietf:params:oauth:grant-type:jwt-bearer',
				'assertion'  => Tokens::assertion( $key ),
			)
		);
		$token  = $answer['access_token'] ?? null;
		if ( ! is_string( $token ) || '' === $token ) {
			throw GoogleError::because( GoogleError::MALFORMED );
		}
		$this->connection->forget_secret( Connection::SECRET_OAUTH );
		$this->connection->store_secret( Connection::SECRET_KEY, $key );
		$this->connection->store_secret(
			Connection::SECRET_TOKEN,
			array(
				'access_token' => $token,
				'expires'      => time() + (int) ( $answer['expires_in'] ?? 3600 ),
			)
		);
		$this->connection->update(
			array(
				'auth'         => Connection::SERVICE_ACCOUNT,
				'client_email' => (string) $key['client_email'],
				'client_id'    => '',
				'reauth'       => false,
			)
		);
	}

	/**
	 * The GA4 properties the credentials can read, from the Admin API's account summaries (every
	 * page), in Google's order.
	 *
	 * @return array<int, array{account: string, account_name: string, property: string, name: string}>
	 * @throws GoogleError When Google does not answer.
	 */
	public function properties(): array {
		$client     = new Client( $this->connection );
		$properties = array();
		$token      = '';
		for ( $page = 0; $page < self::MAX_PAGES; $page++ ) {
			$query = array( 'pageSize' => '200' );
			if ( '' !== $token ) {
				$query['pageToken'] = $token;
			}
			$answer = $client->get( Endpoints::url( 'admin', '/v1beta/accountSummaries' ), $query );
			foreach ( (array) ( $answer['accountSummaries'] ?? array() ) as $account ) {
				if ( ! is_array( $account ) ) {
					continue;
				}
				foreach ( (array) ( $account['propertySummaries'] ?? array() ) as $property ) {
					$id = is_array( $property ) ? self::last_part( (string) ( $property['property'] ?? '' ) ) : '';
					if ( '' === $id ) {
						continue;
					}
					$properties[] = array(
						'account'      => self::last_part( (string) ( $account['account'] ?? '' ) ),
						'account_name' => sanitize_text_field( (string) ( $account['displayName'] ?? '' ) ),
						'property'     => $id,
						'name'         => sanitize_text_field( (string) ( $property['displayName'] ?? '' ) ),
					);
				}
			}
			$token = is_string( $answer['nextPageToken'] ?? null ) ? $answer['nextPageToken'] : '';
			if ( '' === $token ) {
				break;
			}
		}
		return $properties;
	}

	/**
	 * A GA4 property's settings that the reports follow, from the Admin API (properties.get): the
	 * currency its revenue is in (ISO 4217, e.g. USD) and its reporting time zone (IANA, e.g.
	 * America/New_York); '' for what Google does not say or says in another shape.
	 *
	 * @param string $property The property's numeric id.
	 * @return array{currency: string, time_zone: string}
	 * @throws GoogleError When Google does not answer.
	 */
	public function property_settings( string $property ): array {
		$answer   = ( new Client( $this->connection ) )->get( Endpoints::url( 'admin', '/v1beta/properties/' . rawurlencode( $property ) ) );
		$currency = strtoupper( is_string( $answer['currencyCode'] ?? null ) ? $answer['currencyCode'] : '' );
		$zone     = is_string( $answer['timeZone'] ?? null ) ? $answer['timeZone'] : '';
		return array(
			'currency'  => 1 === preg_match( '/^[A-Z]{3}$/', $currency ) ? $currency : '',
			'time_zone' => in_array( $zone, timezone_identifiers_list( \DateTimeZone::ALL_WITH_BC ), true ) ? $zone : '',
		);
	}

	/**
	 * The Search Console sites the credentials can query (an unverified user's are left out: their
	 * data is not readable).
	 *
	 * @return array<int, array{site: string, permission: string}>
	 * @throws GoogleError When Google does not answer.
	 */
	public function sites(): array {
		$answer = ( new Client( $this->connection ) )->get( Endpoints::url( 'searchconsole', '/webmasters/v3/sites' ) );
		$sites  = array();
		foreach ( (array) ( $answer['siteEntry'] ?? array() ) as $entry ) {
			if ( ! is_array( $entry ) || ! is_string( $entry['siteUrl'] ?? null ) || 'siteUnverifiedUser' === ( $entry['permissionLevel'] ?? '' ) ) {
				continue;
			}
			$sites[] = array(
				'site'       => $entry['siteUrl'],
				'permission' => sanitize_key( (string) ( $entry['permissionLevel'] ?? '' ) ),
			);
		}
		return $sites;
	}

	/**
	 * Calls each API once and says what it answered: a one-day GA4 report of yesterday's
	 * sessions, the Search Console site list, a PageSpeed run of the home page when a key is set.
	 *
	 * @return array{analytics: array{ok: bool, configured: bool, message: string}, searchconsole: array{ok: bool, configured: bool, message: string}, pagespeed: array{ok: bool, configured: bool, message: string}}
	 */
	public function test(): array {
		$settings = $this->connection->get();
		$client   = new Client( $this->connection );
		$answer   = static fn( bool $ok, string $message, bool $configured = true ): array => array(
			'ok'         => $ok,
			'configured' => $configured,
			'message'    => $message,
		);
		$failed   = static fn( GoogleError $e ): array => $answer( false, '' !== $e->reason ? $e->reason : $e->message_text() );

		if ( '' === $settings['property'] ) {
			$analytics = $answer( false, __( 'Not configured: choose a GA4 property.', 'monsterinsights-reports' ), false );
		} else {
			try {
				$yesterday = wp_date( 'Y-m-d', time() - DAY_IN_SECONDS );
				$report    = $client->data(
					'runReport',
					array(
						'dateRanges'          => array(
							array(
								'startDate' => $yesterday,
								'endDate'   => $yesterday,
							),
						),
						'metrics'             => array( array( 'name' => 'sessions' ) ),
						'returnPropertyQuota' => true,
					)
				);
				Quota::observe( array( $report ) );
				$sessions = (int) ( $report['rows'][0]['metricValues'][0]['value'] ?? 0 );
				/* translators: %s: a number of sessions. */
				$message = sprintf( _n( '%s session yesterday', '%s sessions yesterday', $sessions, 'monsterinsights-reports' ), number_format_i18n( $sessions ) );
				$left    = Quota::latest()['day'] ?? null;
				if ( null !== $left ) {
					/* translators: 1: yesterday's sessions, such as "1,234 sessions yesterday"; 2: a number of GA4 quota tokens. */
					$message = sprintf( __( '%1$s; %2$s quota tokens left today', 'monsterinsights-reports' ), $message, number_format_i18n( $left ) );
				}
				$analytics = $answer( true, $message );
			} catch ( GoogleError $e ) {
				$analytics = $failed( $e );
			}
		}

		try {
			$sites = $this->sites();
			$found = '' === $settings['sc_site'] || in_array( $settings['sc_site'], array_column( $sites, 'site' ), true );
			if ( ! $found ) {
				/* translators: %s: a Search Console site, such as https://example.com/. */
				$searchconsole = $answer( false, sprintf( __( 'The site %s is no longer among the Search Console sites these credentials can read.', 'monsterinsights-reports' ), $settings['sc_site'] ) );
			} else {
				$searchconsole = $answer(
					true,
					/* translators: %d: a number of sites. */
					sprintf( _n( '%d site readable', '%d sites readable', count( $sites ), 'monsterinsights-reports' ), count( $sites ) )
				);
			}
		} catch ( GoogleError $e ) {
			$searchconsole = $failed( $e );
		}

		$key = $this->connection->secret( Connection::SECRET_PSI );
		if ( ! is_string( $key ) || '' === $key ) {
			$pagespeed = $answer( false, __( 'Not configured: add a PageSpeed Insights API key for lab audits.', 'monsterinsights-reports' ), false );
		} else {
			try {
				$run       = Http::get_json(
					Endpoints::url( 'pagespeed', '/pagespeedonline/v5/runPagespeed' ),
					array(
						'url'      => home_url( '/' ),
						'strategy' => 'mobile',
						'category' => 'performance',
						'key'      => $key,
					)
				);
				$score     = $run['lighthouseResult']['categories']['performance']['score'] ?? null;
				$pagespeed = $answer(
					true,
					is_numeric( $score )
						/* translators: %d: a performance score from 0 to 100. */
						? sprintf( __( 'Mobile performance score %d', 'monsterinsights-reports' ), (int) round( (float) $score * 100 ) )
						: __( 'Answered without a performance score', 'monsterinsights-reports' )
				);
			} catch ( GoogleError $e ) {
				$pagespeed = $failed( $e );
			}
		}

		return array(
			'analytics'     => $analytics,
			'searchconsole' => $searchconsole,
			'pagespeed'     => $pagespeed,
		);
	}

	/**
	 * Revokes the connection's grant at Google, best effort: the refresh token of an OAuth
	 * sign-in, else the current access token.
	 */
	public function revoke(): void {
		$oauth = $this->connection->secret( Connection::SECRET_OAUTH );
		$token = is_array( $oauth ) && is_string( $oauth['refresh_token'] ?? null ) ? $oauth['refresh_token'] : null;
		if ( null === $token ) {
			$access = $this->connection->secret( Connection::SECRET_TOKEN );
			$token  = is_array( $access ) && is_string( $access['access_token'] ?? null ) ? $access['access_token'] : null;
		}
		if ( null === $token || '' === $token ) {
			return;
		}
		try {
			Http::post_form( Endpoints::url( 'token', '/revoke' ), array( 'token' => $token ) );
		} catch ( GoogleError $e ) {
			// Best effort: the secrets go whatever Google answers.
			unset( $e );
		}
	}

	/**
	 * The id after the last slash of a resource name ("properties/300000001" → "300000001").
	 *
	 * @param string $name The resource name.
	 */
	private static function last_part( string $name ): string {
		$id = substr( (string) strrchr( '/' . $name, '/' ), 1 );
		return 1 === preg_match( '/^\d+$/', $id ) ? $id : '';
	}
}
