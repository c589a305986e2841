<?php
/**
 * The paid orders grouped by what brought their visitor, as SQL over shop_orders.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition;

defined( 'ABSPATH' ) || exit;

/**
 * The dimensions an order has (its day, the source, medium, channel, campaign, country and landing
 * page its attribution gave it, its coupons, the days and sessions it took) as SQL expressions over
 * shop_orders (alias o) and the joins they need, and the counters of a group: `purchases` (orders),
 * `new_purchases` (those of customers who had not bought before) and `revenue` (the order totals
 * less refunds, at each order's own rate to the base currency, unrounded). Only paid orders that
 * are not cancelled count (WHERE).
 *
 * The groupings the reports ask (GROUPINGS) are rolled up per complete day into rollup_shop_orders
 * (DayRollups), their values in `v1` and `v2`.
 */
final class OrderGroups {

	/**
	 * Dimension → its SQL expression over shop_orders (alias o) and its joins.
	 */
	public const DIMENSIONS = array(
		Dimension::DATE                 => 'o.day',
		Dimension::SESSION_SOURCE       => "CASE WHEN o.attribution = 'none' THEN %s WHEN s.name IS NULL THEN %s ELSE s.name END",
		Dimension::SESSION_MEDIUM       => "CASE WHEN o.medium = '' THEN %s ELSE o.medium END",
		Dimension::SESSION_CHANNEL      => "CASE WHEN o.channel = '' THEN %s ELSE o.channel END",
		Dimension::SESSION_CAMPAIGN     => 'c.name',
		Dimension::COUNTRY_ID           => 'o.country',
		Dimension::COUNTRY              => 'o.country',
		Dimension::LANDING_PAGE         => 'CASE WHEN lp.path IS NULL THEN %s ELSE lp.path END',
		Dimension::ORDER_COUPON         => 'oc.code',
		Dimension::DAYS_TO_PURCHASE     => "CASE WHEN o.attribution = 'session' THEN FLOOR(o.seconds_to_purchase / 86400) ELSE '' END",
		Dimension::SESSIONS_TO_PURCHASE => "CASE WHEN o.attribution = 'session' THEN o.sessions_to_purchase ELSE '' END",
	);

	/**
	 * Dimensions grouped by a short key where they are rolled up (a landing page by its path id:
	 * paths are long), turned into their value afterwards (label()).
	 */
	public const KEYED = array( Dimension::LANDING_PAGE => 'o.landing_path_id' );

	/**
	 * The groupings rolled up per day: name → its dimensions (at most two; `v1`, `v2`). A query by
	 * one of them, with or without the day, reads the rolled-up days from the rollup.
	 */
	public const GROUPINGS = array(
		'none'           => array(),
		'source'         => array( Dimension::SESSION_SOURCE ),
		'medium'         => array( Dimension::SESSION_MEDIUM ),
		'channel'        => array( Dimension::SESSION_CHANNEL ),
		'source_medium'  => array( Dimension::SESSION_SOURCE, Dimension::SESSION_MEDIUM ),
		'source_channel' => array( Dimension::SESSION_SOURCE, Dimension::SESSION_CHANNEL ),
		'campaign'       => array( Dimension::SESSION_CAMPAIGN ),
		'country'        => array( Dimension::COUNTRY_ID ),
		'landing_page'   => array( Dimension::LANDING_PAGE ),
		'coupon'         => array( Dimension::ORDER_COUPON ),
		'days'           => array( Dimension::DAYS_TO_PURCHASE ),
		'sessions'       => array( Dimension::SESSIONS_TO_PURCHASE ),
	);

	/**
	 * The orders that count.
	 */
	public const WHERE = 'o.paid_at > 0 AND o.cancelled = 0';

	/**
	 * The counters of a group (SQL).
	 */
	public const COUNTERS = 'COUNT(*) AS purchases, SUM(o.is_new) AS new_purchases, SUM(CASE WHEN o.total > 0 THEN COALESCE(o.total_base, o.total) * (o.total - o.refunded) / o.total ELSE 0 END) AS revenue';

	/**
	 * The grouping a set of dimensions is, besides the day (the country's code and name are one
	 * value), or null when it is not rolled up.
	 *
	 * @param string[] $dimensions Dimensions.
	 */
	public static function grouping( array $dimensions ): ?string {
		$rest = array_map(
			static fn( string $dimension ): string => Dimension::COUNTRY === $dimension ? Dimension::COUNTRY_ID : $dimension,
			array_values( array_diff( $dimensions, array( Dimension::DATE ) ) )
		);
		$rest = array_values( array_unique( $rest ) );
		sort( $rest );
		foreach ( self::GROUPINGS as $name => $grouping ) {
			$sorted = $grouping;
			sort( $sorted );
			if ( $sorted === $rest ) {
				return $name;
			}
		}
		return null;
	}

