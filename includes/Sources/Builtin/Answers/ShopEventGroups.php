<?php
/**
 * The shop's steps (shop_events) as groups: items viewed, added to cart and checked out, the cart
 * and checkout event counts, and the users of the eCommerce funnel.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Reports\CountryNames;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Lookups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\DayRollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Events;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * The shop capture's events of a range (docs/collector.md#shop-orders), read from shop_events (kept
 * for the retention period, like the sessions they are tied to) and, for the days the retention
 * deleted, from their daily rollup (rollup_shop_events: counts and quantities by type and product):
 *
 * - events(): counters `items_viewed`, `items_added`, `items_checked_out` (the quantities of the
 *   product_view, add_to_cart and checkout_item rows) and `add_to_carts`, `checkouts`,
 *   `remove_from_carts` (how many add_to_cart, checkout_started and remove_from_cart rows), by
 *   nothing, by day (`date`) and by product (`itemName`: the product's title, else the name its
 *   last order line had, else "#id"; the checkout's own count row has no product and counts by
 *   product nowhere);
 * - funnel(): counter `funnel_users` by funnel step (Dimension::FUNNEL_STEPS), a closed funnel of
 *   users (distinct visitor keys) of the range's days: those who saw a product page; of those, who
 *   added a product to a cart that day; of those, who paid an order placed under their key (the
 *   checkout matches the day's key and the day before's). Broken down by the channel or country of
 *   the visitor's session: the latest of that visitor key (or of a session that went on under it,
 *   session_next) begun before their first product page of the day (a few minutes' leeway: the
 *   page view's hit arrives after the server saw the product page), else their first; a visitor
 *   without one is in channel "Unassigned" and country "Unknown". A user counts in one category
 *   only. A visitor key is one site-local day's, so the range's users are the sum of its days':
 *   the complete days come from their daily rollup (Aggregation\Shop\DayRollups), the others
 *   from the shop events.
 */
final class ShopEventGroups {

	/**
	 * A day before any.
	 */
	private const NO_DAY = '1000-01-01';

	/**
	 * The object cache group of a request's funnel users (non-persistent: Plugin registers it).
	 */
	public const CACHE_GROUP = 'monsterinsights_reports_funnel';

	/**
	 * Dimensions the events answer.
	 */
	public const EVENT_DIMENSIONS = array( Dimension::DATE, Dimension::ITEM_NAME );

	/**
	 * Dimensions the funnel answers (the step, and one breakdown).
	 */
	public const FUNNEL_DIMENSIONS = array( Dimension::FUNNEL_STEP, Dimension::SESSION_CHANNEL, Dimension::COUNTRY, Dimension::COUNTRY_ID );

	/**
	 * Whether the events answer a set of dimensions (the asked ones and those filtered on).
	 *
	 * @param string[] $dimensions Dimensions.
	 */
	public static function answers( array $dimensions ): bool {
		return array() === array_diff( $dimensions, self::EVENT_DIMENSIONS );
	}

