<?php
/**
 * GET monsterinsights-reports/v1/boot.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Permissions, arguments, payload, and the payload's agreement with the route's schema.
 */
class BootRouteTest extends TestCase {

	private const ROUTE = '/monsterinsights-reports/v1/boot';

	/**
	 * GETs the route as the current user, returning the response as the server would send it.
	 *
	 * @param array<string, mixed> $params Query parameters.
	 * @return array{0: int, 1: array<string, mixed>} Status and data.
	 */
	private function get_boot( array $params = array() ): array {
		$response = $this->rest( 'GET', self::ROUTE, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * The route's schema, as OPTIONS advertises it.
	 *
	 * @return array<string, mixed>
	 */
	private function schema(): array {
		$response = $this->rest( 'OPTIONS', self::ROUTE );
		$this->assertSame( 200, $response->get_status() );
		$data = $response->get_data();
		$this->assertArrayHasKey( 'schema', $data );
		return $data['schema'];
	}

	/**
	 * Asserts that the object properties of $data and $schema are the same set, at every depth.
	 *
	 * @param mixed                $data   The value.
	 * @param array<string, mixed> $schema Its schema.
	 * @param string               $path   Where we are, for messages.
	 */
	private function assert_same_properties( $data, array $schema, string $path ): void {
		if ( 'object' !== ( $schema['type'] ?? null ) ) {
			return;
		}
		$this->assertIsArray( $data, $path );
		$this->assertArrayHasKey( 'properties', $schema, "$path declares its properties" );
		$declared = array_keys( $schema['properties'] );
		$actual   = array_keys( $data );
		$this->assertSame( array(), array_values( array_diff( $actual, $declared ) ), "$path: properties missing from the schema" );
		$this->assertSame( array(), array_values( array_diff( $declared, $actual ) ), "$path: schema properties missing from the data" );
		foreach ( $schema['properties'] as $name => $property ) {
			$this->assert_same_properties( $data[ $name ], $property, "$path.$name" );
		}
	}

	/**
	 * An administrator gets every section, in order.
	 */
	public function test_admin_gets_every_section() {
		$user = $this->act_as( 'administrator' );

		list( $status, $data ) = $this->get_boot();

		$this->assertSame( 200, $status );
		$this->assertSame( array( 'rest', 'user', 'site', 'source', 'licence', 'plugin', 'shop' ), array_keys( $data ) );
		$this->assertNull( $data['shop'], 'no WooCommerce or Easy Digital Downloads in this suite: no shop' );
		$this->assertSame(
			array(
				'level'  => 'lite',
				'source' => 'none',
			),
			$data['licence'],
			'lite until a licence says otherwise'
		);
		$this->assertSame( 'monsterinsights-reports/v1', $data['rest']['namespace'] );
		$this->assertSame( get_rest_url(), $data['rest']['root'] );
		$this->assertNotFalse( wp_verify_nonce( $data['rest']['nonce'], 'wp_rest' ) );
		$this->assertSame( $user, $data['user']['id'] );
		$this->assertTrue( $data['user']['capabilities']['viewReports'] );
		$this->assertTrue( $data['user']['capabilities']['saveSettings'] );
		$this->assertSame( get_current_blog_id(), $data['site']['id'] );
		$this->assertSame( WP_TESTS_TITLE, $data['site']['name'] );
		$this->assertSame( home_url( '/' ), $data['site']['url'] );
		$this->assertSame( MONSTERINSIGHTS_REPORTS_VERSION, $data['plugin']['version'] );
		$this->assertSame( 'http://' . WP_TESTS_DOMAIN . '/wp-content/plugins/monsterinsights-reports/build/', $data['plugin']['assetsUrl'] );
		$this->assertSame( admin_url( 'admin.php?page=monsterinsights_reports' ), $data['plugin']['reportsUrl'] );
	}

	/**
	 * `sections` narrows the payload.
	 */
	public function test_sections_narrow_the_payload() {
		$this->act_as( 'administrator' );

		list( $status, $data ) = $this->get_boot( array( 'sections' => array( 'site' ) ) );
		$this->assertSame( 200, $status );
		$this->assertSame( array( 'site' ), array_keys( $data ) );

		list( $status, $data ) = $this->get_boot( array( 'sections' => array( 'plugin', 'user' ) ) );
		$this->assertSame( 200, $status );
		$this->assertSame( array( 'user', 'plugin' ), array_keys( $data ), 'in the canonical order' );
	}

	/**
	 * Unknown and repeated sections are rejected by the args schema.
	 */
	public function test_invalid_sections_are_rejected() {
		$this->act_as( 'administrator' );

		foreach ( array( array( 'bogus' ), array( 'site', 'site' ) ) as $sections ) {
			$response = $this->rest( 'GET', self::ROUTE, array( 'sections' => $sections ) );
			$this->assertSame( 400, $response->get_status() );
			$this->assertSame( 'rest_invalid_param', $response->as_error()->get_error_code() );
		}
	}

	/**
	 * A visitor who is not logged in gets a 401.
	 */
	public function test_anonymous_gets_401() {
		$response = $this->rest( 'GET', self::ROUTE );

		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( 'rest_forbidden', $response->as_error()->get_error_code() );
	}

	/**
	 * A logged-in user without the capability gets a 403.
	 */
	public function test_subscriber_gets_403() {
		$this->act_as( 'subscriber' );

		$response = $this->rest( 'GET', self::ROUTE );

		$this->assertSame( 403, $response->get_status() );
		$this->assertSame( 'rest_forbidden', $response->as_error()->get_error_code() );
	}

	/**
	 * The payload validates against the route's own schema, and the two declare the same
	 * properties at every depth: a property added to one but not the other fails here.
	 */
	public function test_payload_matches_schema() {
		$this->act_as( 'administrator' );
		$schema = $this->schema();
		$this->assertSame( 'monsterinsights-reports-boot', $schema['title'] );

		list( $status, $data ) = $this->get_boot();

		$this->assertSame( 200, $status );
		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, 'boot' ) );
		$this->assert_same_properties( $data, $schema, 'boot' );
	}

