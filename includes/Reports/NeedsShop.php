<?php
/**
 * A report that only a shop can answer.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * A report whose every figure is the shop's: without a shop (Settings\Shop::active(): WooCommerce
 * or Easy Digital Downloads active, the eCommerce module on) its route answers 400 `no_shop` with
 * the report's notice, and the app shows that notice instead of the report.
 */
interface NeedsShop {

	/**
	 * The notice shown without a shop.
	 */
	public function no_shop_notice(): string;
}