	/**
	 * The event groups of a range by nothing, date and/or item name.
	 *
	 * @param string[]  $dimensions The dimensions (answers() must hold).
	 * @param DateRange $range      The range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	public static function events( array $dimensions, DateRange $range ): array {
		$by_item = in_array( Dimension::ITEM_NAME, $dimensions, true );
		$by_date = in_array( Dimension::DATE, $dimensions, true );
		// The days the retention rolled up are read from the rollup, the later ones from the
		// events (a day being deleted may still have some of its events: the rollup has it whole).
		$rolled = Db::value( 'SELECT MAX(day) FROM {rollup_shop_events}' ) ?? self::NO_DAY;
		$rows   = array_merge(
			self::event_rows( '{rollup_shop_events}', 'e.events', $by_item, $by_date, self::NO_DAY, $range ),
			self::event_rows( '{shop_events}', '1', $by_item, $by_date, $rolled, $range )
		);
		$names  = $by_item ? self::product_names( array_map( static fn( array $row ): int => (int) $row['product'], $rows ) ) : array();
		$groups = array();
		foreach ( $rows as $row ) {
			if ( 0 === (int) $row['n'] ) {
				continue; // SUM over no event.
			}
			$values = array();
			if ( $by_item ) {
				$values[ Dimension::ITEM_NAME ] = $names[ (int) $row['product'] ] ?? '';
			}
			if ( $by_date ) {
				$values[ Dimension::DATE ] = (string) $row['date'];
			}
			$groups[] = array(
				'dimensions' => $values,
				'counters'   => GroupRows::counters( $row, array( 'product', 'date', 'n' ) ),
			);
		}
		return $groups;
	}

	/**
	 * The event counters of the range's days after a day, from the events or their rollup.
	 *
	 * @param string    $table   {shop_events} or {rollup_shop_events} (alias e).
	 * @param string    $events  How many events a row is: 1, or the rollup's e.events.
	 * @param bool      $by_item By product.
	 * @param bool      $by_date By day.
	 * @param string    $after   Only the days after this one (NO_DAY for all).
	 * @param DateRange $range   The range.
	 * @return array<int, array<string, string|null>>
	 */
	private static function event_rows( string $table, string $events, bool $by_item, bool $by_date, string $after, DateRange $range ): array {
		$keys  = array_merge( $by_item ? array( 'e.product_id AS product' ) : array(), $by_date ? array( 'e.day AS date' ) : array() );
		$group = array_merge( $by_item ? array( 'e.product_id' ) : array(), $by_date ? array( 'e.day' ) : array() );
		$count = static fn( string $type ): string => "SUM(CASE WHEN e.type = '" . $type . "' THEN " . $events . ' ELSE 0 END)';
		$units = static fn( string $type ): string => "SUM(CASE WHEN e.type = '" . $type . "' THEN e.quantity ELSE 0 END)";
		return Db::rows(
			'SELECT ' . implode(
				', ',
				array_merge(
					$keys,
					array(
						$units( Events::PRODUCT_VIEW ) . ' AS items_viewed',
						$units( Events::ADD_TO_CART ) . ' AS items_added',
						$units( Events::CHECKOUT_ITEM ) . ' AS items_checked_out',
						$count( Events::ADD_TO_CART ) . ' AS add_to_carts',
						$count( Events::CHECKOUT_STARTED ) . ' AS checkouts',
						$count( Events::REMOVE_FROM_CART ) . ' AS remove_from_carts',
						'SUM(' . $events . ') AS n',
					)
				)
			)
			. ' FROM ' . $table . ' e WHERE e.day BETWEEN %s AND %s AND e.day > %s' . ( $by_item ? ' AND e.product_id > 0' : '' )
			. ( array() === $group ? '' : ' GROUP BY ' . implode( ', ', $group ) ),
			array( $range->start_ymd(), $range->end_ymd(), $after )
		);
	}

	/**
	 * Whether the funnel answers a set of dimensions: the step, with at most one breakdown.
	 *
	 * @param string[] $dimensions Dimensions.
	 */
	public static function answers_funnel( array $dimensions ): bool {
		return in_array( Dimension::FUNNEL_STEP, $dimensions, true ) && array() === array_diff( $dimensions, self::FUNNEL_DIMENSIONS );
	}

