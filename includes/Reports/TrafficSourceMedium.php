<?php
/**
 * Source / Medium: the chart and "source / medium" ("(direct) / (none)").
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;

defined( 'ABSPATH' ) || exit;

/**
 * Source / Medium: the chart and "source / medium" ("(direct) / (none)").
 */
final class TrafficSourceMedium extends TrafficReport {

	/**
	 * The table.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Table>
	 */
	protected function table(): array {
		return array( 'source_medium' => self::details( 'source_medium', __( 'Source / Medium', 'monsterinsights-reports' ), array( Dimension::SESSION_SOURCE, Dimension::SESSION_MEDIUM ) ) );
	}
}
