<?php
/**
 * Connecting the google source through its REST routes, against the fake Google server.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\Secrets;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Sources\Google\OAuth;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\FakeGoogleTestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- The fixtures.

/**
 * The service account and the OAuth round trip (state, PKCE), the property and site pickers, the
 * test of each API, the disconnection; refusals store nothing and no answer carries a secret.
 */
class GoogleConnectTest extends FakeGoogleTestCase {

	protected const REQUIRES = 'single-site';

	private const ROUTE = '/monsterinsights-reports/v1/google';

	/**
	 * Every answer's JSON in the test, to look for secrets in.
	 *
	 * @var string[]
	 */
	private array $answers = array();

	/**
	 * Each test: a fresh server, an administrator.
	 */
	protected function set_up() {
		parent::set_up();
		$this->answers = array();
		$this->act_as( 'administrator' );
	}

	/**
	 * No answer of the test carried a secret of the fixtures or a token the fake issued.
	 */
	protected function assert_post_conditions(): void {
		parent::assert_post_conditions();
		$secrets = array( 'PRIVATE KEY', self::oauth_client()['client_secret'], self::api_key(), 'ya29.', '1//fake-refresh', '4/fake-code' );
		foreach ( $this->answers as $answer ) {
			foreach ( $secrets as $secret ) {
				$this->assertStringNotContainsString( $secret, $answer );
			}
		}
	}

	/**
	 * A fixture's text.
	 *
	 * @param string $name The file name without .json.
	 */
	private static function fixture_text( string $name ): string {
		return (string) file_get_contents( dirname( __DIR__, 3 ) . '/fake-google/fixtures/' . $name . '.json' );
	}

	/**
	 * The fixture OAuth client.
	 *
	 * @return array{client_id: string, client_secret: string}
	 */
	private static function oauth_client(): array {
		return json_decode( self::fixture_text( 'oauth-client' ), true )['web'];
	}

	/**
	 * The fixture PageSpeed key.
	 */
	private static function api_key(): string {
		return json_decode( self::fixture_text( 'api-key' ), true )['key'];
	}

