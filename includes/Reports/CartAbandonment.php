<?php
/**
 * The Cart Abandonment report (docs/reports.md#cart-abandonment).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Computed;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * Two lists, by product (`cart_abandonment`: `name`) and by day (`cart_abandonment_by_day`:
 * `date`, Y-m-d, the days of the range with any figure, in order), each row with:
 * - `purchase_quantity`: the items purchased (paid orders' units less refunded units);
 * - `revenue`: the item revenue (the paid lines' totals less their refunds, shop currency);
 * - `cart_abandonment`: the percent of the items added to a cart that were not checked out,
 *   (1 − itemsCheckedOut / itemsAddedToCart) × 100, never below 0, 2 decimals; 0 without items
 *   added;
 * - `checkout_abandonment`: the percent of the items checked out that were not purchased,
 *   (1 − itemsPurchased / itemsCheckedOut) × 100, the same way.
 * Products are listed by quantity, then items added to a cart, most first.
 */
final class CartAbandonment extends ComposedReport implements NeedsShop {

	use RegistryName;

	/**
	 * The metrics of a row.
	 */
	private const METRICS = array( Metric::ITEMS_ADDED_TO_CART, Metric::ITEMS_CHECKED_OUT, Metric::ITEMS_PURCHASED, Metric::ITEM_REVENUE );

	/**
	 * The notice without a shop.
	 */
	public function no_shop_notice(): string {
		return __( 'Our cart abandonment report only supports WooCommerce and Easy Digital Downloads.', 'monsterinsights-reports' );
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		return array(
			'cart_abandonment'        => self::list( Dimension::ITEM_NAME, 'name' ),
			'cart_abandonment_by_day' => self::list( Dimension::DATE, 'date' ),
		);
	}

	/**
	 * One list: by product or by day.
	 *
	 * @param string $dimension ITEM_NAME or DATE.
	 * @param string $key       The row's first property.
	 */
	private static function list( string $dimension, string $key ): Computed {
		return new Computed(
			static function ( Source $source, ReportRequest $request ) use ( $dimension, $key ): array {
				$result = $source->run( new Query( self::METRICS, array( $dimension ), $request->range ) );
				$rows   = array();
				foreach ( $result->rows as $row ) {
					$m = $row['metrics'];
					if ( 0.0 === (float) array_sum( array_map( 'floatval', $m ) ) ) {
						continue;
					}
					$rows[] = array(
						$key                   => (string) ( $row['dimensions'][ $dimension ] ?? '' ),
						'purchase_quantity'    => (int) ( $m[ Metric::ITEMS_PURCHASED ] ?? 0 ),
						'revenue'              => (float) ( $m[ Metric::ITEM_REVENUE ] ?? 0 ),
						'cart_abandonment'     => self::abandoned( (int) ( $m[ Metric::ITEMS_CHECKED_OUT ] ?? 0 ), (int) ( $m[ Metric::ITEMS_ADDED_TO_CART ] ?? 0 ) ),
						'checkout_abandonment' => self::abandoned( (int) ( $m[ Metric::ITEMS_PURCHASED ] ?? 0 ), (int) ( $m[ Metric::ITEMS_CHECKED_OUT ] ?? 0 ) ),
						'added'                => (int) ( $m[ Metric::ITEMS_ADDED_TO_CART ] ?? 0 ),
					);
				}
				usort(
					$rows,
					static fn( array $a, array $b ): int => 'date' === $key
						? strcmp( $a['date'], $b['date'] )
						: array( $b['purchase_quantity'], $b['added'], $a['name'] ) <=> array( $a['purchase_quantity'], $a['added'], $b['name'] )
				);
				return array_map(
					static function ( array $row ): array {
						unset( $row['added'] );
						return $row;
					},
					$rows
				);
			},
			Schema::list_of(
				Schema::object(
					array(
						$key                   => Schema::text(),
						'purchase_quantity'    => Schema::number(),
						'revenue'              => Schema::number(),
						'cart_abandonment'     => Schema::number(),
						'checkout_abandonment' => Schema::number(),
					)
				)
			)
		);
	}

	/**
	 * The percent of a step's items that did not reach the next: (1 − next / step) × 100, at least
	 * 0, 2 decimals; 0 for a step without items.
	 *
	 * @param int $next The next step's items.
	 * @param int $step The step's items.
	 */
	public static function abandoned( int $next, int $step ): float {
		return $step > 0 ? round( max( 0.0, 1 - $next / $step ) * 100, 2 ) : 0.0;
	}
}
