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
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\DayRollups;
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
	 * Dimension → its SQL expression over shop_orders (alias o) and its joins.
	 */
	private const DIMENSIONS = array(
		Dimension::DATE                 => 'o.day',
		Dimension::SESSION_SOURCE       => "CASE WHEN o.attribution = 'none' THEN %s WHEN s.name IS NULL THEN %s ELSE s.name END",
		Dimension::SESSION_MEDIUM       => "CASE WHEN o.medium = '' THEN %s ELSE o.medium END",
		Dimension::SESSION_CHANNEL      => "CASE WHEN o.channel = '' THEN %s ELSE o.channel END",
		Dimension::SESSION_CAMPAIGN     => 'c.name',
		Dimension::COUNTRY_ID           => 'v.country',
		Dimension::COUNTRY              => 'v.country',
		Dimension::LANDING_PAGE         => 'CASE WHEN lp.path IS NULL THEN %s ELSE lp.path END',
		Dimension::ORDER_COUPON         => 'oc.code',
		Dimension::DAYS_TO_PURCHASE     => "CASE WHEN o.attribution = 'session' THEN FLOOR(o.seconds_to_purchase / 86400) ELSE '' END",
		Dimension::SESSIONS_TO_PURCHASE => "CASE WHEN o.attribution = 'session' THEN o.sessions_to_purchase ELSE '' END",
	);

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
		return array() === array_diff( $dimensions, array_keys( self::DIMENSIONS ) );
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
		$select     = array();
		$args       = array();
		$map        = array();
		$aliases    = array();
		foreach ( $dimensions as $dimension ) {
			$expression = self::DIMENSIONS[ $dimension ];
			if ( ! isset( $aliases[ $expression ] ) ) {
				$aliases[ $expression ] = 'k' . count( $aliases );
				$select[]               = $expression . ' AS ' . $aliases[ $expression ];
				$args                   = array_merge( $args, self::placeholders( $dimension ) );
			}
			$map[ $dimension ] = $aliases[ $expression ];
		}
		$joins = '';
		if ( in_array( Dimension::SESSION_SOURCE, $dimensions, true ) ) {
			$joins .= ' LEFT JOIN {sources} s ON s.id = o.source_id';
		}
		if ( in_array( Dimension::SESSION_CAMPAIGN, $dimensions, true ) ) {
			$joins .= ' JOIN {campaigns} c ON c.id = o.campaign_id';
		}
		if ( array() !== array_intersect( array( Dimension::COUNTRY, Dimension::COUNTRY_ID ), $dimensions ) ) {
			$joins .= ' LEFT JOIN {sessions} v ON v.id = o.session_id';
		}
		if ( in_array( Dimension::LANDING_PAGE, $dimensions, true ) ) {
			$joins .= ' LEFT JOIN {paths} lp ON lp.id = o.landing_path_id';
		}
		if ( in_array( Dimension::ORDER_COUPON, $dimensions, true ) ) {
			// An order with two coupons counts once under each.
			$joins .= ' JOIN {shop_order_coupons} oc ON oc.order_ref = o.id';
		}
		// The paid amount less refunds, converted at the order's own rate to the base currency.
		$revenue = 'ROUND(SUM(CASE WHEN o.total > 0 THEN COALESCE(o.total_base, o.total) * (o.total - o.refunded) / o.total ELSE 0 END) * 100)';
		$rows    = Db::rows(
			'SELECT ' . implode( ', ', array_merge( $select, array( 'COUNT(*) AS purchases', 'SUM(o.is_new) AS new_purchases', $revenue . ' AS revenue_cents' ) ) )
			. ' FROM {shop_orders} o' . $joins
			. ' WHERE o.paid_at > 0 AND o.cancelled = 0 AND o.day BETWEEN %s AND %s'
			. ( array() === $aliases ? '' : ' GROUP BY ' . implode( ', ', array_values( $aliases ) ) ),
			array_merge( $args, array( $range->start_ymd(), $range->end_ymd() ) )
		);
		$groups  = array();
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
		$keys  = array_values( array_intersect( array( Dimension::ITEM_NAME, Dimension::DATE ), $dimensions ) );
		$map   = array();
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
		$rolled = DayRollups::rolled( $range->start_ymd(), $range->end_ymd() );
		$raw    = array_values( array_diff( $range->dates(), $rolled ) );
		$parts  = array();
		$args   = array();
		if ( array() !== $rolled ) {
			$parts[] = 'SELECT ' . implode( ', ', array_merge( $select( 0 ), array( 'r.items', 'r.item_revenue' ) ) )
				. ' FROM {rollup_shop_items} r JOIN {rollup_shop_days} d ON d.day = r.day WHERE r.day BETWEEN %s AND %s';
			$args    = array( $range->start_ymd(), $range->end_ymd() );
		}
		if ( array() !== $raw ) {
			$parts[] = 'SELECT ' . implode( ', ', array_merge( $select( 1 ), array( DayRollups::ITEMS . ' AS items', DayRollups::ITEM_REVENUE . ' AS item_revenue' ) ) )
				. ' FROM {shop_order_items} i JOIN {shop_orders} o ON o.id = i.order_ref'
				. ' WHERE o.paid_at > 0 AND o.cancelled = 0 AND o.day IN (' . implode( ', ', array_fill( 0, count( $raw ), '%s' ) ) . ')'
				. ( array() === $keys ? '' : ' GROUP BY ' . implode( ', ', array_values( $map ) ) );
			$args    = array_merge( $args, $raw );
		}
		$rows = Db::rows(
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

	/**
	 * The values of a dimension expression's placeholders.
	 *
	 * @param string $dimension The dimension.
	 * @return string[]
	 */
	private static function placeholders( string $dimension ): array {
		return match ( $dimension ) {
			Dimension::SESSION_SOURCE => array( Acquisition::NOT_SET, Acquisition::DIRECT_SOURCE ),
			Dimension::SESSION_MEDIUM, Dimension::SESSION_CHANNEL, Dimension::LANDING_PAGE => array( Acquisition::NOT_SET ),
			default => array(),
		};
	}
}
