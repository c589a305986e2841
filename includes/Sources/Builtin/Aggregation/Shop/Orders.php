<?php
/**
 * Shop orders in the builtin source's tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Channels;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Lookups;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * Writes one order, as a shop adapter reads it from its plugin, into shop_orders,
 * shop_order_items and shop_order_coupons (docs/collector.md#shop-orders), and ties it to the
 * visitor's session.
 *
 * An order is one row, unique on (shop, order_id): every write is the whole order again, an
 * upsert, and its lines are replaced, so a hook that fires twice counts nothing twice. What the
 * shop cannot tell again is kept from the row: when the order was first paid, whether its customer
 * was new then, the visitor of the checkout request and the session found for it.
 *
 * @phpstan-type Line array{item_id: int, product_id: int, variation_id: int, name: string, category: string, quantity: int, price: string, total: string, refunded_quantity: int, refunded: string}
 * @phpstan-type Coupon array{code: string, discount: string}
 * @phpstan-type Order array{shop: string, order_id: int, created_at: int, paid_at: int, status: string, currency: string, total: string, tax: string, shipping: string, discount: string, total_base: ?string, is_new: bool, refunded: string, cancelled: bool, visitor: int, visitor_prev: int, fallback: ?Acquisition, items: array<int, Line>, coupons: array<int, Coupon>}
 */
final class Orders {

	/**
	 * Where an order's source, medium and campaign came from: the visitor's session.
	 */
	public const FROM_SESSION = 'session';

	/**
	 * …the shop's own order attribution (no session matched).
	 */
	public const FROM_SHOP = 'shop';

	/**
	 * …nowhere: "(not set)".
	 */
	public const FROM_NONE = 'none';

	/**
	 * How long after it was placed an order that no session matched is tried again after an
	 * aggregation run: the visitor key lives as long as its salt, 48 hours at most.
	 */
	public const RETRY_SECONDS = 2 * DAY_IN_SECONDS;

	/**
	 * The columns of shop_orders written from an Order, in order.
	 */
	private const COLUMNS = array( 'shop', 'order_id', 'created_at', 'paid_at', 'day', 'status', 'currency', 'total', 'tax', 'shipping', 'discount', 'total_base', 'is_new', 'refunded', 'cancelled', 'visitor', 'visitor_prev' );

	/**
	 * What this request wrote of each order (shop:order_id): a hash of its lines and coupons as
	 * written, so an order written again by the next hook of the same request (WooCommerce fires
	 * three or four in a checkout) does not rewrite them when they are the same.
	 *
	 * @var array<string, array{lines?: string}>
	 */
	private static array $written = array();

	/**
	 * Forgets what this request wrote (a new request).
	 */
	public static function reset_request(): void {
		self::$written = array();
	}

	/**
	 * The row of an order, or null.
	 *
	 * @param string $shop     The shop plugin.
	 * @param int    $order_id Its order id.
	 * @return array<string, string|null>|null
	 */
	public static function row( string $shop, int $order_id ): ?array {
		$rows = Db::rows( 'SELECT * FROM {shop_orders} WHERE shop = %s AND order_id = %d', array( $shop, $order_id ) );
		return $rows[0] ?? null;
	}

