<?php
/**
 * The shop's purchases and revenue as groups the session groups merge with.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Reports\CountryNames;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\DayRollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\OrderGroups;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * The paid orders of the shop capture (shop_orders: paid, not cancelled), by the day they were paid
 * and by what brought their visitor: counters `purchases` (orders) and `revenue_cents` (the order
 * total less its refunds, in the shop's base currency, in cents), `new_purchases` (those of customers
 * who had not bought before). Each group carries the same
 * dimension values the session rollups give (source names, media, channels, campaigns, countries),
 * so RollupAnswers merges it into the session group of the same values; an order without a known
 * visitor has the source "(not set)" and the medium and channel the capture gave it.
 *
 * Only the dimensions below: for any other (a device, a page title) an order's value is not known,
 * and there are no groups rather than wrong ones.
 */
final class ShopGroups {

	/**
	 * The dimensions only the shop's orders have: a query by one of them reads no session rollup.
	 */
	public const ONLY = array( Dimension::ORDER_COUPON, Dimension::DAYS_TO_PURCHASE, Dimension::SESSIONS_TO_PURCHASE );

	/**
	 * Whether the shop answers a set of dimensions (the asked ones and those filtered on).
	 *
	 * @param string[] $dimensions Dimensions.
	 */
	public static function answers( array $dimensions ): bool {
		return array() === array_diff( $dimensions, array_keys( OrderGroups::DIMENSIONS ) );
	}

