<?php
/**
 * The part of WooCommerce's API the plugin calls (Sources/Builtin/Aggregation/Shop/WooCommerce),
 * for PHPStan, as WooCommerce 9.4 declares it. The tests run against the real WooCommerce.
 *
 * @package MonsterInsights\Reports
 */

// phpcs:disable

/**
 * A date of WooCommerce's data.
 */
class WC_DateTime extends DateTime {}

/**
 * A line of an order.
 */
class WC_Order_Item {
	/** @return string */
	public function get_name( $context = 'view' ) {}
	/** @return int|float */
	public function get_quantity( $context = 'view' ) {}
}

/**
 * A product line of an order.
 */
class WC_Order_Item_Product extends WC_Order_Item {
	/** @return int */
	public function get_product_id( $context = 'view' ) {}
	/** @return int */
	public function get_variation_id( $context = 'view' ) {}
	/** @return WC_Product|false|null */
	public function get_product() {}
	/** @return string */
	public function get_subtotal( $context = 'view' ) {}
	/** @return string */
	public function get_total( $context = 'view' ) {}
}

/**
 * A coupon line of an order.
 */
class WC_Order_Item_Coupon extends WC_Order_Item {
	/** @return string */
	public function get_code( $context = 'view' ) {}
	/** @return string|float */
	public function get_discount( $context = 'view' ) {}
}

/**
 * An order or a refund.
 */
abstract class WC_Abstract_Order {
	/** @return int */
	public function get_id() {}
	/** @return string */
	public function get_status( $context = 'view' ) {}
	/** @return string */
	public function get_currency( $context = 'view' ) {}
	/** @return string|float */
	public function get_total( $context = 'view' ) {}
	/** @return string|float */
	public function get_total_tax( $context = 'view' ) {}
	/** @return string|float */
	public function get_shipping_total( $context = 'view' ) {}
	/** @return string|float */
	public function get_discount_total( $context = 'view' ) {}
	/** @return WC_DateTime|null */
	public function get_date_created( $context = 'view' ) {}
	/**
	 * @param string|string[] $types Line types.
	 * @return array<int, WC_Order_Item>
	 */
	public function get_items( $types = 'line_item' ) {}
	/** @return mixed */
	public function get_meta( $key = '', $single = true, $context = 'view' ) {}
}

/**
 * An order.
 */
class WC_Order extends WC_Abstract_Order {
	/** @return WC_DateTime|null */
	public function get_date_paid( $context = 'view' ) {}
	/** @return int */
	public function get_customer_id( $context = 'view' ) {}
	/** @return string */
	public function get_billing_email( $context = 'view' ) {}
	/** @return float|string */
	public function get_total_refunded() {}
	/** @return int */
	public function get_qty_refunded_for_item( $item_id, $item_type = 'line_item' ) {}
	/** @return float|int */
	public function get_total_refunded_for_item( $item_id, $item_type = 'line_item' ) {}
	/** @return string */
	public function get_order_number() {}
	/** @return string */
	public function get_edit_order_url() {}
}

/**
 * A refund (an order of its own in WooCommerce's storage).
 */
class WC_Order_Refund extends WC_Order {}

/**
 * A product.
 */
class WC_Product {
	/** @return int */
	public function get_id() {}
	/** @return int */
	public function get_parent_id( $context = 'view' ) {}
	/** @return string */
	public function get_price( $context = 'view' ) {}
}

/**
 * The cart.
 */
class WC_Cart {
	/** @var array<string, array<string, mixed>> */
	public $removed_cart_contents = array();
	/** @return bool */
	public function is_empty() {}
	/** @return int */
	public function get_cart_contents_count() {}
	/** @return string|float */
	public function get_total( $context = 'view' ) {}
}

/**
 * WooCommerce's main object.
 */
class WooCommerce {
	/** @var WC_Cart|null */
	public $cart;
}

/**
 * A logger.
 */
interface WC_Logger_Interface {
	/**
	 * @param string               $level   Level.
	 * @param string               $message Message.
	 * @param array<string, mixed> $context Context.
	 * @return void
	 */
	public function log( $level, $message, $context = array() );
}

/** @return WooCommerce */
function WC() {}
/** @return WC_Order|WC_Order_Refund|false */
function wc_get_order( $order = false ) {}
/** @return WC_Product|null|false */
function wc_get_product( $the_product = false, $deprecated = array() ) {}
/** @return string[] */
function wc_get_is_paid_statuses() {}
/** @return array<string, string> */
function get_woocommerce_currencies() {}
/** @return string */
function get_woocommerce_currency() {}
/**
 * @param array<string, mixed> $args Query.
 * @return mixed
 */
function wc_get_orders( $args ) {}
/** @return array<string, string> */
function wc_get_order_statuses() {}
/**
 * @param array<string, mixed> $args Query.
 * @return mixed
 */
function wc_get_product_terms( $product_id, $taxonomy, $args = array() ) {}
/** @return string */
function wc_format_coupon_code( $value ) {}
/** @return WC_Logger_Interface */
function wc_get_logger() {}
/** @return void */
function wc_delete_shop_order_transients( $order = 0 ) {}
