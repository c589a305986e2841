<?php
/**
 * The eCommerce report's info boxes.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The eCommerce `infobox`: for each box its value over the range, its change in percent against
 * the range it compares with (the compare range, else the previous period of the same length) and
 * its value there (docs/reports.md#ecommerce):
 *
 * - conversionrate: paid orders per session, in percent;
 * - transactions: paid orders; revenue: their revenue less refunds; ordervalue: revenue per order;
 * - addtocart, remfromcart: the add to cart and remove from cart steps;
 * - newcustomers: the share of paid orders whose customer had not bought before (null without
 *   orders);
 * - abandonedcheckouts: the share of checkouts started that no paid order followed (null without
 *   checkouts).
 *
 * Two queries, each with its previous range: the orders' metrics with the sessions, and the cart
 * steps (a source answers them from different records).
 */
final class ShopBoxes implements Block {

	/**
	 * The boxes in the payload's order.
	 */
	public const BOXES = array( 'conversionrate', 'transactions', 'revenue', 'ordervalue', 'addtocart', 'remfromcart', 'newcustomers', 'abandonedcheckouts' );

	/**
	 * The boxes' part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, mixed>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$before = $request->before();
		$orders = $source->run( new Query( array( Metric::SESSIONS, Metric::ECOMMERCE_PURCHASES, Metric::TOTAL_REVENUE, Metric::FIRST_TIME_PURCHASERS ), array(), $request->range, $before ) );
		$steps  = $source->run( new Query( array( Metric::ADD_TO_CARTS, Metric::REMOVE_FROM_CARTS, Metric::CHECKOUTS ), array(), $request->range, $before ) );
		$now    = self::values( $orders->totals + $steps->totals );
		$then   = self::values( ( $orders->compare->totals ?? array() ) + ( $steps->compare->totals ?? array() ) );
		$boxes  = array( 'range' => $request->range->days() );
		foreach ( self::BOXES as $box ) {
			$value         = $now[ $box ];
			$other         = $then[ $box ];
			$boxes[ $box ] = array(
				'value'         => $value,
				'prev'          => null === $value || null === $other ? null : Metrics::change( $value, $other ),
				'compare_value' => $other,
			);
		}
		return $boxes;
	}

	/**
	 * The boxes' values from the queries' totals.
	 *
	 * @param array<string, int|float> $t Totals.
	 * @return array<string, int|float|null>
	 */
	private static function values( array $t ): array {
		$orders    = (int) ( $t[ Metric::ECOMMERCE_PURCHASES ] ?? 0 );
		$revenue   = (float) ( $t[ Metric::TOTAL_REVENUE ] ?? 0 );
		$checkouts = (int) ( $t[ Metric::CHECKOUTS ] ?? 0 );
		return array(
			'conversionrate'     => Metrics::percent( $orders, (int) ( $t[ Metric::SESSIONS ] ?? 0 ) ),
			'transactions'       => $orders,
			'revenue'            => round( $revenue, 2 ),
			'ordervalue'         => $orders > 0 ? round( $revenue / $orders, 2 ) : 0.0,
			'addtocart'          => (int) ( $t[ Metric::ADD_TO_CARTS ] ?? 0 ),
			'remfromcart'        => (int) ( $t[ Metric::REMOVE_FROM_CARTS ] ?? 0 ),
			'newcustomers'       => $orders > 0 ? Metrics::percent( (int) ( $t[ Metric::FIRST_TIME_PURCHASERS ] ?? 0 ), $orders ) : null,
			'abandonedcheckouts' => $checkouts > 0 ? Metrics::percent( max( 0, $checkouts - $orders ), $checkouts ) : null,
		);
	}

	/**
	 * The boxes' schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$box = Schema::object(
			array(
				'value'         => Schema::number_or_null(),
				'prev'          => Schema::number_or_null(),
				'compare_value' => Schema::number_or_null(),
			)
		);
		return Schema::object( array( 'range' => array( 'type' => 'integer' ) ) + array_fill_keys( self::BOXES, $box ) );
	}
}
