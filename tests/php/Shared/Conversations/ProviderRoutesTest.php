<?php
/**
 * REST: ai-provider (GET, POST, DELETE) and ai-provider/test; the settings at rest and on uninstall.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Conversations;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Privacy;
use MonsterInsights\Reports\Settings\Secrets;
use MonsterInsights\Reports\Tests\Support\FakeAi\FakeAiTestCase;
use MonsterInsights\Reports\Uninstaller;

/**
 * The key is stored encrypted (never in an option as text), never answered, kept when a save
 * sends none, and leaves the site's Google scope alone; the base URL is only for users who may
 * change settings; the test route asks the fake once with the saved settings.
 */
class ProviderRoutesTest extends FakeAiTestCase {

	private const ROUTE = '/monsterinsights-reports/v1/ai-provider';

	/**
	 * An administrator.
	 */
	protected function set_up() {
		parent::set_up();
		$user = $this->act_as( 'administrator' );
		if ( is_multisite() ) {
			grant_super_admin( $user );
		}
		Provider::forget();
	}

	/**
	 * A JSON request.
	 *
	 * @param string               $method The method.
	 * @param string               $path   The path below the route.
	 * @param array<string, mixed> $body   The body.
	 * @return array{0: int, 1: array<string, mixed>, 2: string} The status, the data and the answer as JSON.
	 */
	private function send( string $method, string $path = '', array $body = array() ): array {
		$request = new \WP_REST_Request( $method, self::ROUTE . $path );
		if ( array() !== $body ) {
			$request->set_header( 'content-type', 'application/json' );
			$request->set_body( (string) wp_json_encode( $body ) );
		}
		$response = rest_do_request( $request );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), (array) $data, (string) wp_json_encode( $data ) . wp_json_encode( $response->get_headers() ) );
	}

	/**
	 * The GET shape.
	 *
	 * @param bool   $configured Whether all is set.
	 * @param string $base_url   The base URL.
	 * @param string $model      The model.
	 * @param bool   $has_key    Whether a key is stored.
	 * @param bool   $can_manage Whether the user may change it.
	 * @return array<string, mixed>
	 */
	private static function shape( bool $configured, string $base_url, string $model, bool $has_key, bool $can_manage = true ): array {
		return array(
			'configured' => $configured,
			'base_url'   => $base_url,
			'model'      => $model,
			'has_key'    => $has_key,
			'can_manage' => $can_manage,
		);
	}

	/**
	 * Save, read, save again without a key, delete.
	 */
	public function test_the_settings_round_trip_and_the_key_never_leaves(): void {
		$this->assertSame( array( 200, self::shape( false, '', '', false ) ), array_slice( $this->send( 'GET' ), 0, 2 ) );

		list( $status, $data, $json ) = $this->send(
			'POST',
			'',
			array(
				'base_url' => self::$fake_ai_url . '/',
				'model'    => ' fake-analyst ',
				'api_key'  => self::KEY,
			)
		);
		$this->assertSame( array( 200, self::shape( true, self::$fake_ai_url, 'fake-analyst', true ) ), array( $status, $data ) );
		$this->assertStringNotContainsString( self::KEY, $json );

		// At rest: the option has the URL and the model only; the key is an envelope of the services' secrets.
		$this->assertSame(
			array(
				'base_url' => self::$fake_ai_url,
				'model'    => 'fake-analyst',
			),
			get_option( Provider::OPTION )
		);
		$raw = (string) wp_json_encode( get_option( Secrets::SERVICES_OPTION ) );
		$this->assertStringNotContainsString( self::KEY, $raw );
		$this->assertStringNotContainsString( 'fake-test-key', $raw );
		$this->assertSame( array( Provider::SECRET ), array_keys( (array) get_option( Secrets::SERVICES_OPTION ) ) );
		$this->assertSame( self::KEY, Secrets::get( Provider::SECRET, Secrets::SERVICES ) );
		// The site's Google secrets are untouched: no scope of its own because of the AI key.
		$this->assertFalse( get_option( Secrets::OPTION ) );
		$this->assertNull( Secrets::scope() );
		global $wpdb;
		$rows = $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_value LIKE %s", '%' . $wpdb->esc_like( 'fake-test-key' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Looks at every option.
		$this->assertSame( '0', $rows );

		list( $status, $data, $json ) = $this->send( 'GET' );
		$this->assertSame( array( 200, self::shape( true, self::$fake_ai_url, 'fake-analyst', true ) ), array( $status, $data ) );
		$this->assertStringNotContainsString( self::KEY, $json );

		// An empty key keeps the stored one; so does none.
		list( $status, $data ) = $this->send(
			'POST',
			'',
			array(
				'base_url' => 'https://api.example.test/v1',
				'model'    => 'other-model',
				'api_key'  => '',
			)
		);
		$this->assertSame( array( 200, self::shape( true, 'https://api.example.test/v1', 'other-model', true ) ), array( $status, $data ) );
		$this->assertSame( self::KEY, Secrets::get( Provider::SECRET, Secrets::SERVICES ) );
		list( $status, $data ) = $this->send(
			'POST',
			'',
			array(
				'base_url' => self::$fake_ai_url,
				'model'    => 'fake-analyst',
			)
		);
		$this->assertSame( array( 200, self::shape( true, self::$fake_ai_url, 'fake-analyst', true ) ), array( $status, $data ) );
		$this->assertSame( self::KEY, Secrets::get( Provider::SECRET, Secrets::SERVICES ) );

		// A new key replaces it.
		$this->send(
			'POST',
			'',
			array(
				'base_url' => self::$fake_ai_url,
				'model'    => 'fake-analyst',
				'api_key'  => 'sk-second-key',
			)
		);
		$this->assertSame( 'sk-second-key', Secrets::get( Provider::SECRET, Secrets::SERVICES ) );

		list( $status, $data ) = $this->send( 'DELETE' );
		$this->assertSame( array( 200, self::shape( false, '', '', false ) ), array( $status, $data ) );
		$this->assertFalse( get_option( Provider::OPTION ) );
		$this->assertFalse( get_option( Secrets::SERVICES_OPTION ) );
		$this->assertNull( Provider::from_settings() );
	}

	/**
	 * A Google disconnect (every site secret deleted) leaves the AI key.
	 */
	public function test_a_google_disconnect_leaves_the_ai_key(): void {
		self::connect_fake_ai();
		$this->assertTrue( Secrets::set( 'refresh_token', 'google-token' ) );
		$this->assertSame( Secrets::SITE, Secrets::scope() );
		Secrets::delete_all();
		$this->assertNull( Secrets::scope() );
		$this->assertTrue( Provider::configured() );
	}

	/**
	 * Bad input is a 400 with a code and a message, and changes nothing.
	 */
	public function test_bad_input_is_refused(): void {
		self::connect_fake_ai();
		$bad = array(
			'ftp://files.example.test/v1'      => 'ai_provider_invalid_url',
			'api.openai.com/v1'                => 'ai_provider_invalid_url',
			'javascript:alert(1)'              => 'ai_provider_invalid_url',
			'http://'                          => 'ai_provider_invalid_url',
			'https://user:pass@api.example/v1' => 'ai_provider_invalid_url',
			'https://api.example.test/v1?x=1'  => 'ai_provider_invalid_url',
			'https://api.example.test/v 1'     => 'ai_provider_invalid_url',
		);
		foreach ( $bad as $url => $code ) {
			list( $status, $data ) = $this->send(
				'POST',
				'',
				array(
					'base_url' => $url,
					'model'    => 'fake-analyst',
				)
			);
			$this->assertSame( array( 400, $code, 'The base URL must be an http or https URL, such as https://api.openai.com/v1.' ), array( $status, $data['code'], $data['message'] ), $url );
		}
		foreach ( array( '', '   ', str_repeat( 'm', 101 ) ) as $model ) {
			list( $status, $data ) = $this->send(
				'POST',
				'',
				array(
					'base_url' => 'https://api.example.test/v1',
					'model'    => $model,
				)
			);
			$this->assertSame( array( 400, 'ai_provider_invalid_model' ), array( $status, $data['code'] ), $model );
		}
		list( $status, $data ) = $this->send( 'POST', '', array( 'model' => 'fake-analyst' ) );
		$this->assertSame( array( 400, 'rest_missing_callback_param' ), array( $status, $data['code'] ) );
		list( $status, $data ) = $this->send(
			'POST',
			'',
			array(
				'base_url' => 'https://api.example.test/v1',
				'model'    => 'fake-analyst',
				'api_key'  => 'sk with spaces',
			)
		);
		$this->assertSame( array( 400, 'rest_invalid_param' ), array( $status, $data['code'] ) );
		$this->assertSame( array( 200, self::shape( true, self::$fake_ai_url, 'fake-analyst', true ) ), array_slice( $this->send( 'GET' ), 0, 2 ) );
	}

	/**
	 * A user who views the reports but may not change settings sees no base URL and cannot
	 * change anything; a user who may not view the reports gets nothing.
	 */
	public function test_capabilities(): void {
		self::connect_fake_ai();
		$viewer = $this->create_user( 'editor' );
		get_userdata( $viewer )->add_cap( Capabilities::VIEW );
		wp_set_current_user( $viewer );
		$this->assertSame( array( 200, self::shape( true, '', 'fake-analyst', true, false ) ), array_slice( $this->send( 'GET' ), 0, 2 ) );
		foreach ( array( array( 'POST', '' ), array( 'DELETE', '' ), array( 'POST', '/test' ) ) as list( $method, $path ) ) {
			list( $status, $data ) = $this->send(
				$method,
				$path,
				'POST' === $method && '' === $path ? array(
					'base_url' => 'https://evil.example.test/v1',
					'model'    => 'x',
				) : array()
			);
			$this->assertSame( array( 403, 'rest_forbidden' ), array( $status, $data['code'] ), "$method $path" );
		}
		$this->assertSame( self::$fake_ai_url, Provider::settings()['base_url'] );
		$this->assertSame( array(), self::fake_ai_requests() );

		wp_set_current_user( $this->create_user( 'subscriber' ) );
		$this->assertSame( 403, $this->send( 'GET' )[0] );
		wp_set_current_user( 0 );
		$this->assertSame( 401, $this->send( 'GET' )[0] );
	}

	/**
	 * The test route: 409 without settings, the model's answer with them, the ProviderError when
	 * the provider refuses (never with the key).
	 */
	public function test_the_test_route(): void {
		list( $status, $data ) = $this->send( 'POST', '/test' );
		$this->assertSame(
			array(
				409,
				array(
					'code'    => 'ai_provider_missing',
					'message' => 'No AI provider is connected. An administrator can connect one under Settings → Conversations AI.',
					'data'    => array(
						'status'    => 409,
						'retryable' => false,
					),
				),
			),
			array( $status, $data )
		);

		self::connect_fake_ai();
		list( $status, $data, $json ) = $this->send( 'POST', '/test' );
		$this->assertSame(
			array(
				200,
				array(
					'success' => true,
					'message' => 'Connected: the model “fake-analyst” answered.',
				),
			),
			array( $status, $data )
		);
		$this->assertStringNotContainsString( self::KEY, $json );
		$requests = self::fake_ai_requests();
		$this->assertCount( 1, $requests );
		$this->assertSame( 'fake-analyst', $requests[0]['model'] );
		$this->assertArrayNotHasKey( 'tools', $requests[0] );

		self::connect_fake_ai( 'invalid-' . self::KEY );
		list( $status, $data, $json ) = $this->send( 'POST', '/test' );
		$this->assertSame( array( 502, 'ai_provider_unauthorized', false, 'Incorrect API key provided.' ), array( $status, $data['code'], $data['data']['retryable'], $data['data']['reason'] ) );
		$this->assertStringNotContainsString( self::KEY, $json );

		self::connect_fake_ai( self::KEY, 'gpt-unknown' );
		list( $status, $data ) = $this->send( 'POST', '/test' );
		$this->assertSame( array( 502, 'ai_provider_model', 'The AI provider does not know the model “gpt-unknown”.' ), array( $status, $data['code'], $data['message'] ) );

		self::connect_fake_ai();
		self::fake_ai_script( array( array( 'status' => 429 ) ) );
		list( $status, $data ) = $this->send( 'POST', '/test' );
		$this->assertSame( array( 503, 'ai_provider_rate_limited', true ), array( $status, $data['code'], $data['data']['retryable'] ) );
	}

	/**
	 * The suggested privacy policy says what goes to the AI provider, once one is connected.
	 */
	public function test_the_privacy_policy_names_the_ai_service_once_connected(): void {
		$sentence = 'The reports use an AI service chosen by the website’s owner to phrase their insights and to answer questions about the figures.';
		$this->assertStringNotContainsString( $sentence, Privacy::policy_text() );
		self::connect_fake_ai();
		$this->assertStringContainsString( '<p>' . $sentence, Privacy::policy_text() );
		$this->assertStringNotContainsString( self::KEY, Privacy::policy_text() );
		$this->assertStringNotContainsString( self::$fake_ai_url, Privacy::policy_text() );
	}

	/**
	 * Uninstalling removes the settings and the key.
	 */
	public function test_uninstall_removes_the_settings(): void {
		self::connect_fake_ai();
		$this->assertNotFalse( get_option( Provider::OPTION ) );
		$this->assertNotFalse( get_option( Secrets::SERVICES_OPTION ) );
		Uninstaller::run();
		wp_cache_flush();
		$this->assertFalse( get_option( Provider::OPTION ) );
		$this->assertFalse( get_option( Secrets::SERVICES_OPTION ) );
		$this->assertFalse( Provider::configured() );
	}
}