	/**
	 * The args schema lists exactly the payload's sections.
	 */
	public function test_sections_arg_lists_every_section() {
		$this->act_as( 'administrator' );
		$endpoint = $this->rest( 'OPTIONS', self::ROUTE )->get_data()['endpoints'][0];

		$this->assertSame( BootData::SECTIONS, $endpoint['args']['sections']['items']['enum'] );
		$this->assertSame( array_keys( $this->schema()['properties'] ), BootData::SECTIONS );
	}

	/**
	 * `site.today` is the date in the site's timezone, not the server's. Between them, UTC+14 and
	 * UTC-11 differ from UTC's date at every hour of the day.
	 */
	public function test_today_is_in_site_timezone() {
		$this->act_as( 'administrator' );

		$offsets = array(
			'Pacific/Kiritimati' => 14,
			'Pacific/Pago_Pago'  => -11,
		);
		foreach ( $offsets as $timezone => $offset ) {
			update_option( 'timezone_string', $timezone );
			$zone   = new \DateTimeZone( $timezone );
			$before = ( new \DateTimeImmutable( 'now', $zone ) )->format( 'Y-m-d' );

			list( , $data ) = $this->get_boot( array( 'sections' => array( 'site' ) ) );

			$after = ( new \DateTimeImmutable( 'now', $zone ) )->format( 'Y-m-d' );
			$this->assertContains( $data['site']['today'], array( $before, $after ), $timezone );
			$this->assertSame( $timezone, $data['site']['timezone'] );
			$this->assertEquals( $offset, $data['site']['gmtOffset'] );
		}
	}

	/**
	 * Without a timezone name, the site's UTC offset applies, including half hours.
	 */
	public function test_timezone_falls_back_to_gmt_offset() {
		$this->act_as( 'administrator' );
		update_option( 'timezone_string', '' );
		update_option( 'gmt_offset', 5.5 );

		list( $status, $data ) = $this->get_boot( array( 'sections' => array( 'site' ) ) );

		$this->assertSame( 200, $status );
		$this->assertSame( '+05:30', $data['site']['timezone'] );
		$this->assertEquals( 5.5, $data['site']['gmtOffset'] );
		$this->assertTrue( rest_validate_value_from_schema( $data, $this->schema(), 'boot' ) );
	}

	/**
	 * A fresh site has no data source; choosing one connects it.
	 */
	public function test_source_connects_when_chosen() {
		$this->act_as( 'administrator' );

		list( , $data ) = $this->get_boot( array( 'sections' => array( 'source' ) ) );
		$this->assertSame(
			array(
				'active'    => '',
				'connected' => false,
				'reauth'    => false,
			),
			$data['source']
		);

		update_option( BootData::SOURCE_OPTION, 'builtin' );

		list( , $data ) = $this->get_boot( array( 'sections' => array( 'source' ) ) );
		$this->assertSame(
			array(
				'active'    => 'builtin',
				'connected' => true,
				'reauth'    => false,
			),
			$data['source']
		);

		// Google without a connection is not connected; one Google asks to sign in again to is,
		// in re-auth.
		update_option( BootData::SOURCE_OPTION, 'google' );
		list( , $data ) = $this->get_boot( array( 'sections' => array( 'source' ) ) );
		$this->assertSame( array( false, false ), array( $data['source']['connected'], $data['source']['reauth'] ) );
		( new \MonsterInsights\Reports\Sources\Google\Connection() )->update(
			array(
				'auth'     => 'service_account',
				'property' => '300000001',
				'reauth'   => true,
			)
		);
		list( , $data ) = $this->get_boot( array( 'sections' => array( 'source' ) ) );
		$this->assertSame( array( true, true ), array( $data['source']['connected'], $data['source']['reauth'] ) );
	}

	/**
	 * The route and the inline script of the page carry the same payload (less the two values that
	 * depend on the clock).
	 */
	public function test_route_serves_the_page_payload() {
		$this->act_as( 'administrator' );

		list( , $data ) = $this->get_boot();
		$page           = json_decode( (string) wp_json_encode( BootData::build() ), true );

		foreach ( array( $data, $page ) as $payload ) {
			$this->assertNotFalse( wp_verify_nonce( $payload['rest']['nonce'], 'wp_rest' ) );
		}
		unset( $data['rest']['nonce'], $data['site']['today'], $page['rest']['nonce'], $page['site']['today'] );
		$this->assertSame( $page, $data );
	}

	/**
	 * The licence level filter is honoured, and an unknown level falls back to lite.
	 */
	public function test_licence_level_comes_from_the_filter(): void {
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'pro' );
		list( , $data ) = $this->get_boot( array( 'sections' => array( 'licence' ) ) );
		$this->assertSame( 'pro', $data['licence']['level'] );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'platinum', 20 );
		list( , $data ) = $this->get_boot( array( 'sections' => array( 'licence' ) ) );
		$this->assertSame( 'lite', $data['licence']['level'] );
	}
}
