<?php
/**
 * The plugin on a sub-site of a network.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite;

use MonsterInsights\Reports\Activation;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Super admins, and boot data that describes the sub-site it is served on.
 */
class SubSiteTest extends TestCase {

	protected const REQUIRES = 'multisite';

	/**
	 * Creates a sub-site with the plugin network-active, and switches to it.
	 *
	 * @param int $admin_id The sub-site's administrator; none when 0.
	 * @return int The site id.
	 */
	private function switch_to_new_site( int $admin_id = 0 ): int {
		update_site_option( 'active_sitewide_plugins', array( 'monsterinsights-reports/monsterinsights-reports.php' => time() ) );
		$site = $this->create_site( $admin_id );
		switch_to_blog( $site );
		return $site;
	}

	/**
	 * A super admin who has no role on a sub-site can still view its reports; a user who is not a
	 * super admin, with no role there, cannot.
	 */
	public function test_super_admin_without_role_can_view() {
		$super = $this->create_user( 'subscriber' );
		grant_super_admin( $super );
		$other = $this->create_user( 'subscriber' );
		$site  = $this->switch_to_new_site();

		$this->assertFalse( is_user_member_of_blog( $super, $site ) );

		wp_set_current_user( $super );
		$this->assertTrue( current_user_can( Capabilities::VIEW ) );
		$this->assertTrue( current_user_can( Capabilities::SAVE ) );
		$this->assertSame( 200, $this->rest( 'GET', '/monsterinsights-reports/v1/boot' )->get_status() );

		wp_set_current_user( $other );
		$this->assertFalse( current_user_can( Capabilities::VIEW ) );
		$this->assertSame( 403, $this->rest( 'GET', '/monsterinsights-reports/v1/boot' )->get_status() );
	}

	/**
	 * The boot route on a sub-site describes that site and the network.
	 */
	public function test_boot_on_sub_site_reports_that_site() {
		$admin = $this->create_user( 'subscriber' );
		$site  = $this->switch_to_new_site( $admin );
		wp_set_current_user( $admin );

		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/boot' );
		$data     = $response->get_data();

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( $site, $data['site']['id'] );
		$this->assertTrue( $data['site']['isMultisite'] );
		$this->assertTrue( $data['site']['isNetworkActive'] );
		$this->assertFalse( $data['site']['isNetworkAdmin'] );
		$this->assertSame( 'http://' . WP_TESTS_DOMAIN . get_site( $site )->path, $data['site']['url'] );
		$this->assertSame( get_admin_url( $site ), $data['site']['adminUrl'] );
		$this->assertSame( get_rest_url( $site ), $data['rest']['root'] );
		$this->assertSame( get_admin_url( $site, 'admin.php?page=monsterinsights_reports' ), $data['plugin']['reportsUrl'] );
		$this->assertTrue( $data['user']['capabilities']['viewReports'] );
		$this->assertFalse( $data['user']['capabilities']['manageNetwork'] );
	}

	/**
	 * A super admin's boot data says they can manage the network.
	 */
	public function test_boot_for_super_admin_reports_manage_network() {
		$super = $this->create_user( 'subscriber' );
		grant_super_admin( $super );
		$this->switch_to_new_site();
		wp_set_current_user( $super );

		$data = $this->rest( 'GET', '/monsterinsights-reports/v1/boot', array( 'sections' => array( 'user' ) ) )->get_data();

		$this->assertTrue( $data['user']['capabilities']['manageNetwork'] );
		$this->assertTrue( $data['user']['capabilities']['viewReports'] );
	}

	/**
	 * The data source is per site.
	 */
	public function test_source_is_per_site() {
		update_option( 'monsterinsights_reports_source', 'builtin' );
		$admin = $this->create_user( 'subscriber' );
		$this->switch_to_new_site( $admin );
		wp_set_current_user( $admin );

		$data = $this->rest( 'GET', '/monsterinsights-reports/v1/boot', array( 'sections' => array( 'source' ) ) )->get_data();

		$this->assertFalse( $data['source']['connected'] );
		$this->assertTrue( Activation::is_network_active() );
	}
}
