<?php
/**
 * The network's secrets and each site's own.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite;

use MonsterInsights\Reports\Settings\Secrets;
use MonsterInsights\Reports\Tests\TestCase;
use MonsterInsights\Reports\Uninstaller;

/**
 * A site without secrets of its own uses the network's; a site with its own uses only its own (a
 * connection is never half the site's, half the network's); deleting a site's secrets brings the
 * network's back; uninstalling removes them on every site and on the network.
 */
class NetworkSecretsTest extends TestCase {

	/**
	 * The network's secrets are seen from a sub-site that has none; a site's own override them as
	 * a whole; delete_all() on the site brings the network's back.
	 */
	public function test_a_site_uses_the_networks_secrets_until_it_has_its_own(): void {
		$this->assertTrue( Secrets::set( 'client_secret', 'network-secret', Secrets::NETWORK ) );
		$this->assertTrue( Secrets::set( 'refresh_token', 'network-token', Secrets::NETWORK ) );
		$site = $this->create_site();

		switch_to_blog( $site );
		$this->assertSame( Secrets::NETWORK, Secrets::scope() );
		$this->assertSame( 'network-secret', Secrets::get( 'client_secret' ) );
		$this->assertSame( 'network-token', Secrets::get( 'refresh_token' ) );
		$this->assertNull( Secrets::get( 'client_secret', Secrets::SITE ) );

		// The site connects on its own: only its own secrets are read, even the ones it lacks.
		$this->assertTrue( Secrets::set( 'client_secret', 'site-secret' ) );
		$this->assertSame( Secrets::SITE, Secrets::scope() );
		$this->assertSame( 'site-secret', Secrets::get( 'client_secret' ) );
		$this->assertNull( Secrets::get( 'refresh_token' ) );
		$this->assertSame( 'network-token', Secrets::get( 'refresh_token', Secrets::NETWORK ) );
		restore_current_blog();

		// The main site has none of its own either.
		$this->assertSame( 'network-secret', Secrets::get( 'client_secret' ) );

		switch_to_blog( $site );
		Secrets::delete_all();
		$this->assertSame( Secrets::NETWORK, Secrets::scope() );
		$this->assertSame( 'network-secret', Secrets::get( 'client_secret' ) );
		restore_current_blog();

		// The network disconnects.
		Secrets::delete_all( Secrets::NETWORK );
		$this->assertFalse( get_network_option( null, Secrets::NETWORK_OPTION ) );
		$this->assertNull( Secrets::scope() );
		$this->assertNull( Secrets::get( 'client_secret' ) );
	}

	/**
	 * A site's envelope put in the network's option does not open: the scope is part of the key.
	 */
	public function test_an_envelope_moved_between_scopes_reads_as_null(): void {
		$this->assertTrue( Secrets::set( 'client_secret', 'site-secret' ) );
		update_network_option( null, Secrets::NETWORK_OPTION, get_option( Secrets::OPTION ) );
		$this->assertNull( Secrets::get( 'client_secret', Secrets::NETWORK ) );
		$this->assertSame( 'site-secret', Secrets::get( 'client_secret' ) );
	}

	/**
	 * Uninstalling removes every site's secrets and the network's.
	 */
	public function test_uninstall_removes_every_sites_and_the_networks_secrets(): void {
		$this->assertTrue( Secrets::set( 'client_secret', 'network-secret', Secrets::NETWORK ) );
		$this->assertTrue( Secrets::set( 'client_secret', 'main-secret' ) );
		$site = $this->create_site();
		switch_to_blog( $site );
		$this->assertTrue( Secrets::set( 'refresh_token', 'site-token' ) );
		restore_current_blog();

		Uninstaller::run();

		$this->assertFalse( get_option( Secrets::OPTION ) );
		$this->assertFalse( get_network_option( null, Secrets::NETWORK_OPTION ) );
		switch_to_blog( $site );
		$this->assertFalse( get_option( Secrets::OPTION ) );
		$this->assertNull( Secrets::scope() );
		restore_current_blog();
	}
}
