<?php
/**
 * The network licence route does not exist on a single site.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Licensing;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * A single site has no network licence: no route, nothing in the answers.
 */
class NetworkLicenceRouteTest extends TestCase {

	protected const REQUIRES = 'single-site';

	/**
	 * GET, POST and DELETE /licence/network are 404 rest_no_route; nothing is stored.
	 */
	public function test_no_network_route(): void {
		$this->act_as( 'administrator' );
		foreach ( array( 'GET', 'POST', 'DELETE' ) as $method ) {
			$response = $this->rest( $method, '/monsterinsights-reports/v1/licence/network', array( 'key' => 'x.y' ) );
			$this->assertSame( 404, $response->get_status(), $method );
			$this->assertSame( 'rest_no_route', $response->as_error()->get_error_code() );
		}
		$this->assertFalse( get_site_option( Licence::NETWORK_OPTION ) );
	}

	/**
	 * A network key in the site option is ignored on a single site.
	 */
	public function test_a_network_key_in_the_site_option_is_ignored(): void {
		update_site_option( Licence::NETWORK_OPTION, 'anything' );
		$this->assertSame( '', Licence::stored( 'network' ) );
		$this->assertNull( Licence::check( 'network' ) );
		$this->assertSame( 'none', Licence::source() );
	}
}
