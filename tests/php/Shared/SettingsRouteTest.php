<?php
/**
 * GET and POST monsterinsights-reports/v1/settings.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\REST\SettingsController;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Permissions, validation, storage and the payload's agreement with the route's schema.
 */
class SettingsRouteTest extends TestCase {

	private const ROUTE = '/monsterinsights-reports/v1/settings';

	/**
	 * Sends a request as the current user and returns the status and the data as JSON would carry it.
	 *
	 * @param string               $method HTTP method.
	 * @param array<string, mixed> $params Parameters.
	 * @return array{0: int, 1: mixed}
	 */
	private function call( string $method, array $params = array() ): array {
		$response = $this->rest( $method, self::ROUTE, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * A user who may view the reports but not change settings.
	 */
	private function act_as_viewer(): int {
		$id   = $this->act_as( 'subscriber' );
		$user = wp_get_current_user();
		$user->add_cap( Capabilities::VIEW );
		$this->assertTrue( current_user_can( Capabilities::VIEW ) );
		$this->assertFalse( current_user_can( Capabilities::SAVE ) );
		return $id;
	}

	/**
	 * A visitor who is not logged in gets 401 on both methods.
	 */
	public function test_anonymous_gets_401(): void {
		foreach ( array( 'GET', 'POST' ) as $method ) {
			list( $status, $data ) = $this->call( $method, array( 'pdf_reports_header_image' => '' ) );
			$this->assertSame( 401, $status, $method );
			$this->assertSame( 'rest_forbidden', $data['code'], $method );
		}
	}

	/**
	 * A subscriber gets 403 on both methods.
	 */
	public function test_subscriber_gets_403(): void {
		$this->act_as( 'subscriber' );
		foreach ( array( 'GET', 'POST' ) as $method ) {
			list( $status, $data ) = $this->call( $method, array( 'pdf_reports_header_image' => '' ) );
			$this->assertSame( 403, $status, $method );
			$this->assertSame( 'rest_forbidden', $data['code'], $method );
		}
	}

	/**
	 * Viewing the reports is enough to read; writing needs the save capability.
	 */
	public function test_viewer_reads_but_cannot_write(): void {
		$this->act_as_viewer();

		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$this->assertSame( '', $data['pdf_reports_header_image'] );

		list( $status, $data ) = $this->call( 'POST', array( 'pdf_reports_header_image' => 'https://example.com/logo.png' ) );
		$this->assertSame( 403, $status );
		$this->assertSame( 'rest_forbidden', $data['code'] );
		$this->assertFalse( get_option( SettingsController::OPTION ) );
	}

	/**
	 * A fresh site has an empty header image.
	 */
	public function test_defaults(): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$this->assertSame( '', $data['pdf_reports_header_image'] );
	}

	/**
	 * An administrator saves an http(s) URL; it lands in the option array beside other keys and GET
	 * returns it. An empty string clears it.
	 */
	public function test_admin_saves_and_clears_the_header_image(): void {
		$this->act_as( 'administrator' );
		update_option( SettingsController::OPTION, array( 'future_setting' => 'kept' ) );

		foreach ( array( 'https://example.com/uploads/logo.png', 'http://localhost:9400/wp-content/uploads/2026/11/logo.png' ) as $url ) {
			list( $status, $data ) = $this->call( 'POST', array( 'pdf_reports_header_image' => $url ) );
			$this->assertSame( 200, $status, $url );
			$this->assertSame( $url, $data['pdf_reports_header_image'] );

			list( , $data ) = $this->call( 'GET' );
			$this->assertSame( $url, $data['pdf_reports_header_image'] );
			$this->assertSame(
				array(
					'future_setting'           => 'kept',
					'pdf_reports_header_image' => $url,
				),
				get_option( SettingsController::OPTION )
			);
		}

		list( $status, $data ) = $this->call( 'POST', array( 'pdf_reports_header_image' => '' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( '', $data['pdf_reports_header_image'] );
		$this->assertSame( '', get_option( SettingsController::OPTION )['pdf_reports_header_image'] );
	}

	/**
	 * Anything but an empty string or an http(s) URL is a 400 naming the field, and nothing is
	 * stored.
	 */
	public function test_invalid_urls_are_refused_naming_the_field(): void {
		$this->act_as( 'administrator' );
		update_option( SettingsController::OPTION, array( 'pdf_reports_header_image' => 'https://example.com/old.png' ) );

		$invalid = array(
			'javascript:alert(1)',
			'ftp://example.com/logo.png',
			'data:image/png;base64,AAAA',
			'not a url',
			'/wp-content/uploads/logo.png',
			'//example.com/logo.png',
			'http://',
			"https://example.com/lo\ngo.png",
			'https://exa mple.com/logo.png',
		);
		foreach ( $invalid as $value ) {
			list( $status, $data ) = $this->call( 'POST', array( 'pdf_reports_header_image' => $value ) );
			$this->assertSame( 400, $status, $value );
			$this->assertSame( 'rest_invalid_param', $data['code'], $value );
			$this->assertStringContainsString( 'pdf_reports_header_image', $data['message'], $value );
			$this->assertArrayHasKey( 'pdf_reports_header_image', $data['data']['params'], $value );
		}
		$this->assertSame( 'https://example.com/old.png', get_option( SettingsController::OPTION )['pdf_reports_header_image'] );
	}

	/**
	 * A value that is not a string is refused by the args schema.
	 */
	public function test_non_string_is_refused(): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->call( 'POST', array( 'pdf_reports_header_image' => array( 'https://example.com/a.png' ) ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $data['code'] );
		$this->assertArrayHasKey( 'pdf_reports_header_image', $data['data']['params'] );
	}

	/**
	 * URLs are stored as esc_url_raw() makes them: no markup survives.
	 */
	public function test_urls_are_sanitised(): void {
		$this->act_as( 'administrator' );
		$url                   = 'https://example.com/logo.png?a=<b>&c="d"';
		list( $status, $data ) = $this->call( 'POST', array( 'pdf_reports_header_image' => '  ' . $url . ' ' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( esc_url_raw( $url ), $data['pdf_reports_header_image'] );
		$this->assertStringNotContainsString( '<', $data['pdf_reports_header_image'] );
		$this->assertStringNotContainsString( '"', $data['pdf_reports_header_image'] );
	}

	/**
	 * A POST without settings changes nothing and answers the settings.
	 */
	public function test_empty_post_changes_nothing(): void {
		$this->act_as( 'administrator' );
		update_option( SettingsController::OPTION, array( 'pdf_reports_header_image' => 'https://example.com/a.png' ) );
		list( $status, $data ) = $this->call( 'POST' );
		$this->assertSame( 200, $status );
		$this->assertSame( 'https://example.com/a.png', $data['pdf_reports_header_image'] );
	}

	/**
	 * A damaged option reads as the defaults.
	 */
	public function test_damaged_option_reads_as_defaults(): void {
		$this->act_as( 'administrator' );
		foreach ( array( 'garbage', array( 'pdf_reports_header_image' => array( 1 ) ) ) as $stored ) {
			update_option( SettingsController::OPTION, $stored );
			list( , $data ) = $this->call( 'GET' );
			$this->assertSame( '', $data['pdf_reports_header_image'] );
		}
	}

	/**
	 * The payload validates against the route's schema, and both declare the same properties.
	 */
	public function test_payload_matches_schema(): void {
		$this->act_as( 'administrator' );
		update_option( SettingsController::OPTION, array( 'pdf_reports_header_image' => 'https://example.com/a.png' ) );
		$schema = $this->rest( 'OPTIONS', self::ROUTE )->get_data()['schema'];
		$this->assertSame( 'monsterinsights-reports-settings', $schema['title'] );

		list( , $data ) = $this->call( 'GET' );
		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, 'settings' ) );
		$this->assertSame( array_keys( $schema['properties'] ), array_keys( $data ) );
		$this->assertSame( array( 'pdf_reports_header_image', 'referral_favicons', 'source', 'sources', 'tracking', 'roles' ), array_keys( $data ) );
	}
}
