<?php
/**
 * The part of Easy Digital Downloads' API the plugin calls (Sources/Builtin/Aggregation/Shop/Edd),
 * for PHPStan, as EDD 3.6 declares it. The tests run against the real Easy Digital Downloads.
 *
 * @package MonsterInsights\Reports
 */

// phpcs:disable

namespace EDD\Orders {

	/**
	 * An order (type sale) or a refund (type refund, its parent the order). EDD reads its columns
	 * through __get.
	 */
	class Order {
		/** @var int */
		public $id;
		/** @var int */
		public $parent;
		/** @var string */
		public $type;
		/** @var string */
		public $status;
		/** @var string */
		public $date_created;
		/** @var string|null */
		public $date_completed;
		/** @var int */
		public $customer_id;
		/** @var string */
		public $email;
		/** @var string */
		public $currency;
		/** @var float */
		public $subtotal;
		/** @var float */
		public $tax;
		/** @var float */
		public $discount;
		/** @var float */
		public $total;
		/** @return Order_Item[] */
		public function get_items() {}
		/** @return Order_Adjustment[] */
		public function get_discounts() {}
	}

	/**
	 * A line of an order (of a refund: its parent is the order's line).
	 */
	class Order_Item {
		/** @var int */
		public $id;
		/** @var int */
		public $parent;
		/** @var int */
		public $product_id;
		/** @var string */
		public $product_name;
		/** @var int */
		public $quantity;
		/** @var float */
		public $subtotal;
		/** @var float */
		public $discount;
		/** @var float */
		public $tax;
		/** @var float */
		public $total;
	}

	/**
	 * A discount, fee or credit of an order.
	 */
	class Order_Adjustment {
		/** @var string */
		public $type;
		/** @var string */
		public $description;
		/** @var float */
		public $total;
	}
}

namespace {

	/** @return \EDD\Orders\Order|false */
	function edd_get_order( $order_id = 0 ) {}
	/** @param array<string, mixed> $args @return mixed */
	function edd_get_orders( $args = array() ) {}
	/** @return \EDD\Orders\Order[] */
	function edd_get_order_refunds( $order_id = 0 ) {}
	/** @return string[] */
	function edd_get_gross_order_statuses() {}
	/** @return array<string, string> */
	function edd_get_currencies() {}
	/** @return string */
	function edd_get_currency() {}
	/** @return void */
	function edd_debug_log( $message = '', $force = false ) {}
	/** @param array<string, mixed> $options @return float|bool */
	function edd_get_cart_item_price( $download_id = 0, $options = array(), $remove_tax_from_inclusive = false ) {}
	/** @return array<int, array<string, mixed>>|false */
	function edd_get_cart_contents() {}
	/** @return int */
	function edd_get_cart_quantity() {}
	/** @return float */
	function edd_get_cart_total( $discounts = false ) {}
	/** @return bool */
	function edd_has_variable_prices( $download_id = 0 ) {}
	/** @return float */
	function edd_get_lowest_price_option( $download_id = 0 ) {}
	/** @return float|string */
	function edd_get_download_price( $download_id = 0 ) {}
	/** @return bool */
	function edd_is_checkout() {}
}
