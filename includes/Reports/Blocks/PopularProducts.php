<?php
/**
 * The products sold most.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Site Summary's `popular_products`: the TOP products of TopProducts — by units sold in the
 * range's paid orders, refunded units taken off — each with its share of all units sold. Empty
 * without a shop (the app hides the card then).
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
		return array_map(
			static fn( array $product ): array => array(
				'title'   => $product['name'],
				'percent' => $product['percent'],
			),
			( new TopProducts( self::TOP ) )->payload( $source, $request )
		);
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
