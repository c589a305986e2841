<?php
/**
 * Traffic Overview (spec 3 "Traffic reports"): sessions and page views chart, channels.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Reports\Blocks\Acquisition;
use MonsterInsights\Reports\Reports\Blocks\Chart;
use MonsterInsights\Reports\Reports\Blocks\Column;

defined( 'ABSPATH' ) || exit;

/**
 * The chart and the Traffic Details table by default channel group.
 */
final class TrafficOverview extends ComposedReport {

	/**
	 * The report's name.
	 */
	public function name(): string {
		return 'traffic_overview';
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Block>
	 */
	protected function blocks(): array {
		return array(
			'chart'    => new Chart(),
			'channels' => Acquisition::table(
				new Column( 'channel', __( 'Channel', 'monsterinsights-reports' ), Column::TEXT ),
				array( Dimension::SESSION_CHANNEL ),
				static fn( array $d ): string => $d[ Dimension::SESSION_CHANNEL ] ?? ''
			),
		);
	}
}
