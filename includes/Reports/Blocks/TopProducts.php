<?php
/**
 * The eCommerce report's top products.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * `products`: the top products (TOP unless told) by units sold in the range's paid orders (refunded units taken
 * off), each with its units, its share of all units sold in percent, and its revenue.
 */
final class TopProducts implements Block {

	public const TOP = 10;

	/**
	 * Builds the block.
	 *
	 * @param int $top How many products at most.
	 */
	public function __construct( private int $top = self::TOP ) {}

	/**
	 * The products' part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return list<array{name: string, quantity: int, percent: float, revenue: float}>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$result = $source->run(
			new Query(
				array( Metric::ITEMS_PURCHASED, Metric::ITEM_REVENUE ),
				array( Dimension::ITEM_NAME ),
				$request->range,
				null,
				array(),
				array(
					array(
						'field' => Metric::ITEMS_PURCHASED,
						'desc'  => true,
					),
					array(
						'field' => Metric::ITEM_REVENUE,
						'desc'  => true,
					),
					array(
						'field' => Dimension::ITEM_NAME,
						'desc'  => false,
					),
				)
			)
		);
		$total  = (int) $result->total( Metric::ITEMS_PURCHASED );
		$out    = array();
		foreach ( $result->rows as $row ) {
			$quantity = (int) ( $row['metrics'][ Metric::ITEMS_PURCHASED ] ?? 0 );
			if ( $quantity <= 0 ) {
				continue;
			}
			$out[] = array(
				'name'     => (string) ( $row['dimensions'][ Dimension::ITEM_NAME ] ?? '' ),
				'quantity' => $quantity,
				'percent'  => Metrics::percent( $quantity, $total ),
				'revenue'  => round( (float) ( $row['metrics'][ Metric::ITEM_REVENUE ] ?? 0 ), 2 ),
			);
			if ( count( $out ) === $this->top ) {
				break;
			}
		}
		return $out;
	}

	/**
	 * The products' schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::list_of(
			Schema::object(
				array(
					'name'     => Schema::text(),
					'quantity' => array( 'type' => 'integer' ),
					'percent'  => Schema::number(),
					'revenue'  => Schema::number(),
				)
			)
		);
	}
}
