<?php
/**
 * The demo shop: a small WooCommerce catalogue, and orders and shop steps in the seeded visits.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Demo;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Events;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\WooCommerce;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * The demo site's shop (npm start), in WooCommerce.
 *
 * Shop::catalogue() makes its products (8, in 3 categories) and coupons once. run() then places orders
 * in visits the seeder sent (Visits::sent()), through WooCommerce's own API, so the plugin's shop
 * capture records them from WooCommerce's hooks as it records a live checkout: each order is
 * placed in one seeded session, whose visitor the checkout's visitor keys are (the capture's filter
 * `monsterinsights_reports_shop_visitor_keys`, for this seeding only), and paid, completed,
 * refunded in part or in full, or cancelled. The shop steps of those sessions and of other,
 * browsing ones (product pages, carts, some left, checkouts not finished) are written through the
 * capture's Events::record(), at the moments of their sessions.
 *
 * Deterministic: its own generator (a seed of its own), drawing nothing from the visits', so the
 * traffic stays what it is without the shop; the same visits and seed give the same orders.
 *
 * @phpstan-type Sent array{start: int, visitor: int, visitor_prev: int, arrival: string, pages: int}
 */
final class Shop {

	/**
	 * The products: SKU => name, category, price, virtual (no shipping), popularity (weight).
	 */
	public const PRODUCTS = array(
		'SRV-SPEED'    => array( 'Website Speed Audit', 'Services', '149.00', true, 9 ),
		'SRV-A11Y'     => array( 'Accessibility Review', 'Services', '199.00', true, 5 ),
		'SRV-CARE'     => array( 'Care Plan (1 month)', 'Services', '49.00', true, 12 ),
		'THM-STARTER'  => array( 'Starter Theme', 'Themes', '59.00', true, 14 ),
		'THM-BUSINESS' => array( 'Business Theme', 'Themes', '89.00', true, 8 ),
		'THM-AGENCY'   => array( 'Agency Theme Bundle', 'Themes', '179.00', true, 3 ),
		'MRC-MUG'      => array( 'Insights Mug', 'Merch', '14.00', false, 11 ),
		'MRC-TEE'      => array( 'Insights T-Shirt', 'Merch', '24.00', false, 7 ),
	);

	/**
	 * The coupons: code => discount type, amount, free shipping, description.
	 */
	public const COUPONS = array(
		'WELCOME10' => array( 'percent', '10', false, '10% off a first order' ),
		'FREESHIP'  => array( 'fixed_cart', '0', true, 'Free shipping on merchandise' ),
		'VIP20'     => array( 'percent', '20', false, '20% off for returning customers' ),
	);

	/**
	 * Flat-rate shipping of an order with merchandise, without FREESHIP.
	 */
	public const SHIPPING = '5.00';

	/**
	 * Weights of the arrivals (Mix::ARRIVALS) in choosing the sessions that buy: newsletter and
	 * ads convert best, social least.
	 */
	private const BUYERS = array(
		'email'       => 4,
		'paid'        => 4,
		'blast'       => 4,
		'search'      => 3,
		'direct'      => 3,
		'referral'    => 3,
		'ai'          => 3,
		'affiliate'   => 3,
		'paid_social' => 2,
		'social'      => 1,
		'viral'       => 1,
	);

	/**
	 * WooCommerce's actions that send its transactional mails for what run() does: off while it
	 * runs (a demo shop mails nobody).
	 */
	private const MAIL_ACTIONS = array(
		'woocommerce_order_status_pending_to_processing',
		'woocommerce_order_status_pending_to_completed',
		'woocommerce_order_status_completed',
		'woocommerce_order_status_pending_to_cancelled',
		'woocommerce_order_fully_refunded',
		'woocommerce_order_partially_refunded',
	);

