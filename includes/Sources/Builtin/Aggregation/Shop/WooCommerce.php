<?php
/**
 * WooCommerce's orders and shop steps, from its hooks.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;

defined( 'ABSPATH' ) || exit;

/**
 * The WooCommerce adapter: while the eCommerce module is on and WooCommerce is active, each order
 * is written (Orders) whenever WooCommerce changes it — placed at checkout, a status change, a
 * payment, a refund — and each shop step of a visitor is an event (Events). Here in a part of its
 * own beside the aggregation, because it writes the same tables and lookups the aggregation does
 * and reads the sessions it made.
 *
 * An order counts once it reaches one of WooCommerce's paid statuses (wc_get_is_paid_statuses():
 * processing and completed), whatever path got it there: Cash on delivery goes straight to
 * processing and never fires woocommerce_payment_complete. The checkout request is the visitor's
 * own: there the collector's visitor keys are computed from its address and user agent (no cookie)
 * and kept with the order, which is tied to that visitor's latest session.
 *
 * Nothing here may break a checkout: a failure is logged in WooCommerce's log (source
 * monsterinsights-reports), never thrown or printed.
 *
 * @phpstan-import-type Order from Orders
 */
final class WooCommerce extends Adapter {

	/**
	 * The shop column's value.
	 */
	public const SHOP = 'woocommerce';

	/**
	 * WooCommerce's hooks: its order's changes, the checkout, the cart, the product and checkout
	 * pages.
	 *
	 * @return array<string, array{0: string, 1: int}>
	 */
	protected static function hooks(): array {
		return array(
			'woocommerce_new_order'                    => array( 'on_new_order', 2 ),
			'woocommerce_order_status_changed'         => array( 'on_order', 4 ),
			'woocommerce_payment_complete'             => array( 'on_order', 1 ),
			'woocommerce_order_refunded'               => array( 'on_order', 2 ),
			'woocommerce_order_partially_refunded'     => array( 'on_order', 2 ),
			'woocommerce_order_fully_refunded'         => array( 'on_order', 2 ),
			'woocommerce_refund_deleted'               => array( 'on_refund_deleted', 2 ),
			'woocommerce_trash_order'                  => array( 'on_order', 1 ),
			'woocommerce_untrash_order'                => array( 'on_order', 2 ),
			'woocommerce_delete_order'                 => array( 'on_deleted', 1 ),
			'woocommerce_checkout_order_processed'     => array( 'on_checkout', 3 ),
			'woocommerce_store_api_checkout_order_processed' => array( 'on_checkout', 1 ),
			'woocommerce_add_to_cart'                  => array( 'on_add_to_cart', 6 ),
			'woocommerce_cart_item_removed'            => array( 'on_cart_item_removed', 2 ),
			'woocommerce_before_single_product'        => array( 'on_product_view', 0 ),
			'woocommerce_before_checkout_form'         => array( 'on_checkout_started', 0 ),
			'woocommerce_blocks_checkout_enqueue_data' => array( 'on_checkout_started', 0 ),
		);
	}

	/**
	 * Whether orders and shop steps are recorded: the eCommerce module is on and WooCommerce is
	 * active.
	 */
	public static function is_on(): bool {
		return Modules::is_active( 'woocommerce' ) && function_exists( 'WC' ) && function_exists( 'wc_get_order' );
	}

	/**
	 * One page of the ids of the orders created since a moment, oldest id first.
	 *
	 * @param int $since Created at or after this Unix time.
	 * @param int $page  The page, from 1.
	 * @param int $size  Ids per page.
	 * @return int[]
	 */
	public static function order_ids( int $since, int $page, int $size ): array {
		$ids = wc_get_orders(
			array(
				'type'         => 'shop_order',
				'status'       => array_keys( wc_get_order_statuses() ),
				'date_created' => '>=' . $since,
				'orderby'      => 'ID',
				'order'        => 'ASC',
				'limit'        => $size,
				'paged'        => $page,
				'return'       => 'ids',
			)
		);
		return is_array( $ids ) ? array_map( 'intval', $ids ) : array();
	}

