<?php
/**
 * The network admin screen preloads nothing.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Admin\Preload;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The network admin screen (multisite only) loads its own data: no REST answer is preloaded for
 * it, even for a super admin of a connected site, where a site's reports page preloads its
 * start-up loads.
 */
class PreloadNetworkTest extends TestCase {

	/**
	 * A super admin of a connected site on the network admin screen gets no preloaded path; on the
	 * site's own reports page the same user gets the start-up loads.
	 */
	public function test_nothing_on_the_network_admin_screen(): void {
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		$user = $this->act_as( 'administrator' );
		grant_super_admin( $user );

		set_current_screen( 'toplevel_page_monsterinsights_reports' );
		$this->assertContains( '/monsterinsights-reports/v1/settings', Preload::paths() );

		set_current_screen( 'dashboard-network' );
		$this->assertSame( array(), Preload::paths() );
	}
}