	/**
	 * WooCommerce's callbacks on a paid status that quiet() takes off.
	 */
	private const BOOKKEEPING = array( 'wc_maybe_reduce_stock_levels', 'wc_release_stock_for_order', 'wc_downloadable_product_permissions', 'wc_update_coupon_usage_counts', 'wc_update_total_sales_counts' );

	private const FIRST_NAMES = array( 'Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Lucas', 'Mia', 'Ethan', 'Sofia', 'Mateo', 'Hannah', 'Leon', 'Chloe', 'Arjun', 'Grace', 'Felix', 'Zoe', 'Jonas', 'Isla', 'Omar' );

	private const LAST_NAMES = array( 'Smith', 'Müller', 'Brown', 'Martin', 'Garcia', 'Schmidt', 'Taylor', 'Dubois', 'Patel', 'Rossi', 'Johnson', 'Weber', 'Silva', 'Novak', 'Kowalski', 'Jansen', 'Lee', 'Andersen', 'Moreau', 'Costa' );

	private const COUNTRIES = array(
		'US' => 40,
		'DE' => 16,
		'GB' => 12,
		'CA' => 8,
		'FR' => 7,
		'NL' => 5,
		'AU' => 5,
		'ES' => 4,
		'IN' => 3,
	);

	/**
	 * The generator's state.
	 *
	 * @var int
	 */
	private int $state;

	/**
	 * Product ids by SKU (catalogue()).
	 *
	 * @var array<string, int>
	 */
	private array $products;

	/**
	 * Customers who ordered before: their billing details.
	 *
	 * @var array<int, array{first: string, last: string, email: string, country: string}>
	 */
	private array $customers = array();

	/**
	 * The products read, by SKU.
	 *
	 * @var array<string, \WC_Product>
	 */
	private array $loaded = array();

	/**
	 * Units sold by SKU (the products' sales counts, set at the end).
	 *
	 * @var array<string, int>
	 */
	private array $sold = array();

	/**
	 * The WooCommerce hooks quiet() took off: the priority each had its callback at (-1: none).
	 *
	 * @var array<string, int>
	 */
	private array $removed = array();

	/**
	 * What run() did.
	 *
	 * @var array{orders: int, paid: int, cancelled: int, refunds: int, full_refunds: int, coupons: int, events: int, seconds: float}
	 */
	private array $stats = array(
		'seconds'      => 0.0,
		'orders'       => 0,
		'paid'         => 0,
		'cancelled'    => 0,
		'refunds'      => 0,
		'full_refunds' => 0,
		'coupons'      => 0,
		'events'       => 0,
	);

	/**
	 * The shop's orders for a seed (the seeder's own: the shop's generator starts elsewhere).
	 *
	 * @param int $seed The seed.
	 */
	public function __construct( int $seed ) {
		$this->state    = ( $seed * 15485863 + 101 ) & 0x7fffffff;
		$this->products = self::catalogue();
	}

	/**
	 * The catalogue, made once: the categories, the products (found again by SKU) and the
	 * coupons (by code).
	 *
	 * @return array<string, int> Product ids by SKU.
	 * @throws \RuntimeException Without WooCommerce.
	 */
	public static function catalogue(): array {
		if ( ! class_exists( 'WC_Product_Simple' ) ) {
			throw new \RuntimeException( 'The demo shop needs WooCommerce.' );
		}
		$ids = array();
		foreach ( self::PRODUCTS as $sku => list( $name, $category, $price, $virtual ) ) {
			$id = (int) wc_get_product_id_by_sku( $sku );
			if ( $id > 0 ) {
				$ids[ $sku ] = $id;
				continue;
			}
			$term = term_exists( $category, 'product_cat' );
			if ( ! is_array( $term ) ) {
				$term = wp_insert_term( $category, 'product_cat' );
			}
			$product = new \WC_Product_Simple();
			$product->set_name( $name );
			$product->set_sku( $sku );
			$product->set_regular_price( $price );
			$product->set_virtual( $virtual );
			$product->set_status( 'publish' );
			$product->set_short_description( sprintf( '%s, from the team behind this blog.', $name ) );
			$product->set_category_ids( is_array( $term ) ? array( (int) $term['term_id'] ) : array() );
			$ids[ $sku ] = (int) $product->save();
		}
		foreach ( self::COUPONS as $code => list( $type, $amount, $free_shipping, $description ) ) {
			if ( (int) wc_get_coupon_id_by_code( $code ) > 0 ) {
				continue;
			}
			$coupon = new \WC_Coupon();
			$coupon->set_code( $code );
			$coupon->set_discount_type( $type );
			$coupon->set_amount( $amount );
			$coupon->set_free_shipping( $free_shipping );
			$coupon->set_description( $description );
			$coupon->save();
		}
		return $ids;
	}

