<?php
/**
 * The shop capture with orders stored as posts.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\WooCommerce;

/**
 * HPOS off (woocommerce_custom_orders_table_enabled "no" before any order exists): orders are
 * posts of type shop_order.
 */
class HposOffTest extends ShopCaptureTestCase {

	protected const HPOS = false;
}
