<?php
/**
 * Site and network licences on a network.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite\Licensing;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\LicenceKey;
use MonsterInsights\Reports\Tests\Support\LicenceKeys;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The network route's permissions and keys, and the resolution rules: in the network admin the
 * network licence; on a sub-site its own valid licence, else the network licence, else lite.
 */
class NetworkLicenceTest extends TestCase {

	use LicenceKeys;

	protected const REQUIRES = 'multisite';

	private const NETWORK_ROUTE = '/monsterinsights-reports/v1/licence/network';

	/**
	 * Starts without cached verifications, with the plugin network-active.
	 */
	protected function set_up() {
		parent::set_up();
		Licence::reset();
		update_site_option( 'active_sitewide_plugins', array( 'monsterinsights-reports/monsterinsights-reports.php' => time() ) );
	}

	/**
	 * Sends a request as the current user: status and data as JSON carries them.
	 *
	 * @param string               $method HTTP method.
	 * @param string               $route  The route.
	 * @param array<string, mixed> $params Parameters.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function call( string $method, string $route, array $params = array() ): array {
		$response = $this->rest( $method, $route, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * A sub-site with an administrator who is not a super admin, switched to.
	 *
	 * @return int The administrator.
	 */
	private function sub_site_admin(): int {
		$admin = $this->create_user( 'subscriber' );
		$site  = $this->create_site( $admin );
		switch_to_blog( $site );
		wp_set_current_user( $admin );
		return $admin;
	}

	/**
	 * A super admin.
	 */
	private function super_admin(): int {
		$super = $this->create_user( 'subscriber' );
		grant_super_admin( $super );
		wp_set_current_user( $super );
		return $super;
	}

	/**
	 * The network routes need manage_network_options; a sub-site administrator has the site route.
	 */
	public function test_network_route_permissions(): void {
		$key = $this->mint( 'pro', array( 'network' => true ) );
		foreach ( array( 'GET', 'POST', 'DELETE' ) as $method ) {
			$this->assertSame( 401, $this->call( $method, self::NETWORK_ROUTE, array( 'key' => $key ) )[0], $method );
		}
		$this->sub_site_admin();
		foreach ( array( 'GET', 'POST', 'DELETE' ) as $method ) {
			list( $status, $data ) = $this->call( $method, self::NETWORK_ROUTE, array( 'key' => $key ) );
			$this->assertSame( 403, $status, $method );
			$this->assertSame( 'rest_forbidden', $data['code'] );
		}
		$this->assertFalse( get_site_option( Licence::NETWORK_OPTION ) );

		list( $status, $data ) = $this->call( 'GET', '/monsterinsights-reports/v1/licence' );
		$this->assertSame( 200, $status, 'the sub-site administrator manages the site licence' );
		$this->assertFalse( $data['can_manage_network'] );

		$this->super_admin();
		list( $status, $data ) = $this->call( 'GET', self::NETWORK_ROUTE );
		$this->assertSame( 200, $status );
		$this->assertTrue( $data['can_manage_network'] );
	}