	/**
	 * Places the orders and writes the shop steps of the visits sent.
	 *
	 * @param array<int, array<string, mixed>> $sent Visits::sent().
	 * @phpstan-param array<int, Sent> $sent
	 * @param int                              $now  Unix time: nothing after it.
	 * @return array{orders: int, paid: int, cancelled: int, refunds: int, full_refunds: int, coupons: int, events: int, seconds: float}
	 */
	public function run( array $sent, int $now ): array {
		$days = array();
		$time = new LocalTime();
		foreach ( $sent as $visit ) {
			$days[ $time->day( $visit['start'] ) ][] = $visit;
		}
		ksort( $days );
		$started = microtime( true );
		$this->quiet( true );
		try {
			foreach ( $days as $day => $visits ) {
				$this->day( (string) $day, $visits, $now );
			}
		} finally {
			$this->quiet( false );
		}
		$store = \WC_Data_Store::load( 'product' );
		foreach ( $this->sold as $sku => $units ) {
			$store->update_product_sales( $this->products[ $sku ], $units, 'increase' );
		}
		$this->stats['seconds'] = round( microtime( true ) - $started, 1 );
		return $this->stats;
	}

	/**
	 * While run() runs, WooCommerce sends no mail and schedules no import of each order into its
	 * own Analytics (Action Scheduler jobs the demo's single PHP worker would run later, one page
	 * load at a time; WooCommerce → Analytics → Settings imports them on request).
	 *
	 * @param bool $on Whether to quieten it (false: as it was).
	 */
	private function quiet( bool $on ): void {
		$import = 'Automattic\\WooCommerce\\Internal\\Admin\\Schedulers\\OrdersScheduler';
		$hooks  = array_fill_keys( self::MAIL_ACTIONS, array( array( 'WC_Emails', 'send_transactional_email' ), 10 ) );
		if ( class_exists( $import ) ) {
			foreach ( array( 'woocommerce_update_order', 'woocommerce_create_order', 'woocommerce_refund_created' ) as $hook ) {
				$hooks[ $hook ] = array( array( $import, 'possibly_schedule_import' ), 1 );
			}
		}
		// WooCommerce's bookkeeping when an order is paid, each with a save of the order of its own:
		// stock and its reservations (no product here manages stock), download permissions (none is
		// downloadable), coupon usage (counted when the coupon is applied) and sales counts (added
		// once at the end instead).
		foreach ( self::BOOKKEEPING as $callback ) {
			foreach ( array( 'woocommerce_order_status_processing', 'woocommerce_order_status_completed' ) as $hook ) {
				$hooks[ $hook . '|' . $callback ] = array( $callback, 1 );
			}
		}
		foreach ( $hooks as $key => list( $callback, $args ) ) {
			$hook = explode( '|', (string) $key )[0];
			if ( $on ) {
				$priority              = has_action( $hook, $callback );
				$this->removed[ $key ] = false === $priority ? -1 : (int) $priority;
				remove_action( $hook, $callback, max( 0, $this->removed[ $key ] ) );
			} elseif ( ( $this->removed[ $key ] ?? -1 ) >= 0 ) {
				add_action( $hook, $callback, $this->removed[ $key ], $args );
			}
		}
		// Each save of an order deletes the transients of WooCommerce's legacy reports, which nobody
		// opened on this new site.
		if ( $on ) {
			add_filter( 'pre_wp_mail', '__return_true' );
			add_filter( 'woocommerce_admin_reports', '__return_empty_array', 1000 );
		} else {
			remove_filter( 'pre_wp_mail', '__return_true' );
			remove_filter( 'woocommerce_admin_reports', '__return_empty_array', 1000 );
		}
	}

