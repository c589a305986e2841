<?php
/**
 * The top rows of a dimension by a count, as the eCommerce lists rank them.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * One query by a dimension, ranked by a count (most first), then a value (most first), then the
 * dimension's value (A to Z); the rows with a count, at most `top`, each with its share of the
 * count's total. Top Products and Top Conversion Sources are two of them.
 */
final class RankedRows {

	/**
	 * The ranked rows, each made by `$row` from the query's row and its percent of the total.
	 *
	 * @template T
	 * @param Source        $source    The source.
	 * @param ReportRequest $request   The request (its range).
	 * @param string[]      $metrics   The metrics asked (the count and the value among them).
	 * @param string        $dimension The dimension.
	 * @param string        $count     The metric ranked by, whose total the percents share.
	 * @param string        $value     The metric ranked by next.
	 * @param int           $top       How many rows at most.
	 * @param callable      $row       ( query row, count, percent ) → the payload's row.
	 * @phpstan-param callable(array{dimensions: array<string, string>, metrics: array<string, int|float>}, int, float): T $row
	 * @return list<T>
	 */
	public static function of( Source $source, ReportRequest $request, array $metrics, string $dimension, string $count, string $value, int $top, callable $row ): array {
		$result = $source->run(
			new Query(
				$metrics,
				array( $dimension ),
				$request->range,
				null,
				array(),
				array(
					array(
						'field' => $count,
						'desc'  => true,
					),
					array(
						'field' => $value,
						'desc'  => true,
					),
					array(
						'field' => $dimension,
						'desc'  => false,
					),
				)
			)
		);
		$total  = (int) $result->total( $count );
		$out    = array();
		foreach ( $result->rows as $found ) {
			$n = (int) ( $found['metrics'][ $count ] ?? 0 );
			if ( $n <= 0 ) {
				continue;
			}
			$out[] = $row( $found, $n, Metrics::percent( $n, $total ) );
			if ( count( $out ) === $top ) {
				break;
			}
		}
		return $out;
	}
}
