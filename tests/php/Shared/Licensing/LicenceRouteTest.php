<?php
/**
 * GET, POST and DELETE monsterinsights-reports/v1/licence.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Licensing;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\LicenceKey;
use MonsterInsights\Reports\REST\MetricsController;
use MonsterInsights\Reports\Tests\Support\LicenceKeys;
use MonsterInsights\Reports\Tests\TestCase;
use MonsterInsights\Reports\Tests\Support\FakeShop;

/**
 * Permissions, storing only valid keys, the answer's shape and schema, and the level the rest of
 * the plugin sees.
 */
class LicenceRouteTest extends TestCase {

	use LicenceKeys;
	use FakeShop;


	private const ROUTE = '/monsterinsights-reports/v1/licence';

	/**
	 * Starts without cached verifications.
	 */
	protected function set_up() {
		parent::set_up();
		Licence::reset();
	}

	/**
	 * Sends a request as the current user: status and data as JSON carries them.
	 *
	 * @param string               $method HTTP method.
	 * @param array<string, mixed> $params Parameters.
	 * @param string               $route  The route.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function call( string $method, array $params = array(), string $route = self::ROUTE ): array {
		$response = $this->rest( $method, $route, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * The route's schema, as OPTIONS advertises it.
	 *
	 * @return array<string, mixed>
	 */
	private function schema(): array {
		return $this->rest( 'OPTIONS', self::ROUTE )->get_data()['schema'];
	}