	/**
	 * One day: its orders, in sessions drawn by how their visitors arrived, and the steps of some
	 * of the day's other sessions.
	 *
	 * @param string                           $day    Y-m-d.
	 * @param array<int, array<string, mixed>> $visits Its visits.
	 * @phpstan-param array<int, Sent> $visits
	 * @param int                              $now    Unix time.
	 */
	private function day( string $day, array $visits, int $now ): void {
		$weekend = (int) gmdate( 'N', (int) strtotime( $day . ' 12:00:00 UTC' ) ) >= 6;
		$orders  = $weekend ? $this->rand( 1, 2 ) : $this->rand( 1, 3 );
		// Sessions with time left to buy before now.
		$open   = array_values( array_filter( $visits, static fn( array $visit ): bool => $visit['start'] + 30 * MINUTE_IN_SECONDS <= $now ) );
		$buyers = array();
		$orders = min( $orders, count( $open ) );
		for ( $n = 0; $n < $orders; $n++ ) {
			$weights = array();
			foreach ( $open as $i => $visit ) {
				if ( ! isset( $buyers[ $i ] ) ) {
					$weights[ $i ] = ( self::BUYERS[ $visit['arrival'] ] ?? 2 ) * ( $visit['pages'] > 1 ? 2 : 1 );
				}
			}
			$buyers[ (int) $this->pick( $weights ) ] = true;
		}
		foreach ( $open as $i => $visit ) {
			if ( isset( $buyers[ $i ] ) ) {
				$this->order( $visit, $now );
			} else {
				$this->browse( $visit );
			}
		}
	}

	/**
	 * A session that does not buy: about one in seven looks at products, a third of those fill a
	 * cart (and some take a product out again), and a third of the carts reach the checkout and
	 * are left there.
	 *
	 * @param array<string, mixed> $visit The session.
	 * @phpstan-param Sent $visit
	 */
	private function browse( array $visit ): void {
		if ( $this->rand( 1, 100 ) > 14 ) {
			return;
		}
		$at    = $visit['start'] + $this->rand( 10, 60 );
		$cart  = array();
		$views = $this->rand( 1, 3 );
		for ( $n = 0; $n < $views; $n++ ) {
			$sku = (string) $this->pick( array_map( static fn( array $product ): int => $product[4], self::PRODUCTS ) );
			$this->event( Events::PRODUCT_VIEW, $visit, $at, $sku, 1 );
			$at += $this->rand( 20, 120 );
			if ( ! isset( $cart[ $sku ] ) && $this->rand( 1, 100 ) <= 30 ) {
				$cart[ $sku ] = 1;
				$this->event( Events::ADD_TO_CART, $visit, $at, $sku, 1 );
				$at += $this->rand( 10, 60 );
			}
		}
		if ( array() === $cart ) {
			return;
		}
		if ( count( $cart ) > 1 || $this->rand( 1, 100 ) <= 15 ) {
			$sku = (string) array_key_first( $cart );
			$this->event( Events::REMOVE_FROM_CART, $visit, $at, $sku, 1 );
			unset( $cart[ $sku ] );
			$at += $this->rand( 10, 60 );
		}
		if ( array() !== $cart && $this->rand( 1, 100 ) <= 35 ) {
			$this->checkout( $visit, $at, $cart );
		}
	}

