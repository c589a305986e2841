<?php
/**
 * Source / Medium (spec 3 "Traffic reports").
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
 * The chart and the Source / Medium Details table ("google / organic", "(direct) / (none)").
 */
final class TrafficSourceMedium extends ComposedReport {

	/**
	 * The report's name.
	 */
	public function name(): string {
		return 'traffic_source_medium';
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Block>
	 */
	protected function blocks(): array {
		return array(
			'chart'         => new Chart(),
			'source_medium' => Acquisition::table(
				new Column( 'source_medium', __( 'Source / Medium', 'monsterinsights-reports' ), Column::TEXT ),
				array( Dimension::SESSION_SOURCE, Dimension::SESSION_MEDIUM ),
				static fn( array $d ): string => ( $d[ Dimension::SESSION_SOURCE ] ?? '' ) . ' / ' . ( '' === ( $d[ Dimension::SESSION_MEDIUM ] ?? '' ) ? '(none)' : $d[ Dimension::SESSION_MEDIUM ] )
			),
		);
	}
}
