<?php
/**
 * The eCommerce report's top products.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\ReportRequest;
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
		return RankedRows::of(
			$source,
			$request,
			array( Metric::ITEMS_PURCHASED, Metric::ITEM_REVENUE ),
			Dimension::ITEM_NAME,
			Metric::ITEMS_PURCHASED,
			Metric::ITEM_REVENUE,
			$this->top,
			static fn( array $row, int $quantity, float $percent ): array => array(
				'name'     => (string) ( $row['dimensions'][ Dimension::ITEM_NAME ] ?? '' ),
				'quantity' => $quantity,
				'percent'  => $percent,
				'revenue'  => round( (float) ( $row['metrics'][ Metric::ITEM_REVENUE ] ?? 0 ), 2 ),
			)
		);
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