	/**
	 * A session that buys: its product pages, its cart and checkout, then the order, placed through
	 * WooCommerce's API as its checkout places it, with this visitor's keys, and what becomes of it.
	 *
	 * @param array<string, mixed> $visit The session.
	 * @phpstan-param Sent $visit
	 * @param int                  $now   Unix time.
	 */
	private function order( array $visit, int $now ): void {
		$at    = $visit['start'] + $this->rand( 15, 90 );
		$count = $this->pick(
			array(
				1 => 60,
				2 => 30,
				3 => 10,
			)
		);
		$cart  = array();
		$lines = 0;
		while ( $lines < $count ) {
			$sku = (string) $this->pick( array_map( static fn( array $product ): int => $product[4], self::PRODUCTS ) );
			$this->event( Events::PRODUCT_VIEW, $visit, $at, $sku, 1 );
			$at += $this->rand( 20, 150 );
			if ( ! isset( $cart[ $sku ] ) ) {
				$cart[ $sku ] = self::PRODUCTS[ $sku ][3] ? 1 : $this->rand( 1, 3 );
				++$lines;
				$this->event( Events::ADD_TO_CART, $visit, $at, $sku, $cart[ $sku ] );
				$at += $this->rand( 10, 60 );
			}
		}
		$this->checkout( $visit, $at, $cart );
		$created = min( $now - 60, $at + $this->rand( 60, 240 ) );

		$returning = array() !== $this->customers && $this->rand( 1, 100 ) <= 25;
		$customer  = $returning ? $this->customers[ $this->rand( 0, count( $this->customers ) - 1 ) ] : $this->customer();
		$merch     = array() !== array_filter( array_keys( $cart ), static fn( string $sku ): bool => ! self::PRODUCTS[ $sku ][3] );
		$roll      = $this->rand( 1, 100 );
		$coupon    = '';
		if ( $returning && $roll <= 30 ) {
			$coupon = 'VIP20';
		} elseif ( ! $returning && $roll <= 10 ) {
			$coupon = 'WELCOME10';
		} elseif ( $merch && $roll <= 35 ) {
			$coupon = 'FREESHIP';
		}

		$order = new \WC_Order();
		$order->set_created_via( 'checkout' );
		$order->set_currency( get_woocommerce_currency() );
		$order->set_prices_include_tax( false );
		$order->set_billing_first_name( $customer['first'] );
		$order->set_billing_last_name( $customer['last'] );
		$order->set_billing_email( $customer['email'] );
		$order->set_billing_country( $customer['country'] );
		$card = $this->rand( 1, 100 ) <= 70;
		$order->set_payment_method( $card ? 'stripe' : 'ppcp-gateway' );
		$order->set_payment_method_title( $card ? 'Credit card' : 'PayPal' );
		$order->set_date_created( $created );
		// The lines as add_product() makes them, saved with the order rather than one by one.
		foreach ( $cart as $sku => $quantity ) {
			$product = $this->product( $sku );
			$item    = new \WC_Order_Item_Product();
			$item->set_props(
				array(
					'name'         => $product->get_name(),
					'product_id'   => $product->get_id(),
					'variation_id' => 0,
					'quantity'     => $quantity,
					'tax_class'    => $product->get_tax_class(),
					'subtotal'     => wc_get_price_excluding_tax( $product, array( 'qty' => $quantity ) ),
					'total'        => wc_get_price_excluding_tax( $product, array( 'qty' => $quantity ) ),
				)
			);
			$order->add_item( $item );
		}
		if ( $merch ) {
			$shipping = new \WC_Order_Item_Shipping();
			$free     = 'FREESHIP' === $coupon;
			$shipping->set_method_title( $free ? 'Free shipping' : 'Flat rate' );
			$shipping->set_method_id( $free ? 'free_shipping' : 'flat_rate' );
			$shipping->set_total( $free ? '0' : self::SHIPPING );
			$order->add_item( $shipping );
		}
		// What becomes of it: 6 in 100 are never paid and cancelled; the others are paid within
		// a minute or so and fulfilled within two days (older orders are completed, the latest
		// still processing); of those, 5 in 100 are refunded in full and 6 in part.
		$fate   = $this->rand( 1, 100 );
		$paid   = min( $now - 30, $created + $this->rand( 5, 90 ) );
		$status = $now - $paid > 2 * DAY_IN_SECONDS ? 'completed' : 'processing';
		if ( $fate > 6 && '' === $coupon ) {
			// Paid at once (a card at the checkout): placed in its paid status, one save.
			$order->set_date_paid( $paid );
			$order->set_status( $status );
		}
		// Calculating its totals saves it: the order is placed (woocommerce_new_order). A coupon
		// applies to its saved lines.
		$order->calculate_totals( false );
		if ( '' !== $coupon && true === $order->apply_coupon( $coupon ) ) {
			++$this->stats['coupons'];
		}
		// The checkout request of this session's visitor: the capture's own entry point, with the
		// visitor's keys of that day.
		$keys = static fn(): array => array( $visit['visitor'], $visit['visitor_prev'] );
		add_filter( 'monsterinsights_reports_shop_visitor_keys', $keys );
		try {
			WooCommerce::on_checkout( $order );
		} finally {
			remove_filter( 'monsterinsights_reports_shop_visitor_keys', $keys );
		}
		++$this->stats['orders'];
		if ( ! $returning ) {
			$this->customers[] = $customer;
		}

		if ( $fate <= 6 ) {
			$order->set_status( 'cancelled' );
			$order->save();
			++$this->stats['cancelled'];
			return;
		}
		if ( ! $order->is_paid() ) {
			$order->set_date_paid( $paid );
			$order->set_status( $status );
			$order->save();
		}
		++$this->stats['paid'];
		foreach ( $cart as $sku => $quantity ) {
			$this->sold[ $sku ] = ( $this->sold[ $sku ] ?? 0 ) + $quantity;
		}
		if ( $fate <= 11 ) {
			$this->refund( $order, (string) $order->get_total( 'edit' ), 'Ordered by mistake', true );
		} elseif ( $fate <= 17 ) {
			// In part: a line sent back, or, when that line is the whole order, a fifth of it back
			// as a goodwill gesture.
			$items = $order->get_items( 'line_item' );
			$item  = reset( $items );
			if ( $item instanceof \WC_Order_Item_Product && (float) $item->get_total() < (float) $order->get_total( 'edit' ) ) {
				$this->refund( $order, (string) $item->get_total(), 'Returned', false, $item );
			} else {
				$this->refund( $order, wc_format_decimal( (float) $order->get_total( 'edit' ) / 5, 2 ), 'Goodwill: late delivery', false );
			}
		}
	}

