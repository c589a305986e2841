<?php
/**
 * The traffic reports' shared shape: the Sessions / Pageviews chart above one details table.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Reports\Blocks\Acquisition;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Chart;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;
use MonsterInsights\Reports\Reports\Blocks\Table;

defined( 'ABSPATH' ) || exit;

/**
 * A traffic report: the chart, then its table (details()), under the table's key. Each report is a
 * class of its own named in the Registry, which gives it its name.
 */
abstract class TrafficReport extends ComposedReport {

	use RegistryName;

	/**
	 * The report's table, by its key in the payload.
	 *
	 * @return array<string, Table>
	 */
	abstract protected function table(): array;

	/**
	 * The blocks: the chart and the table.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		return array( 'chart' => new Chart() ) + $this->table();
	}

	/**
	 * A details table whose name cell joins the row's dimension values with " / ".
	 *
	 * @param string   $id         The name column's id.
	 * @param string   $label      Its label.
	 * @param string[] $dimensions The dimensions.
	 */
	protected static function details( string $id, string $label, array $dimensions ): Table {
		return Acquisition::table(
			new Column( $id, $label, ColumnType::Text ),
			$dimensions,
			static function ( array $values ) use ( $dimensions ): ?string {
				$cells = array();
				foreach ( $dimensions as $dimension ) {
					$cells[] = $values[ $dimension ] ?? '';
				}
				// A session without a campaign is not a campaign's.
				return '' === $cells[0] ? null : implode( ' / ', $cells );
			}
		);
	}
}