	/**
	 * Writes an order: its row (kept facts merged in), its lines and coupons, and its attribution.
	 *
	 * @param array $order The order.
	 * @phpstan-param Order $order
	 * @return int The order's row id.
	 */
	public static function save( array $order ): int {
		$id = (int) Db::transaction(
			static function () use ( $order ): int {
				$kept = self::row( $order['shop'], $order['order_id'] );
				if ( null !== $kept ) {
					// First paid stays first paid; the customer was new or not at that moment.
					if ( (int) $kept['paid_at'] > 0 ) {
						$order['paid_at'] = (int) $kept['paid_at'];
						$order['is_new']  = '1' === $kept['is_new'];
					}
					if ( 0 === $order['visitor'] ) {
						$order['visitor']      = (int) $kept['visitor'];
						$order['visitor_prev'] = (int) $kept['visitor_prev'];
					}
				}
				$moment = $order['paid_at'] > 0 ? $order['paid_at'] : $order['created_at'];
				$day    = ( new LocalTime() )->day( $moment );
				DayRollups::changed(
					array(
						$kept ?? array(),
						array(
							'day'        => $day,
							'created_at' => $order['created_at'],
						),
					)
				);
				$values = array(
					$order['shop'],
					$order['order_id'],
					$order['created_at'],
					$order['paid_at'],
					$day,
					$order['status'],
					$order['currency'],
					$order['total'],
					$order['tax'],
					$order['shipping'],
					$order['discount'],
					$order['total_base'],
					$order['is_new'] ? 1 : 0,
					$order['refunded'],
					$order['cancelled'] ? 1 : 0,
					$order['visitor'],
					$order['visitor_prev'],
				);
				$cells  = array();
				$args   = array();
				foreach ( $values as $value ) {
					if ( null === $value ) {
						$cells[] = 'NULL';
					} else {
						$cells[] = is_int( $value ) ? '%d' : '%s';
						$args[]  = $value;
					}
				}
				$update = array_map( static fn( string $column ): string => $column . ' = VALUES(' . $column . ')', array_slice( self::COLUMNS, 2 ) );
				Db::query( 'INSERT INTO {shop_orders} (' . implode( ', ', self::COLUMNS ) . ') VALUES (' . implode( ', ', $cells ) . ') ON DUPLICATE KEY UPDATE ' . implode( ', ', $update ), $args );
				$id = (int) Db::value( 'SELECT id FROM {shop_orders} WHERE shop = %s AND order_id = %d', array( $order['shop'], $order['order_id'] ) );

				$key   = $order['shop'] . ':' . $order['order_id'];
				$lines = md5( (string) wp_json_encode( array( $order['items'], $order['coupons'] ) ) );
				if ( null === $kept || ( self::$written[ $key ]['lines'] ?? '' ) !== $lines ) {
					Db::query( 'DELETE FROM {shop_order_items} WHERE order_ref = %d', array( $id ) );
					Db::insert_rows(
						'shop_order_items',
						array( 'order_ref', 'item_id', 'product_id', 'variation_id', 'name', 'category', 'quantity', 'price', 'total', 'refunded_quantity', 'refunded' ),
						array_map( static fn( array $line ): array => array_merge( array( $id ), array_values( $line ) ), $order['items'] )
					);
					Db::query( 'DELETE FROM {shop_order_coupons} WHERE order_ref = %d', array( $id ) );
					Db::insert_rows(
						'shop_order_coupons',
						array( 'order_ref', 'code', 'discount' ),
						array_map( static fn( array $coupon ): array => array( $id, $coupon['code'], $coupon['discount'] ), $order['coupons'] ),
						false,
						array( 'discount' )
					);
					self::$written[ $key ]['lines'] = $lines;
				}

				if ( null === $kept || 0 === (int) $kept['session_id'] ) {
					if ( ! self::attribute( $id ) ) {
						self::attribute_to( $id, $order['fallback'] );
					}
				}
				// An order that counts, or counted, changes the figures: the cached answers go stale
				// with the same commit (an unpaid order counts nowhere).
				if ( $order['paid_at'] > 0 || ( null !== $kept && (int) $kept['paid_at'] > 0 ) ) {
					self::changed( $order['shop'], $order['order_id'] );
				}
				return $id;
			}
		);
		return $id;
	}

