<?php
/**
 * The journeys of shop orders: the pages their visitor saw before buying.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\AggregationResult;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Lookups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Sessionizer;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * An order's journey is the page views of its visitor's sessions (the sessions the order's visitor
 * keys found, as Orders::attribute() finds them) before the second the order was placed, oldest
 * first, at most MAX_STEPS (the last ones): each with its time, its path, the seconds until the
 * session's next page view (the session's last page: until the session's last hit) and its
 * session's source, medium and campaign (docs/collector.md#shop-orders).
 *
 * Raw page views are kept for the raw window only (Compaction), so each journey is written into
 * shop_order_steps once it can no longer change, and then never again: after the first aggregation
 * run that read the whole buffer and began a session timeout (Sessionizer::TIMEOUT) after the order
 * was placed (every hit the visitor sent before the order is then stored, and so is the page view
 * that ends the last step's time, unless the session ended), shop_orders.journey_at records when
 * (settle()). Until then the
 * report computes it from the raw rows when it shows it (steps()). An order placed before the raw
 * window (a backfill, a site that turned the module on late) has no page views left: its journey is
 * empty, and final. The steps go with their order (Orders::forget()); retention and compaction
 * leave them.
 *
 * @phpstan-type Step array{ts: int, session_id: int, path_id: int, seconds: int, source_id: int, medium: string, campaign_id: int}
 */
final class Journeys {

	/**
	 * The most steps kept for an order: its last ones.
	 */
	public const MAX_STEPS = 50;

	/**
	 * The most journeys one aggregation run writes (the others wait for the next run).
	 */
	public const BATCH = 200;

	/**
	 * The module that shows journeys; journeys are written only while it is on.
	 */
	public const MODULE = 'user-journey';

	/**
	 * After an aggregation run (monsterinsights_reports_aggregated): writes the journeys that are
	 * final now, when the run read the whole buffer.
	 *
	 * @param mixed $days   The days recomputed (unused).
	 * @param mixed $result What the run did.
	 */
	public static function on_aggregated( $days = array(), $result = null ): void {
		unset( $days );
		if ( ! $result instanceof AggregationResult || ! $result->complete || $result->started <= 0 || ! Modules::is_active( self::MODULE ) ) {
			return;
		}
		self::settle( $result->started );
	}

	/**
	 * Writes the journeys of the orders placed a session timeout before $before whose journey is not
	 * written yet, at most BATCH of them, oldest first (an order placed since may still see its last
	 * step's next page view). Orders placed before the raw window get an empty journey at
	 * once. Running it again writes nothing twice.
	 *
	 * @param int $before Unix time: a complete aggregation run began then.
	 * @return int Journeys written.
	 */
	public static function settle( int $before ): int {
		$compacted = Compaction::compacted_before();
		if ( '' !== $compacted ) {
			// Their page views are gone: an empty journey.
			Db::query( 'UPDATE {shop_orders} SET journey_at = %d WHERE journey_at = 0 AND created_at < %d AND day < %s', array( $before, $before, $compacted ) );
		}
		$ids     = Db::col( 'SELECT id FROM {shop_orders} WHERE journey_at = 0 AND created_at < %d ORDER BY created_at, id LIMIT %d', array( $before - Sessionizer::TIMEOUT, self::BATCH ) );
		$written = 0;
		foreach ( $ids as $id ) {
			$id = (int) $id;
			Db::transaction(
				static function () use ( $id, $before ): void {
					Db::query( 'DELETE FROM {shop_order_steps} WHERE order_ref = %d', array( $id ) );
					$rows = array();
					foreach ( self::compute( $id ) as $seq => $step ) {
						$rows[] = array( $id, $seq + 1, $step['ts'], $step['session_id'], $step['path_id'], $step['seconds'], $step['source_id'], $step['medium'], $step['campaign_id'] );
					}
					Db::insert_rows( 'shop_order_steps', array( 'order_ref', 'seq', 'ts', 'session_id', 'path_id', 'seconds', 'source_id', 'medium', 'campaign_id' ), $rows );
					Db::query( 'UPDATE {shop_orders} SET journey_at = %d WHERE id = %d', array( $before, $id ) );
				}
			);
			++$written;
		}
		return $written;
	}