	/**
	 * Only a network key is stored as the network licence; refusals store nothing.
	 */
	public function test_network_route_stores_network_keys(): void {
		$this->super_admin();
		list( $status, $data ) = $this->call( 'POST', self::NETWORK_ROUTE, array( 'key' => $this->mint( 'agency' ) ) );
		$this->assertSame( 400, $status );
		$this->assertSame( LicenceKey::NOT_NETWORK, $data['code'] );
		$this->assertSame( LicenceKey::message( LicenceKey::NOT_NETWORK ), $data['message'] );
		$this->assertFalse( get_site_option( Licence::NETWORK_OPTION ) );

		list( $status, $data ) = $this->call( 'POST', self::NETWORK_ROUTE, array( 'key' => 'junk' ) );
		$this->assertSame( 400, $status );
		$this->assertSame( LicenceKey::MALFORMED, $data['code'] );
		$this->assertFalse( get_site_option( Licence::NETWORK_OPTION ) );

		$key                   = $this->mint(
			'plus',
			array(
				'network'   => true,
				'issued_to' => 'Network Co',
			)
		);
		list( $status, $data ) = $this->call( 'POST', self::NETWORK_ROUTE, array( 'key' => $key ) );
		$this->assertSame( 200, $status );
		$this->assertSame( $key, get_site_option( Licence::NETWORK_OPTION ) );
		$this->assertFalse( get_option( Licence::SITE_OPTION ), 'not the site option' );
		$this->assertSame( 'plus', $data['level'] );
		$this->assertSame( 'network', $data['source'] );
		$this->assertNull( $data['site'] );
		$this->assertSame( 'Network Co', $data['network']['issued_to'] );
		$this->assertTrue( $data['network']['network'] );
		$this->assertSame( 'valid', $data['network']['status'] );
		$schema = $this->rest( 'OPTIONS', self::NETWORK_ROUTE )->get_data()['schema'];
		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, 'licence' ) );

		list( $status, $data ) = $this->call( 'DELETE', self::NETWORK_ROUTE );
		$this->assertSame( 200, $status );
		$this->assertFalse( get_site_option( Licence::NETWORK_OPTION ) );
		$this->assertNull( $data['network'] );
		$this->assertSame( 'lite', $data['level'] );
	}

	/**
	 * A sub-site without a licence of its own gets the network's; its own wins, even when lower.
	 */
	public function test_sub_sites_fall_back_to_the_network_licence(): void {
		update_site_option( Licence::NETWORK_OPTION, $this->mint( 'pro', array( 'network' => true ) ) );
		$this->sub_site_admin();

		$this->assertSame( 'pro', Licence::level() );
		$this->assertSame( 'network', Licence::source() );
		$boot = $this->call( 'GET', '/monsterinsights-reports/v1/boot', array( 'sections' => array( 'licence' ) ) )[1];
		$this->assertSame(
			array(
				'level'  => 'pro',
				'source' => 'network',
			),
			$boot['licence']
		);

		list( $status ) = $this->call( 'POST', '/monsterinsights-reports/v1/licence', array( 'key' => $this->mint( 'basic' ) ) );
		$this->assertSame( 200, $status );
		$this->assertSame( 'basic', Licence::level(), 'the site licence wins' );
		$this->assertSame( 'site', Licence::source() );

		restore_current_blog();
		$this->assertSame( 'pro', Licence::level(), 'the main site has no licence of its own' );
	}

	/**
	 * An expired or broken site licence falls back to the network licence, then to lite.
	 */
	public function test_an_invalid_site_licence_falls_back(): void {
		$this->sub_site_admin();
		update_option( Licence::SITE_OPTION, $this->mint( 'agency', array( 'expires' => time() - 10 ) ) );
		update_site_option( Licence::NETWORK_OPTION, $this->mint( 'plus', array( 'network' => true ) ) );

		list( , $data ) = $this->call( 'GET', '/monsterinsights-reports/v1/licence' );
		$this->assertSame( 'plus', $data['level'] );
		$this->assertSame( 'network', $data['source'] );
		$this->assertSame( 'expired', $data['site']['status'] );
		$this->assertSame( 'valid', $data['network']['status'] );

		delete_site_option( Licence::NETWORK_OPTION );
		list( , $data ) = $this->call( 'GET', '/monsterinsights-reports/v1/licence' );
		$this->assertSame( 'lite', $data['level'] );
		$this->assertSame( 'none', $data['source'] );
		$this->assertNull( $data['network'] );

		// A site key written into the network option counts as no network licence.
		update_site_option( Licence::NETWORK_OPTION, $this->mint( 'agency' ) );
		list( , $data ) = $this->call( 'GET', '/monsterinsights-reports/v1/licence' );
		$this->assertSame( 'lite', $data['level'] );
		$this->assertSame( 'invalid', $data['network']['status'] );
		$this->assertSame( LicenceKey::message( LicenceKey::NOT_NETWORK ), $data['network']['message'] );
	}

	/**
	 * In the network admin the network licence applies, whatever the current site's own.
	 */
	public function test_network_admin_uses_the_network_licence(): void {
		$this->super_admin();
		update_option( Licence::SITE_OPTION, $this->mint( 'agency' ) );
		$this->assertSame( 'agency', Licence::level() );

		set_current_screen( 'dashboard-network' );
		$this->assertTrue( is_network_admin() );
		$this->assertSame( 'lite', Licence::level(), 'no network licence' );
		$this->assertSame( 'none', Licence::source() );

		update_site_option( Licence::NETWORK_OPTION, $this->mint( 'plus', array( 'network' => true ) ) );
		$this->assertSame( 'plus', Licence::level() );
		$this->assertSame( 'network', Licence::source() );
	}
}
