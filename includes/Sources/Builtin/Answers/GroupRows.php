<?php
/**
 * SQL rows of a rollup as groups: dimension values and integer counters.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

defined( 'ABSPATH' ) || exit;

/**
 * Turns the rows a rollup query returns into groups.
 */
final class GroupRows {

	/**
	 * Turns SQL rows into groups.
	 *
	 * @param array<int, array<string, string|null>> $rows Rows.
	 * @param array<string, string>                  $map  Dimension → column.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	public static function of( array $rows, array $map ): array {
		$groups = array();
		foreach ( $rows as $row ) {
			if ( empty( $map ) && null === ( $row['sessions'] ?? null ) ) {
				continue; // SUM over no rows.
			}
			$dimensions = array();
			foreach ( $map as $dimension => $column ) {
				$dimensions[ $dimension ] = (string) ( $row[ $column ] ?? '' );
			}
			$groups[] = array(
				'dimensions' => $dimensions,
				'counters'   => self::counters( $row, array_values( $map ) ),
			);
		}
		return $groups;
	}

	/**
	 * Integer counters of a SQL row, without the dimension columns.
	 *
	 * @param array<string, string|null> $row     The row.
	 * @param string[]                   $exclude Dimension columns.
	 * @return array<string, int>
	 */
	public static function counters( array $row, array $exclude ): array {
		$counters = array();
		foreach ( $row as $name => $value ) {
			if ( ! in_array( $name, $exclude, true ) && 'day' !== $name ) {
				$counters[ $name ] = (int) $value;
			}
		}
		return $counters;
	}
}
