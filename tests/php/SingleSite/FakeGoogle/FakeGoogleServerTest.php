<?php
/**
 * The fake Google server (tests/fake-google), over HTTP with WordPress's HTTP API.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\FakeGoogle;

use MonsterInsights\Reports\Tests\Support\FakeGoogle\FakeGoogleTestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.PHP.DiscouragedPHPFunctions -- The fixtures; base64url of JWTs and PKCE challenges.

/**
 * Starts tests/fake-google/router.php on a free port and checks each endpoint's shape and numbers,
 * the bearer check, the batch limit, every fault and the request log.
 */
class FakeGoogleServerTest extends FakeGoogleTestCase {

	protected const REQUIRES = 'single-site';

	private const ANALYTICS = 'https://www.googleapis.com/auth/analytics.readonly';

	private const WEBMASTERS = 'https://www.googleapis.com/auth/webmasters.readonly';

	/**
	 * Each test starts with no fault, no tokens and an empty log.
	 */
	protected function set_up() {
		parent::set_up();
		$this->assertNull( self::fake_google_control( '/__reset' )['fault'] );
	}

	/**
	 * The service account's JWT grant gives a bearer token; a JWT signed with another key, for
	 * another audience or living over an hour is refused with invalid_grant.
	 */
	public function test_service_account_jwt_grant(): void {
		$answer = $this->jwt_grant( $this->assertion( self::ANALYTICS ) );
		$this->assertSame( 200, $answer['status'] );
		$this->assertSame(
			array(
				'access_token' => 'ya29.fake-access-1',
				'expires_in'   => 3599,
				'scope'        => self::ANALYTICS,
				'token_type'   => 'Bearer',
			),
			$answer['json']
		);

		$other = openssl_pkey_new(
			array(
				'private_key_bits' => 2048,
				'private_key_type' => OPENSSL_KEYTYPE_RSA,
			)
		);
		$this->assertNotFalse( $other );
		openssl_pkey_export( $other, $other_pem );
		$refused = array(
			'Invalid JWT Signature.'              => $this->assertion( self::ANALYTICS, array(), (string) $other_pem ),
			'Invalid JWT: Failed audience check.' => $this->assertion( self::ANALYTICS, array( 'aud' => 'https://example.com/token' ) ),
			'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.' => $this->assertion( self::ANALYTICS, array( 'exp' => time() + 7200 ) ),
		);
		foreach ( $refused as $description => $assertion ) {
			$answer = $this->jwt_grant( $assertion );
			$this->assertSame( 400, $answer['status'], $description );
			$this->assertSame(
				array(
					'error'             => 'invalid_grant',
					'error_description' => $description,
				),
				$answer['json']
			);
		}
		// The server's own /token is an accepted audience too.
		$this->assertSame( 200, $this->jwt_grant( $this->assertion( self::ANALYTICS, array( 'aud' => self::$fake_google_url . '/token' ) ) )['status'] );
	}