	/**
	 * The groups of a range by a set of dimensions ShopGroups answers.
	 *
	 * @param string[]  $dimensions The dimensions (answers() must hold).
	 * @param DateRange $range      The range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	public static function groups( array $dimensions, DateRange $range ): array {
		$dimensions = array_values( array_unique( $dimensions ) );
		$grouping   = OrderGroups::grouping( $dimensions );
		$days       = ShopDays::of( $range );
		$rolled     = null === $grouping ? array() : $days['rolled'];
		$raw        = null === $grouping ? array_merge( $days['rolled'], $days['raw'] ) : $days['raw'];
		if ( array() === $rolled && array() === $raw ) {
			return array(); // No order on any day of the range.
		}
		// The rolled-up days from their rollup, the others from the orders; summed unrounded.
		$args = array();
		$map  = array();
		if ( null !== $grouping ) {
			// The grouping's values are v1 and v2 (k0 and k1 in both parts), the day kd.
			$values = OrderGroups::GROUPINGS[ $grouping ];
			$parts  = OrderGroups::select( $values, true );
			foreach ( $dimensions as $dimension ) {
				$map[ $dimension ] = Dimension::DATE === $dimension ? 'kd' : $parts['aliases'][ Dimension::COUNTRY === $dimension ? Dimension::COUNTRY_ID : $dimension ];
			}
		} else {
			$parts = OrderGroups::select( array_values( array_diff( $dimensions, array( Dimension::DATE ) ) ) );
			foreach ( $dimensions as $dimension ) {
				$map[ $dimension ] = Dimension::DATE === $dimension ? 'kd' : $parts['aliases'][ $dimension ];
			}
		}
		$keys   = array_values( array_unique( array_values( $parts['aliases'] ) ) );
		$select = array();
		$unions = array();
		if ( array() !== $rolled ) {
			$columns  = array_slice( array( 'r.v1 AS k0', 'r.v2 AS k1' ), 0, count( $keys ) );
			$unions[] = 'SELECT ' . implode( ', ', array_merge( $columns, array( 'r.day AS kd', 'r.purchases', 'r.new_purchases', 'r.revenue' ) ) )
				. ' FROM {rollup_shop_orders} r WHERE r.dims = %s AND r.day IN (' . implode( ', ', array_fill( 0, count( $rolled ), '%s' ) ) . ')';
			$select   = array_merge( array( (string) $grouping ), $rolled );
		}
		if ( array() !== $raw ) {
			$unions[] = 'SELECT ' . implode( ', ', array_merge( $parts['select'], array( 'o.day AS kd', OrderGroups::COUNTERS ) ) )
				. ' FROM {shop_orders} o' . $parts['joins']
				. ' WHERE ' . OrderGroups::WHERE . ' AND o.day IN (' . implode( ', ', array_fill( 0, count( $raw ), '%s' ) ) . ')'
				. ' GROUP BY ' . implode( ', ', array_merge( $keys, array( 'kd' ) ) );
			$args     = array_merge( $parts['args'], $raw );
		}
		// Each asked value by its alias; a keyed one (rolled up by its key) turned into its value.
		$outer  = array();
		$joins  = '';
		$labels = array();
		foreach ( array_values( array_unique( array_values( $map ) ) ) as $alias ) {
			$dimension = array_search( $alias, $parts['aliases'], true );
			if ( null !== $grouping && is_string( $dimension ) && isset( OrderGroups::KEYED[ $dimension ] ) ) {
				$label           = OrderGroups::label( $dimension, $alias );
				$outer[ $alias ] = $label['expression'];
				$joins          .= $label['join'];
				$labels          = array_merge( $labels, $label['args'] );
			} else {
				$outer[ $alias ] = 't.' . $alias;
			}
		}
		$select_outer = array_map( static fn( string $expression, string $alias ): string => $expression . ' AS ' . $alias, array_values( $outer ), array_keys( $outer ) );
		$rows         = Db::rows(
			'SELECT ' . implode( ', ', array_merge( $select_outer, array( 'SUM(t.purchases) AS purchases', 'SUM(t.new_purchases) AS new_purchases', 'ROUND(SUM(t.revenue) * 100) AS revenue_cents' ) ) )
			. ' FROM (' . implode( ' UNION ALL ', $unions ) . ') t' . $joins
			. ( array() === $outer ? '' : ' GROUP BY ' . implode( ', ', array_values( $outer ) ) ),
			array_merge( $labels, $select, $args, $labels )
		);
		$groups       = array();
		foreach ( $rows as $row ) {
			if ( 0 === (int) ( $row['purchases'] ?? 0 ) ) {
				continue; // COUNT over no order.
			}
			$values = array();
			foreach ( $map as $dimension => $alias ) {
				$values[ $dimension ] = (string) ( $row[ $alias ] ?? '' );
			}
			if ( isset( $values[ Dimension::COUNTRY ] ) ) {
				$values[ Dimension::COUNTRY ] = CountryNames::name( $values[ Dimension::COUNTRY_ID ] ?? $values[ Dimension::COUNTRY ] );
			}
			$groups[] = array(
				'dimensions' => $values,
				'counters'   => array(
					'purchases'     => (int) $row['purchases'],
					'new_purchases' => (int) $row['new_purchases'],
					'revenue_cents' => (int) $row['revenue_cents'],
				),
			);
		}
		return $groups;
	}

	/**
	 * The range's paid order lines by product name and/or the day the order was paid (or by
	 * nothing): counters `items` (units sold: quantities less refunded quantities) and
	 * `item_revenue_cents` (the lines' totals, after discounts and before tax, less their refunds,
	 * converted at the order's own rate to the shop's base currency, in cents).
	 *
	 * @param string[]  $dimensions Dimensions (answers_items() must hold).
	 * @param DateRange $range      The range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	public static function items( array $dimensions, DateRange $range ): array {
		$keys = array_values( array_intersect( array( Dimension::ITEM_NAME, Dimension::DATE ), $dimensions ) );
		$map  = array();
		foreach ( $keys as $n => $dimension ) {
			$map[ $dimension ] = 'k' . $n;
		}
		// The columns of each part: [ rollup's, orders' ] by dimension.
		$columns = array(
			Dimension::ITEM_NAME => array( 'r.name', 'i.name' ),
			Dimension::DATE      => array( 'r.day', 'o.day' ),
		);
		$select  = static fn( int $part ): array => array_map( static fn( string $dimension ): string => $columns[ $dimension ][ $part ] . ' AS ' . $map[ $dimension ], $keys );
		// The rolled-up days from their daily rollup, the others from the orders; summed unrounded.
		$days   = ShopDays::of( $range );
		$rolled = $days['rolled'];
		$raw    = $days['raw'];
		if ( array() === $rolled && array() === $raw ) {
			return array(); // No order on any day of the range.
		}
		$parts = array();
		$args  = array();
		if ( array() !== $rolled ) {
			$parts[] = 'SELECT ' . implode( ', ', array_merge( $select( 0 ), array( 'r.items', 'r.item_revenue' ) ) )
				. ' FROM {rollup_shop_items} r WHERE r.day IN (' . implode( ', ', array_fill( 0, count( $rolled ), '%s' ) ) . ')';
			$args    = $rolled;
		}
		if ( array() !== $raw ) {
			$parts[] = 'SELECT ' . implode( ', ', array_merge( $select( 1 ), array( DayRollups::ITEMS . ' AS items', DayRollups::ITEM_REVENUE . ' AS item_revenue' ) ) )
				. ' FROM {shop_order_items} i JOIN {shop_orders} o ON o.id = i.order_ref'
				. ' WHERE o.paid_at > 0 AND o.cancelled = 0 AND o.day IN (' . implode( ', ', array_fill( 0, count( $raw ), '%s' ) ) . ')'
				. ( array() === $keys ? '' : ' GROUP BY ' . implode( ', ', array_values( $map ) ) );
			$args    = array_merge( $args, $raw );
		}
		$rows   = Db::rows(
			'SELECT ' . implode( ', ', array_merge( array_values( $map ), array( 'SUM(t.items) AS items', 'ROUND(SUM(t.item_revenue) * 100) AS item_revenue_cents' ) ) )
			. ' FROM (' . implode( ' UNION ALL ', $parts ) . ') t'
			. ( array() === $keys ? '' : ' GROUP BY ' . implode( ', ', array_values( $map ) ) ),
			$args
		);
		$groups = array();
		foreach ( $rows as $row ) {
			if ( (int) ( $row['items'] ?? 0 ) > 0 || (int) ( $row['item_revenue_cents'] ?? 0 ) > 0 ) {
				$values = array();
				foreach ( array_keys( $map ) as $n => $dimension ) {
					$values[ $dimension ] = (string) $row[ 'k' . $n ];
				}
				$groups[] = array(
					'dimensions' => $values,
					'counters'   => array(
						'items'              => (int) $row['items'],
						'item_revenue_cents' => (int) $row['item_revenue_cents'],
					),
				);
			}
		}
		return $groups;
	}

	/**
	 * Whether the shop's items answer a set of dimensions: none, the item name, the day.
	 *
	 * @param string[] $dimensions Dimensions.
	 */
	public static function answers_items( array $dimensions ): bool {
		return array() === array_diff( $dimensions, array( Dimension::ITEM_NAME, Dimension::DATE ) );
	}
}
