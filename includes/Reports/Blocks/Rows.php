<?php
/**
 * Rows of one query for a table, with each row's compare-range metrics.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * What table blocks are made of: every row of the range grouped by some dimensions, and with a
 * compare range the same row's metrics there (zeros when the row is absent there).
 */
final class Rows {

	/**
	 * Every row of the request's range; none when a custom dimension asked is one the source does
	 * not know (MissingDimensions says so).
	 *
	 * @param Source        $source     The source.
	 * @param ReportRequest $request    The request.
	 * @param string[]      $dimensions Dimensions; the first identifies a row for the compare range.
	 * @param string[]      $metrics    Metrics.
	 * @param Filter[]      $filters    Filters.
	 * @return list<array{dimensions: array<string, string>, metrics: array<string, int|float>, compare: array<string, int|float>|null}>
	 */
	public static function of( Source $source, ReportRequest $request, array $dimensions, array $metrics, array $filters = array() ): array {
		foreach ( $dimensions as $dimension ) {
			// A custom dimension the source has not got (one a GA4 property never registered): no rows.
			if ( str_starts_with( $dimension, 'custom' ) && ! $source->supports( $dimension ) ) {
				return array();
			}
		}
		$result = $source->run( new Query( $metrics, $dimensions, $request->range, $request->compare, $filters ) );
		$other  = null !== $result->compare ? $result->compare->by( $dimensions[0] ) : null;
		$rows   = array();
		foreach ( $result->rows as $row ) {
			$rows[] = array(
				'dimensions' => $row['dimensions'],
				'metrics'    => $row['metrics'],
				'compare'    => null === $other ? null : ( $other[ $row['dimensions'][ $dimensions[0] ] ?? '' ] ?? array_fill_keys( $metrics, 0 ) ),
			);
		}
		return $rows;
	}
}
