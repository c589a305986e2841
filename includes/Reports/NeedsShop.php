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
 * the report's notice, and the app shows that notice, word for word, instead of the report (the
 * notice's text lives here alone). The reports that implement it are exactly those the tier
 * feature `ecommerce` gates (a test holds it): the app, which has no list of its own, asks for none
 * of them before its screen while the boot data has no shop (src/app/firstScreen.ts).
 */
interface NeedsShop {

	/**
	 * The notice shown without a shop.
	 */
	public function no_shop_notice(): string;
}
