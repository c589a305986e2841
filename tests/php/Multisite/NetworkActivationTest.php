<?php
/**
 * Network activation.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite;

use MonsterInsights\Reports\Activation;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Network activation grants on every site, and so does creating a site while network-active.
 */
class NetworkActivationTest extends TestCase {

	protected const REQUIRES = 'multisite';

	private const BASENAME = 'monsterinsights-reports/monsterinsights-reports.php';

	/**
	 * Whether a site's administrator role holds both capabilities, and the grant is recorded.
	 *
	 * @param int $site_id The site.
	 */
	private function site_is_granted( int $site_id ): bool {
		switch_to_blog( $site_id );
		try {
			$role = get_role( 'administrator' );
			return null !== $role
				&& $role->has_cap( Capabilities::VIEW )
				&& $role->has_cap( Capabilities::SAVE )
				&& Capabilities::GRANTS_VERSION === get_option( Capabilities::OPTION );
		} finally {
			restore_current_blog();
		}
	}

	/**
	 * Marks the plugin network-active, as network activation does.
	 */
	private function make_network_active(): void {
		update_site_option( 'active_sitewide_plugins', array( self::BASENAME => time() ) );
	}

	/**
	 * The install activated the plugin on the main site only.
	 */
	public function test_install_is_site_activated() {
		$this->assertTrue( is_plugin_active( self::BASENAME ) );
		$this->assertFalse( Activation::is_network_active() );
		$this->assertTrue( $this->site_is_granted( 1 ) );
	}

	/**
	 * Without network activation, a new site gets nothing.
	 */
	public function test_new_site_is_not_granted_unless_network_active() {
		$site = $this->create_site();

		$this->assertFalse( $this->site_is_granted( $site ) );
	}

	/**
	 * Network activation grants on every existing site.
	 */
	public function test_network_activation_grants_every_site() {
		$sites = array( $this->create_site(), $this->create_site(), $this->create_site() );
		foreach ( $sites as $site ) {
			$this->assertFalse( $this->site_is_granted( $site ), "site $site before" );
		}

		Activation::activate( true );

		$this->assertTrue( $this->site_is_granted( 1 ) );
		foreach ( $sites as $site ) {
			$this->assertTrue( $this->site_is_granted( $site ), "site $site after" );
		}
		$this->assertSame( 1, get_current_blog_id() );
		$this->assertFalse( ms_is_switched() );
	}

	/**
	 * Activating on one site of a network leaves the other sites alone.
	 */
	public function test_site_activation_grants_only_current_site() {
		$other = $this->create_site();

		Activation::activate( false );

		$this->assertTrue( $this->site_is_granted( 1 ) );
		$this->assertFalse( $this->site_is_granted( $other ) );
	}

	/**
	 * Walking the network runs the callback once on every site, switched to it.
	 */
	public function test_for_each_site_visits_every_site_once() {
		$created = array( $this->create_site(), $this->create_site() );
		$visited = array();

		Activation::for_each_site(
			static function () use ( &$visited ) {
				$visited[] = get_current_blog_id();
			}
		);

		$expected = array_map( 'intval', get_sites( array( 'fields' => 'ids' ) ) );
		sort( $expected );
		sort( $visited );
		$this->assertSame( $expected, $visited );
		foreach ( $created as $site ) {
			$this->assertContains( $site, $visited );
		}
	}

	/**
	 * Adds a second network to the install, as multi-network plugins do.
	 *
	 * @return int The network id.
	 */
	private function create_network(): int {
		global $wpdb;
		$wpdb->insert( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery -- WordPress has no API to create a network.
			$wpdb->site,
			array(
				'domain' => 'example.net',
				'path'   => '/',
			)
		);
		$network = (int) $wpdb->insert_id;
		$this->assertGreaterThan( 1, $network );
		// Networks created since WordPress 3.5 do not rewrite ms-files; a network without the option
		// is taken for an older one. The option API cannot store it: its default is true.
		$wpdb->insert( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery
			$wpdb->sitemeta,
			array(
				'site_id'    => $network,
				'meta_key'   => 'ms_files_rewriting', // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key
				'meta_value' => '0', // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
			)
		);
		return $network;
	}

	/**
	 * Network activation covers the current network only; another network's sites are untouched.
	 */
	public function test_network_activation_stays_on_its_network() {
		$network = $this->create_network();
		$foreign = $this->create_site( 0, $network );
		$local   = $this->create_site();

		Activation::activate( true );

		$this->assertTrue( $this->site_is_granted( $local ) );
		$this->assertFalse( $this->site_is_granted( $foreign ) );
	}

	/**
	 * A new site follows the plugin's state on its own network, not on the current one.
	 */
	public function test_new_site_follows_its_own_network() {
		$network = $this->create_network();
		$this->make_network_active();

		$this->assertFalse( $this->site_is_granted( $this->create_site( 0, $network ) ), 'not active on its network' );

		update_network_option( $network, 'active_sitewide_plugins', array( self::BASENAME => time() ) );
		update_site_option( 'active_sitewide_plugins', array() );

		$this->assertTrue( $this->site_is_granted( $this->create_site( 0, $network ) ), 'active on its network' );
	}

	/**
	 * A site created while the plugin is network-active is granted, through wp_initialize_site.
	 */
	public function test_new_site_is_granted_when_network_active() {
		$this->make_network_active();
		$this->assertTrue( Activation::is_network_active() );

		$admin = $this->create_user( 'subscriber' );
		$site  = $this->create_site( $admin );

		$this->assertTrue( $this->site_is_granted( $site ) );
		$this->assertSame( 1, get_current_blog_id() );

		switch_to_blog( $site );
		$this->assertTrue( user_can( $admin, Capabilities::VIEW ), 'the new site\'s administrator can view' );
		restore_current_blog();
	}
}
