<?php
/**
 * The shop's daily rollups of the eCommerce funnel's users and of the paid order lines.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Channels;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Lookups;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * A report over a long range reads each complete day once rolled up instead of every order line and
 * every shop step of the range:
 *
 * - rollup_shop_funnel: the day's funnel users (a closed funnel: visitor keys that saw a product
 *   page that day; of those, that added a product to a cart; of those, that paid an order placed
 *   under that key — the checkout knows the day's key and the day before's) by the channel and
 *   country of the visitor's session (funnel_users());
 * - rollup_shop_items: the paid, not cancelled orders' lines by the day the order was paid and the
 *   line's name: units (less refunded units) and revenue (less refunds, at the order's own rate to
 *   the base currency, unrounded);
 * - rollup_shop_orders: those orders by the day they were paid and each grouping the reports ask
 *   (OrderGroups::GROUPINGS): purchases, new customers' purchases, revenue (unrounded);
 * - rollup_shop_days: the days both hold. A day not in it is read from the shop tables.
 *
 * A visitor key belongs to one site-local day (the collector's salt changes at the site's
 * midnight), so a range's funnel is the sum of its days'. A day is rolled up once the day after it
 * ended (LAG_DAYS: that day's orders may carry its visitors' keys as their previous keys), after
 * each aggregation run, MAX_DAYS a run, oldest first. When an order changes (paid, refunded,
 * cancelled, deleted), the days it counts in leave rollup_shop_days (changed()) and the next run
 * rolls them up again; so does an order's attribution found late. The funnel of a day is recomputed only while the day's sessions are still
 * in the raw tables (their channel and country); once they are compacted it stays as rolled up,
 * and a later change to one of its orders changes the day's order lines only.
 */
final class DayRollups {

	/**
	 * Whole days after a day ends before it is rolled up.
	 */
	public const LAG_DAYS = 2;

	/**
	 * Most days rolled up by one run.
	 */
	public const MAX_DAYS = 62;

	/**
	 * Visitor keys per lookup.
	 */
	private const CHUNK = 1000;

	/**
	 * How long after a product page the visitor's session may have begun (the tracker's page view
	 * reaches the collector after the server rendered the page).
	 */
	private const SESSION_LEEWAY = 300;

	/**
	 * How often this request changed which days the rollups hold or the shop tables have (a
	 * reader's memo of them is stale when it changed).
	 *
	 * @var int
	 */
	private static int $generation = 0;

	/**
	 * See $generation.
	 */
	public static function generation(): int {
		return self::$generation;
	}

	/**
	 * The shop tables changed (a shop step or an order written): readers read the days again.
	 */
	public static function touched(): void {
		++self::$generation;
	}

	/**
	 * After an aggregation run (monsterinsights_reports_aggregated): rolls up the complete days.
	 */
	public static function on_aggregated(): void {
		self::roll_complete();
	}

	/**
	 * Rolls up the complete days not rolled up yet.
	 *
	 * @param int $most Most days (0: all).
	 * @return string[] The days rolled up.
	 */
	public static function roll_complete( int $most = self::MAX_DAYS ): array {
		return self::roll( ( new LocalTime() )->day( time() - ( self::LAG_DAYS - 1 ) * DAY_IN_SECONDS ), $most );
	}

	/**
	 * Rolls up the days before a day that the shop tables have and the rollups do not, oldest
	 * first, at most MAX_DAYS of them.
	 *
	 * @param string $before The first day left out (Y-m-d).
	 * @param int    $most   Most days (0: all).
	 * @return string[] The days rolled up.
	 */
	public static function roll( string $before, int $most = self::MAX_DAYS ): array {
		$limit = $most > 0 ? ' LIMIT ' . (int) $most : '';
		$days  = Db::col(
			'SELECT t.day FROM (SELECT DISTINCT day FROM {shop_events} WHERE day < %s UNION SELECT DISTINCT day FROM {shop_orders} WHERE day < %s) t'
			. ' LEFT JOIN {rollup_shop_days} r ON r.day = t.day WHERE r.day IS NULL ORDER BY t.day' . $limit,
			array( $before, $before )
		);
		foreach ( $days as $day ) {
			self::roll_day( (string) $day );
		}
		return array_map( 'strval', $days );
	}