	/**
	 * Asserts that an answer matches the schema and declares exactly its properties.
	 *
	 * @param array<string, mixed> $data The answer.
	 */
	private function assert_matches_schema( array $data ): void {
		$schema = $this->schema();
		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, 'licence' ) );
		$this->assertSame( array_keys( $schema['properties'] ), array_keys( $data ) );
		foreach ( array( 'site', 'network' ) as $scope ) {
			if ( is_array( $data[ $scope ] ) ) {
				$this->assertSame( array_keys( $schema['properties'][ $scope ]['properties'] ), array_keys( $data[ $scope ] ), $scope );
			}
		}
	}

	/**
	 * Anonymous 401; subscribers and users who may only view reports 403, for every method.
	 */
	public function test_permissions(): void {
		$key = $this->mint( 'pro' );
		foreach ( array( 'GET', 'POST', 'DELETE' ) as $method ) {
			list( $status, $data ) = $this->call( $method, array( 'key' => $key ) );
			$this->assertSame( 401, $status, $method );
			$this->assertSame( 'rest_forbidden', $data['code'] );
		}
		$this->act_as( 'subscriber' );
		wp_get_current_user()->add_cap( Capabilities::VIEW );
		foreach ( array( 'GET', 'POST', 'DELETE' ) as $method ) {
			list( $status, $data ) = $this->call( $method, array( 'key' => $key ) );
			$this->assertSame( 403, $status, $method );
			$this->assertSame( 'rest_forbidden', $data['code'] );
		}
		$this->assertFalse( get_option( Licence::SITE_OPTION ) );

		$this->act_as( 'subscriber' );
		wp_get_current_user()->add_cap( Capabilities::SAVE );
		list( $status ) = $this->call( 'GET' );
		$this->assertSame( 200, $status, 'settings savers manage the licence' );
	}

	/**
	 * Without a key: lite, from nowhere.
	 */
	public function test_get_without_a_licence(): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				'level'              => 'lite',
				'source'             => 'none',
				'site'               => null,
				'network'            => null,
				'can_manage_network' => false,
			),
			$data
		);
		$this->assert_matches_schema( $data );
	}

	/**
	 * A valid key is stored (trimmed) and answered with its details; the whole plugin sees its level.
	 */
	public function test_post_stores_a_valid_key(): void {
		$this->act_as( 'administrator' );
		$expires = time() + 30 * DAY_IN_SECONDS;
		$key     = $this->mint(
			'plus',
			array(
				'expires'   => $expires,
				'issued_to' => 'Acme',
			)
		);

		list( $status, $data ) = $this->call( 'POST', array( 'key' => "  $key\n" ) );
		$this->assertSame( 200, $status );
		$this->assertSame( $key, get_option( Licence::SITE_OPTION ) );
		$this->assertSame( 'plus', $data['level'] );
		$this->assertSame( 'site', $data['source'] );
		$this->assertSame(
			array(
				'key_masked' => substr( $key, 0, 6 ) . '…' . substr( $key, -4 ),
				'key_id'     => 'test-key',
				'level'      => 'plus',
				'issued_to'  => 'Acme',
				'expires'    => $expires,
				'network'    => false,
			),
			array_diff_key( $data['site'], array_flip( array( 'status', 'message' ) ) )
		);
		$this->assertSame( 'valid', $data['site']['status'] );
		$this->assertNotEmpty( $data['site']['message'] );
		$this->assertStringNotContainsString( substr( $key, 6, 20 ), (string) wp_json_encode( $data ), 'the key is never sent back' );
		$this->assert_matches_schema( $data );

		$this->assertSame( $data, $this->call( 'GET' )[1], 'GET answers the same' );
		$this->assertSame( 'plus', Licence::level() );
		$this->assertTrue( Licence::allows( 'countries' ) );
		$this->assertFalse( Licence::allows( 'ecommerce' ) );
		$boot = $this->call( 'GET', array( 'sections' => array( 'licence' ) ), '/monsterinsights-reports/v1/boot' )[1];
		$this->assertSame(
			array(
				'level'  => 'plus',
				'source' => 'site',
			),
			$boot['licence']
		);
	}

	/**
	 * Keys that do not verify.
	 *
	 * @return array<string, array{0: string, 1: callable(self): string}>
	 */
	public static function refused_keys(): array {
		return array(
			'malformed'   => array( LicenceKey::MALFORMED, static fn() => 'not-a-key' ),
			'unknown key' => array( LicenceKey::UNKNOWN_KEY, static fn( self $t ) => $t->mint( 'pro', array( 'key_id' => 'retired-key' ) ) ),
			'forged'      => array(
				LicenceKey::FORGED,
				static fn( self $t ) => LicenceKey::mint(
					array(
						'key_id'    => 'test-key',
						'level'     => 'agency',
						'network'   => false,
						'expires'   => null,
						'issued_to' => 'Mallory',
					),
					sodium_crypto_sign_secretkey( sodium_crypto_sign_keypair() )
				),
			),
			'expired'     => array( LicenceKey::EXPIRED, static fn( self $t ) => $t->mint( 'pro', array( 'expires' => time() - 60 ) ) ),
		);
	}

	/**
	 * A key that does not verify is a 400 with its code and message, and nothing changes.
	 *
	 * @dataProvider refused_keys
	 * @param string   $code The error code.
	 * @param callable $key  Builds the key.
	 */
	public function test_post_refuses_invalid_keys( string $code, callable $key ): void {
		$this->act_as( 'administrator' );
		$this->new_signing_key( 'test-key' );
		$good = $this->mint( 'basic' );
		$this->call( 'POST', array( 'key' => $good ) );

		list( $status, $data ) = $this->call( 'POST', array( 'key' => $key( $this ) ) );
		$this->assertSame( 400, $status );
		$this->assertSame( $code, $data['code'] );
		$this->assertSame( LicenceKey::verify( $key( $this ) )->message, $data['message'] );
		$this->assertSame( 'key', $data['data']['param'] );
		$this->assertSame( $good, get_option( Licence::SITE_OPTION ), 'the stored key stays' );
		$this->assertSame( 'basic', Licence::level() );
	}

	/**
	 * Missing, empty and non-string keys are refused by the args schema.
	 */
	public function test_post_validates_its_argument(): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->call( 'POST' );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_missing_callback_param', $data['code'] );

		foreach ( array( '', "  \n", array( 'x' ), str_repeat( 'a', LicenceKey::MAX_LENGTH + 1 ) ) as $value ) {
			list( $status, $data ) = $this->call( 'POST', array( 'key' => $value ) );
			$this->assertSame( 400, $status );
			$this->assertSame( 'rest_invalid_param', $data['code'] );
			$this->assertStringContainsString( 'key', $data['message'] );
		}
		$this->assertFalse( get_option( Licence::SITE_OPTION ) );
	}

	/**
	 * DELETE removes the key: lite again.
	 */
	public function test_delete_clears_the_licence(): void {
		$this->act_as( 'administrator' );
		$this->call( 'POST', array( 'key' => $this->mint( 'agency' ) ) );
		$this->assertSame( 'agency', Licence::level() );

		list( $status, $data ) = $this->call( 'DELETE' );
		$this->assertSame( 200, $status );
		$this->assertFalse( get_option( Licence::SITE_OPTION ) );
		$this->assertSame( 'lite', $data['level'] );
		$this->assertSame( 'none', $data['source'] );
		$this->assertNull( $data['site'] );
		$this->assertSame( 'lite', Licence::level() );
		$this->assert_matches_schema( $data );
	}

	/**
	 * A stored key that no longer verifies counts as none and says why.
	 */
	public function test_a_stored_key_that_expired_counts_as_none(): void {
		$this->act_as( 'administrator' );
		update_option( Licence::SITE_OPTION, $this->mint( 'pro', array( 'expires' => time() - 1 ) ) );

		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$this->assertSame( 'lite', $data['level'] );
		$this->assertSame( 'none', $data['source'] );
		$this->assertSame( 'expired', $data['site']['status'] );
		$this->assertSame( 'pro', $data['site']['level'] );
		$this->assertStringContainsString( 'expired', $data['site']['message'] );
		$this->assert_matches_schema( $data );

		update_option( Licence::SITE_OPTION, 'damaged' );
		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( 'lite', $data['level'] );
		$this->assertSame( 'invalid', $data['site']['status'] );
		$this->assertSame( '…', $data['site']['key_masked'] );
		$this->assertNull( $data['site']['level'] );
		$this->assert_matches_schema( $data );
	}

	/**
	 * The level filter applies last, to the resolved level; a value that is not a level is lite.
	 */
	public function test_the_level_filter_applies_last(): void {
		$this->act_as( 'administrator' );
		update_option( Licence::SITE_OPTION, $this->mint( 'pro' ) );
		$seen = array();
		add_filter(
			'monsterinsights_reports_licence_level',
			static function ( $level ) use ( &$seen ) {
				$seen[] = $level;
				return 'basic';
			}
		);
		$this->assertSame( 'basic', Licence::level() );
		$this->assertSame( array( 'pro' ), $seen, 'the filter receives the resolved level' );
		$this->assertSame( 'site', Licence::source() );

		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'platinum', 20 );
		$this->assertSame( 'lite', Licence::level() );
	}

	/**
	 * The level follows the option within one request, without an explicit reset.
	 */
	public function test_the_level_follows_the_option(): void {
		$this->assertSame( 'lite', Licence::level() );
		update_option( Licence::SITE_OPTION, $this->mint( 'plus' ) );
		$this->assertSame( 'plus', Licence::level() );
		update_option( Licence::SITE_OPTION, $this->mint( 'pro' ) );
		$this->assertSame( 'pro', Licence::level() );
		delete_option( Licence::SITE_OPTION );
		$this->assertSame( 'lite', Licence::level() );
	}

	/**
	 * Pro-only metrics follow the stored licence: refused with a basic key, saved with a pro one.
	 */
	public function test_pro_metrics_follow_the_stored_licence(): void {
		$id = $this->act_as( 'administrator' );
		// Revenue metrics need a shop too (faked: no shop plugin in this suite).
		$this->fake_shop();
		update_option( Licence::SITE_OPTION, $this->mint( 'basic' ) );
		list( $status, $data ) = $this->call( 'POST', array( 'selected_metrics' => 'sessions,revenue_sales' ), '/monsterinsights-reports/v1/metrics' );
		$this->assertSame( 403, $status );
		$this->assertSame( 'upgrade_required', $data['code'] );
		$this->assertSame( 'pro', $data['data']['level'] );
		$this->assertSame( 'pro_metrics', $data['data']['feature'] );
		$this->assertSame( '', get_user_meta( $id, MetricsController::META, true ) );

		update_option( Licence::SITE_OPTION, $this->mint( 'pro' ) );
		list( $status ) = $this->call( 'POST', array( 'selected_metrics' => 'sessions,revenue_sales' ), '/monsterinsights-reports/v1/metrics' );
		$this->assertSame( 200, $status );
		$this->assertSame( array( 'sessions', 'revenue_sales' ), get_user_meta( $id, MetricsController::META, true ) );
	}

	/**
	 * The masked key: 6 characters, an ellipsis, 4 characters.
	 */
	public function test_mask(): void {
		$this->assertSame( 'abcdef…wxyz', \MonsterInsights\Reports\REST\LicenceController::mask( 'abcdefghijklmnopqrstuvwxyz' ) );
		$this->assertSame( '…', \MonsterInsights\Reports\REST\LicenceController::mask( 'short' ) );
	}
}