	/**
	 * The journey of an order: the written one once final, else computed from the raw rows now.
	 *
	 * @param int $id The order's row id.
	 * @return list<array<string, int|string>>
	 * @phpstan-return list<Step>
	 */
	public static function steps( int $id ): array {
		$final = (int) Db::value( 'SELECT journey_at FROM {shop_orders} WHERE id = %d', array( $id ) );
		if ( 0 === $final ) {
			return self::compute( $id );
		}
		return array_map(
			static fn( array $row ): array => array(
				'ts'          => (int) $row['ts'],
				'session_id'  => (int) $row['session_id'],
				'path_id'     => (int) $row['path_id'],
				'seconds'     => (int) $row['seconds'],
				'source_id'   => (int) $row['source_id'],
				'medium'      => (string) $row['medium'],
				'campaign_id' => (int) $row['campaign_id'],
			),
			Db::rows( 'SELECT ts, session_id, path_id, seconds, source_id, medium, campaign_id FROM {shop_order_steps} WHERE order_ref = %d ORDER BY seq', array( $id ) )
		);
	}

	/**
	 * Computes an order's journey from the raw rows: the page views of its visitor's sessions that
	 * began before the order was placed, up to that moment, the last MAX_STEPS of them.
	 *
	 * @param int $id The order's row id.
	 * @return list<array<string, int|string>>
	 * @phpstan-return list<Step>
	 */
	public static function compute( int $id ): array {
		$order = Db::rows( 'SELECT visitor, visitor_prev, created_at, paid_at FROM {shop_orders} WHERE id = %d', array( $id ) );
		if ( array() === $order ) {
			return array();
		}
		$keys = array_values( array_filter( array( (int) $order[0]['visitor'], (int) $order[0]['visitor_prev'] ) ) );
		// The checkout request placed it; an order without one (created by an admin) was paid.
		$moment = (int) $order[0]['created_at'] > 0 ? (int) $order[0]['created_at'] : (int) $order[0]['paid_at'];
		if ( array() === $keys || $moment <= 0 ) {
			return array();
		}
		$sessions = array();
		foreach ( Orders::visitor_sessions( $keys, $moment, array( 'started_at', 'day', 'last_seen_at', 'source_id', 'medium', 'campaign_id' ) ) as $row ) {
			$sessions[ (int) $row['id'] ] = $row;
		}
		if ( array() === $sessions ) {
			return array();
		}
		// Page views are stored by day: read the days the sessions span, not the whole table.
		$clock = new LocalTime();
		$first = min( array_map( static fn( array $row ): string => (string) $row['day'], $sessions ) );
		$last  = $clock->day( max( $moment, max( array_map( static fn( array $row ): int => (int) $row['last_seen_at'], $sessions ) ) ) );
		$views = Db::rows(
			'SELECT session_id, ts, path_id FROM {pageviews} WHERE day >= %s AND day <= %s AND session_id IN (' . Lookups::ints( array_keys( $sessions ) ) . ') ORDER BY session_id, ts, id',
			array( $first, $last )
		);
		$steps = array();
		foreach ( $views as $index => $view ) {
			$ts = (int) $view['ts'];
			// Before the order: a page view of the order's own second is its confirmation page.
			if ( $ts >= $moment ) {
				continue;
			}
			$session = $sessions[ (int) $view['session_id'] ];
			$next    = $views[ $index + 1 ] ?? null;
			$until   = null !== $next && $next['session_id'] === $view['session_id'] ? (int) $next['ts'] : (int) $session['last_seen_at'];
			$steps[] = array(
				'ts'          => $ts,
				'session_id'  => (int) $view['session_id'],
				'path_id'     => (int) $view['path_id'],
				'seconds'     => max( 0, $until - $ts ),
				'source_id'   => (int) $session['source_id'],
				'medium'      => (string) $session['medium'],
				'campaign_id' => (int) $session['campaign_id'],
			);
		}
		usort( $steps, static fn( array $a, array $b ): int => array( $a['ts'], $a['session_id'] ) <=> array( $b['ts'], $b['session_id'] ) );
		return array_values( array_slice( $steps, -self::MAX_STEPS ) );
	}
}