	/**
	 * The SELECT expressions of some dimensions (one alias per distinct expression, `k0`, `k1`, …),
	 * their placeholders' values, the joins they need, and each dimension's alias.
	 *
	 * @param string[] $dimensions Dimensions (keys of DIMENSIONS).
	 * @param bool     $keyed      Whether a KEYED dimension is its key.
	 * @return array{select: string[], args: string[], joins: string, aliases: array<string, string>}
	 */
	public static function select( array $dimensions, bool $keyed = false ): array {
		$select  = array();
		$args    = array();
		$aliases = array();
		$by      = array();
		foreach ( array_values( array_unique( $dimensions ) ) as $dimension ) {
			$is_key     = $keyed && isset( self::KEYED[ $dimension ] );
			$expression = $is_key ? self::KEYED[ $dimension ] : self::DIMENSIONS[ $dimension ];
			if ( ! isset( $by[ $expression ] ) ) {
				$by[ $expression ] = 'k' . count( $by );
				$select[]          = $expression . ' AS ' . $by[ $expression ];
				$args              = array_merge( $args, $is_key ? array() : self::placeholders( $dimension ) );
			}
			$aliases[ $dimension ] = $by[ $expression ];
		}
		$joins = '';
		if ( in_array( Dimension::SESSION_SOURCE, $dimensions, true ) ) {
			$joins .= ' LEFT JOIN {sources} s ON s.id = o.source_id';
		}
		if ( in_array( Dimension::SESSION_CAMPAIGN, $dimensions, true ) ) {
			$joins .= ' JOIN {campaigns} c ON c.id = o.campaign_id';
		}
		if ( ! $keyed && in_array( Dimension::LANDING_PAGE, $dimensions, true ) ) {
			$joins .= ' LEFT JOIN {paths} lp ON lp.id = o.landing_path_id';
		}
		if ( in_array( Dimension::ORDER_COUPON, $dimensions, true ) ) {
			// An order with two coupons counts once under each.
			$joins .= ' JOIN {shop_order_coupons} oc ON oc.order_ref = o.id';
		}
		return array(
			'select'  => $select,
			'args'    => $args,
			'joins'   => $joins,
			'aliases' => $aliases,
		);
	}

	/**
	 * A KEYED dimension's value from its key (a column of a derived table t): the expression, the
	 * join it needs and its placeholders' values.
	 *
	 * @param string $dimension A KEYED dimension.
	 * @param string $key       The key's column of t.
	 * @return array{expression: string, join: string, args: string[]}
	 */
	public static function label( string $dimension, string $key ): array {
		return array(
			'expression' => self::DIMENSIONS[ $dimension ],
			'join'       => ' LEFT JOIN {paths} lp ON lp.id = t.' . $key,
			'args'       => self::placeholders( $dimension ),
		);
	}

	/**
	 * The statements that roll up one day's paid orders by every grouping (the caller deletes the
	 * day's rows first): INSERT … SELECT, one per grouping.
	 *
	 * @param string $day The day (Y-m-d).
	 * @return array<int, array{0: string, 1: array<int, string>}> [ SQL, its arguments ] each.
	 */
	public static function statements( string $day ): array {
		$statements = array();
		foreach ( self::GROUPINGS as $name => $grouping ) {
			$parts        = self::select( $grouping, true );
			$values       = array_pad( array_values( array_unique( $parts['aliases'] ) ), 2, "''" );
			$sql          = 'INSERT INTO {rollup_shop_orders} (day, dims, v1, v2, purchases, new_purchases, revenue)'
				. ' SELECT %s, %s, ' . implode( ', ', $values ) . ', purchases, new_purchases, revenue FROM ('
				. 'SELECT ' . implode( ', ', array_merge( $parts['select'], array( self::COUNTERS ) ) )
				. ' FROM {shop_orders} o' . $parts['joins']
				. ' WHERE ' . self::WHERE . ' AND o.day = %s'
				. ( array() === $parts['select'] ? '' : ' GROUP BY ' . implode( ', ', array_values( array_unique( $parts['aliases'] ) ) ) )
				. ') t WHERE t.purchases > 0';
			$statements[] = array( $sql, array_merge( array( $day, $name ), $parts['args'], array( $day ) ) );
		}
		return $statements;
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
