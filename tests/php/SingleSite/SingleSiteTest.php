<?php
/**
 * Behaviour specific to a single-site install.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite;

use MonsterInsights\Reports\Activation;
use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Without a network, "network-wide" means this site.
 */
class SingleSiteTest extends TestCase {

	protected const REQUIRES = 'single-site';

	/**
	 * The boot data reports no network.
	 */
	public function test_boot_reports_no_network() {
		$this->act_as( 'administrator' );

		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/boot' );
		$data     = $response->get_data();

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 1, $data['site']['id'] );
		$this->assertFalse( $data['site']['isMultisite'] );
		$this->assertFalse( $data['site']['isNetworkAdmin'] );
		$this->assertFalse( $data['site']['isNetworkActive'] );
		$this->assertFalse( $data['user']['capabilities']['manageNetwork'] );
	}

	/**
	 * The plugin is active, and never network-active.
	 */
	public function test_plugin_is_active_not_network_active() {
		$this->assertTrue( is_plugin_active( 'monsterinsights-reports/monsterinsights-reports.php' ) );
		$this->assertFalse( Activation::is_network_active() );
	}

	/**
	 * A network-wide activation request on a single site activates this site.
	 */
	public function test_network_wide_activation_activates_this_site() {
		Capabilities::revoke();

		Activation::activate( true );

		$this->assertTrue( get_role( 'administrator' )->has_cap( Capabilities::VIEW ) );
		$this->assertTrue( get_role( 'administrator' )->has_cap( Capabilities::SAVE ) );
		$this->assertSame( Capabilities::GRANTS_VERSION, get_option( Capabilities::OPTION ) );
	}

	/**
	 * The page's inline payload agrees.
	 */
	public function test_page_payload_reports_no_network() {
		$this->act_as( 'administrator' );

		$site = BootData::build( array( 'site' ) )['site'];

		$this->assertFalse( $site['isMultisite'] );
		$this->assertSame( 'http://' . WP_TESTS_DOMAIN . '/', $site['url'] );
		$this->assertSame( 'http://' . WP_TESTS_DOMAIN . '/wp-admin/', $site['adminUrl'] );
	}
}