	/**
	 * A product of the catalogue (read once).
	 *
	 * @param string $sku Its SKU.
	 * @throws \RuntimeException When it is gone.
	 */
	private function product( string $sku ): \WC_Product {
		if ( ! isset( $this->loaded[ $sku ] ) ) {
			$product = wc_get_product( $this->products[ $sku ] );
			if ( ! $product instanceof \WC_Product ) {
				throw new \RuntimeException( esc_html( 'The demo shop\'s product ' . $sku . ' is gone.' ) );
			}
			$this->loaded[ $sku ] = $product;
		}
		return $this->loaded[ $sku ];
	}

	/**
	 * A refund, as the order screen makes one (without a payment gateway's part).
	 *
	 * @param \WC_Order                   $order  The order.
	 * @param string                      $amount How much.
	 * @param string                      $reason Why.
	 * @param bool                        $full   Whether it is the whole order.
	 * @param \WC_Order_Item_Product|null $item   The line refunded (a partial refund).
	 */
	private function refund( \WC_Order $order, string $amount, string $reason, bool $full, ?\WC_Order_Item_Product $item = null ): void {
		$lines = array();
		if ( null !== $item ) {
			$lines[ $item->get_id() ] = array(
				'qty'          => $item->get_quantity(),
				'refund_total' => $item->get_total(),
			);
		}
		$refund = wc_create_refund(
			array(
				'order_id'       => $order->get_id(),
				'amount'         => $amount,
				'reason'         => $reason,
				'line_items'     => $lines,
				'refund_payment' => false,
				'restock_items'  => false,
			)
		);
		if ( $refund instanceof \WC_Order_Refund ) {
			++$this->stats['refunds'];
			$this->stats['full_refunds'] += $full ? 1 : 0;
		}
	}

