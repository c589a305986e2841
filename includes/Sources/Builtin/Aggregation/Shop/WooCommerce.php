<?php
/**
 * WooCommerce's orders and shop steps, from its hooks.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Module;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;

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
final class WooCommerce {

	/**
	 * The shop column's value.
	 */
	public const SHOP = 'woocommerce';

	/**
	 * The source of this plugin's entries in WooCommerce's log.
	 */
	public const LOG_SOURCE = 'monsterinsights-reports';

	/**
	 * Request headers the visitor keys do not depend on; kept out as the form conversions do.
	 */
	private const DROPPED_HEADERS = array( 'CONTENT_LENGTH' );

	/**
	 * The checkout pages already counted in this request (the block checkout asks for its data more
	 * than once).
	 *
	 * @var bool
	 */
	private static bool $checkout_seen = false;

	/**
	 * Registers the hooks. Called once from Plugin.
	 */
	public static function register(): void {
		$order_hooks = array(
			'woocommerce_new_order'                => 2,
			'woocommerce_order_status_changed'     => 4,
			'woocommerce_payment_complete'         => 1,
			'woocommerce_order_refunded'           => 2,
			'woocommerce_order_partially_refunded' => 2,
			'woocommerce_order_fully_refunded'     => 2,
		);
		foreach ( $order_hooks as $hook => $args ) {
			add_action( $hook, array( self::class, 'on_order' ), 20, $args );
		}
		add_action( 'woocommerce_refund_deleted', array( self::class, 'on_refund_deleted' ), 20, 2 );
		add_action( 'woocommerce_checkout_order_processed', array( self::class, 'on_checkout' ), 20, 3 );
		add_action( 'woocommerce_store_api_checkout_order_processed', array( self::class, 'on_checkout' ), 20, 1 );
		add_action( 'woocommerce_add_to_cart', array( self::class, 'on_add_to_cart' ), 20, 6 );
		add_action( 'woocommerce_cart_item_removed', array( self::class, 'on_cart_item_removed' ), 20, 2 );
		add_action( 'woocommerce_before_single_product', array( self::class, 'on_product_view' ), 20, 0 );
		add_action( 'woocommerce_before_checkout_form', array( self::class, 'on_checkout_started' ), 20, 0 );
		add_action( 'woocommerce_blocks_checkout_enqueue_data', array( self::class, 'on_checkout_started' ), 20, 0 );
		add_action( 'monsterinsights_reports_aggregated', array( self::class, 'on_aggregated' ), 20, 0 );
	}

	/**
	 * Whether orders and shop steps are recorded: the eCommerce module is on and WooCommerce is
	 * active.
	 */
	public static function is_on(): bool {
		return Modules::is_active( 'woocommerce' ) && function_exists( 'WC' ) && function_exists( 'wc_get_order' );
	}

	/**
	 * An order hook: writes the order as WooCommerce has it now.
	 *
	 * @param mixed $order_id The order id (the hook's first argument).
	 */
	public static function on_order( $order_id ): void {
		self::guarded( static fn() => self::sync( is_numeric( $order_id ) ? (int) $order_id : 0, false ) );
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
	 * A checkout placed an order, in the visitor's own request (classic checkout: the order id
	 * first; Store API: the order).
	 *
	 * @param mixed $order The order or its id.
	 */
	public static function on_checkout( $order ): void {
		$id = $order instanceof \WC_Order ? $order->get_id() : ( is_numeric( $order ) ? (int) $order : 0 );
		self::guarded( static fn() => self::sync( $id, true ) );
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
	 * The checkout page (classic form or block), once a request.
	 */
	public static function on_checkout_started(): void {
		if ( self::$checkout_seen ) {
			return;
		}
		self::guarded(
			static function (): void {
				$cart = WC()->cart;
				if ( ! $cart instanceof \WC_Cart || $cart->is_empty() ) {
					return;
				}
				self::$checkout_seen = true;
				self::event( Events::CHECKOUT_STARTED, 0, (int) $cart->get_cart_contents_count(), (float) $cart->get_total( 'edit' ), false );
			}
		);
	}

	/**
	 * After an aggregation run: orders whose visitor's session was still in the buffer find it.
	 */
	public static function on_aggregated(): void {
		self::guarded( static fn() => Orders::attribute_pending( time() ) );
	}

	/**
	 * Forgets what this request counted once (for the tests, which play many requests in one).
	 */
	public static function reset_request(): void {
		self::$checkout_seen = false;
	}

	/**
	 * Runs a hook's work when recording is on; a failure is logged, never thrown.
	 *
	 * @param callable $work The work.
	 */
	private static function guarded( callable $work ): void {
		if ( ! self::is_on() ) {
			return;
		}
		try {
			$work();
		} catch ( \Throwable $error ) {
			self::log( 'error', 'Shop data not recorded: ' . $error->getMessage() );
		}
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
	 * Writes a shop event for the current request's visitor, when the request would be tracked.
	 *
	 * @param string $type       Events::*.
	 * @param int    $product_id The product.
	 * @param int    $quantity   How many.
	 * @param mixed  $unit_price The price of one (quantity × it is the value).
	 * @param bool   $per_unit   Whether $unit_price is per unit (false: it is the value).
	 */
	private static function event( string $type, int $product_id, int $quantity, $unit_price, bool $per_unit = true ): void {
		$keys = self::visitor_keys();
		if ( null === $keys ) {
			return;
		}
		$price = is_numeric( $unit_price ) ? (float) $unit_price : 0.0;
		$value = $per_unit ? $price * max( 0, $quantity ) : $price;
		Events::record( self::SHOP, $type, $keys[0], time(), $product_id, $quantity, self::money( max( 0.0, $value ) ) );
	}

	/**
	 * The current request's visitor keys as the collector computes them, as integers (current salt,
	 * previous salt); null when the request would not be tracked (another data source, an excluded
	 * role, Do Not Track or Global Privacy Control, an excluded address, a bot).
	 *
	 * @return array{0: int, 1: int}|null
	 */
	private static function visitor_keys(): ?array {
		/**
		 * Filters the visitor keys of a checkout before they are computed from the request: an
		 * array of two integers (current salt, previous salt; 0 for none) replaces them, null (the
		 * default) computes them. For the demo's seeding only (Demo\Shop), whose orders belong to
		 * the visitors of sessions it seeded days ago, under salts of those days; a live checkout
		 * never uses it.
		 *
		 * @param array{0: int, 1: int}|null $keys The keys, or null.
		 */
		$given = apply_filters( 'monsterinsights_reports_shop_visitor_keys', null );
		if ( is_array( $given ) && isset( $given[0] ) && is_int( $given[0] ) && 0 !== $given[0] ) {
			return array( $given[0], isset( $given[1] ) && is_int( $given[1] ) ? $given[1] : 0 );
		}
		if ( ! in_array( (string) get_option( BootData::SOURCE_OPTION, '' ), TrackerScript::SOURCES, true ) || TrackerScript::is_excluded_user( wp_get_current_user() ) ) {
			return null;
		}
		$collector = Module::collector();
		if ( null === $collector ) {
			return null;
		}
		// Not sanitised here: the collector checks each value it reads (the address with Ip::client()).
		$server = array_diff_key( $_SERVER, array_flip( self::DROPPED_HEADERS ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
		$server = array_map( static fn( $value ) => is_string( $value ) ? wp_unslash( $value ) : $value, $server );
		$keys   = $collector->visitor_keys( $server, microtime( true ) );
		if ( null === $keys ) {
			return null;
		}
		return array( Hit::key_int( $keys['current'] ), '' === $keys['previous'] ? 0 : Hit::key_int( $keys['previous'] ) );
	}

	/**
	 * Writes an order as WooCommerce has it now.
	 *
	 * @param int  $order_id The order.
	 * @param bool $checkout Whether this is the visitor's checkout request (the visitor is known).
	 */
	private static function sync( int $order_id, bool $checkout ): void {
		$order = $order_id > 0 ? wc_get_order( $order_id ) : false;
		// Refunds are orders too; their parent order is what changes.
		if ( ! $order instanceof \WC_Order || $order instanceof \WC_Order_Refund ) {
			return;
		}
		$visitor = $checkout ? self::visitor_keys() : null;
		$data    = self::read( $order, $visitor ?? array( 0, 0 ) );
		if ( null === $data ) {
			// Refused: not counted, not even as the order it was before.
			Orders::forget( self::SHOP, $order_id );
			return;
		}
		Orders::save( $data );
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
		$status   = (string) $order->get_status( 'edit' );
		$created  = $order->get_date_created( 'edit' );
		$created  = $created instanceof \WC_DateTime ? $created->getTimestamp() : time();
		$paid     = in_array( $status, wc_get_is_paid_statuses(), true );
		$date     = $order->get_date_paid( 'edit' );
		$paid_at  = 0;
		$kept     = Orders::row( self::SHOP, $id );
		$was_paid = null !== $kept && (int) $kept['paid_at'] > 0;
		if ( $paid || ( 'refunded' === $status && $date instanceof \WC_DateTime ) ) {
			$paid_at = $date instanceof \WC_DateTime ? $date->getTimestamp() : time();
		}

		// As shown (a multi-currency plugin may filter it).
		$currency = strtoupper( (string) $order->get_currency() );
		$base     = null;
		if ( 1 !== preg_match( '/^[A-Z]{3}$/', $currency ) || ! array_key_exists( $currency, get_woocommerce_currencies() ) ) {
			self::log( 'warning', sprintf( 'Order %d has an unknown currency (%s): recorded without an amount in the base currency.', $id, $currency ), array( 'order_id' => $id ) );
			$currency = 1 === preg_match( '/^[A-Z]{3}$/', $currency ) ? $currency : '';
		} elseif ( get_woocommerce_currency() === $currency ) {
			$base = self::money( $total );
		} else {
			/**
			 * Filters the rate from an order's currency to the shop's base currency (a
			 * multi-currency plugin knows it); null when unknown, and the order then has no amount
			 * in the base currency.
			 *
			 * @param float|null $rate     The rate, default null.
			 * @param string     $currency The order's currency.
			 * @param string     $base     The shop's base currency.
			 * @param \WC_Order  $order    The order.
			 */
			$rate = apply_filters( 'monsterinsights_reports_shop_exchange_rate', null, $currency, get_woocommerce_currency(), $order );
			$base = is_numeric( $rate ) && (float) $rate > 0 ? self::money( $total * (float) $rate ) : null;
		}

		$refunded = (float) $order->get_total_refunded();
		if ( $refunded > $total ) {
			self::log( 'warning', sprintf( 'Order %d: refunds of %s exceed its total of %s; counted as refunded in full.', $id, self::money( $refunded ), self::money( $total ) ), array( 'order_id' => $id ) );
			$refunded = $total;
		}

		return array(
			'shop'         => self::SHOP,
			'order_id'     => $id,
			'created_at'   => $created,
			'paid_at'      => $paid_at,
			'status'       => substr( $status, 0, 32 ),
			'currency'     => $currency,
			'total'        => self::money( $total ),
			'tax'          => self::money( $order->get_total_tax( 'edit' ) ),
			'shipping'     => self::money( $order->get_shipping_total( 'edit' ) ),
			'discount'     => self::money( $order->get_discount_total( 'edit' ) ),
			'total_base'   => $base,
			'is_new'       => $paid_at > 0 && ! $was_paid ? self::is_new_customer( $order ) : true,
			'refunded'     => self::money( max( 0.0, $refunded ) ),
			'cancelled'    => in_array( $status, array( 'cancelled', 'failed' ), true ),
			'visitor'      => $visitor[0],
			'visitor_prev' => $visitor[1],
			'fallback'     => self::shop_attribution( $order ),
			'items'        => self::lines( $order ),
			'coupons'      => self::coupons( $order ),
		);
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
				'price'             => self::money( $quantity > 0 ? (float) $item->get_subtotal() / $quantity : 0 ),
				'total'             => self::money( $item->get_total() ),
				'refunded_quantity' => min( $quantity, abs( (int) $order->get_qty_refunded_for_item( (int) $item_id ) ) ),
				'refunded'          => self::money( abs( (float) $order->get_total_refunded_for_item( (int) $item_id ) ) ),
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
		$out = array();
		foreach ( $coupons as $code => $discount ) {
			$out[] = array(
				'code'     => (string) $code,
				'discount' => self::money( $discount ),
			);
		}
		return $out;
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

	/**
	 * An amount as a decimal string with four decimals.
	 *
	 * @param mixed $amount A number or numeric string.
	 */
	private static function money( $amount ): string {
		$value = is_numeric( $amount ) ? (float) $amount : 0.0;
		return number_format( is_finite( $value ) ? $value : 0.0, 4, '.', '' );
	}
}