	/**
	 * On woocommerce_new_order: the order written, unless this is the classic checkout's request,
	 * where woocommerce_checkout_order_processed follows with the order and its visitor (one write
	 * instead of two; an order whose checkout stops before that hook is unpaid, counts nowhere, and
	 * is written by its next change).
	 *
	 * @param mixed $order_id The order id.
	 * @param mixed ...$args  The hook's other arguments (the order, not used).
	 */
	public static function on_new_order( $order_id, ...$args ): void {
		unset( $args );
		if ( defined( 'WOOCOMMERCE_CHECKOUT' ) && WOOCOMMERCE_CHECKOUT ) {
			return;
		}
		// Read again, not the object the hook passes: WooCommerce fires this hook while it creates
		// the order, before it saved the order's lines.
		self::on_order( $order_id );
	}

	/**
	 * On woocommerce_refund_deleted: the order's refund total shrank.
	 *
	 * @param mixed $refund_id The refund.
	 * @param mixed $order_id  Its order.
	 */
	public static function on_refund_deleted( $refund_id, $order_id ): void {
		unset( $refund_id );
		// The order's refund total is cached for the request: WooCommerce's own way to drop it.
		if ( self::is_on() && is_numeric( $order_id ) ) {
			wc_delete_shop_order_transients( (int) $order_id );
		}
		self::on_order( $order_id );
	}

	/**
	 * On woocommerce_delete_order: an order deleted for good leaves the figures, with its lines.
	 *
	 * @param mixed $order_id The order.
	 */
	public static function on_deleted( $order_id ): void {
		if ( self::is_on() && is_numeric( $order_id ) ) {
			self::guarded( static fn() => Orders::forget( self::SHOP, (int) $order_id ) );
		}
	}

	/**
	 * A checkout placed an order, in the visitor's own request (classic checkout: the order id
	 * first; Store API: the order).
	 *
	 * @param mixed $order   The order or its id.
	 * @param mixed ...$args The hook's other arguments (the classic checkout's order object last).
	 */
	public static function on_checkout( $order, ...$args ): void {
		$id = $order instanceof \WC_Order ? $order->get_id() : ( is_numeric( $order ) ? (int) $order : 0 );
		self::guarded( static fn() => self::sync( $id, true, $order instanceof \WC_Order ? $order : self::given( $args ) ) );
	}

	/**
	 * On woocommerce_add_to_cart: the product added, its quantity and value.
	 *
	 * @param mixed $key          The cart item key.
	 * @param mixed $product_id   The product.
	 * @param mixed $quantity     How many.
	 * @param mixed $variation_id The variation, or 0.
	 */
	public static function on_add_to_cart( $key = '', $product_id = 0, $quantity = 1, $variation_id = 0 ): void {
		unset( $key );
		self::guarded(
			static function () use ( $product_id, $quantity, $variation_id ): void {
				$product = wc_get_product( (int) $variation_id > 0 ? (int) $variation_id : (int) $product_id );
				self::event( Events::ADD_TO_CART, (int) $product_id, (int) $quantity, $product instanceof \WC_Product ? $product->get_price( 'edit' ) : 0 );
			}
		);
	}

	/**
	 * On woocommerce_cart_item_removed: the line is in the cart's removed contents.
	 *
	 * @param mixed $key  The cart item key.
	 * @param mixed $cart The cart.
	 */
	public static function on_cart_item_removed( $key, $cart ): void {
		self::guarded(
			static function () use ( $key, $cart ): void {
				if ( ! $cart instanceof \WC_Cart || ! is_string( $key ) ) {
					return;
				}
				$line = $cart->removed_cart_contents[ $key ] ?? null;
				if ( ! is_array( $line ) ) {
					return;
				}
				$quantity = (int) ( $line['quantity'] ?? 0 );
				$price    = $quantity > 0 && is_numeric( $line['line_subtotal'] ?? null ) ? (float) $line['line_subtotal'] / $quantity : 0;
				self::event( Events::REMOVE_FROM_CART, (int) ( $line['product_id'] ?? 0 ), $quantity, $price );
			}
		);
	}