	/**
	 * The OAuth client's flow: authorize redirects back with a code and the state; the code is
	 * exchanged once, with the PKCE verifier, for an access and a refresh token; the refresh token
	 * gives new access tokens.
	 */
	public function test_authorization_code_with_pkce_and_refresh(): void {
		$client    = $this->fixture( 'oauth-client' )['web'];
		$verifier  = str_repeat( 'v', 43 );
		$challenge = rtrim( strtr( base64_encode( hash( 'sha256', $verifier, true ) ), '+/', '-_' ), '=' );
		$redirect  = 'http://example.org/wp-admin/admin.php?page=monsterinsights_reports_settings';
		$authorize = $this->request(
			'GET',
			'/o/oauth2/v2/auth?' . http_build_query(
				array(
					'client_id'             => $client['client_id'],
					'redirect_uri'          => $redirect,
					'response_type'         => 'code',
					'scope'                 => self::ANALYTICS . ' ' . self::WEBMASTERS,
					'state'                 => 'the-state',
					'access_type'           => 'offline',
					'code_challenge'        => $challenge,
					'code_challenge_method' => 'S256',
				)
			)
		);
		$this->assertSame( 302, $authorize['status'] );
		$this->assertSame(
			$redirect . '&code=' . rawurlencode( '4/fake-code-1' ) . '&scope=' . rawurlencode( self::ANALYTICS . ' ' . self::WEBMASTERS ) . '&state=the-state',
			$authorize['location']
		);

		$exchange = array(
			'grant_type'    => 'authorization_code',
			'code'          => '4/fake-code-1',
			'redirect_uri'  => $redirect,
			'client_id'     => $client['client_id'],
			'client_secret' => $client['client_secret'],
		);
		$bad      = $this->form( $exchange + array( 'code_verifier' => str_repeat( 'w', 43 ) ) );
		$this->assertSame( 400, $bad['status'] );
		$this->assertSame( 'invalid_grant', $bad['json']['error'] );

		// A refused verifier spent the code, as Google's codes are single-use: authorize again.
		$this->request( 'GET', '/o/oauth2/v2/auth?' . http_build_query( array( 'client_id' => $client['client_id'], 'redirect_uri' => $redirect, 'response_type' => 'code', 'scope' => self::ANALYTICS, 'access_type' => 'offline', 'code_challenge' => $challenge, 'code_challenge_method' => 'S256' ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- One line.
		$exchange['code'] = '4/fake-code-2';
		$good             = $this->form( $exchange + array( 'code_verifier' => $verifier ) );
		$this->assertSame( 200, $good['status'] );
		$this->assertSame(
			array(
				'access_token'  => 'ya29.fake-access-3',
				'expires_in'    => 3599,
				'scope'         => self::ANALYTICS,
				'token_type'    => 'Bearer',
				'refresh_token' => '1//fake-refresh-3',
			),
			$good['json']
		);
		$again = $this->form( $exchange + array( 'code_verifier' => $verifier ) );
		$this->assertSame( 'invalid_grant', $again['json']['error'] );

		$refresh = array(
			'grant_type'    => 'refresh_token',
			'refresh_token' => '1//fake-refresh-3',
			'client_id'     => $client['client_id'],
			'client_secret' => $client['client_secret'],
		);
		$renewed = $this->form( $refresh );
		$this->assertSame( 200, $renewed['status'] );
		$this->assertSame( 'ya29.fake-access-4', $renewed['json']['access_token'] );
		$this->assertArrayNotHasKey( 'refresh_token', $renewed['json'] );
		$this->assertSame( 200, $this->request( 'GET', '/v1beta/accountSummaries', '', 'ya29.fake-access-4' )['status'] );

		$this->assertSame( 'invalid_client', $this->form( array( 'client_secret' => 'wrong' ) + $refresh )['json']['error'] );
		$this->assertSame( 'invalid_grant', $this->form( array( 'refresh_token' => '1//unknown' ) + $refresh )['json']['error'] );
	}

	/**
	 * Every API but PageSpeed wants a bearer token the server issued, with the API's scope.
	 */
	public function test_bearer_token_is_required(): void {
		$missing = $this->request( 'GET', '/v1beta/accountSummaries' );
		$this->assertSame( 401, $missing['status'] );
		$this->assertSame( 'UNAUTHENTICATED', $missing['json']['error']['status'] );
		$this->assertSame( 401, $missing['json']['error']['code'] );
		$this->assertStringStartsWith( 'Request is missing required authentication credential.', $missing['json']['error']['message'] );

		$wrong = $this->request( 'POST', '/v1beta/properties/' . self::PROPERTY . ':runReport', '{}', 'ya29.not-issued' );
		$this->assertSame( 401, $wrong['status'] );
		$this->assertStringStartsWith( 'Request had invalid authentication credentials.', $wrong['json']['error']['message'] );

		$analytics_only = $this->token( self::ANALYTICS );
		$search         = $this->request( 'GET', '/webmasters/v3/sites', '', $analytics_only );
		$this->assertSame( 403, $search['status'] );
		$this->assertSame( 'Request had insufficient authentication scopes.', $search['json']['error']['message'] );

		$this->request( 'POST', '/__control', (string) wp_json_encode( array( 'revoke_tokens' => true ) ) );
		$this->assertSame( 401, $this->request( 'GET', '/v1beta/accountSummaries', '', $analytics_only )['status'] );
	}

	/**
	 * GA4 Admin lists the fixture's account summaries, pageSize at a time.
	 */
	public function test_account_summaries_pages(): void {
		$token = $this->token( self::ANALYTICS );
		$all   = $this->fixture( 'account-summaries' )['accountSummaries'];
		$first = $this->request( 'GET', '/v1beta/accountSummaries?pageSize=2', '', $token )['json'];
		$this->assertSame( array_slice( $all, 0, 2 ), $first['accountSummaries'] );
		$this->assertSame( 'properties/300000001', $first['accountSummaries'][0]['propertySummaries'][0]['property'] );
		$second = $this->request( 'GET', '/v1beta/accountSummaries?pageSize=2&pageToken=' . rawurlencode( $first['nextPageToken'] ), '', $token )['json'];
		$this->assertSame( array( 'accountSummaries' => array_slice( $all, 2 ) ), $second );
	}

	/**
	 * The Data API's runReport answers in the API's shape with numbers computed from the request: an additive
	 * metric is the sum over the row's days of crc32("{property}|{metric}|{day}|{values}|{filters}") % 1000.
	 */
	public function test_run_report_numbers_and_shape(): void {
		$token  = $this->token( self::ANALYTICS );
		$report = $this->request(
			'POST',
			'/v1beta/properties/' . self::PROPERTY . ':runReport',
			(string) wp_json_encode(
				array(
					'dateRanges'          => array(
						array(
							'startDate' => '2026-11-01',
							'endDate'   => '2026-11-03',
							'name'      => 'current',
						),
						array(
							'startDate' => '2026-10-29',
							'endDate'   => '2026-10-31',
						),
					),
					'dimensions'          => array( array( 'name' => 'date' ) ),
					'metrics'             => array( array( 'name' => 'sessions' ), array( 'name' => 'engagementRate' ) ),
					'orderBys'            => array( array( 'dimension' => array( 'dimensionName' => 'date' ) ) ),
					'metricAggregations'  => array( 'TOTAL' ),
					'returnPropertyQuota' => true,
				)
			),
			$token
		);
		$this->assertSame( 200, $report['status'] );
		$json = $report['json'];
		$this->assertSame( array( array( 'name' => 'date' ), array( 'name' => 'dateRange' ) ), $json['dimensionHeaders'] );
		$this->assertSame(
			array(
				array(
					'name' => 'sessions',
					'type' => 'TYPE_INTEGER',
				),
				array(
					'name' => 'engagementRate',
					'type' => 'TYPE_FLOAT',
				),
			),
			$json['metricHeaders']
		);
		$this->assertSame( 6, $json['rowCount'] );
		$days     = array( '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03' );
		$expected = array();
		foreach ( $days as $index => $day ) {
			$expected[] = array(
				'dimensionValues' => array(
					array( 'value' => str_replace( '-', '', $day ) ),
					array( 'value' => $index < 3 ? 'date_range_1' : 'current' ),
				),
				'metricValues'    => array(
					array( 'value' => (string) ( crc32( self::PROPERTY . '|sessions|' . $day . '||' ) % 1000 ) ),
					// A non-additive value is keyed by its range and the row's values (without the dateRange column).
					array( 'value' => (string) ( ( crc32( self::PROPERTY . '|engagementRate|' . ( $index < 3 ? '2026-10-29|2026-10-31|' : '2026-11-01|2026-11-03|' ) . str_replace( '-', '', $day ) . '|' ) % 10000 ) / 10000 ) ),
				),
			);
		}
		$this->assertSame( $expected, $json['rows'] );

		$current = 0;
		foreach ( array( '2026-11-01', '2026-11-02', '2026-11-03' ) as $day ) {
			$current += crc32( self::PROPERTY . '|sessions|' . $day . '||' ) % 1000;
		}
		$this->assertSame( (string) $current, $json['totals'][0]['metricValues'][0]['value'] );
		$this->assertSame( array( array( 'value' => 'RESERVED_TOTAL' ), array( 'value' => 'current' ) ), $json['totals'][0]['dimensionValues'] );
		$this->assertSame(
			array(
				'currencyCode' => 'USD',
				'timeZone'     => 'America/Los_Angeles',
			),
			$json['metadata']
		);
		$this->assertSame(
			array(
				'consumed'  => 5,
				'remaining' => 199995,
			),
			$json['propertyQuota']['tokensPerDay']
		);

		// A filtered, ordered, limited report with a dimension of its own.
		$filtered = $this->request(
			'POST',
			'/v1beta/properties/' . self::PROPERTY . ':runReport',
			(string) wp_json_encode(
				array(
					'dateRanges'      => array(
						array(
							'startDate' => '2026-11-01',
							'endDate'   => '2026-11-01',
						),
					),
					'dimensions'      => array( array( 'name' => 'sessionSource' ) ),
					'metrics'         => array( array( 'name' => 'sessions' ) ),
					'dimensionFilter' => array(
						'filter' => array(
							'fieldName'    => 'sessionMedium',
							'stringFilter' => array(
								'matchType' => 'EXACT',
								'value'     => 'referral',
							),
						),
					),
					'orderBys'        => array(
						array(
							'metric' => array( 'metricName' => 'sessions' ),
							'desc'   => true,
						),
					),
					'limit'           => 2,
				)
			),
			$token
		)['json'];
		$filters  = '{"dimensionFilter":{"filter":{"fieldName":"sessionMedium","stringFilter":{"matchType":"EXACT","value":"referral"}}}}';
		// The filter keeps the fixture rows of the referral medium: their sources.
		$sources = array( 'news.ycombinator.com', 'github.com', 'wordpress.org', 'facebook.com', 't.co' );
		$values  = array();
		foreach ( $sources as $source ) {
			$values[ $source ] = crc32( self::PROPERTY . '|sessions|2026-11-01|' . $source . '|' . $filters ) % 1000;
		}
		arsort( $values );
		$this->assertSame( 5, $filtered['rowCount'] );
		$this->assertCount( 2, $filtered['rows'] );
		$this->assertSame( (string) reset( $values ), $filtered['rows'][0]['metricValues'][0]['value'] );
		$this->assertSame( (string) key( $values ), $filtered['rows'][0]['dimensionValues'][0]['value'] );

		$invalid = $this->request( 'POST', '/v1beta/properties/' . self::PROPERTY . ':runReport', '{"dateRanges":[{"startDate":"2026-11-01","endDate":"2026-11-01"}],"metrics":[{"name":"exits"}]}', $token );
		$this->assertSame( 400, $invalid['status'] );
		$this->assertSame( 'INVALID_ARGUMENT', $invalid['json']['error']['status'] );
		$this->assertStringStartsWith( 'Field exits is not a valid metric.', $invalid['json']['error']['message'] );

		$other = $this->request( 'POST', '/v1beta/properties/999:runReport', '{}', $token );
		$this->assertSame( 403, $other['status'] );
		$this->assertSame( 'PERMISSION_DENIED', $other['json']['error']['status'] );
	}

	/**
	 * The Data API's batchRunReports answers up to 5 reports, each as runReport would; 6 is INVALID_ARGUMENT.
	 */
	public function test_batch_run_reports_and_its_limit(): void {
		$token = $this->token( self::ANALYTICS );
		$one   = array(
			'dateRanges' => array(
				array(
					'startDate' => '2026-11-01',
					'endDate'   => '2026-11-02',
				),
			),
			'metrics'    => array( array( 'name' => 'totalUsers' ) ),
		);
		$batch = $this->request( 'POST', '/v1beta/properties/' . self::PROPERTY . ':batchRunReports', (string) wp_json_encode( array( 'requests' => array_fill( 0, 5, $one ) ) ), $token );
		$this->assertSame( 200, $batch['status'] );
		$this->assertSame( 'analyticsData#batchRunReports', $batch['json']['kind'] );
		$this->assertCount( 5, $batch['json']['reports'] );
		$users = crc32( self::PROPERTY . '|totalUsers|2026-11-01||' ) % 1000 + crc32( self::PROPERTY . '|totalUsers|2026-11-02||' ) % 1000;
		$this->assertSame( array( array( 'metricValues' => array( array( 'value' => (string) $users ) ) ) ), array_map( static fn( $row ) => array( 'metricValues' => $row['metricValues'] ), $batch['json']['reports'][4]['rows'] ) );
		$this->assertSame( array(), $batch['json']['reports'][4]['rows'][0]['dimensionValues'] );

		$six = $this->request( 'POST', '/v1beta/properties/' . self::PROPERTY . ':batchRunReports', (string) wp_json_encode( array( 'requests' => array_fill( 0, 6, $one ) ) ), $token );
		$this->assertSame( 400, $six['status'] );
		$this->assertSame(
			array(
				'error' => array(
					'code'    => 400,
					'message' => 'Too many requests in a batch: the limit is 5.',
					'status'  => 'INVALID_ARGUMENT',
				),
			),
			$six['json']
		);
	}

	/**
	 * The Data API's runRealtimeReport: one row per minute of the minute range, crc32("{property}|{metric}|{minute}|{values}") % 50.
	 */
	public function test_realtime_report(): void {
		$token  = $this->token( self::ANALYTICS );
		$answer = $this->request(
			'POST',
			'/v1beta/properties/' . self::PROPERTY . ':runRealtimeReport',
			(string) wp_json_encode(
				array(
					'dimensions'   => array( array( 'name' => 'minutesAgo' ) ),
					'metrics'      => array( array( 'name' => 'activeUsers' ) ),
					'minuteRanges' => array(
						array(
							'name'            => 'last5',
							'startMinutesAgo' => 4,
							'endMinutesAgo'   => 0,
						),
					),
					'orderBys'     => array(
						array(
							'dimension' => array(
								'dimensionName' => 'minutesAgo',
								'orderType'     => 'NUMERIC',
							),
						),
					),
				)
			),
			$token
		)['json'];
		$this->assertSame( 'analyticsData#runRealtimeReport', $answer['kind'] );
		$this->assertSame( 5, $answer['rowCount'] );
		$expected = array();
		foreach ( array( '00', '01', '02', '03', '04' ) as $minute ) {
			$expected[] = array(
				'dimensionValues' => array( array( 'value' => $minute ) ),
				'metricValues'    => array( array( 'value' => (string) ( crc32( self::PROPERTY . '|activeUsers|' . $minute . '|' ) % 50 ) ) ),
			);
		}
		$this->assertSame( $expected, $answer['rows'] );
		$this->assertSame(
			array(
				array(
					'name' => 'activeUsers',
					'type' => 'TYPE_INTEGER',
				),
			),
			$answer['metricHeaders']
		);
	}

	/**
	 * Search Console lists the fixture's sites and answers searchAnalytics.query by clicks, rowLimit rows.
	 */
	public function test_search_console(): void {
		$token = $this->token( self::WEBMASTERS );
		$sites = $this->request( 'GET', '/webmasters/v3/sites', '', $token );
		$this->assertSame( $this->fixture( 'sites' ), $sites['json'] );

		$site   = 'https://example.com/';
		$answer = $this->request(
			'POST',
			'/webmasters/v3/sites/' . rawurlencode( $site ) . '/searchAnalytics/query',
			(string) wp_json_encode(
				array(
					'startDate'  => '2026-11-01',
					'endDate'    => '2026-11-02',
					'dimensions' => array( 'query' ),
					'type'       => 'web',
					'rowLimit'   => 50,
					'dataState'  => 'final',
				)
			),
			$token
		)['json'];
		$this->assertSame( 'byProperty', $answer['responseAggregationType'] );
		$this->assertCount( 50, $answer['rows'] );
		$expected = array();
		foreach ( $this->fixture( 'searchconsole' )['query'] as $query ) {
			$clicks      = 0;
			$impressions = 0;
			foreach ( array( '2026-11-01', '2026-11-02' ) as $day ) {
				$day_clicks   = crc32( $site . '|clicks|' . $day . '|' . $query ) % 50;
				$clicks      += $day_clicks;
				$impressions += $day_clicks + 1 + crc32( $site . '|impressions|' . $day . '|' . $query ) % 500;
			}
			$expected[] = array(
				'keys'        => array( $query ),
				'clicks'      => $clicks,
				'impressions' => $impressions,
				'ctr'         => $clicks / $impressions,
				'position'    => 1 + ( crc32( $site . '|position|2026-11-01|2026-11-02|' . $query ) % 400 ) / 10,
			);
		}
		usort( $expected, static fn( $a, $b ) => array( $b['clicks'], $a['keys'] ) <=> array( $a['clicks'], $b['keys'] ) );
		$expected = array_slice( $expected, 0, 50 );
		$this->assertSame( array_column( $expected, 'keys' ), array_column( $answer['rows'], 'keys' ) );
		$this->assertSame( array_column( $expected, 'clicks' ), array_column( $answer['rows'], 'clicks' ) );
		$this->assertSame( array_column( $expected, 'impressions' ), array_column( $answer['rows'], 'impressions' ) );
		$this->assertEqualsWithDelta( $expected[0]['ctr'], $answer['rows'][0]['ctr'], 1e-12 );
		$this->assertEqualsWithDelta( $expected[0]['position'], $answer['rows'][0]['position'], 1e-12 );

		$unknown = $this->request( 'POST', '/webmasters/v3/sites/' . rawurlencode( 'https://other.example/' ) . '/searchAnalytics/query', '{"startDate":"2026-11-01","endDate":"2026-11-01"}', $token );
		$this->assertSame( 403, $unknown['status'] );
		$this->assertSame( 'PERMISSION_DENIED', $unknown['json']['error']['status'] );
	}

	/**
	 * PageSpeed answers the recorded run of the strategy for the URL, with an API key and no token.
	 */
	public function test_pagespeed(): void {
		$key    = $this->fixture( 'api-key' )['key'];
		$url    = 'https://example.com/pricing/';
		$mobile = $this->request( 'GET', '/pagespeedonline/v5/runPagespeed?' . http_build_query( array( 'url' => $url, 'strategy' => 'mobile', 'category' => 'performance', 'key' => $key ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- One line.
		$this->assertSame( 200, $mobile['status'] );
		$result = $mobile['json'];
		$this->assertSame( $url, $result['id'] );
		$this->assertSame( $url, $result['lighthouseResult']['finalUrl'] );
		$this->assertSame( 'mobile', $result['lighthouseResult']['configSettings']['formFactor'] );
		$this->assertSame( 0.71, $result['lighthouseResult']['categories']['performance']['score'] );
		$audits = $result['lighthouseResult']['audits'];
		$this->assertSame( 4105.2, $audits['largest-contentful-paint']['numericValue'] );
		$this->assertSame( '4.1 s', $audits['largest-contentful-paint']['displayValue'] );
		$this->assertSame( 318.5, $audits['total-blocking-time']['numericValue'] );
		$this->assertSame( 0.087, $audits['cumulative-layout-shift']['numericValue'] );
		foreach ( array( 'first-contentful-paint', 'speed-index', 'interactive' ) as $audit ) {
			$this->assertIsFloat( $audits[ $audit ]['numericValue'], $audit );
			$this->assertIsString( $audits[ $audit ]['displayValue'], $audit );
		}
		$this->assertSame( 3120, $result['loadingExperience']['metrics']['LARGEST_CONTENTFUL_PAINT_MS']['percentile'] );
		$this->assertSame( 'https://example.com', $result['originLoadingExperience']['id'] );

		$desktop = $this->request( 'GET', '/pagespeedonline/v5/runPagespeed?' . http_build_query( array( 'url' => $url, 'strategy' => 'desktop', 'key' => $key ) ) )['json']; // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- One line.
		$this->assertSame( 0.94, $desktop['lighthouseResult']['categories']['performance']['score'] );

		$no_key = $this->request( 'GET', '/pagespeedonline/v5/runPagespeed?' . http_build_query( array( 'url' => $url ) ) );
		$this->assertSame( 400, $no_key['status'] );
		$this->assertSame( 'API key not valid. Please pass a valid API key.', $no_key['json']['error']['message'] );
	}

	/**
	 * Each fault answers in Google's shape for its scope, as many times as told, then stops.
	 */
	public function test_faults(): void {
		$token  = $this->token( self::ANALYTICS . ' ' . self::WEBMASTERS );
		$report = '{"dateRanges":[{"startDate":"2026-11-01","endDate":"2026-11-01"}],"metrics":[{"name":"sessions"}]}';
		$data   = fn() => $this->request( 'POST', '/v1beta/properties/' . self::PROPERTY . ':runReport', $report, $token );
		$cases  = array(
			array( 'invalid_grant', 401, 'UNAUTHENTICATED' ),
			array( 'forbidden', 403, 'PERMISSION_DENIED' ),
			array( 'quota', 429, 'RESOURCE_EXHAUSTED' ),
			array( 'server_error', 500, 'INTERNAL' ),
		);
		foreach ( $cases as list( $fault, $code, $status ) ) {
			$this->control( $fault, 'data', 2 );
			foreach ( array( 1, 2 ) as $time ) {
				$answer = $data();
				$this->assertSame( $code, $answer['status'], $fault . ' ' . $time );
				$this->assertSame( $code, $answer['json']['error']['code'] );
				$this->assertSame( $status, $answer['json']['error']['status'] );
				$this->assertIsString( $answer['json']['error']['message'] );
			}
			$this->assertSame( 200, $data()['status'], $fault . ' is over after 2 times' );
		}

		// Scoped: a Search Console fault leaves the Data API alone.
		$this->control( 'quota', 'searchconsole', null );
		$this->assertSame( 200, $data()['status'] );
		$search = $this->request( 'POST', '/webmasters/v3/sites/' . rawurlencode( 'https://example.com/' ) . '/searchAnalytics/query', '{"startDate":"2026-11-01","endDate":"2026-11-01"}', $token );
		$this->assertSame( 429, $search['status'] );
		$this->assertSame( 'Search Analytics load quota exceeded.', $search['json']['error']['message'] );
		$this->control( null, 'all', null );

		// The token endpoint answers OAuth errors.
		$this->control( 'invalid_grant', 'token', 1 );
		$refused = $this->jwt_grant( $this->assertion( self::ANALYTICS ) );
		$this->assertSame( 400, $refused['status'] );
		$this->assertSame(
			array(
				'error'             => 'invalid_grant',
				'error_description' => 'Token has been expired or revoked.',
			),
			$refused['json']
		);
		$this->assertSame( 200, $this->jwt_grant( $this->assertion( self::ANALYTICS ) )['status'] );

		// PageSpeed, all scopes.
		$this->control( 'server_error', 'all', 1 );
		$psi = $this->request( 'GET', '/pagespeedonline/v5/runPagespeed?url=' . rawurlencode( 'https://example.com/' ) . '&key=x' );
		$this->assertSame( 500, $psi['status'] );
		$this->assertSame( 'INTERNAL', $psi['json']['error']['status'] );

		// Broken JSON: a 200 whose body does not parse.
		$this->control( 'broken_json', 'data', 1 );
		$broken = $data();
		$this->assertSame( 200, $broken['status'] );
		$this->assertNotSame( '', $broken['body'] );
		$this->assertNull( json_decode( $broken['body'], true ) );
		$this->assertSame( 200, $data()['status'] );

		// Slow: a client with a shorter timeout gives up.
		$this->request( 'POST', '/__control', '{"fault":"slow","scope":"data","times":1,"delay":2}' );
		$started = microtime( true );
		$slow    = wp_remote_post(
			self::$fake_google_url . '/v1beta/properties/' . self::PROPERTY . ':runReport',
			array(
				'timeout' => 0.5,
				'headers' => array( 'Authorization' => 'Bearer ' . $token ),
				'body'    => $report,
			)
		);
		$this->assertInstanceOf( \WP_Error::class, $slow );
		$this->assertStringContainsString( 'timed out', $slow->get_error_message() );
		$this->assertLessThan( 1.9, microtime( true ) - $started );
		// The slow answer still comes, after the delay, for a patient client.
		$this->assertSame( 200, $data()['status'] );

		$bad = $this->request( 'POST', '/__control', '{"fault":"teapot"}' );
		$this->assertSame( 400, $bad['status'] );
	}

	/**
	 * Steady numbers and planted spikes: an additive metric's day is 450 + crc32 % 100, a rate
	 * (4500 + crc32 % 1000) / 10000; a spike adds to the rows of its day with its dimension value
	 * (never below 0), and a spike without a dimension to every row of its day. A reset clears both.
	 */
	public function test_steady_numbers_and_spikes(): void {
		$state = self::fake_google_control(
			'/__control',
			array(
				'steady' => true,
				'spikes' => array(
					array(
						'metric'    => 'sessions',
						'date'      => '2026-11-02',
						'dimension' => 'sessionDefaultChannelGroup',
						'value'     => 'Email',
						'add'       => 4000,
					),
					array(
						'metric' => 'sessions',
						'date'   => '2026-11-02',
						'add'    => -1000,
					),
				),
			)
		);
		$this->assertTrue( $state['steady'] );
		$this->assertCount( 2, $state['spikes'] );
		$token  = $this->token( self::ANALYTICS );
		$report = $this->request(
			'POST',
			'/v1beta/properties/' . self::PROPERTY . ':runReport',
			(string) wp_json_encode(
				array(
					'dateRanges'      => array(
						array(
							'startDate' => '2026-11-01',
							'endDate'   => '2026-11-02',
						),
					),
					'dimensions'      => array( array( 'name' => 'sessionDefaultChannelGroup' ), array( 'name' => 'date' ) ),
					'metrics'         => array( array( 'name' => 'sessions' ), array( 'name' => 'bounceRate' ) ),
					'dimensionFilter' => array(
						'filter' => array(
							'fieldName'    => 'sessionDefaultChannelGroup',
							'stringFilter' => array( 'value' => 'Email' ),
						),
					),
				)
			),
			$token
		);
		$this->assertSame( 200, $report['status'] );
		$filters = '{"dimensionFilter":{"filter":{"fieldName":"sessionDefaultChannelGroup","stringFilter":{"value":"Email"}}}}';
		$values  = array();
		foreach ( $report['json']['rows'] as $row ) {
			$values[ $row['dimensionValues'][1]['value'] ] = array( $row['metricValues'][0]['value'], $row['metricValues'][1]['value'] );
		}
		$steady = static fn( string $day ): int => 450 + crc32( self::PROPERTY . '|sessions|' . $day . '|Email|' . $filters ) % 100;
		$rate   = static fn( string $date ): string => (string) ( ( 4500 + crc32( self::PROPERTY . '|bounceRate|2026-11-01|2026-11-02|Email|' . $date . '|' . $filters ) % 1000 ) / 10000 );
		$this->assertSame(
			array(
				'20261101' => array( (string) $steady( '2026-11-01' ), $rate( '20261101' ) ),
				'20261102' => array( (string) max( 0, $steady( '2026-11-02' ) + 4000 - 1000 ), $rate( '20261102' ) ),
			),
			$values
		);

		// Without the channel: only the spike without a dimension, never below 0.
		$site = $this->request( 'POST', '/v1beta/properties/' . self::PROPERTY . ':runReport', '{"dateRanges":[{"startDate":"2026-11-02","endDate":"2026-11-02"}],"metrics":[{"name":"sessions"}]}', $token );
		$this->assertSame( '0', $site['json']['rows'][0]['metricValues'][0]['value'] );

		$this->assertSame( 400, $this->request( 'POST', '/__control', '{"spikes":[{"metric":"sessions","date":"2026-11-02","add":1.5}]}' )['status'] );
		$this->assertSame( 400, $this->request( 'POST', '/__control', '{"spikes":[{"metric":"sessions","date":"2026-11-02","add":1,"dimension":"date"}]}' )['status'] );
		$state = self::fake_google_control( '/__reset' );
		$this->assertFalse( $state['steady'] );
		$this->assertSame( array(), $state['spikes'] );
	}

	/**
	 * The log holds what the clients sent, API requests only, oldest first.
	 */
	public function test_request_log(): void {
		$token = $this->token( self::ANALYTICS );
		$body  = '{"dateRanges":[{"startDate":"2026-11-01","endDate":"2026-11-01"}],"metrics":[{"name":"sessions"}]}';
		$this->request( 'POST', '/v1beta/properties/' . self::PROPERTY . ':runReport', $body, $token );
		$log = self::fake_google_requests();
		$this->assertCount( 2, $log );
		$this->assertSame( 'POST', $log[0]['method'] );
		$this->assertSame( '/token', $log[0]['path'] );
		$this->assertStringStartsWith( 'grant_type=' . rawurlencode( 'urn:ietf:params:oauth:grant-type:jwt-bearer' ) . '&assertion=', $log[0]['body'] );
		$this->assertSame(
			array(
				'method'        => 'POST',
				'path'          => '/v1beta/properties/' . self::PROPERTY . ':runReport',
				'query'         => array(),
				'authorization' => 'Bearer ' . $token,
				'content_type'  => 'application/json',
				'body'          => $body,
			),
			$log[1]
		);
	}

	/**
	 * Sets the fault.
	 *
	 * @param string|null $fault The fault.
	 * @param string      $scope Its scope.
	 * @param int|null    $times How many requests, null for until changed.
	 */
	private function control( ?string $fault, string $scope, ?int $times ): void {
		$state = self::fake_google_control(
			'/__control',
			array(
				'fault' => $fault,
				'scope' => $scope,
				'times' => $times,
			)
		);
		$this->assertSame( $fault, $state['fault'] );
	}

	/**
	 * A service account's access token.
	 *
	 * @param string $scope Scopes.
	 */
	private function token( string $scope ): string {
		$answer = $this->jwt_grant( $this->assertion( $scope ) );
		$this->assertSame( 200, $answer['status'] );
		return $answer['json']['access_token'];
	}

	/**
	 * Posts a JWT grant.
	 *
	 * @param string $assertion The JWT.
	 * @return array{status: int, body: string, json: mixed, location: string}
	 */
	private function jwt_grant( string $assertion ): array {
		return $this->form(
			array(
				'grant_type' => 'urn:ietf:params:oauth:grant-type:jwt-bearer',
				'assertion'  => $assertion,
			)
		);
	}

	/**
	 * A service-account JWT, signed as Google documents it (RS256).
	 *
	 * @param string               $scope  Scopes.
	 * @param array<string, mixed> $claims Claims to change.
	 * @param string               $key    Another private key.
	 */
	private function assertion( string $scope, array $claims = array(), string $key = '' ): string {
		$account = $this->fixture( 'service-account' );
		$now     = time();
		$encode  = static fn( string $text ) => rtrim( strtr( base64_encode( $text ), '+/', '-_' ), '=' );
		$input   = $encode( (string) wp_json_encode( array( 'alg' => 'RS256', 'typ' => 'JWT', 'kid' => $account['private_key_id'] ) ) ) . '.' // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- One line.
			. $encode(
				(string) wp_json_encode(
					$claims + array(
						'iss'   => $account['client_email'],
						'scope' => $scope,
						'aud'   => 'https://oauth2.googleapis.com/token',
						'iat'   => $now,
						'exp'   => $now + 3600,
					)
				)
			);
		$this->assertTrue( openssl_sign( $input, $signature, '' === $key ? $account['private_key'] : $key, OPENSSL_ALGO_SHA256 ) );
		return $input . '.' . $encode( $signature );
	}

	/**
	 * Posts a form to /token.
	 *
	 * @param array<string, string> $fields The fields.
	 * @return array{status: int, body: string, json: mixed, location: string}
	 */
	private function form( array $fields ): array {
		return $this->answer( wp_remote_post( self::$fake_google_url . '/token', array( 'body' => $fields ) ) );
	}

	/**
	 * Sends a request with WordPress's HTTP API.
	 *
	 * @param string $method The method.
	 * @param string $path   Path and query.
	 * @param string $body   A JSON body.
	 * @param string $token  A bearer token.
	 * @return array{status: int, body: string, json: mixed, location: string}
	 */
	private function request( string $method, string $path, string $body = '', string $token = '' ): array {
		$headers = '' === $body ? array() : array( 'Content-Type' => 'application/json' );
		if ( '' !== $token ) {
			$headers['Authorization'] = 'Bearer ' . $token;
		}
		$args = array(
			'method'      => $method,
			'headers'     => $headers,
			'timeout'     => 10,
			'redirection' => 0,
		);
		if ( '' !== $body ) {
			$args['body'] = $body;
		}
		return $this->answer( wp_remote_request( self::$fake_google_url . $path, $args ) );
	}

	/**
	 * An answer's status, body, decoded body and Location.
	 *
	 * @param array<string, mixed>|\WP_Error $response The response.
	 * @return array{status: int, body: string, json: mixed, location: string}
	 */
	private function answer( $response ): array {
		$this->assertFalse( is_wp_error( $response ), is_wp_error( $response ) ? $response->get_error_message() : '' );
		if ( is_wp_error( $response ) ) {
			return array(
				'status'   => 0,
				'body'     => '',
				'json'     => null,
				'location' => '',
			);
		}
		$body = wp_remote_retrieve_body( $response );
		return array(
			'status'   => (int) wp_remote_retrieve_response_code( $response ),
			'body'     => $body,
			'json'     => json_decode( $body, true ),
			'location' => (string) wp_remote_retrieve_header( $response, 'location' ),
		);
	}

	/**
	 * A fixture, decoded.
	 *
	 * @param string $name File name without .json.
	 * @return array<mixed>
	 */
	private function fixture( string $name ): array {
		return json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fake-google/fixtures/' . $name . '.json' ), true );
	}
}
