<?php
/**
 * The licence's notification in the header bell.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Licensing;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Tests\Support\LicenceKeys;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * An expired or invalid stored key raises an error notification; a valid one or none does not.
 */
class LicenceNotificationTest extends TestCase {

	use LicenceKeys;

	/**
	 * The notification ids the current user sees.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function active(): array {
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/notifications' );
		$this->assertSame( 200, $response->get_status() );
		return array_values( array_filter( $response->get_data()['active'], static fn( $n ) => 'licence-invalid' === $n['id'] ) );
	}

	/**
	 * Expired → 'has expired'; forged → 'is not valid'; valid or none → nothing.
	 */
	public function test_invalid_keys_raise_an_error_notification(): void {
		Licence::reset();
		$this->act_as( 'administrator' );
		$this->new_signing_key();
		$this->assertSame( array(), $this->active() );

		update_option( Licence::SITE_OPTION, $this->mint( 'pro' ) );
		$this->assertSame( array(), $this->active() );

		update_option( Licence::SITE_OPTION, $this->mint( 'pro', array( 'expires' => time() - 60 ) ) );
		$found = $this->active();
		$this->assertCount( 1, $found );
		$this->assertSame( 'error', $found[0]['type'] );
		$this->assertSame( 'Your licence key has expired', $found[0]['title'] );
		$this->assertStringContainsString( '#/settings', $found[0]['actions'][0]['url'] );

		update_option( Licence::SITE_OPTION, substr( $this->mint( 'pro' ), 0, -3 ) . 'AAA' );
		$found = $this->active();
		$this->assertCount( 1, $found );
		$this->assertSame( 'Your licence key is not valid', $found[0]['title'] );
	}
}
