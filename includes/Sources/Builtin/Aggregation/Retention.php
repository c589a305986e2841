<?php
/**
 * Pruning of the raw rows.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\DayRollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\EventRollups;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * Deletes raw page views, events and sessions older than the retention period (the
 * `monsterinsights_reports_retention_months` option, 25 months by default), in small batches so no
 * statement holds locks for long. The rollups are kept for ever.
 */
final class Retention {

	public const OPTION = 'monsterinsights_reports_retention_months';

	public const DEFAULT_MONTHS = 25;

	/**
	 * Rows deleted per statement.
	 */
	public const BATCH = 1000;

	/**
	 * The retention period in months (at least 1).
	 */
	public static function months(): int {
		$months = (int) get_option( self::OPTION, self::DEFAULT_MONTHS );
		return $months >= 1 ? $months : self::DEFAULT_MONTHS;
	}

	/**
	 * Deletes what is older than the retention period.
	 *
	 * @param int            $now         Unix time to count back from.
	 * @param int            $max_batches Most batches a table, 0 for no limit (the next run goes on).
	 * @param LocalTime|null $clock       Site-local time; the site's zone by default.
	 * @return array<string, int> Rows deleted, by table.
	 */
	public static function prune( int $now, int $max_batches = 0, ?LocalTime $clock = null ): array {
		$clock  = $clock ?? new LocalTime();
		$oldest = $clock->months_before( $now, self::months() );
		// The days about to go that the shop's daily rollups lack, first: the funnel reads their
		// shop events and sessions.
		DayRollups::roll( $oldest, 0 );
		$deleted = array();
		foreach ( array( 'pageviews', 'events', 'sessions' ) as $table ) {
			$deleted[ $table ] = 0;
			$batches           = 0;
			do {
				$ids   = Db::col( 'SELECT id FROM {' . $table . '} WHERE day < %s ORDER BY day LIMIT %d', array( $oldest, self::BATCH ) );
				$found = count( $ids );
				if ( $found > 0 ) {
					$deleted[ $table ] += Db::query( 'DELETE FROM {' . $table . '} WHERE id IN (' . Lookups::ints( $ids ) . ')' );
				}
				++$batches;
			} while ( self::BATCH === $found && ( 0 === $max_batches || $batches < $max_batches ) );
		}
		if ( $deleted['sessions'] > 0 ) {
			HeldSessions::forget_deleted_next_keys();
		}
		self::prune_shop( $oldest, $max_batches );
		return $deleted;
	}

	/**
	 * The shop's visitor-keyed rows follow the raw rows: shop events before the cutoff are rolled
	 * up by day, type and product (rollup_shop_events, so the Cart Abandonment report still counts
	 * them) and deleted (in batches, like the raw rows), and orders before it forget their visitor
	 * keys. An order's
	 * figures and its attribution stay: they describe the sale, not the visitor.
	 *
	 * @param string $oldest      The first day kept.
	 * @param int    $max_batches Stop after this many batches of events (0: none).
	 */
	private static function prune_shop( string $oldest, int $max_batches ): void {
		// The days about to lose their events keep their counts by type and product, once: a day
		// already rolled up (a run stopped while deleting it) is not counted again.
		EventRollups::roll( $oldest );
		$batches = 0;
		do {
			$ids   = Db::col( 'SELECT id FROM {shop_events} WHERE day < %s ORDER BY day LIMIT %d', array( $oldest, self::BATCH ) );
			$found = count( $ids );
			if ( $found > 0 ) {
				Db::query( 'DELETE FROM {shop_events} WHERE day < %s AND id IN (' . Lookups::ints( $ids ) . ')', array( $oldest ) );
			}
			++$batches;
		} while ( self::BATCH === $found && ( 0 === $max_batches || $batches < $max_batches ) );
		Db::query( 'UPDATE {shop_orders} SET visitor = 0, visitor_prev = 0 WHERE day < %s AND ( visitor <> 0 OR visitor_prev <> 0 )', array( $oldest ) );
	}
}
