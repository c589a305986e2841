<?php
/**
 * Landing Page Details (spec 3 "Traffic reports").
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
 * The chart and the Top Landing Pages table: sessions that started on each page, their page views
 * per session.
 */
final class TrafficLandingPages extends ComposedReport {

	/**
	 * The report's name.
	 */
	public function name(): string {
		return 'traffic_landing_pages';
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Block>
	 */
	protected function blocks(): array {
		return array(
			'chart'         => new Chart(),
			'landing_pages' => Acquisition::table(
				new Column( 'landing_page', __( 'Landing Page', 'monsterinsights-reports' ), Column::TEXT ),
				array( Dimension::LANDING_PAGE ),
				static fn( array $d ): string => $d[ Dimension::LANDING_PAGE ] ?? '/'
			),
		);
	}
}