	/**
	 * Calls a route as the current user.
	 *
	 * @param string               $method The method.
	 * @param string               $path   What follows google.
	 * @param array<string, mixed> $params The parameters.
	 * @return array{0: int, 1: mixed}
	 */
	private function call( string $method, string $path = '', array $params = array() ): array {
		$response        = $this->rest( $method, self::ROUTE . $path, $params );
		$json            = (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) );
		$this->answers[] = $json;
		return array( $response->get_status(), json_decode( $json, true ) );
	}

	/**
	 * Connects by the fixture's service account and asserts the answer.
	 *
	 * @return array<string, mixed> The answer.
	 */
	private function connect_service_account(): array {
		list( $status, $data ) = $this->call( 'POST', '/service-account', array( 'key' => self::fixture_text( 'service-account' ) ) );
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		return $data;
	}

	/**
	 * The paths the fake received since its reset.
	 *
	 * @return string[]
	 */
	private static function paths(): array {
		return array_column( self::fake_google_requests(), 'path' );
	}

	/**
	 * A pasted service account key is checked with Google (one token), then stored with its
	 * e-mail; the answer is the non-secret state.
	 */
	public function test_service_account_connects(): void {
		$key  = json_decode( self::fixture_text( 'service-account' ), true );
		$data = $this->connect_service_account();
		$this->assertSame(
			array(
				'scope'         => 'site',
				'auth'          => 'service_account',
				'client_email'  => $key['client_email'],
				'client_id'     => '',
				'property'      => '',
				'property_name' => '',
				'account_name'  => '',
				'currency'      => '',
				'time_zone'     => '',
				'sc_site'       => '',
				'has_psi_key'   => false,
				'reauth'        => false,
				'connected'     => false,
				'connected_at'  => 0,
				'uses_network'  => false,
				'redirect_uri'  => admin_url( 'admin.php?page=monsterinsights_reports' ),
			),
			$data
		);
		$this->assertSame( array( '/token' ), self::paths() );
		$connection = new Connection();
		$this->assertSame( $key, $connection->secret( Connection::SECRET_KEY ) );
		$this->assertSame( 'ya29.fake-access-1', $connection->secret( Connection::SECRET_TOKEN )['access_token'] );

		list( $status, $state ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$this->assertSame( $data, $state );
	}

	/**
	 * Text that is not a service account key is refused with a message naming what is wrong,
	 * before any request to Google; nothing is stored.
	 */
	public function test_bad_keys_are_refused_and_nothing_is_stored(): void {
		$key    = json_decode( self::fixture_text( 'service-account' ), true );
		$no_pem = $key;
		unset( $no_pem['private_key'] );
		$cases = array(
			'{"type": "service_account", '     => 'This is not a JSON key file.',
			(string) wp_json_encode( array( 'type' => 'authorized_user' ) + $key ) => 'This JSON is not a service account key',
			(string) wp_json_encode( $no_pem ) => 'The service account key has no "private_key".',
		);
		foreach ( $cases as $text => $message ) {
			list( $status, $data ) = $this->call( 'POST', '/service-account', array( 'key' => $text ) );
			$this->assertSame( 400, $status, $message );
			// WordPress names the refused argument; the app shows its message.
			$this->assertSame( 'rest_invalid_param', $data['code'] );
			$this->assertStringStartsWith( $message, $data['data']['params']['key'] );
			$this->assertSame( 'google_invalid_key', $data['data']['details']['key']['code'] );
		}
		list( $status, $data ) = $this->call( 'POST', '/service-account', array() );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_missing_callback_param', $data['code'] );

		$this->assertSame( array(), self::paths() );
		$this->assertFalse( get_option( Secrets::OPTION ) );
		$this->assertFalse( get_option( Connection::OPTION ) );
	}

	/**
	 * A key Google refuses is a 400 with Google's reason, and nothing is stored.
	 */
	public function test_key_google_refuses_is_a_400_with_its_reason(): void {
		self::fake_google_control(
			'/__control',
			array(
				'fault' => 'invalid_grant',
				'scope' => 'token',
				'times' => 1,
			)
		);
		list( $status, $data ) = $this->call( 'POST', '/service-account', array( 'key' => self::fixture_text( 'service-account' ) ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'google_key_refused', $data['code'] );
		$this->assertSame( 'Google refused this service account key: invalid_grant: Token has been expired or revoked.', $data['message'] );
		$this->assertFalse( get_option( Secrets::OPTION ) );
		$this->assertFalse( get_option( Connection::OPTION ) );

		// A key of another service account (a key Google does not know) is refused the same way.
		$key   = json_decode( self::fixture_text( 'service-account' ), true );
		$pem   = '';
		$other = openssl_pkey_new(
			array(
				'private_key_bits' => 2048,
				'private_key_type' => OPENSSL_KEYTYPE_RSA,
			)
		);
		$this->assertNotFalse( $other );
		openssl_pkey_export( $other, $pem );
		$key['private_key']    = $pem;
		list( $status, $data ) = $this->call( 'POST', '/service-account', array( 'key' => (string) wp_json_encode( $key ) ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'google_key_refused', $data['code'] );
		$this->assertStringStartsWith( 'Google refused this service account key: invalid_grant', $data['message'] );
		$this->assertFalse( get_option( Secrets::OPTION ) );
	}

	/**
	 * The properties come from the account summaries, grouped by account; the sites from
	 * Search Console, without those the account cannot read.
	 */
	public function test_properties_and_sites(): void {
		list( $status, $data ) = $this->call( 'GET', '/properties' );
		$this->assertSame( 409, $status );
		$this->assertSame( 'not_connected', $data['code'] );

		$this->connect_service_account();
		list( $status, $data ) = $this->call( 'GET', '/properties' );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				array(
					'account'      => '200000001',
					'account_name' => 'Example Company',
					'property'     => '300000001',
					'name'         => 'example.com - GA4',
				),
				array(
					'account'      => '200000001',
					'account_name' => 'Example Company',
					'property'     => '300000002',
					'name'         => 'shop.example.com - GA4',
				),
				array(
					'account'      => '200000002',
					'account_name' => 'Side Project',
					'property'     => '300000003',
					'name'         => 'blog.example.org',
				),
			),
			$data
		);
		$requests = self::fake_google_requests();
		$this->assertSame( '/v1beta/accountSummaries', $requests[1]['path'] );
		$this->assertSame( '200', $requests[1]['query']['pageSize'] );
		$this->assertSame( 'Bearer ya29.fake-access-1', $requests[1]['authorization'] );

		list( $status, $data ) = $this->call( 'GET', '/sites' );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				array(
					'site'       => 'https://example.com/',
					'permission' => 'siteowner',
				),
				array(
					'site'       => 'sc-domain:example.com',
					'permission' => 'sitefulluser',
				),
				array(
					'site'       => 'http://127.0.0.1:9400/',
					'permission' => 'siteowner',
				),
			),
			$data
		);
	}

	/**
	 * Choosing the property, the site and the PageSpeed key completes the connection; a property
	 * or a site the account cannot read is refused and changes nothing.
	 */
	public function test_select_checks_the_property_and_the_site(): void {
		$this->connect_service_account();

		list( $status, $data ) = $this->call( 'POST', '/select', array( 'property' => '399999999' ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'google_unknown_property', $data['code'] );
		$this->assertSame( 'property: 399999999 is not one of the GA4 properties these credentials can read.', $data['message'] );

		list( $status, $data ) = $this->call(
			'POST',
			'/select',
			array(
				'property' => '300000001',
				'sc_site'  => 'https://blog.example.org/',
			)
		);
		$this->assertSame( 400, $status );
		$this->assertSame( 'google_unknown_site', $data['code'] );
		$this->assertSame( '', ( new Connection() )->get()['property'] );

		list( $status, $data ) = $this->call( 'POST', '/select', array( 'property' => 'abc' ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $data['code'] );

		$before                = time();
		list( $status, $data ) = $this->call(
			'POST',
			'/select',
			array(
				'property' => '300000001',
				'sc_site'  => 'https://example.com/',
				'psi_key'  => self::api_key(),
			)
		);
		$this->assertSame( 200, $status );
		$this->assertSame( '300000001', $data['property'] );
		$this->assertSame( 'example.com - GA4', $data['property_name'] );
		$this->assertSame( 'Example Company', $data['account_name'] );
		$this->assertSame( 'https://example.com/', $data['sc_site'] );
		// The property's currency and time zone, from its Admin API settings (fixtures/properties.json).
		$this->assertSame( 'USD', $data['currency'] );
		$this->assertSame( 'America/New_York', $data['time_zone'] );
		$this->assertSame( array( 'USD', 'America/New_York' ), array( ( new Connection() )->get()['currency'], ( new Connection() )->get()['time_zone'] ) );
		$this->assertContains( '/v1beta/properties/300000001', self::paths() );
		$this->assertTrue( $data['has_psi_key'] );
		$this->assertTrue( $data['connected'] );
		$this->assertGreaterThanOrEqual( $before, $data['connected_at'] );
		$this->assertSame( self::api_key(), ( new Connection() )->secret( Connection::SECRET_PSI ) );

		// The source can be switched to google now.
		list( $status ) = array( $this->rest( 'POST', '/monsterinsights-reports/v1/settings', array( 'source' => 'google' ) )->get_status() );
		$this->assertSame( 200, $status );
		$this->assertSame( 'google', get_option( BootData::SOURCE_OPTION ) );

		// An empty key keeps the stored one; clear_psi deletes it.
		list( $status, $data ) = $this->call(
			'POST',
			'/select',
			array(
				'property' => '300000002',
				'psi_key'  => '',
			)
		);
		$this->assertSame( 200, $status );
		$this->assertTrue( $data['has_psi_key'] );
		$this->assertSame( '', $data['sc_site'] );
		$this->assertSame( array( 'EUR', 'Europe/Berlin' ), array( $data['currency'], $data['time_zone'] ) );
		list( $status, $data ) = $this->call(
			'POST',
			'/select',
			array(
				'property'  => '300000002',
				'psi_key'   => null,
				'clear_psi' => true,
			)
		);
		$this->assertSame( 200, $status );
		$this->assertFalse( $data['has_psi_key'] );
		$this->assertNull( ( new Connection() )->secret( Connection::SECRET_PSI ) );
	}

	/**
	 * "Test connection" says what each API answered: yesterday's sessions by the fake's formula,
	 * the readable sites, the mobile score of the PageSpeed fixture; without a key PageSpeed is
	 * not configured; a refused API gives Google's reason.
	 */
	public function test_connection_test_reports_each_api(): void {
		$this->connect_service_account();
		$this->call( 'POST', '/select', array( 'property' => '300000001' ) );

		$yesterday             = wp_date( 'Y-m-d', time() - DAY_IN_SECONDS );
		$sessions              = crc32( '300000001|sessions|' . $yesterday . '||' ) % 1000;
		list( $status, $data ) = $this->call( 'POST', '/test' );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				'analytics'     => array(
					'ok'         => true,
					'configured' => true,
					// The fake charges 5 tokens a report, of 200,000 a day.
					'message'    => number_format_i18n( $sessions ) . ( 1 === $sessions ? ' session yesterday' : ' sessions yesterday' ) . '; 199,995 quota tokens left today',
				),
				'searchconsole' => array(
					'ok'         => true,
					'configured' => true,
					'message'    => '3 sites readable',
				),
				'pagespeed'     => array(
					'ok'         => false,
					'configured' => false,
					'message'    => 'Not configured: add a PageSpeed Insights API key for lab audits.',
				),
			),
			$data
		);

		$this->call(
			'POST',
			'/select',
			array(
				'property' => '300000001',
				'psi_key'  => self::api_key(),
			)
		);
		self::fake_google_control(
			'/__control',
			array(
				'fault' => 'forbidden',
				'scope' => 'searchconsole',
				'times' => 1,
			)
		);
		list( $status, $data ) = $this->call( 'POST', '/test' );
		$this->assertSame( 200, $status );
		$this->assertTrue( $data['analytics']['ok'] );
		$this->assertFalse( $data['searchconsole']['ok'] );
		$this->assertTrue( $data['searchconsole']['configured'] );
		$this->assertNotSame( '', $data['searchconsole']['message'] );
		$this->assertSame(
			array(
				'ok'         => true,
				'configured' => true,
				'message'    => 'Mobile performance score 71',
			),
			$data['pagespeed']
		);
		$psi = array_values( array_filter( self::fake_google_requests(), static fn( $r ) => '/pagespeedonline/v5/runPagespeed' === $r['path'] ) );
		$this->assertSame( 'mobile', $psi[0]['query']['strategy'] );
		$this->assertSame( home_url( '/' ), $psi[0]['query']['url'] );
	}

	/**
	 * Starts an OAuth round trip and follows the fake's consent (it redirects back at once).
	 *
	 * @param string $back The screen to return to.
	 * @return array{0: array<string, string>, 1: array<string, string>} The authorize URL's query and the query Google sent back.
	 */
	private function start_oauth( string $back = 'settings' ): array {
		$client                = self::oauth_client();
		list( $status, $data ) = $this->call(
			'POST',
			'/oauth/start',
			array(
				'client_id'     => $client['client_id'],
				'client_secret' => $client['client_secret'],
				'return'        => $back,
			)
		);
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$this->assertStringStartsWith( self::$fake_google_url . '/o/oauth2/v2/auth?', $data['url'] );
		$this->assertSame( admin_url( 'admin.php?page=monsterinsights_reports' ), $data['redirect_uri'] );
		parse_str( (string) wp_parse_url( $data['url'], PHP_URL_QUERY ), $asked );
		$response = wp_remote_get(
			$data['url'],
			array(
				'redirection' => 0,
				'timeout'     => 5,
			)
		);
		$this->assertSame( 302, wp_remote_retrieve_response_code( $response ) );
		$location = (string) wp_remote_retrieve_header( $response, 'location' );
		$this->assertStringStartsWith( admin_url( 'admin.php?page=monsterinsights_reports&' ), $location );
		parse_str( (string) wp_parse_url( $location, PHP_URL_QUERY ), $back_query );
		unset( $back_query['page'] );
		return array( $asked, $back_query );
	}

	/**
	 * The OAuth round trip: the authorize URL asks offline access with a state and an S256
	 * challenge; the callback checks the state and exchanges the code with the verifier; the
	 * refresh token and the access token are stored, the client secret stays, and the API calls
	 * use the new token.
	 */
	public function test_oauth_round_trip_with_pkce(): void {
		$client               = self::oauth_client();
		list( $asked, $back ) = $this->start_oauth( 'setup-wizard' );
		$this->assertSame( $client['client_id'], $asked['client_id'] );
		$this->assertSame( admin_url( 'admin.php?page=monsterinsights_reports' ), $asked['redirect_uri'] );
		$this->assertSame( 'code', $asked['response_type'] );
		$this->assertSame( 'https://www.googleapis.com/auth/analytics.readonly https://www.googleapis.com/auth/webmasters.readonly', $asked['scope'] );
		$this->assertSame( 'offline', $asked['access_type'] );
		$this->assertSame( 'consent', $asked['prompt'] );
		$this->assertSame( 'S256', $asked['code_challenge_method'] );
		$this->assertGreaterThanOrEqual( 32, strlen( $asked['state'] ) );
		$started = get_transient( OAuth::TRANSIENT . get_current_user_id() );
		$this->assertSame( $asked['state'], $started['state'] );
		$this->assertSame( rtrim( strtr( base64_encode( hash( 'sha256', $started['verifier'], true ) ), '+/', '-_' ), '=' ), $asked['code_challenge'] ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- RFC 7636.
		$this->assertSame( $asked['state'], $back['state'] );
		// Only the client id is a setting; its secret is encrypted, never an option in clear.
		$this->assertSame( $client['client_id'], ( new Connection() )->get()['client_id'] );
		$this->assertStringNotContainsString( $client['client_secret'], (string) wp_json_encode( get_option( Secrets::OPTION ) ) );

		$outcome = OAuth::callback( $back, Secrets::SITE );
		$this->assertSame(
			array(
				'connected' => true,
				'notice'    => null,
				'location'  => admin_url( 'admin.php?page=monsterinsights_reports' ) . '#/setup-wizard?google=connected',
			),
			$outcome
		);
		$token = array_values( array_filter( self::fake_google_requests(), static fn( $r ) => '/token' === $r['path'] ) );
		$this->assertCount( 1, $token );
		parse_str( $token[0]['body'], $form );
		$this->assertSame( 'authorization_code', $form['grant_type'] );
		$this->assertSame( $started['verifier'], $form['code_verifier'] );

		$connection = new Connection();
		$this->assertSame( 'oauth', $connection->get()['auth'] );
		$this->assertSame(
			array(
				'client_secret' => $client['client_secret'],
				'refresh_token' => '1//fake-refresh-2',
			),
			$connection->secret( Connection::SECRET_OAUTH )
		);
		$this->assertSame( 'ya29.fake-access-2', $connection->secret( Connection::SECRET_TOKEN )['access_token'] );
		$this->assertFalse( get_transient( OAuth::TRANSIENT . get_current_user_id() ) );

		list( $status, $data ) = $this->call( 'GET', '/properties' );
		$this->assertSame( 200, $status );
		$this->assertCount( 3, $data );
		$last = self::fake_google_requests();
		$this->assertSame( 'Bearer ya29.fake-access-2', end( $last )['authorization'] );

		// The refresh token works when the access token is gone.
		$connection->forget_secret( Connection::SECRET_TOKEN );
		list( $status, $data ) = $this->call( 'POST', '/select', array( 'property' => '300000003' ) );
		$this->assertSame( 200, $status );
		$this->assertTrue( $data['connected'] );
		$this->assertSame( 'oauth', $data['auth'] );
		$this->assertSame( $client['client_id'], $data['client_id'] );
	}

	/**
	 * A state that is not the one the user's round trip made, an expired one, a replayed one and
	 * Google's access_denied store nothing and give a readable notice; no code is exchanged.
	 */
	public function test_oauth_state_mismatch_and_denial_store_nothing(): void {
		list( , $back ) = $this->start_oauth();
		$wrong          = array( 'state' => 'not-the-state' ) + $back;
		$outcome        = OAuth::callback( $wrong, Secrets::SITE );
		$this->assertFalse( $outcome['connected'] );
		$this->assertSame( 'The Google sign-in could not be completed: it expired or did not start on this screen. Nothing was saved; sign in with Google again.', $outcome['notice'] );
		$this->assertSame( admin_url( 'admin.php?page=monsterinsights_reports' ) . '#/settings?google=failed', $outcome['location'] );
		// The round trip is used up: even its own state is refused now.
		$this->assertFalse( OAuth::callback( $back, Secrets::SITE )['connected'] );
		$this->assertNotContains( '/token', self::paths() );
		$connection = new Connection();
		$this->assertSame( '', $connection->get()['auth'] );
		$this->assertSame( array( 'client_secret' => self::oauth_client()['client_secret'] ), $connection->secret( Connection::SECRET_OAUTH ) );
		$this->assertNull( $connection->secret( Connection::SECRET_TOKEN ) );

		// Another user's round trip is not this user's.
		list( , $back ) = $this->start_oauth();
		$this->act_as( 'administrator' );
		$this->assertFalse( OAuth::callback( $back, Secrets::SITE )['connected'] );

		// Google's refusal.
		self::fake_google_control(
			'/__control',
			array(
				'fault' => 'forbidden',
				'scope' => 'authorize',
				'times' => 1,
			)
		);
		list( , $back ) = $this->start_oauth();
		$this->assertSame( 'access_denied', $back['error'] );
		$outcome = OAuth::callback( $back, Secrets::SITE );
		$this->assertFalse( $outcome['connected'] );
		$this->assertSame( 'Google sign-in was cancelled: access to Google Analytics was not granted. Nothing was saved.', $outcome['notice'] );
		$this->assertSame( '', ( new Connection() )->get()['auth'] );
		$this->assertNotContains( '/token', self::paths() );

		// The notice is printed once on the next page load.
		set_transient( OAuth::NOTICE_TRANSIENT . get_current_user_id(), $outcome['notice'], 60 );
		ob_start();
		OAuth::print_notice();
		OAuth::print_notice();
		$this->assertSame( '<div class="notice notice-error is-dismissible monsterinsights-reports-google-notice"><p>Google sign-in was cancelled: access to Google Analytics was not granted. Nothing was saved.</p></div>', ob_get_clean() );
	}

	/**
	 * The OAuth client is checked before anything is stored.
	 */
	public function test_oauth_start_validates_the_client(): void {
		list( $status, $data ) = $this->call(
			'POST',
			'/oauth/start',
			array(
				'client_id'     => 'not a client',
				'client_secret' => 'x',
			)
		);
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $data['code'] );
		list( $status, $data ) = $this->call( 'POST', '/oauth/start', array( 'client_id' => self::oauth_client()['client_id'] ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'google_client_secret_missing', $data['code'] );
		$this->assertSame( 'Enter the OAuth client’s secret.', $data['message'] );
		$this->assertFalse( get_option( Secrets::OPTION ) );
	}

	/**
	 * Disconnecting revokes the grant, deletes the secrets and settings, and turns an active
	 * google source into "not connected"; the builtin source's settings stay.
	 */
	public function test_disconnect_removes_the_secrets(): void {
		$this->connect_service_account();
		$this->call(
			'POST',
			'/select',
			array(
				'property' => '300000001',
				'psi_key'  => self::api_key(),
			)
		);
		update_option( BootData::SOURCE_OPTION, 'google' );
		Secrets::set( 'other_secret', 'kept' );

		list( $status, $data ) = $this->call( 'DELETE' );
		$this->assertSame( 200, $status );
		$this->assertSame( '', $data['auth'] );
		$this->assertFalse( $data['connected'] );
		$this->assertFalse( $data['has_psi_key'] );
		$this->assertSame( '', get_option( BootData::SOURCE_OPTION ) );
		$this->assertSame( array( 'other_secret' ), array_keys( get_option( Secrets::OPTION ) ) );
		$this->assertFalse( get_option( Connection::OPTION ) );
		$revoke = array_values( array_filter( self::fake_google_requests(), static fn( $r ) => '/revoke' === $r['path'] ) );
		$this->assertCount( 1, $revoke );
		$this->assertSame( 'token=ya29.fake-access-1', $revoke[0]['body'] );

		// The builtin source stays active when google is disconnected.
		$this->connect_service_account();
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		$this->call( 'DELETE' );
		$this->assertSame( 'builtin', get_option( BootData::SOURCE_OPTION ) );
	}

	/**
	 * An editor gets 403 and a visitor 401 on every route; no network route on a single site.
	 */
	public function test_capability(): void {
		$routes = array(
			array( 'GET', '' ),
			array( 'DELETE', '' ),
			array( 'POST', '/service-account' ),
			array( 'POST', '/oauth/start' ),
			array( 'GET', '/properties' ),
			array( 'GET', '/sites' ),
			array( 'POST', '/select' ),
			array( 'POST', '/test' ),
		);
		foreach ( array(
			'editor' => 403,
			''       => 401,
		) as $role => $code ) {
			if ( '' === $role ) {
				wp_set_current_user( 0 );
			} else {
				$this->act_as( $role );
			}
			foreach ( $routes as list( $method, $path ) ) {
				list( $status, $data ) = $this->call(
					$method,
					$path,
					array(
						'key'       => self::fixture_text( 'service-account' ),
						'property'  => '300000001',
						'client_id' => self::oauth_client()['client_id'],
					)
				);
				$this->assertSame( $code, $status, $method . ' ' . $path );
				$this->assertSame( 'rest_forbidden', $data['code'] );
			}
		}
		$this->assertSame( array(), self::paths() );
		$this->assertFalse( get_option( Secrets::OPTION ) );
		$this->assertFalse( isset( rest_get_server()->get_routes()[ self::ROUTE . '/network' ] ) );
	}
}
