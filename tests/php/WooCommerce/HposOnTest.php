<?php
/**
 * The shop capture with WooCommerce's own order tables (HPOS).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\WooCommerce;

/**
 * HPOS on, as WooCommerce's admin_init left this new shop.
 */
class HposOnTest extends ShopCaptureTestCase {

	protected const HPOS = true;
}