	/**
	 * The checkout opened with a cart, as the capture records it: the checkout, then each line.
	 *
	 * @param array<string, mixed> $visit The session.
	 * @phpstan-param Sent $visit
	 * @param int                  $at    When.
	 * @param array<string, int>   $cart  Quantities by SKU.
	 */
	private function checkout( array $visit, int $at, array $cart ): void {
		Events::record( WooCommerce::SHOP, Events::CHECKOUT_STARTED, $visit['visitor'], $at, 0, array_sum( $cart ), $this->value( $cart ) );
		++$this->stats['events'];
		foreach ( $cart as $sku => $quantity ) {
			$this->event( Events::CHECKOUT_ITEM, $visit, $at, (string) $sku, $quantity );
		}
	}

	/**
	 * A shop step of a session's visitor (the product's price times the quantity as its value).
	 *
	 * @param string               $type     Events::*.
	 * @param array<string, mixed> $visit    The session.
	 * @phpstan-param Sent $visit
	 * @param int                  $at       When.
	 * @param string               $sku      The product.
	 * @param int                  $quantity How many.
	 */
	private function event( string $type, array $visit, int $at, string $sku, int $quantity ): void {
		Events::record( WooCommerce::SHOP, $type, $visit['visitor'], $at, $this->products[ $sku ], $quantity, $this->value( array( $sku => $quantity ) ) );
		++$this->stats['events'];
	}

	/**
	 * The value of products at their prices, a decimal string.
	 *
	 * @param array<string, int> $cart Quantities by SKU.
	 */
	private function value( array $cart ): string {
		$cents = 0;
		foreach ( $cart as $sku => $quantity ) {
			$cents += (int) round( (float) self::PRODUCTS[ $sku ][2] * 100 ) * $quantity;
		}
		return number_format( $cents / 100, 4, '.', '' );
	}

	/**
	 * A new customer.
	 *
	 * @return array{first: string, last: string, email: string, country: string}
	 */
	private function customer(): array {
		$first = self::FIRST_NAMES[ $this->rand( 0, count( self::FIRST_NAMES ) - 1 ) ];
		$last  = self::LAST_NAMES[ $this->rand( 0, count( self::LAST_NAMES ) - 1 ) ];
		$slug  = sanitize_title( remove_accents( $first . '.' . $last ) );
		return array(
			'first'   => $first,
			'last'    => $last,
			'email'   => sprintf( '%s.%d@example.com', $slug, count( $this->customers ) + 1 ),
			'country' => (string) $this->pick( self::COUNTRIES ),
		);
	}

	/**
	 * A deterministic integer in [min, max] (the generator Visits uses, on a state of its own).
	 *
	 * @param int $min Smallest.
	 * @param int $max Largest.
	 */
	private function rand( int $min, int $max ): int {
		$this->state = ( $this->state * 1103515245 + 12345 ) & 0x7fffffff;
		return $min + ( $this->state >> 4 ) % ( $max - $min + 1 );
	}

	/**
	 * A key of a weighted map.
	 *
	 * @param array<int|string, int> $weights Weights.
	 * @return int|string
	 */
	private function pick( array $weights ) {
		$roll = $this->rand( 1, max( 1, (int) array_sum( $weights ) ) );
		foreach ( $weights as $key => $weight ) {
			$roll -= $weight;
			if ( $roll <= 0 ) {
				return $key;
			}
		}
		return array_key_last( $weights ) ?? 0;
	}
}
