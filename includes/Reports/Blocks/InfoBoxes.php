<?php
/**
 * The info boxes: every metric's total with its change.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Overview's `infobox`: the range's length in days and, for every metric id, its value over the
 * range, its change in percent and its value over the range it compares with (the compare range,
 * else the previous period of the same length).
 */
final class InfoBoxes implements Block {

	/**
	 * The info boxes' part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, mixed>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$totals = $source->run( new Query( Metrics::query_metrics(), array(), $request->range, $request->before() ) );
		$box    = array( 'range' => $request->range->days() );
		$before = null !== $totals->compare ? $totals->compare->totals : array();
		foreach ( array_keys( Metrics::IDS ) as $id ) {
			$value      = Metrics::value( $id, $totals->totals );
			$prev_value = Metrics::value( $id, $before );
			$box[ $id ] = array(
				'value'         => $value,
				'prev'          => Metrics::change( $value, $prev_value ),
				'compare_value' => $prev_value,
			);
		}
		return $box;
	}

	/**
	 * The info boxes' schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$box = Schema::object(
			array(
				'value'         => Schema::number(),
				'prev'          => Schema::number_or_null(),
				'compare_value' => Schema::number(),
			)
		);
		return Schema::object( array( 'range' => array( 'type' => 'integer' ) ) + array_fill_keys( array_keys( Metrics::IDS ), $box ) );
	}
}