	/**
	 * An order was written or removed: the reports' cached answers are stale (the report cache is
	 * keyed by the data version, which the plugin bumps on this action; a shop step waits for the
	 * next aggregation run instead).
	 *
	 * @param string $shop     The shop plugin.
	 * @param int    $order_id Its order id.
	 */
	private static function changed( string $shop, int $order_id ): void {
		/**
		 * Fires after an order of a shop plugin was written to the shop tables or removed.
		 *
		 * @param string $shop     The shop plugin (woocommerce, edd).
		 * @param int    $order_id The order's id in the shop plugin.
		 */
		do_action( 'monsterinsights_reports_shop_order_changed', $shop, $order_id );
	}

	/**
	 * Removes an order, its lines, its coupons and its journey (an order refused as it is now).
	 *
	 * @param string $shop     The shop plugin.
	 * @param int    $order_id Its order id.
	 */
	public static function forget( string $shop, int $order_id ): void {
		$row = Db::rows( 'SELECT id, day, created_at FROM {shop_orders} WHERE shop = %s AND order_id = %d', array( $shop, $order_id ) );
		if ( array() === $row ) {
			return;
		}
		$id = (int) $row[0]['id'];
		DayRollups::changed( $row );
		unset( self::$written[ $shop . ':' . $order_id ] );
		Db::query( 'DELETE FROM {shop_order_items} WHERE order_ref = %d', array( $id ) );
		Db::query( 'DELETE FROM {shop_order_coupons} WHERE order_ref = %d', array( $id ) );
		Db::query( 'DELETE FROM {shop_order_steps} WHERE order_ref = %d', array( $id ) );
		Db::query( 'DELETE FROM {shop_orders} WHERE id = %d', array( $id ) );
		self::changed( $shop, $order_id );
	}

	/**
	 * Ties an order to its visitor's latest session that began before the order (paid, else
	 * placed): the session's source, medium, campaign, channel and landing page, and how many
	 * sessions and seconds since the visitor's first one the order took.
	 *
	 * @param int $id The order's row id.
	 * @return bool Whether a session matched.
	 */
	public static function attribute( int $id ): bool {
		$order = Db::rows( 'SELECT visitor, visitor_prev, created_at, paid_at, day FROM {shop_orders} WHERE id = %d', array( $id ) );
		if ( array() === $order ) {
			return false;
		}
		$keys   = array_values( array_filter( array( (int) $order[0]['visitor'], (int) $order[0]['visitor_prev'] ) ) );
		$moment = (int) $order[0]['paid_at'] > 0 ? (int) $order[0]['paid_at'] : (int) $order[0]['created_at'];
		if ( array() === $keys ) {
			return false;
		}
		$sessions = self::visitor_sessions( $keys, $moment, array( 'started_at', 'source_id', 'medium', 'campaign_id', 'channel', 'landing_path_id', 'country' ) );
		if ( array() === $sessions ) {
			return false;
		}
		$latest = $sessions[0];
		$first  = (int) $sessions[ count( $sessions ) - 1 ]['started_at'];
		Db::query(
			'UPDATE {shop_orders} SET session_id = %d, attribution = %s, source_id = %d, medium = %s, campaign_id = %d, channel = %s, landing_path_id = %d, country = %s, seconds_to_purchase = %d, sessions_to_purchase = %d WHERE id = %d',
			array( (int) $latest['id'], self::FROM_SESSION, (int) $latest['source_id'], (string) $latest['medium'], (int) $latest['campaign_id'], (string) $latest['channel'], (int) $latest['landing_path_id'], (string) $latest['country'], max( 0, $moment - $first ), count( $sessions ), $id )
		);
		// Its day's rollups hold its former attribution.
		DayRollups::changed( array( array( 'day' => (string) $order[0]['day'] ) ) );
		return true;
	}

