<?php
/**
 * Landing Page Details: the chart and the sessions that started on each page.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;

defined( 'ABSPATH' ) || exit;

/**
 * Landing Page Details: the chart and the sessions that started on each page.
 */
final class TrafficLandingPages extends TrafficReport {

	/**
	 * The table.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Table>
	 */
	protected function table(): array {
		return array( 'landing_pages' => self::details( 'landing_page', __( 'Landing Page', 'monsterinsights-reports' ), array( Dimension::LANDING_PAGE ) ) );
	}
}