	/**
	 * The funnel's users by step (and by the visitor's session channel or country).
	 *
	 * @param string[]  $dimensions The dimensions (answers_funnel() must hold).
	 * @param DateRange $range      The range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	public static function funnel( array $dimensions, DateRange $range ): array {
		$breakdown = array_values( array_diff( $dimensions, array( Dimension::FUNNEL_STEP ) ) );
		$counts    = array();
		foreach ( self::funnel_users( $range ) as $row ) {
			$values = array();
			foreach ( $breakdown as $dimension ) {
				$values[ $dimension ] = match ( $dimension ) {
					Dimension::SESSION_CHANNEL => $row['channel'],
					Dimension::COUNTRY_ID      => $row['country'],
					default                    => CountryNames::name( $row['country'] ),
				};
			}
			$key = (string) wp_json_encode( $values );
			if ( ! isset( $counts[ $key ] ) ) {
				$counts[ $key ] = array( $values, array( 0, 0, 0 ) );
			}
			$counts[ $key ][1][0] += $row['viewers'];
			$counts[ $key ][1][1] += $row['adders'];
			$counts[ $key ][1][2] += $row['buyers'];
		}

		$groups = array();
		foreach ( $counts as list( $values, $steps ) ) {
			foreach ( Dimension::FUNNEL_STEPS as $step => $name ) {
				$groups[] = array(
					'dimensions' => array( Dimension::FUNNEL_STEP => $name ) + $values,
					'counters'   => array( 'funnel_users' => $steps[ $step ] ),
				);
			}
		}
		return $groups;
	}

	/**
	 * The range's funnel users by the channel and country of their session: the rolled-up days
	 * from rollup_shop_funnel, the others from the shop's tables (DayRollups). A report asks them
	 * once per breakdown: read once per request and data version (a non-persistent cache group).
	 *
	 * @param DateRange $range The range.
	 * @return array<int, array{channel: string, country: string, viewers: int, adders: int, buyers: int}>
	 */
	private static function funnel_users( DateRange $range ): array {
		$key    = 'users:' . $range->start_ymd() . ':' . $range->end_ymd() . ':' . ( new BuiltinSource() )->data_version();
		$cached = wp_cache_get( $key, self::CACHE_GROUP );
		if ( is_array( $cached ) ) {
			return $cached;
		}
		$days = ShopDays::of( $range );
		$rows = array();
		if ( array() !== $days['rolled'] ) {
			foreach ( Db::rows( 'SELECT f.channel, f.country, SUM(f.viewers) AS viewers, SUM(f.adders) AS adders, SUM(f.buyers) AS buyers FROM {rollup_shop_funnel} f WHERE f.day IN (' . implode( ', ', array_fill( 0, count( $days['rolled'] ), '%s' ) ) . ') GROUP BY f.channel, f.country', $days['rolled'] ) as $row ) {
				$rows[] = array(
					'channel' => (string) $row['channel'],
					'country' => (string) $row['country'],
					'viewers' => (int) $row['viewers'],
					'adders'  => (int) $row['adders'],
					'buyers'  => (int) $row['buyers'],
				);
			}
		}
		$rows = array_merge( $rows, DayRollups::funnel_users( $days['raw'] ) );
		wp_cache_set( $key, $rows, self::CACHE_GROUP );
		return $rows;
	}

	/**
	 * The names of products by id: the product's title, else the name its last order line had,
	 * else "#id".
	 *
	 * @param int[] $ids Product ids.
	 * @return array<int, string>
	 */
	private static function product_names( array $ids ): array {
		$ids = array_values( array_unique( array_filter( $ids ) ) );
		if ( array() === $ids ) {
			return array();
		}
		_prime_post_caches( $ids, false, false );
		$names = array();
		foreach ( $ids as $id ) {
			$post = get_post( $id );
			if ( $post instanceof \WP_Post && '' !== $post->post_title ) {
				$names[ $id ] = html_entity_decode( get_the_title( $post ), ENT_QUOTES, 'UTF-8' );
			}
		}
		$missing = array_values( array_diff( $ids, array_keys( $names ) ) );
		if ( array() !== $missing ) {
			$rows = Db::rows( 'SELECT product_id, name FROM {shop_order_items} WHERE id IN (SELECT MAX(id) FROM {shop_order_items} WHERE product_id IN (' . Lookups::ints( $missing ) . ') GROUP BY product_id)' );
			foreach ( $rows as $row ) {
				$names[ (int) $row['product_id'] ] = (string) $row['name'];
			}
		}
		foreach ( $ids as $id ) {
			/* translators: %d: a product id. */
			$names[ $id ] ??= sprintf( __( '#%d', 'monsterinsights-reports' ), $id );
		}
		return $names;
	}
}
