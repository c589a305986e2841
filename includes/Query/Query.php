<?php
/**
 * The heart of the report engine: "these metrics by these dimensions over this range".
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Query;

defined( 'ABSPATH' ) || exit;

/**
 * An immutable, source-independent description of a report query. Report classes ask Queries;
 * sources answer them.
 */
final class Query {

	/**
	 * Metric names.
	 *
	 * @var string[]
	 */
	public readonly array $metrics;

	/**
	 * Dimension names.
	 *
	 * @var string[]
	 */
	public readonly array $dimensions;

	/**
	 * Builds a query.
	 *
	 * @param string[]                                     $metrics    Metric names (Metric::*).
	 * @param string[]                                     $dimensions Dimension names (Dimension::*).
	 * @param DateRange                                    $range      The range.
	 * @param DateRange|null                               $compare    A second range answered the same way.
	 * @param Filter[]                                     $filters    Row filters, all must match.
	 * @param array<int, array{field: string, desc: bool}> $order_by   Sort, by a metric or dimension.
	 * @param int                                          $limit      Row limit, 0 for all.
	 * @throws \InvalidArgumentException For unknown metrics, dimensions or an order on an unknown field.
	 */
	public function __construct(
		array $metrics,
		array $dimensions,
		public readonly DateRange $range,
		public readonly ?DateRange $compare = null,
		public readonly array $filters = array(),
		public readonly array $order_by = array(),
		public readonly int $limit = 0
	) {
		foreach ( $metrics as $metric ) {
			if ( ! Metric::is_valid( $metric ) ) {
				throw new \InvalidArgumentException( 'Unknown metric: ' . esc_html( $metric ) );
			}
		}
		foreach ( $dimensions as $dimension ) {
			if ( ! Dimension::is_valid( $dimension ) ) {
				throw new \InvalidArgumentException( 'Unknown dimension: ' . esc_html( $dimension ) );
			}
		}
		foreach ( $order_by as $order ) {
			if ( ! in_array( $order['field'], array_merge( $metrics, $dimensions ), true ) ) {
				throw new \InvalidArgumentException( 'Order by a field the query does not ask for: ' . esc_html( $order['field'] ) );
			}
		}
		if ( $limit < 0 ) {
			throw new \InvalidArgumentException( 'A limit cannot be negative.' );
		}
		$this->metrics    = array_values( $metrics );
		$this->dimensions = array_values( $dimensions );
	}

	/**
	 * A query ordered by one metric, largest first.
	 *
	 * @param string[]       $metrics    Metric names; $by among them.
	 * @param string[]       $dimensions Dimension names.
	 * @param DateRange      $range      The range.
	 * @param string         $by         The metric to rank by.
	 * @param int            $limit      Row limit, 0 for all.
	 * @param DateRange|null $compare    A compare range.
	 * @param Filter[]       $filters    Filters.
	 */
	public static function ranked( array $metrics, array $dimensions, DateRange $range, string $by, int $limit = 0, ?DateRange $compare = null, array $filters = array() ): self {
		return new self(
			$metrics,
			$dimensions,
			$range,
			$compare,
			$filters,
			array(
				array(
					'field' => $by,
					'desc'  => true,
				),
			),
			$limit
		);
	}

	/**
	 * A stable key for caches.
	 */
	public function key(): string {
		return md5( (string) wp_json_encode( get_object_vars( $this ) ) );
	}
}
