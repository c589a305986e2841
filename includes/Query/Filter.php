<?php
/**
 * A dimension filter of a Query.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Query;

defined( 'ABSPATH' ) || exit;

/**
 * Keeps rows whose dimension matches: exact, contains, begins_with, or in a list.
 */
final class Filter {

	public const EXACT       = 'exact';
	public const CONTAINS    = 'contains';
	public const BEGINS_WITH = 'begins_with';
	public const IN_LIST     = 'in_list';

	/**
	 * Builds a filter.
	 *
	 * @param string          $dimension The dimension.
	 * @param string          $operator  One of the constants.
	 * @param string|string[] $value     The value, or the values for in_list.
	 * @throws \InvalidArgumentException For an unknown dimension or operator.
	 */
	public function __construct(
		public readonly string $dimension,
		public readonly string $operator,
		public readonly string|array $value
	) {
		if ( ! Dimension::is_valid( $dimension ) ) {
			throw new \InvalidArgumentException( 'Unknown dimension: ' . esc_html( $dimension ) );
		}
		if ( ! in_array( $operator, array( self::EXACT, self::CONTAINS, self::BEGINS_WITH, self::IN_LIST ), true ) ) {
			throw new \InvalidArgumentException( 'Unknown filter operator: ' . esc_html( $operator ) );
		}
	}

	/**
	 * Whether a dimension value passes the filter.
	 *
	 * @param string $candidate The value of the row.
	 */
	public function matches( string $candidate ): bool {
		$values = (array) $this->value;
		$first  = (string) ( $values[0] ?? '' );
		return match ( $this->operator ) {
			self::EXACT       => $candidate === $first,
			self::CONTAINS    => str_contains( $candidate, $first ),
			self::BEGINS_WITH => str_starts_with( $candidate, $first ),
			default           => in_array( $candidate, array_map( 'strval', $values ), true ),
		};
	}
}
