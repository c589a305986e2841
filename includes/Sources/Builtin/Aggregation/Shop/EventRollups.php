<?php
/**
 * The shop events' daily rollup.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * Rolls the shop events of complete days up by day, type and product (rollup_shop_events: how
 * many events and their quantities), once a day each, in day order: after each aggregation run for
 * the days that ended at least LAG_DAYS ago, and by the retention before it deletes a day's
 * events. The cart and checkout figures read the rolled-up days from the rollup and only the later
 * ones from the events (Answers\ShopEventGroups); the events stay for the funnel's distinct users
 * until the retention deletes them.
 */
final class EventRollups {

	/**
	 * Whole days a day's events wait, after the day ended, before they are rolled up (a step
	 * recorded just after midnight under the day before).
	 */
	public const LAG_DAYS = 1;

	/**
	 * After an aggregation run (monsterinsights_reports_aggregated): rolls up the complete days.
	 */
	public static function on_aggregated(): void {
		self::roll( ( new LocalTime() )->day( time() - self::LAG_DAYS * DAY_IN_SECONDS ) );
	}

	/**
	 * Rolls up the events of the days before a day that are not rolled up yet (those after the
	 * last day the rollup has).
	 *
	 * @param string $before The first day left out (Y-m-d).
	 */
	public static function roll( string $before ): void {
		$rolled = Db::value( 'SELECT MAX(day) FROM {rollup_shop_events}' ) ?? '1000-01-01';
		Db::query(
			'INSERT INTO {rollup_shop_events} (day, type, product_id, events, quantity)'
			. ' SELECT day, type, product_id, COUNT(*), SUM(quantity) FROM {shop_events} WHERE day < %s AND day > %s GROUP BY day, type, product_id',
			array( $before, $rolled )
		);
	}
}