	/**
	 * The sessions of visitor keys begun at or before a moment, latest first: those of the keys and
	 * those that went on under one of them (session_next). Two indexed reads joined by UNION: an
	 * OR across them would read every raw session.
	 *
	 * @param int[]    $keys    Visitor keys (not empty).
	 * @param int      $before  Unix time.
	 * @param string[] $columns Columns of the sessions table besides id (started_at among them).
	 * @return array<int, array<string, string|null>>
	 */
	public static function visitor_sessions( array $keys, int $before, array $columns ): array {
		$in     = Lookups::ints( $keys );
		$select = implode( ', ', array_map( static fn( string $column ): string => 's.' . preg_replace( '/[^a-z_]/', '', $column ), array_merge( array( 'id' ), $columns ) ) );
		return Db::rows(
			'SELECT ' . $select . ' FROM {sessions} s WHERE s.visitor IN (' . $in . ') AND s.started_at <= %d'
			. ' UNION SELECT ' . $select . ' FROM {session_next} n JOIN {sessions} s ON s.id = n.session_id WHERE n.visitor_next IN (' . $in . ') AND s.started_at <= %d'
			. ' ORDER BY started_at DESC, id DESC',
			array( $before, $before )
		);
	}

	/**
	 * The attribution of an order that no session matched: the shop's own (an Acquisition read from
	 * its order attribution), else "(not set)".
	 *
	 * @param int              $id       The order's row id.
	 * @param Acquisition|null $fallback The shop's attribution; null when it has none.
	 */
	private static function attribute_to( int $id, ?Acquisition $fallback ): void {
		if ( null === $fallback ) {
			$source   = Acquisition::NOT_SET;
			$sources  = Lookups::sources( array( $source => '' ) );
			$medium   = Acquisition::NOT_SET;
			$campaign = 0;
			$channel  = Channels::UNASSIGNED;
			$from     = self::FROM_NONE;
		} else {
			$sources  = Lookups::sources( array( $fallback->source => $fallback->category ) );
			$source   = $fallback->source;
			$medium   = $fallback->medium;
			$hash     = $fallback->campaign_hash();
			$campaign = '' === $hash ? 0 : (int) ( Lookups::campaigns( array( $hash => $fallback->campaign ) )[ $hash ] ?? 0 );
			$channel  = $fallback->channel;
			$from     = self::FROM_SHOP;
		}
		Db::query(
			'UPDATE {shop_orders} SET session_id = 0, attribution = %s, source_id = %d, medium = %s, campaign_id = %d, channel = %s, landing_path_id = 0, country = \'\', seconds_to_purchase = 0, sessions_to_purchase = 0 WHERE id = %d',
			array( $from, (int) ( $sources[ $source ] ?? 0 ), $medium, $campaign, $channel, $id )
		);
	}

	/**
	 * Orders tied to a session before orders kept their country (schema 16) take it from the
	 * session while it is still in the raw tables.
	 */
	public static function fill_countries(): void {
		$rows = Db::rows( "SELECT o.id, s.country FROM {shop_orders} o JOIN {sessions} s ON s.id = o.session_id WHERE o.session_id <> 0 AND o.country = '' AND s.country <> ''" );
		$by   = array();
		foreach ( $rows as $row ) {
			$by[ (string) $row['country'] ][] = (int) $row['id'];
		}
		foreach ( $by as $country => $ids ) {
			foreach ( array_chunk( $ids, 1000 ) as $chunk ) {
				Db::query( 'UPDATE {shop_orders} SET country = %s WHERE id IN (' . Lookups::ints( $chunk ) . ')', array( (string) $country ) );
			}
		}
	}

	/**
	 * After an aggregation run: the orders of the last two days whose visitor is known but no
	 * session matched yet try again (an order paid before the visitor's hits left the buffer).
	 *
	 * @param int $now Unix time.
	 * @return int How many orders found their session.
	 */
	public static function attribute_pending( int $now ): int {
		$ids   = Db::col( 'SELECT id FROM {shop_orders} WHERE session_id = 0 AND visitor <> 0 AND created_at >= %d', array( $now - self::RETRY_SECONDS ) );
		$found = 0;
		foreach ( $ids as $id ) {
			$found += self::attribute( (int) $id ) ? 1 : 0;
		}
		return $found;
	}
}
