<?php
/**
 * The products sold most.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Site Summary's `popular_products`: the TOP products by units sold in the range's paid
 * orders (refunded units taken off), each with its share of all units sold. Empty without a shop
 * (the app hides the card then).
 */
final class PopularProducts implements Block {

	public const TOP = 3;

	/**
	 * The products' part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return list<array{title: string, percent: float}>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		if ( ! Shop::active() ) {
			return array();
		}
		$result = $source->run(
			new Query(
				array( Metric::ITEMS_PURCHASED ),
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
						'field' => Dimension::ITEM_NAME,
						'desc'  => false,
					),
				)
			)
		);
		$total  = (int) ( $result->totals[ Metric::ITEMS_PURCHASED ] ?? 0 );
		$out    = array();
		foreach ( array_slice( $result->rows, 0, self::TOP ) as $row ) {
			$items = (int) ( $row['metrics'][ Metric::ITEMS_PURCHASED ] ?? 0 );
			if ( $items > 0 ) {
				$out[] = array(
					'title'   => (string) ( $row['dimensions'][ Dimension::ITEM_NAME ] ?? '' ),
					'percent' => Metrics::percent( $items, $total ),
				);
			}
		}
		return $out;
	}

	/**
	 * Titled percents.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return PopularCategories::titled_percents();
	}
}
