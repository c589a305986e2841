<?php
/**
 * What a source answers for a Query.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Query;

defined( 'ABSPATH' ) || exit;

/**
 * Rows of dimension values and metric values, the totals over all rows (before the limit), and
 * the same for the compare range when the query had one.
 */
final class Result {

	/**
	 * Builds a result.
	 *
	 * @param array<int, array{dimensions: array<string, string>, metrics: array<string, int|float>}> $rows    Rows.
	 * @param array<string, int|float>                                                                $totals  Totals of every metric.
	 * @param Result|null                                                                             $compare The compare range's result.
	 */
	public function __construct(
		public readonly array $rows,
		public readonly array $totals,
		public readonly ?Result $compare = null
	) {
	}

	/**
	 * A total, 0 when absent.
	 *
	 * @param string $metric The metric.
	 */
	public function total( string $metric ): int|float {
		return $this->totals[ $metric ] ?? 0;
	}

	/**
	 * The rows keyed by the value of one dimension.
	 *
	 * @param string $dimension The dimension.
	 * @return array<string, array<string, int|float>> Metrics by dimension value.
	 */
	public function by( string $dimension ): array {
		$out = array();
		foreach ( $this->rows as $row ) {
			$out[ (string) ( $row['dimensions'][ $dimension ] ?? '' ) ] = $row['metrics'];
		}
		return $out;
	}
}
