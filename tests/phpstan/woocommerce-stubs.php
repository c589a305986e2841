<?php
/**
 * The part of WooCommerce's API the plugin calls (Sources/Builtin/Aggregation/Shop/WooCommerce, and
 * the demo shop's seeding, Sources/Builtin/Demo/Shop), for PHPStan, as WooCommerce 9.4 declares it. The tests run against the real WooCommerce.
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
	/** @return int */
	public function get_id() {}
	/**
	 * @param array<string, mixed> $props Props.
	 * @return bool|WP_Error
	 */
	public function set_props( $props, $context = 'set' ) {}
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
class WC_Order_Item_Shipping extends WC_Order_Item {
	/** @return void */
	public function set_method_title( $value ) {}
	/** @return void */
	public function set_method_id( $value ) {}
	/** @return void */
	public function set_total( $value ) {}
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
	public function save() {}
	/** @return void */
	public function set_created_via( $value ) {}
	/** @return void */
	public function set_currency( $value ) {}
	/** @return void */
	public function set_prices_include_tax( $value ) {}
	/** @return void */
	public function set_date_created( $date = null ) {}
	/** @return int|false */
	public function add_item( $item ) {}
	/** @return float|string */
	public function calculate_totals( $and_taxes = true ) {}
	/** @return true|WP_Error */
	public function apply_coupon( $raw_coupon ) {}
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
	/**
	 * @return array{from: string, to: string}
	 */
	public function set_status( $new_status, $note = '', $manual_update = false ) {}
	/** @return bool */
	public function is_paid() {}
	/** @return void */
	public function set_date_paid( $date = null ) {}
	/** @return void */
	public function set_transaction_id( $value ) {}
	/** @return void */
	public function set_payment_method( $payment_method = '' ) {}
	/** @return void */
	public function set_payment_method_title( $value ) {}
	/** @return void */
	public function set_billing_first_name( $value ) {}
	/** @return void */
	public function set_billing_last_name( $value ) {}
	/** @return void */
	public function set_billing_email( $value ) {}
	/** @return void */
	public function set_billing_country( $value ) {}
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
	/** @return string */
	public function get_name( $context = 'view' ) {}
	/** @return string */
	public function get_tax_class( $context = 'view' ) {}
	/** @return int */
	public function get_id() {}
	/** @return int */
	public function get_parent_id( $context = 'view' ) {}
	/** @return string */
	public function get_price( $context = 'view' ) {}
}

/**
 * A simple product.
 */
class WC_Product_Simple extends WC_Product {
	/** @return void */
	public function set_name( $name ) {}
	/** @return void */
	public function set_sku( $sku ) {}
	/** @return void */
	public function set_regular_price( $price ) {}
	/** @return void */
	public function set_virtual( $virtual ) {}
	/** @return void */
	public function set_status( $status ) {}
	/** @return void */
	public function set_short_description( $short_description ) {}
	/**
	 * @param int[] $term_ids Categories.
	 * @return void
	 */
	public function set_category_ids( $term_ids ) {}
	/** @return int */
	public function save() {}
}

/**
 * A coupon.
 */
class WC_Coupon {
	/** @return void */
	public function set_code( $code ) {}
	/** @return void */
	public function set_discount_type( $discount_type ) {}
	/** @return void */
	public function set_amount( $amount ) {}
	/** @return void */
	public function set_free_shipping( $free_shipping ) {}
	/** @return void */
	public function set_description( $description ) {}
	/** @return int */
	public function save() {}
}

/**
 * Loads a data store.
 */
class WC_Data_Store {
	/** @return WC_Product_Data_Store_CPT */
	public static function load( $object_type ) {}
}

/**
 * The product data store (the method the demo shop calls).
 */
class WC_Product_Data_Store_CPT {
	/** @return void */
	public function update_product_sales( $product_id, $quantity = null, $operation = 'set' ) {}
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
	/** @return array<string, array<string, mixed>> */
	public function get_cart() {}
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
/** @return int */
function wc_get_product_id_by_sku( $sku ) {}
/** @return int */
function wc_get_coupon_id_by_code( $code, $exclude = 0 ) {}
/** @return int */
function wc_get_page_id( $page ) {}
/**
 * @param array<string, mixed> $args Price arguments.
 * @return float|string
 */
function wc_get_price_excluding_tax( $product, $args = array() ) {}
/** @return string */
function wc_format_decimal( $number, $dp = false, $trim_zeros = false ) {}
/**
 * @param array<string, mixed> $args The refund.
 * @return WC_Order_Refund|WP_Error
 */
function wc_create_refund( $args = array() ) {}