	/**
	 * Rolls up one day (again): its order lines, and its funnel unless the day's sessions are gone
	 * and it was rolled up before.
	 *
	 * @param string $day The day (Y-m-d).
	 */
	public static function roll_day( string $day ): void {
		Db::transaction(
			static function () use ( $day ): void {
				Db::query( 'DELETE FROM {rollup_shop_items} WHERE day = %s', array( $day ) );
				Db::query(
					'INSERT INTO {rollup_shop_items} (day, name, items, item_revenue)'
					. ' SELECT o.day, i.name, ' . self::ITEMS . ', ' . self::ITEM_REVENUE
					. ' FROM {shop_orders} o JOIN {shop_order_items} i ON i.order_ref = o.id'
					. ' WHERE o.day = %s AND o.paid_at > 0 AND o.cancelled = 0 GROUP BY o.day, i.name',
					array( $day )
				);
				Db::query( 'DELETE FROM {rollup_shop_orders} WHERE day = %s', array( $day ) );
				foreach ( OrderGroups::statements( $day ) as list( $sql, $args ) ) {
					Db::query( $sql, $args );
				}
				$rolled   = null !== Db::value( 'SELECT day FROM {rollup_shop_funnel} WHERE day = %s LIMIT 1', array( $day ) );
				$sessions = null !== Db::value( 'SELECT id FROM {sessions} WHERE day = %s LIMIT 1', array( $day ) );
				if ( $sessions || ! $rolled ) {
					Db::query( 'DELETE FROM {rollup_shop_funnel} WHERE day = %s', array( $day ) );
					$rows = array();
					foreach ( self::funnel_users( array( $day ) ) as $row ) {
						$rows[] = array( $day, $row['channel'], $row['country'], $row['viewers'], $row['adders'], $row['buyers'] );
					}
					Db::insert_rows( 'rollup_shop_funnel', array( 'day', 'channel', 'country', 'viewers', 'adders', 'buyers' ), $rows );
				}
				Db::query( 'REPLACE INTO {rollup_shop_days} (day, rolled_at) VALUES (%s, %d)', array( $day, time() ) );
				self::touched();
			}
		);
	}

	/**
	 * An order's days leave the rollups (rolled up again by the next run): the day it counts in
	 * (paid, else placed), before and after the change, and the days of its visitor keys (the
	 * day it was placed and the day before).
	 *
	 * @param array<int, array{day?: string|null, created_at?: int|string|null}> $states The order before and after.
	 */
	public static function changed( array $states ): void {
		$clock = new LocalTime();
		$days  = array();
		foreach ( $states as $state ) {
			if ( isset( $state['day'] ) && '' !== (string) $state['day'] ) {
				$days[] = (string) $state['day'];
			}
			$created = (int) ( $state['created_at'] ?? 0 );
			if ( $created > 0 ) {
				$days[] = $clock->day( $created );
				$days[] = gmdate( 'Y-m-d', (int) strtotime( $clock->day( $created ) . ' -1 day' ) );
			}
		}
		self::touched();
		// Only complete days are rolled up: yesterday and today never are.
		$first = $clock->day( time() - ( self::LAG_DAYS - 1 ) * DAY_IN_SECONDS );
		$days  = array_values( array_filter( array_unique( $days ), static fn( string $day ): bool => $day < $first ) );
		if ( array() === $days ) {
			return;
		}
		Db::query( 'DELETE FROM {rollup_shop_days} WHERE day IN (' . implode( ', ', array_fill( 0, count( $days ), '%s' ) ) . ')', $days );
	}

	/**
	 * Every day the rollups hold, and every day the shop tables have data for that they do not
	 * (rolled up by a later run: the last days, and those an order's change took out).
	 *
	 * @return array{rolled: array<string, true>, pending: array<string, true>}
	 */
	public static function days(): array {
		$rolled  = array_fill_keys( array_map( 'strval', Db::col( 'SELECT day FROM {rollup_shop_days}' ) ), true );
		$pending = Db::col( 'SELECT DISTINCT day FROM {shop_events} UNION SELECT DISTINCT day FROM {shop_orders}' );
		$out     = array();
		foreach ( $pending as $day ) {
			if ( ! isset( $rolled[ (string) $day ] ) ) {
				$out[ (string) $day ] = true;
			}
		}
		return array(
			'rolled'  => $rolled,
			'pending' => $out,
		);
	}

	/**
	 * The days of a range the rollups hold.
	 *
	 * @param string $start First day (Y-m-d).
	 * @param string $end   Last day (Y-m-d).
	 * @return string[]
	 */
	public static function rolled( string $start, string $end ): array {
		return array_map( 'strval', Db::col( 'SELECT day FROM {rollup_shop_days} WHERE day BETWEEN %s AND %s ORDER BY day', array( $start, $end ) ) );
	}

	/**
	 * The units an order line counts (SQL over shop_order_items i).
	 */
	public const ITEMS = 'SUM(CASE WHEN i.quantity > i.refunded_quantity THEN i.quantity - i.refunded_quantity ELSE 0 END)';

	/**
	 * The revenue of order lines, unrounded (SQL over shop_order_items i joined to shop_orders o):
	 * the lines' totals less their refunds, converted at the order's own rate to the base currency.
	 */
	public const ITEM_REVENUE = 'SUM(CASE WHEN i.total > i.refunded THEN (i.total - i.refunded) * CASE WHEN o.total > 0 THEN COALESCE(o.total_base, o.total) / o.total ELSE 1 END ELSE 0 END)';

