<?php
/**
 * The network's Google connection through /google/network.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite;

use MonsterInsights\Reports\Settings\Secrets;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Sources\Google\OAuth;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\FakeGoogleTestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- The fixtures.

/**
 * A network administrator connects the network; a sub-site without its own connection uses it; a
 * site administrator cannot touch the network's; each scope disconnects alone.
 */
class GoogleNetworkConnectTest extends FakeGoogleTestCase {

	protected const REQUIRES = 'multisite';

	private const ROUTE = '/monsterinsights-reports/v1/google';

	/**
	 * Calls a route.
	 *
	 * @param string               $method The method.
	 * @param string               $path   What follows google.
	 * @param array<string, mixed> $params The parameters.
	 * @return array{0: int, 1: mixed}
	 */
	private function call( string $method, string $path = '', array $params = array() ): array {
		$response = $this->rest( $method, self::ROUTE . $path, $params );
		$json     = (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) );
		$this->assertStringNotContainsString( 'PRIVATE KEY', $json );
		$this->assertStringNotContainsString( 'ya29.', $json );
		return array( $response->get_status(), json_decode( $json, true ) );
	}

	/**
	 * The network's connection serves a sub-site without its own; a site administrator may
	 * connect the site but not the network.
	 */
	public function test_network_connection_serves_sub_sites(): void {
		$admin = $this->create_user( 'administrator' );
		$site  = $this->create_site( $admin );
		$key   = (string) file_get_contents( dirname( __DIR__, 2 ) . '/fake-google/fixtures/service-account.json' );

		switch_to_blog( $site );
		wp_set_current_user( $admin );
		( new \WP_User( $admin ) )->add_cap( \MonsterInsights\Reports\Capabilities::SAVE );
		list( $status, $data ) = $this->call( 'POST', '/network/service-account', array( 'key' => $key ) );
		$this->assertSame( 403, $status );
		$this->assertSame( 'rest_forbidden', $data['code'] );
		restore_current_blog();

		$super = $this->act_as( 'administrator' );
		grant_super_admin( $super );
		list( $status, $data ) = $this->call( 'POST', '/network/service-account', array( 'key' => $key ) );
		$this->assertSame( 200, $status );
		$this->assertSame( 'network', $data['scope'] );
		$this->assertSame( network_admin_url( 'admin.php?page=monsterinsights_reports' ), $data['redirect_uri'] );
		list( $status, $data ) = $this->call( 'POST', '/network/select', array( 'property' => '300000002' ) );
		$this->assertSame( 200, $status );
		$this->assertTrue( $data['connected'] );
		$this->assertSame( '300000002', ( new Connection( Secrets::NETWORK ) )->get()['property'] );
		$this->assertSame( '', ( new Connection( Secrets::SITE ) )->get()['auth'] );

		switch_to_blog( $site );
		wp_set_current_user( $admin );
		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$this->assertSame( '', $data['auth'] );
		$this->assertTrue( $data['uses_network'] );
		$this->assertSame( Secrets::NETWORK, Connection::current()->scope );
		$this->assertSame( '300000002', Connection::current()->get()['property'] );

		// The site connects on its own: it uses its own from then on; disconnecting it brings the
		// network's back.
		list( $status ) = $this->call( 'POST', '/service-account', array( 'key' => $key ) );
		$this->assertSame( 200, $status );
		$this->assertSame( Secrets::SITE, Connection::current()->scope );
		list( $status, $data ) = $this->call( 'DELETE' );
		$this->assertSame( 200, $status );
		$this->assertTrue( $data['uses_network'] );
		$this->assertSame( Secrets::NETWORK, Connection::current()->scope );
		restore_current_blog();

		wp_set_current_user( $super );
		list( $status ) = $this->call( 'DELETE', '/network' );
		$this->assertSame( 200, $status );
		$this->assertFalse( get_site_option( Connection::NETWORK_OPTION ) );
		$this->assertNull( Secrets::get( Connection::SECRET_KEY, Secrets::NETWORK ) );
	}

	/**
	 * The network's OAuth round trip returns to the network admin page and is refused on a
	 * site's.
	 */
	public function test_network_oauth_returns_to_the_network_admin(): void {
		$super = $this->act_as( 'administrator' );
		grant_super_admin( $super );
		$client                = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fake-google/fixtures/oauth-client.json' ), true )['web'];
		list( $status, $data ) = $this->call(
			'POST',
			'/network/oauth/start',
			array(
				'client_id'     => $client['client_id'],
				'client_secret' => $client['client_secret'],
			)
		);
		$this->assertSame( 200, $status );
		$this->assertSame( network_admin_url( 'admin.php?page=monsterinsights_reports' ), $data['redirect_uri'] );
		$response = wp_remote_get(
			$data['url'],
			array(
				'redirection' => 0,
				'timeout'     => 5,
			)
		);
		parse_str( (string) wp_parse_url( (string) wp_remote_retrieve_header( $response, 'location' ), PHP_URL_QUERY ), $back );
		unset( $back['page'] );

		// Arriving on a site's admin page instead: refused, and the round trip is used up.
		$this->assertFalse( OAuth::callback( $back, Secrets::SITE )['connected'] );
		$this->assertSame( '', ( new Connection( Secrets::NETWORK ) )->get()['auth'] );
		$this->assertSame( '', ( new Connection( Secrets::SITE ) )->get()['auth'] );
	}
}
