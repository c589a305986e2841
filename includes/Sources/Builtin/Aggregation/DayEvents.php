<?php
/**
 * What the rollups computed from the raw events share.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * For a class whose `recompute_day( string $day )` rebuilds its tables' rows of a day from that
 * day's events (LinkRollups, VitalsRollups, InteractionRollups): recomputing the days that still
 * have their raw rows, and reading a day's events afresh.
 */
trait DayEvents {

	/**
	 * Recomputes days that still have their raw rows (a migration; aggregation goes through
	 * Rollups, which calls recompute_day()).
	 *
	 * @param string[] $days Local days, Y-m-d.
	 */
	public static function recompute( array $days ): void {
		Compaction::each_raw_day( $days, array( self::class, 'recompute_day' ) );
	}

	/**
	 * Deletes a day's rows of some tables, then reads the day's events a query selects (Db::lists(),
	 * the aggregation's large reads), the props, its last column, decoded; an event whose props are
	 * not a JSON object is left out.
	 *
	 * @param string             $day    Local day, Y-m-d.
	 * @param string[]           $tables The tables whose rows of the day are recomputed.
	 * @param string             $sql    A query of {events} whose last column is `props`.
	 * @param array<int, scalar> $args   Its arguments.
	 * @return list<array{0: list<mixed>, 1: array<mixed>}> Each event's other columns, in order, and its props.
	 */
	private static function fresh_day( string $day, array $tables, string $sql, array $args ): array {
		foreach ( $tables as $table ) {
			Db::query( 'DELETE FROM {' . $table . '} WHERE day = %s', array( $day ) );
		}
		$events = array();
		foreach ( Db::lists( $sql, $args ) as $row ) {
			$props = json_decode( (string) array_pop( $row ), true );
			if ( is_array( $props ) ) {
				$events[] = array( $row, $props );
			}
		}
		return $events;
	}
}