	/**
	 * On woocommerce_before_single_product: a product page.
	 */
	public static function on_product_view(): void {
		self::guarded(
			static function (): void {
				$product = $GLOBALS['product'] ?? null;
				if ( ! $product instanceof \WC_Product ) {
					$product = wc_get_product( get_the_ID() );
				}
				if ( $product instanceof \WC_Product ) {
					self::event( Events::PRODUCT_VIEW, $product->get_id(), 1, $product->get_price( 'edit' ) );
				}
			}
		);
	}

	/**
	 * The checkout page (classic form or block), once a request and once a cart (Adapter::
	 * checkout_started()): the checkout (`checkout_started`, the cart's item count and total) and
	 * each of its lines (`checkout_item`, product and quantity).
	 */
	public static function on_checkout_started(): void {
		if ( self::checkout_seen() ) {
			return;
		}
		self::guarded(
			static function (): void {
				$cart = WC()->cart;
				if ( ! $cart instanceof \WC_Cart || $cart->is_empty() ) {
					return;
				}
				if ( ! self::checkout_started( (int) $cart->get_cart_contents_count(), (float) $cart->get_total( 'edit' ) ) ) {
					return;
				}
				// One row per line: the items checked out, per product (the parent of a variation).
				foreach ( $cart->get_cart() as $line ) {
					$quantity = (int) ( $line['quantity'] ?? 0 );
					$subtotal = $line['line_subtotal'] ?? null;
					self::event( Events::CHECKOUT_ITEM, (int) ( $line['product_id'] ?? 0 ), $quantity, is_numeric( $subtotal ) ? (float) $subtotal : 0.0, false );
				}
			}
		);
	}

	/**
	 * Writes an entry in WooCommerce's log.
	 *
	 * @param string               $level   A PSR-3 level (warning, error).
	 * @param string               $message The entry.
	 * @param array<string, mixed> $context More about it.
	 */
	public static function log( string $level, string $message, array $context = array() ): void {
		if ( function_exists( 'wc_get_logger' ) ) {
			wc_get_logger()->log( $level, $message, array( 'source' => self::LOG_SOURCE ) + $context );
		}
	}

	/**
	 * Writes an order as WooCommerce has it now.
	 *
	 * @param int         $order_id The order.
	 * @param bool        $checkout Whether this is the visitor's checkout request (the visitor is known).
	 * @param object|null $given    The order the hook passed (WooCommerce's own object, just saved;
	 *                              reading it again would reload it from the database).
	 */
	protected static function sync( int $order_id, bool $checkout, ?object $given = null ): void {
		$order = $given instanceof \WC_Order && ! $given instanceof \WC_Order_Refund && $given->get_id() === $order_id
			? $given
			: ( $order_id > 0 ? wc_get_order( $order_id ) : false );
		// Refunds are orders too; their parent order is what changes.
		if ( ! $order instanceof \WC_Order || $order instanceof \WC_Order_Refund ) {
			return;
		}
		$visitor = $checkout ? Capture::visitor_keys() : null;
		$data    = self::read( $order, $visitor ?? array( 0, 0 ) );
		self::write( $order_id, $data );
	}

