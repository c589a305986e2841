<?php
/**
 * The Coupons report (docs/reports.md#coupons).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;
use MonsterInsights\Reports\Reports\Blocks\Table;

defined( 'ABSPATH' ) || exit;

/**
 * The coupons of the range's paid orders: each coupon code's revenue (the orders' revenue less
 * refunds), orders and revenue per order, and while comparing (only then) the change of its
 * revenue against the compare range. An order
 * with two coupons counts under each.
 */
final class EcommerceCoupons extends ComposedReport implements NeedsShop {

	use RegistryName;

	/**
	 * The notice without a shop: what is missing.
	 */
	public function no_shop_notice(): string {
		return Shop::missing();
	}

	/**
	 * The blocks by payload key.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		return array(
			'coupons_table' => Table::of_rows(
				array(
					new Column( 'coupon_name', __( 'Coupon Name', 'monsterinsights-reports' ), ColumnType::Text ),
					new Column( 'revenue', __( 'Revenue', 'monsterinsights-reports' ), ColumnType::Money ),
					new Column( 'transactions', __( 'Transactions', 'monsterinsights-reports' ) ),
					new Column( 'average_order_value', __( 'Average Order Value', 'monsterinsights-reports' ), ColumnType::Money ),
					new Column( 'change', __( 'Change', 'monsterinsights-reports' ), ColumnType::Change ),
				),
				array( Dimension::ORDER_COUPON ),
				array( Metric::TOTAL_REVENUE, Metric::ECOMMERCE_PURCHASES, Metric::AVERAGE_PURCHASE_REVENUE ),
				static function ( array $row ): ?array {
					$orders = (int) ( $row['metrics'][ Metric::ECOMMERCE_PURCHASES ] ?? 0 );
					if ( 0 === $orders ) {
						return null; // A coupon used only in the compare range.
					}
					$revenue = (float) ( $row['metrics'][ Metric::TOTAL_REVENUE ] ?? 0 );
					return array(
						'coupon_name'         => (string) ( $row['dimensions'][ Dimension::ORDER_COUPON ] ?? '' ),
						'revenue'             => $revenue,
						'transactions'        => $orders,
						'average_order_value' => (float) ( $row['metrics'][ Metric::AVERAGE_PURCHASE_REVENUE ] ?? 0 ),
						'change'              => null === $row['compare'] ? null : Metrics::change( $revenue, $row['compare'][ Metric::TOTAL_REVENUE ] ?? 0 ),
					);
				},
				'revenue'
			)->only_comparing( array( 'change' ) ),
		);
	}
}
