<?php
/**
 * The network's defaults and each site's own settings.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings as Tracking;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Network defaults apply where a site has not chosen; a site's settings stay its own.
 */
class NetworkSettingsTest extends TestCase {

	private const ROUTE = '/monsterinsights-reports/v1/network/settings';

	/**
	 * Makes a new super admin the current user.
	 */
	private function act_as_super_admin(): void {
		$id = $this->act_as( 'subscriber' );
		grant_super_admin( $id );
		$this->assertTrue( current_user_can( 'manage_network_options' ) );
	}

	/**
	 * Only users with manage_network_options reach the network route.
	 */
	public function test_site_admin_cannot_change_network_defaults(): void {
		$this->act_as( 'administrator' );
		$this->assertFalse( current_user_can( 'manage_network_options' ) );
		$this->assertSame( 403, $this->rest( 'GET', self::ROUTE )->get_status() );
		$this->assertSame( 403, $this->rest( 'POST', self::ROUTE, array( 'modules' => array( 'forms' => true ) ) )->get_status() );
		$this->assertFalse( Modules::network_defaults()['forms'] );
	}

	/**
	 * A super admin sets defaults; sites without their own choice follow them, a site's own choice
	 * wins.
	 */
	public function test_network_defaults_apply_to_sites_without_their_own(): void {
		$this->act_as_super_admin();
		$response = $this->rest(
			'POST',
			self::ROUTE,
			array(
				'tracking' => array(
					'honor_dnt'    => false,
					'excluded_ips' => array( '203.0.113.0/24' ),
				),
				'modules'  => array( 'dimensions' => true ),
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$data = $response->get_data();
		$this->assertFalse( $data['tracking']['honor_dnt'] );
		$this->assertTrue( $data['modules']['dimensions'] );

		$site_a = $this->create_site();
		$site_b = $this->create_site();
		switch_to_blog( $site_a );
		$this->assertFalse( Tracking::get()['honor_dnt'] );
		$this->assertSame( array( '203.0.113.0/24' ), Tracking::get()['excluded_ips'] );
		$this->assertTrue( Modules::is_active( 'dimensions' ) );
		Modules::set( 'dimensions', false );
		update_option( Tracking::OPTION, array( 'honor_dnt' => true ) );
		restore_current_blog();

		switch_to_blog( $site_b );
		$this->assertTrue( Modules::is_active( 'dimensions' ) );
		$this->assertFalse( Tracking::get()['honor_dnt'] );
		restore_current_blog();

		switch_to_blog( $site_a );
		$this->assertFalse( Modules::is_active( 'dimensions' ) );
		$this->assertTrue( Tracking::get()['honor_dnt'] );
		restore_current_blog();
	}

	/**
	 * Invalid network defaults are refused with the field named.
	 */
	public function test_invalid_defaults_are_refused(): void {
		$this->act_as_super_admin();
		$response = $this->rest( 'POST', self::ROUTE, array( 'tracking' => array( 'excluded_ips' => array( 'nope' ) ) ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertStringContainsString( 'tracking.excluded_ips[0]', (string) wp_json_encode( $response->get_data() ) );
		$response = $this->rest( 'POST', self::ROUTE, array( 'modules' => array( 'teleport' => true ) ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( array(), Tracking::network_defaults() );
	}

	/**
	 * A site admin of site B changes B's settings only; site A's source and tracking stay.
	 */
	public function test_site_settings_are_isolated(): void {
		update_site_option( 'active_sitewide_plugins', array( 'monsterinsights-reports/monsterinsights-reports.php' => time() ) );
		$site_a = $this->create_site();
		$site_b = $this->create_site();
		switch_to_blog( $site_a );
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		update_option( Tracking::OPTION, array( 'excluded_ips' => array( '192.0.2.1' ) ) );
		restore_current_blog();

		switch_to_blog( $site_b );
		$this->act_as( 'administrator' );
		$response = $this->rest(
			'POST',
			'/monsterinsights-reports/v1/settings',
			array(
				'source'   => 'builtin',
				'tracking' => array( 'excluded_ips' => array( '198.51.100.7' ) ),
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array( '198.51.100.7' ), Tracking::get()['excluded_ips'] );
		restore_current_blog();

		switch_to_blog( $site_a );
		$this->assertSame( array( '192.0.2.1' ), Tracking::get()['excluded_ips'] );
		restore_current_blog();
	}
}
