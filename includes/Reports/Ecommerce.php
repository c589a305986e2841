<?php
/**
 * The eCommerce report (docs/reports.md#ecommerce).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Reports\Blocks\Chart;
use MonsterInsights\Reports\Reports\Blocks\ConversionSources;
use MonsterInsights\Reports\Reports\Blocks\Links;
use MonsterInsights\Reports\Reports\Blocks\PurchaseTiming;
use MonsterInsights\Reports\Reports\Blocks\ShopBoxes;
use MonsterInsights\Reports\Reports\Blocks\TopProducts;

defined( 'ABSPATH' ) || exit;

/**
 * The eCommerce Overview: the info boxes, the sessions and page views chart with the site notes,
 * the top products, the top conversion sources, and the time and sessions to purchase; where the
 * source shows the products and the purchase timing in full (`galinks`, left out without).
 */
final class Ecommerce extends ComposedReport implements NeedsShop {

	use RegistryName;

	/**
	 * The notice without a shop: what is missing.
	 */
	public function no_shop_notice(): string {
		return Shop::missing();
	}

	/**
	 * The blocks by payload key, in the payload's order.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		return array(
			'infobox'        => new ShopBoxes(),
			'sessions_chart' => new Chart(),
			'products'       => new TopProducts(),
			'conversions'    => new ConversionSources(),
			'days'           => new PurchaseTiming( Dimension::DAYS_TO_PURCHASE, PurchaseTiming::DAYS ),
			'sessions'       => new PurchaseTiming( Dimension::SESSIONS_TO_PURCHASE, PurchaseTiming::SESSIONS ),
			'galinks'        => new Links( $this->name(), array( 'products', 'days', 'sessions' ) ),
		);
	}
}
