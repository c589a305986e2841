<?php
/**
 * Notification dismissals on a network.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * A dismissal belongs to the site it was made on: the same notification on another site of the
 * network still shows.
 */
class NotificationSitesTest extends TestCase {

	protected const REQUIRES = 'multisite';

	private const ROUTE = '/monsterinsights-reports/v1/notifications';

	/**
	 * Dismissed on the main site, still active on a sub-site, and the other way round.
	 */
	public function test_dismissals_are_per_site(): void {
		update_site_option( 'active_sitewide_plugins', array( 'monsterinsights-reports/monsterinsights-reports.php' => time() ) );
		$user = $this->create_user( 'subscriber' );
		grant_super_admin( $user );
		wp_set_current_user( $user );
		$site = $this->create_site( $user );

		delete_option( BootData::SOURCE_OPTION );
		$response = $this->rest( 'POST', self::ROUTE . '/source-not-connected/dismiss' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array(), $response->get_data()['active'] );

		switch_to_blog( $site );
		delete_option( BootData::SOURCE_OPTION );
		$data = $this->rest( 'GET', self::ROUTE )->get_data();
		$this->assertSame( array( 'source-not-connected' ), array_column( $data['active'], 'id' ) );
		$this->assertSame( 200, $this->rest( 'POST', self::ROUTE . '/source-not-connected/dismiss' )->get_status() );
		restore_current_blog();

		$data = $this->rest( 'GET', self::ROUTE )->get_data();
		$this->assertSame( array( 'source-not-connected' ), array_column( $data['dismissed'], 'id' ) );
	}
}
