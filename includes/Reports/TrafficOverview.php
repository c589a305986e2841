<?php
/**
 * Traffic Overview: the chart and the Traffic Details table by GA4's default channel group.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;

defined( 'ABSPATH' ) || exit;

/**
 * Traffic Overview: the chart and the Traffic Details table by GA4's default channel group.
 */
final class TrafficOverview extends TrafficReport {

	/**
	 * The table.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Table>
	 */
	protected function table(): array {
		return array( 'channels' => self::details( 'channel', __( 'Channel', 'monsterinsights-reports' ), array( Dimension::SESSION_CHANNEL ) ) );
	}
}