	/**
	 * An order as Orders writes it; null (logged) when it cannot be counted.
	 *
	 * @param \WC_Order          $order   The order.
	 * @param array{0:int,1:int} $visitor The checkout's visitor keys (0 when unknown).
	 * @return array<string, mixed>|null
	 * @phpstan-return Order|null
	 */
	private static function read( \WC_Order $order, array $visitor ): ?array {
		$id    = $order->get_id();
		$total = (float) $order->get_total( 'edit' );
		if ( $total < 0 || ! is_finite( $total ) ) {
			self::log( 'warning', sprintf( 'Order %d not recorded: its total is negative (%s).', $id, (string) $order->get_total( 'edit' ) ), array( 'order_id' => $id ) );
			return null;
		}
		$status  = (string) $order->get_status( 'edit' );
		$created = $order->get_date_created( 'edit' );
		$created = $created instanceof \WC_DateTime ? $created->getTimestamp() : time();
		$paid    = in_array( $status, wc_get_is_paid_statuses(), true );
		$date    = $order->get_date_paid( 'edit' );
		$paid_at = 0;
		if ( $paid || ( 'refunded' === $status && $date instanceof \WC_DateTime ) ) {
			$paid_at = $date instanceof \WC_DateTime ? $date->getTimestamp() : time();
		}

		// As shown (a multi-currency plugin may filter it).
		list( $currency, $base ) = Capture::currency( $id, (string) $order->get_currency(), array_keys( get_woocommerce_currencies() ), get_woocommerce_currency(), $total, $order, self::logger() );

		$figures = array(
			'currency'   => $currency,
			'total'      => Capture::money( $total ),
			'tax'        => Capture::money( $order->get_total_tax( 'edit' ) ),
			'shipping'   => Capture::money( $order->get_shipping_total( 'edit' ) ),
			'discount'   => Capture::money( $order->get_discount_total( 'edit' ) ),
			'total_base' => $base,
			'refunded'   => Capture::refunded( $id, (float) $order->get_total_refunded(), $total, self::logger() ),
			// A trashed order counts no more than a cancelled one (and again once restored).
			'cancelled'  => in_array( $status, array( 'cancelled', 'failed', 'trash' ), true ),
			'fallback'   => self::shop_attribution( $order ),
			'items'      => self::lines( $order ),
			'coupons'    => self::coupons( $order ),
		);
		return self::order( $id, $created, $paid_at, $status, $visitor, static fn(): bool => self::is_new_customer( $order ), $figures );
	}

	/**
	 * Whether an order's customer (the account, else a guest's billing e-mail) has no paid order
	 * before it.
	 *
	 * @param \WC_Order $order The order.
	 */
	private static function is_new_customer( \WC_Order $order ): bool {
		$customer = $order->get_customer_id() > 0 ? $order->get_customer_id() : (string) $order->get_billing_email();
		if ( '' === $customer ) {
			return true;
		}
		$statuses = array_map( static fn( string $status ): string => 'wc-' . $status, array_merge( wc_get_is_paid_statuses(), array( 'refunded' ) ) );
		// phpcs:ignore WordPressVIPMinimum.Performance.WPQueryParams.PostNotIn_exclude -- One order left out of a query for one row.
		$earlier = wc_get_orders(
			array(
				'customer' => $customer,
				'status'   => $statuses,
				'type'     => 'shop_order',
				'exclude'  => array( $order->get_id() ), // phpcs:ignore WordPressVIPMinimum.Performance.WPQueryParams.PostNotIn_exclude -- One order left out of a one-row query.
				'orderby'  => 'ID',
				'order'    => 'ASC',
				'limit'    => 1,
				'return'   => 'ids',
			)
		);
		return ! is_array( $earlier ) || array() === $earlier || (int) reset( $earlier ) > $order->get_id();
	}