	/**
	 * The funnel users of some days from the shop tables, by the channel and country of each
	 * viewer's session (the latest of that visitor key, or of a session that went on under it,
	 * begun before their first product page of the day — a few minutes' leeway — else their first;
	 * without one, channel "Unassigned" and no country).
	 *
	 * @param string[] $days Days (Y-m-d).
	 * @return array<int, array{channel: string, country: string, viewers: int, adders: int, buyers: int}>
	 */
	public static function funnel_users( array $days ): array {
		if ( array() === $days ) {
			return array();
		}
		$in      = implode( ', ', array_fill( 0, count( $days ), '%s' ) );
		$viewers = array();
		foreach ( Db::rows( 'SELECT visitor, MIN(ts) AS ts FROM {shop_events} WHERE day IN (' . $in . ') AND type = %s AND visitor <> 0 GROUP BY visitor', array_merge( $days, array( Events::PRODUCT_VIEW ) ) ) as $row ) {
			$viewers[ (string) $row['visitor'] ] = (int) $row['ts'];
		}
		if ( array() === $viewers ) {
			return array();
		}
		$adders     = array_flip( array_map( 'strval', Db::col( 'SELECT DISTINCT visitor FROM {shop_events} WHERE day IN (' . $in . ') AND type = %s AND visitor <> 0', array_merge( $days, array( Events::ADD_TO_CART ) ) ) ) );
		$buyers     = self::buyers( array_keys( $viewers ) );
		$categories = self::session_categories( $viewers );
		$counts     = array();
		foreach ( $viewers as $visitor => $ts ) {
			$category         = $categories[ $visitor ] ?? array(
				'channel' => Channels::UNASSIGNED,
				'country' => '',
			);
			$key              = $category['channel'] . "\0" . $category['country'];
			$counts[ $key ] ??= array(
				'channel' => $category['channel'],
				'country' => $category['country'],
				'viewers' => 0,
				'adders'  => 0,
				'buyers'  => 0,
			);
			++$counts[ $key ]['viewers'];
			if ( isset( $adders[ $visitor ] ) ) {
				++$counts[ $key ]['adders'];
				if ( isset( $buyers[ $visitor ] ) ) {
					++$counts[ $key ]['buyers'];
				}
			}
		}
		return array_values( $counts );
	}

	/**
	 * Which of some visitor keys paid an order (not cancelled) placed under them: as the order's
	 * key or its previous day's key.
	 *
	 * @param array<int, int|string> $keys Visitor keys.
	 * @return array<string, true>
	 */
	private static function buyers( array $keys ): array {
		$buyers = array();
		foreach ( array_chunk( $keys, self::CHUNK ) as $chunk ) {
			$in = Lookups::ints( $chunk );
			foreach ( array( 'visitor', 'visitor_prev' ) as $column ) {
				foreach ( Db::col( 'SELECT ' . $column . ' FROM {shop_orders} WHERE ' . $column . ' IN (' . $in . ') AND paid_at > 0 AND cancelled = 0' ) as $buyer ) {
					$buyers[ (string) $buyer ] = true;
				}
			}
		}
		return $buyers;
	}

	/**
	 * The channel and country of each viewer's session (see funnel_users()).
	 *
	 * @param array<string, int> $viewers Visitor key → their first product page's time.
	 * @return array<string, array{channel: string, country: string}>
	 */
	private static function session_categories( array $viewers ): array {
		$sessions = array();
		foreach ( array_chunk( array_keys( $viewers ), self::CHUNK ) as $keys ) {
			$in   = Lookups::ints( $keys );
			$rows = array_merge(
				Db::rows( 'SELECT visitor, started_at, id, channel, country FROM {sessions} WHERE visitor IN (' . $in . ')' ),
				Db::rows( 'SELECT n.visitor_next AS visitor, s.started_at, s.id, s.channel, s.country FROM {session_next} n JOIN {sessions} s ON s.id = n.session_id WHERE n.visitor_next IN (' . $in . ')' )
			);
			foreach ( $rows as $row ) {
				$sessions[ (string) $row['visitor'] ][] = $row;
			}
		}
		$out = array();
		foreach ( $sessions as $visitor => $rows ) {
			usort( $rows, static fn( array $a, array $b ): int => array( (int) $a['started_at'], (int) $a['id'] ) <=> array( (int) $b['started_at'], (int) $b['id'] ) );
			$chosen = $rows[0];
			foreach ( $rows as $row ) {
				if ( (int) $row['started_at'] <= ( $viewers[ $visitor ] ?? 0 ) + self::SESSION_LEEWAY ) {
					$chosen = $row;
				}
			}
			$out[ $visitor ] = array(
				'channel' => '' !== (string) $chosen['channel'] ? (string) $chosen['channel'] : Channels::UNASSIGNED,
				'country' => (string) $chosen['country'],
			);
		}
		return $out;
	}
}
