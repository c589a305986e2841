<?php
/**
 * Campaigns: the chart and the sessions of each utm_campaign (none left out).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;

defined( 'ABSPATH' ) || exit;

/**
 * Campaigns: the chart and the sessions of each utm_campaign (none left out).
 */
final class TrafficCampaign extends TrafficReport {

	/**
	 * The table.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Table>
	 */
	protected function table(): array {
		return array( 'campaigns' => self::details( 'campaign', __( 'Campaign', 'monsterinsights-reports' ), array( Dimension::SESSION_CAMPAIGN ) ) );
	}
}