	/**
	 * The order's product lines.
	 *
	 * @param \WC_Order $order The order.
	 * @return array<int, array{item_id: int, product_id: int, variation_id: int, name: string, category: string, quantity: int, price: string, total: string, refunded_quantity: int, refunded: string}>
	 */
	private static function lines( \WC_Order $order ): array {
		$lines = array();
		// Most orders have no refund: then no line asks for its refunds.
		$refunds = (float) $order->get_total_refunded() > 0;
		foreach ( $order->get_items( 'line_item' ) as $item_id => $item ) {
			if ( ! $item instanceof \WC_Order_Item_Product ) {
				continue;
			}
			$product  = $item->get_product();
			$category = '';
			if ( $product instanceof \WC_Product ) {
				$names    = wc_get_product_terms( $product->get_parent_id() > 0 ? $product->get_parent_id() : $product->get_id(), 'product_cat', array( 'fields' => 'names' ) );
				$category = is_array( $names ) && array() !== $names ? (string) reset( $names ) : '';
			}
			$quantity = max( 0, (int) $item->get_quantity() );
			$lines[]  = array(
				'item_id'           => (int) $item_id,
				'product_id'        => max( 0, (int) $item->get_product_id() ),
				'variation_id'      => max( 0, (int) $item->get_variation_id() ),
				'name'              => mb_substr( (string) $item->get_name(), 0, 191 ),
				'category'          => mb_substr( $category, 0, 191 ),
				'quantity'          => $quantity,
				'price'             => Capture::money( $quantity > 0 ? (float) $item->get_subtotal() / $quantity : 0 ),
				'total'             => Capture::money( $item->get_total() ),
				'refunded_quantity' => $refunds ? min( $quantity, abs( (int) $order->get_qty_refunded_for_item( (int) $item_id ) ) ) : 0,
				'refunded'          => Capture::money( $refunds ? abs( (float) $order->get_total_refunded_for_item( (int) $item_id ) ) : 0 ),
			);
		}
		return $lines;
	}

	/**
	 * The order's coupons, one per code.
	 *
	 * @param \WC_Order $order The order.
	 * @return array<int, array{code: string, discount: string}>
	 */
	private static function coupons( \WC_Order $order ): array {
		$coupons = array();
		foreach ( $order->get_items( 'coupon' ) as $item ) {
			if ( ! $item instanceof \WC_Order_Item_Coupon ) {
				continue;
			}
			$code = mb_substr( wc_format_coupon_code( (string) $item->get_code() ), 0, 191 );
			if ( '' === $code ) {
				continue;
			}
			$coupons[ $code ] = ( $coupons[ $code ] ?? 0.0 ) + (float) $item->get_discount();
		}
		return Capture::coupons( $coupons );
	}

	/**
	 * WooCommerce's own attribution of an order (its `_wc_order_attribution_*` meta: source type,
	 * referrer, utm source, medium and campaign) as a visit's acquisition, through the same rules;
	 * null when it has none.
	 *
	 * @param \WC_Order $order The order.
	 */
	private static function shop_attribution( \WC_Order $order ): ?Acquisition {
		$meta     = static fn( string $key ): string => trim( (string) $order->get_meta( '_wc_order_attribution_' . $key ) );
		$type     = $meta( 'source_type' );
		$referrer = $meta( 'referrer' );
		$utm      = array(
			'us' => $meta( 'utm_source' ),
			'um' => $meta( 'utm_medium' ),
			'uc' => $meta( 'utm_campaign' ),
			'ut' => $meta( 'utm_term' ),
			'ux' => $meta( 'utm_content' ),
		);
		if ( 'typein' === $type || '(direct)' === $utm['us'] ) {
			// Typed in: a direct visit.
			$utm      = array_fill_keys( array_keys( $utm ), '' );
			$referrer = '';
		} elseif ( in_array( $type, array( 'organic', 'referral' ), true ) && '' !== $referrer ) {
			// WooCommerce names the referrer's host as the utm source: the referrer says more.
			$utm = array_fill_keys( array_keys( $utm ), '' );
		} elseif ( '' === $utm['us'] && '' === $utm['um'] && '' === $utm['uc'] && '' === $referrer ) {
			return null;
		}
		if ( 1 !== preg_match( '#^https?://#i', $referrer ) ) {
			$referrer = '';
		}
		$line = wp_json_encode(
			array(
				'v'  => 1,
				'id' => md5( 'order:' . $order->get_id() ),
				'ts' => time(),
				't'  => Hit::PAGEVIEW,
				'vk' => md5( 'order:' . $order->get_id() ),
				'p'  => '/',
				'r'  => $referrer,
			) + $utm
		);
		$hit  = Hit::from_line( (string) $line );
		return null === $hit ? null : Acquisition::of( $hit );
	}
}
