<?php
/**
 * Campaigns (spec 3 "Traffic reports").
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
 * The chart and the Campaign Details table by utm_campaign (sessions without a campaign are left out).
 */
final class TrafficCampaign extends ComposedReport {

	/**
	 * The report's name.
	 */
	public function name(): string {
		return 'traffic_campaign';
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Block>
	 */
	protected function blocks(): array {
		return array(
			'chart'     => new Chart(),
			'campaigns' => Acquisition::table(
				new Column( 'campaign', __( 'Campaign', 'monsterinsights-reports' ), Column::TEXT ),
				array( Dimension::SESSION_CAMPAIGN ),
				static fn( array $d ): ?string => '' === ( $d[ Dimension::SESSION_CAMPAIGN ] ?? '' ) ? null : $d[ Dimension::SESSION_CAMPAIGN ]
			),
		);
	}
}
