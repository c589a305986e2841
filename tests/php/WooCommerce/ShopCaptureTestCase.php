<?php
/**
 * WooCommerce's orders and shop steps in the builtin tables, with the real WooCommerce.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\WooCommerce;

use MonsterInsights\Reports\CLI\EcommerceCommand;
use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\WooCommerce;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Cli\CliExit;
use MonsterInsights\Reports\Tests\Support\ShopCapture;

/**
 * Every test runs twice: with WooCommerce's own order tables (HPOS, what its admin_init turned on
 * for this new shop) and with orders as posts (HposOffTest), switched before any order exists.
 * Orders, refunds, coupons and carts are made through WooCommerce's own API; the hooks that fire
 * are WooCommerce's.
 */
abstract class ShopCaptureTestCase extends BuiltinTestCase {

	use ShopCapture;

	/**
	 * Whether orders live in WooCommerce's own tables.
	 */
	protected const HPOS = true;

	/**
	 * WooCommerce's log entries of this plugin: [level, message].
	 *
	 * @var array<int, array{0: string, 1: string}>
	 */
	protected array $logged = array();

	/**
	 * The shop in euros, the module on, the builtin source, a scratch data dir, a visitor's request,
	 * HPOS as the class says.
	 *
	 * @throws \LogicException When WooCommerce is not loaded.
	 */
	protected function set_up() {
		parent::set_up();
		if ( ! function_exists( 'WC' ) ) {
			throw new \LogicException( static::class . ' needs the real WooCommerce: run bin/test-php.sh (or phpunit --testsuite woocommerce with WP_TESTS_WOOCOMMERCE=1).' );
		}
		$this->start_shop_request();
		update_option( 'woocommerce_custom_orders_table_enabled', static::HPOS ? 'yes' : 'no' );
		update_option( 'woocommerce_custom_orders_table_data_sync_enabled', 'no' );
		update_option( 'woocommerce_currency', 'EUR' );
		update_option( 'woocommerce_calc_taxes', 'no' );
		WooCommerce::reset_request();
		$this->logged = array();
		add_filter(
			'woocommerce_logger_log_message',
			function ( $message, $level, $context ) {
				if ( WooCommerce::LOG_SOURCE === ( $context['source'] ?? '' ) ) {
					$this->logged[] = array( (string) $level, (string) $message );
				}
				return $message;
			},
			10,
			3
		);
	}

	/**
	 * Restores $_SERVER, empties the cart, removes the scratch dirs.
	 */
	protected function tear_down() {
		if ( null !== WC()->cart ) {
			WC()->cart->empty_cart( false );
		}
		$this->end_shop_request();
		parent::tear_down();
	}

	/**
	 * A simple product in a category.
	 *
	 * @param string $name     Its name.
	 * @param string $price    Its price.
	 * @param string $category Its category.
	 */
	protected function product( string $name, string $price, string $category = 'Mugs' ): \WC_Product_Simple {
		$term = term_exists( $category, 'product_cat' );
		if ( ! is_array( $term ) ) {
			$term = wp_insert_term( $category, 'product_cat' );
		}
		$this->assertIsArray( $term );
		$product = new \WC_Product_Simple();
		$product->set_name( $name );
		$product->set_regular_price( $price );
		$product->set_category_ids( array( (int) $term['term_id'] ) );
		$product->save();
		return $product;
	}

	/**
	 * A pending order of products, made with wc_create_order().
	 *
	 * @param array<int, array{0: \WC_Product, 1: int}> $lines   Product and quantity.
	 * @param string                                    $email   The guest's billing e-mail.
	 * @param string                                    $payment The payment method.
	 */
	protected function order( array $lines, string $email = 'guest@example.org', string $payment = 'bacs' ): \WC_Order {
		$order = wc_create_order();
		$this->assertInstanceOf( \WC_Order::class, $order );
		foreach ( $lines as $line ) {
			$order->add_product( $line[0], $line[1] );
		}
		$order->set_billing_email( $email );
		$order->set_payment_method( $payment );
		$order->calculate_totals();
		$order->save();
		return $order;
	}

	/**
	 * The order's row, without its id, timestamps and row-dependent lookups.
	 *
	 * @param \WC_Order $order The order.
	 * @return array<string, string|null>
	 */
	protected function order_row( \WC_Order $order ): array {
		return $this->shop_order_row( 'woocommerce', $order->get_id() );
	}

	/**
	 * Some columns of an order's row.
	 *
	 * @param \WC_Order $order   The order.
	 * @param string[]  $columns The columns.
	 * @return array<string, string|null>
	 */
	protected function figures( \WC_Order $order, array $columns = array( 'status', 'currency', 'total', 'tax', 'shipping', 'discount', 'total_base', 'is_new', 'refunded', 'cancelled' ) ): array {
		return array_intersect_key( $this->order_row( $order ), array_flip( $columns ) );
	}

	/**
	 * The lines of an order's row.
	 *
	 * @param \WC_Order $order The order.
	 * @return array<int, array<string, string>>
	 */
	protected function lines( \WC_Order $order ): array {
		return $this->shop_order_lines( 'woocommerce', $order->get_id() );
	}

	/**
	 * WooCommerce stores orders where the class says.
	 */
	public function test_orders_live_where_the_class_says(): void {
		$order = $this->order( array( array( $this->product( 'Mug', '12.50' ), 1 ) ) );
		$this->assertSame( static::HPOS, \Automattic\WooCommerce\Utilities\OrderUtil::custom_orders_table_usage_is_enabled() );
		$this->assertSame( 'shop_order', \Automattic\WooCommerce\Utilities\OrderUtil::get_order_type( $order->get_id() ) );
		// With HPOS, the posts table keeps only a placeholder of the order.
		$this->assertSame( static::HPOS ? 'shop_order_placehold' : 'shop_order', get_post_type( $order->get_id() ) );
	}

	/**
	 * A gateway's payment: woocommerce_payment_complete, the order paid, one row with its exact
	 * figures and lines, the day of the payment.
	 */
	public function test_paid_through_payment_complete(): void {
		$mug   = $this->product( 'Mug', '12.50' );
		$tee   = $this->product( 'Tee', '20.00', 'Shirts' );
		$order = $this->order( array( array( $mug, 2 ), array( $tee, 1 ) ) );
		$this->assertSame( 'pending', $this->order_row( $order )['status'] );
		$this->assertSame( '0', $this->order_row( $order )['paid_at'] );

		$fired = did_action( 'woocommerce_payment_complete' );
		$this->assertTrue( $order->payment_complete( 'txn-1' ) );
		$this->assertSame( $fired + 1, did_action( 'woocommerce_payment_complete' ) );

		$this->assertSame(
			array(
				'status'     => 'processing',
				'currency'   => 'EUR',
				'total'      => '45.0000',
				'tax'        => '0.0000',
				'shipping'   => '0.0000',
				'discount'   => '0.0000',
				'total_base' => '45.0000',
				'is_new'     => '1',
				'refunded'   => '0.0000',
				'cancelled'  => '0',
			),
			$this->figures( $order )
		);
		$this->assert_paid_that_day( 'woocommerce', $order->get_id() );
		$this->assertSame(
			array(
				array(
					'product_id'        => (string) $mug->get_id(),
					'name'              => 'Mug',
					'category'          => 'Mugs',
					'quantity'          => '2',
					'price'             => '12.5000',
					'total'             => '25.0000',
					'refunded_quantity' => '0',
					'refunded'          => '0.0000',
				),
				array(
					'product_id'        => (string) $tee->get_id(),
					'name'              => 'Tee',
					'category'          => 'Shirts',
					'quantity'          => '1',
					'price'             => '20.0000',
					'total'             => '20.0000',
					'refunded_quantity' => '0',
					'refunded'          => '0.0000',
				),
			),
			$this->lines( $order )
		);
	}

	/**
	 * Cash on delivery goes straight to processing, with no woocommerce_payment_complete: the
	 * status change alone counts the order; on-hold (a bank transfer awaited) does not.
	 */
	public function test_paid_by_cash_on_delivery_status_change(): void {
		$order = $this->order( array( array( $this->product( 'Mug', '12.50' ), 3 ) ), 'cod@example.org', 'cod' );
		$order->update_status( 'on-hold' );
		$this->assertSame( '0', $this->order_row( $order )['paid_at'] );
		$fired = did_action( 'woocommerce_payment_complete' );
		$order->update_status( 'processing' );
		$this->assertSame( $fired, did_action( 'woocommerce_payment_complete' ) );
		$row = $this->order_row( $order );
		$this->assertSame( 'processing', $row['status'] );
		$this->assertGreaterThan( 0, (int) $row['paid_at'] );
		$this->assertSame( '37.5000', $row['total'] );

		// Completed later: still one row, first paid stays.
		$order->update_status( 'completed' );
		$again = $this->order_row( $order );
		$this->assertSame( 'completed', $again['status'] );
		$this->assertSame( $row['paid_at'], $again['paid_at'] );
		$this->assertSame( '1', Db::value( 'SELECT COUNT(*) FROM {shop_orders}' ) );
	}

	/**
	 * A partial refund, then the rest: the refunded amount is WooCommerce's own refund total each
	 * time, the lines say what was refunded, the order is not cancelled.
	 */
	public function test_partial_then_full_refund(): void {
		$mug   = $this->product( 'Mug', '10.00' );
		$order = $this->order( array( array( $mug, 3 ) ) );
		$order->payment_complete();
		$items = $order->get_items();
		$item  = (int) array_key_first( $items );

		$refund = wc_create_refund(
			array(
				'order_id'   => $order->get_id(),
				'amount'     => '10.00',
				'line_items' => array(
					$item => array(
						'qty'          => 1,
						'refund_total' => '10.00',
					),
				),
			)
		);
		$this->assertInstanceOf( \WC_Order_Refund::class, $refund );
		$this->assert_refunded( 'woocommerce', $order->get_id(), 'processing', '30.0000', '10.0000', array( 1, '10.0000' ) );

		$this->assertInstanceOf(
			\WC_Order_Refund::class,
			wc_create_refund(
				array(
					'order_id' => $order->get_id(),
					'amount'   => '20.00',
				)
			)
		);
		$this->assert_refunded( 'woocommerce', $order->get_id(), 'refunded', '30.0000', '30.0000' );
		$this->assertGreaterThan( 0, (int) $this->order_row( $order )['paid_at'] );

		// A refund deleted, as WooCommerce's order screen does it: the order's refund total
		// shrinks, and so does the row's.
		$refund_id = $refund->get_id();
		$refund->delete( true );
		do_action( 'woocommerce_refund_deleted', $refund_id, $order->get_id() );
		$this->assertSame( '20.0000', $this->order_row( $order )['refunded'] );
	}

	/**
	 * A refund larger than the order: WooCommerce refuses it and nothing changes; refunds that
	 * exceed a total edited down later count as the whole order, logged.
	 */
	public function test_refund_larger_than_the_order(): void {
		$order = $this->order( array( array( $this->product( 'Mug', '10.00' ), 1 ) ) );
		$order->payment_complete();
		$result = wc_create_refund(
			array(
				'order_id' => $order->get_id(),
				'amount'   => '25.00',
			)
		);
		$this->assertInstanceOf( \WP_Error::class, $result );
		$this->assertSame( '0.0000', $this->order_row( $order )['refunded'] );
		$this->assertSame( '10.0000', $this->order_row( $order )['total'] );

		// Refunded 8, then the order's total edited down to 5: counted as refunded in full, logged.
		$this->assertInstanceOf(
			\WC_Order_Refund::class,
			wc_create_refund(
				array(
					'order_id' => $order->get_id(),
					'amount'   => '8.00',
				)
			)
		);
		$order = wc_get_order( $order->get_id() );
		$this->assertInstanceOf( \WC_Order::class, $order );
		$order->set_total( '5.00' );
		$order->save();
		$order->update_status( 'completed' );
		$this->assertSame(
			array(
				'total'    => '5.0000',
				'refunded' => '5.0000',
			),
			$this->figures( $order, array( 'total', 'refunded' ) )
		);
		$this->assertContains( array( 'warning', sprintf( 'Order %d: refunds of 8.0000 exceed its total of 5.0000; counted as refunded in full.', $order->get_id() ) ), $this->logged );
	}

	/**
	 * A paid order cancelled: flagged, its figures kept for the record.
	 */
	public function test_cancelled(): void {
		$order = $this->order( array( array( $this->product( 'Mug', '10.00' ), 2 ) ) );
		$order->payment_complete();
		$order->update_status( 'cancelled' );
		$this->assertSame(
			array(
				'status'    => 'cancelled',
				'total'     => '20.0000',
				'cancelled' => '1',
			),
			$this->figures( $order, array( 'status', 'total', 'cancelled' ) )
		);
	}

	/**
	 * A paid order moved to the trash counts no more (cancelled), counts again once restored, and
	 * leaves the figures with its lines when deleted for good.
	 */
	public function test_trashed_restored_and_deleted(): void {
		$order = $this->order( array( array( $this->product( 'Mug', '10.00' ), 2 ) ) );
		$order->payment_complete();
		$id = $order->get_id();
		$this->assertTrue( (bool) wc_get_order( $id )->delete( false ) );
		$this->assertSame( '1', Db::value( 'SELECT cancelled FROM {shop_orders} WHERE order_id = %d', array( $id ) ) );
		$this->assertSame( array(), $this->revenue_today() );

		$this->assertTrue( (bool) wc_get_order( $id )->untrash() );
		$this->assertSame( '0', Db::value( 'SELECT cancelled FROM {shop_orders} WHERE order_id = %d', array( $id ) ) );
		$this->assertSame( array( 1, 20.0 ), $this->revenue_today() );

		$this->assertTrue( (bool) wc_get_order( $id )->delete( true ) );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE order_id = %d', array( $id ) ) );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_order_items}' ) );
	}

	/**
	 * Today's paid orders and their revenue as the builtin source answers them; empty without one.
	 *
	 * @return array<int, int|float>
	 */
	private function revenue_today(): array {
		$today  = new \DateTimeImmutable( ( new LocalTime() )->day( time() ), wp_timezone() );
		$totals = ( new BuiltinSource() )->run( new Query( array( Metric::ECOMMERCE_PURCHASES, Metric::TOTAL_REVENUE ), array(), new DateRange( $today, $today ) ) )->totals;
		return 0 === $totals[ Metric::ECOMMERCE_PURCHASES ] ? array() : array_values( $totals );
	}

	/**
	 * A coupon applied to the order: its code and discount, the order's discount and total.
	 */
	public function test_coupon(): void {
		$coupon = new \WC_Coupon();
		$coupon->set_code( 'SAVE10' );
		$coupon->set_discount_type( 'percent' );
		$coupon->set_amount( 10 );
		$coupon->save();
		$order = $this->order( array( array( $this->product( 'Mug', '20.00' ), 2 ) ) );
		$this->assertTrue( $order->apply_coupon( 'SAVE10' ) );
		$order->payment_complete();
		$this->assertSame(
			array(
				'total'    => '36.0000',
				'discount' => '4.0000',
			),
			$this->figures( $order, array( 'total', 'discount' ) )
		);
		$this->assertSame(
			array(
				array(
					'code'     => 'save10',
					'discount' => '4.0000',
				),
			),
			$this->shop_order_coupons( 'woocommerce', $order->get_id() )
		);
		$this->assertSame( '36.0000', $this->lines( $order )[0]['total'] );
	}

	/**
	 * The same hooks again, and a save of the paid order: one row, one set of lines, the same
	 * figures.
	 */
	public function test_duplicate_hooks_count_once(): void {
		$order = $this->order( array( array( $this->product( 'Mug', '12.50' ), 2 ) ) );
		do_action( 'woocommerce_checkout_order_processed', $order->get_id(), array(), $order );
		$order->payment_complete();
		$this->assert_counted_once(
			'woocommerce',
			$order->get_id(),
			static function () use ( $order ): void {
				do_action( 'woocommerce_payment_complete', $order->get_id(), 'txn' );
				do_action( 'woocommerce_order_status_changed', $order->get_id(), 'pending', 'processing', $order );
				do_action( 'woocommerce_checkout_order_processed', $order->get_id(), array(), $order );
				$order->payment_complete();
				$order->save();
			}
		);
	}

	/**
	 * A returning customer: the second paid order of the same guest e-mail is not new.
	 */
	public function test_new_and_returning_guest(): void {
		$mug   = $this->product( 'Mug', '10.00' );
		$first = $this->order( array( array( $mug, 1 ) ), 'again@example.org' );
		$first->payment_complete();
		$second = $this->order( array( array( $mug, 1 ) ), 'again@example.org' );
		$second->payment_complete();
		$other = $this->order( array( array( $mug, 1 ) ), '' );
		$other->payment_complete();
		$this->assertSame( '1', $this->order_row( $first )['is_new'] );
		$this->assertSame( '0', $this->order_row( $second )['is_new'] );
		$this->assertSame( '1', $this->order_row( $other )['is_new'] );
	}

	/**
	 * Bad input: a negative total is refused and logged (the pending row it had is gone); an
	 * unknown currency keeps the order
	 * without a base amount, logged; another known currency has no base amount unless a rate is
	 * given; a deleted product keeps its line's name.
	 */
	public function test_bad_input(): void {
		$mug = $this->product( 'Mug', '10.00' );

		$negative = $this->order( array( array( $mug, 1 ) ) );
		$negative->set_total( '-5.00' );
		$negative->save();
		$negative->update_status( 'processing' );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE order_id = %d', array( $negative->get_id() ) ) );
		$this->assertContains( array( 'warning', sprintf( 'Order %d not recorded: its total is negative (-5.00).', $negative->get_id() ) ), $this->logged, (string) wp_json_encode( $this->logged ) );

		// A currency plugin that names a currency WooCommerce does not know.
		$odd   = $this->order( array( array( $mug, 1 ) ) );
		$wrong = static fn( $currency, $order ) => $order instanceof \WC_Order && $order->get_id() === $odd->get_id() ? 'XYZ' : $currency;
		add_filter( 'woocommerce_order_get_currency', $wrong, 10, 2 );
		$odd->payment_complete();
		remove_filter( 'woocommerce_order_get_currency', $wrong );
		$this->assert_without_base_amount( 'woocommerce', $odd->get_id(), 'XYZ', '10.0000' );
		$this->assertContains( array( 'warning', sprintf( 'Order %d has an unknown currency (XYZ): recorded without an amount in the base currency.', $odd->get_id() ) ), $this->logged );

		$dollars = $this->order( array( array( $mug, 1 ) ) );
		$dollars->set_currency( 'USD' );
		$dollars->save();
		$dollars->payment_complete();
		$this->assertNull( $this->order_row( $dollars )['total_base'] );
		add_filter( 'monsterinsights_reports_shop_exchange_rate', static fn( $rate, string $currency ) => 'USD' === $currency ? 0.5 : $rate, 10, 2 );
		$dollars->update_status( 'completed' );
		$this->assertSame( '5.0000', $this->order_row( $dollars )['total_base'] );

		$gone  = $this->product( 'Gone', '7.00' );
		$order = $this->order( array( array( $gone, 1 ) ) );
		wp_delete_post( $gone->get_id(), true );
		$order = wc_get_order( $order->get_id() );
		$this->assertInstanceOf( \WC_Order::class, $order );
		$order->payment_complete();
		$this->assertSame( array( 'Gone', '', '7.0000' ), array( $this->lines( $order )[0]['name'], $this->lines( $order )[0]['category'], $this->lines( $order )[0]['total'] ) );
	}

	/**
	 * The module off: nothing is recorded.
	 */
	public function test_module_off_records_nothing(): void {
		Modules::set( 'woocommerce', false );
		$order = $this->order( array( array( $this->product( 'Mug', '10.00' ), 1 ) ) );
		$order->payment_complete();
		WC()->cart->add_to_cart( $this->product( 'Tee', '5.00' )->get_id(), 1 );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_orders}' ) );
		$this->assertSame( array(), $this->events() );
	}

	/**
	 * The cart: add and remove through WooCommerce's cart; the checkout form (the checkout, then
	 * each cart line with its product and quantity; once a request); a product page. Each an event of
	 * the visitor; a visitor with Do Not Track none.
	 */
	public function test_shop_events(): void {
		$mug = $this->product( 'Mug', '12.50' );
		$key = WC()->cart->add_to_cart( $mug->get_id(), 2 );
		$this->assertIsString( $key );
		$this->assertTrue( WC()->cart->remove_cart_item( $key ) );
		WC()->cart->add_to_cart( $mug->get_id(), 1 );
		$cap = $this->product( 'Cap', '5.00' );
		WC()->cart->add_to_cart( $cap->get_id(), 3 );

		$GLOBALS['wp_query'] = new \WP_Query(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- The shortcodes read the main query.
		do_shortcode( '[woocommerce_checkout]' );
		do_shortcode( '[woocommerce_checkout]' );
		do_shortcode( '[product_page id="' . $mug->get_id() . '"]' );

		$this->assertSame(
			array(
				array(
					'type'       => 'add_to_cart',
					'product_id' => (string) $mug->get_id(),
					'quantity'   => '2',
					'value'      => '25.0000',
				),
				array(
					'type'       => 'remove_from_cart',
					'product_id' => (string) $mug->get_id(),
					'quantity'   => '2',
					'value'      => '25.0000',
				),
				array(
					'type'       => 'add_to_cart',
					'product_id' => (string) $mug->get_id(),
					'quantity'   => '1',
					'value'      => '12.5000',
				),
				array(
					'type'       => 'add_to_cart',
					'product_id' => (string) $cap->get_id(),
					'quantity'   => '3',
					'value'      => '15.0000',
				),
				array(
					'type'       => 'checkout_started',
					'product_id' => '0',
					'quantity'   => '4',
					'value'      => '27.5000',
				),
				array(
					'type'       => 'checkout_item',
					'product_id' => (string) $mug->get_id(),
					'quantity'   => '1',
					'value'      => '12.5000',
				),
				array(
					'type'       => 'checkout_item',
					'product_id' => (string) $cap->get_id(),
					'quantity'   => '3',
					'value'      => '15.0000',
				),
				array(
					'type'       => 'product_view',
					'product_id' => (string) $mug->get_id(),
					'quantity'   => '1',
					'value'      => '12.5000',
				),
			),
			$this->events()
		);
		$this->assertSame( 1, count( array_unique( Db::col( 'SELECT visitor FROM {shop_events}' ) ) ) );
		$this->assertNotSame( '0', Db::value( 'SELECT visitor FROM {shop_events} LIMIT 1' ) );

		// The checkout reloaded in a later request with the same cart: the checkout already
		// counted. With one more in the cart it is a checkout of its own.
		WooCommerce::reset_request();
		do_shortcode( '[woocommerce_checkout]' );
		$this->assertCount( 8, $this->events() );
		WC()->cart->add_to_cart( $cap->get_id(), 1 );
		WooCommerce::reset_request();
		do_shortcode( '[woocommerce_checkout]' );
		$added = array_slice( $this->events(), 8 );
		$this->assertSame( array( 'add_to_cart', 'checkout_started', 'checkout_item', 'checkout_item' ), array_column( $added, 'type' ) );
		$this->assertSame( array( '1', '5', '1', '4' ), array_column( $added, 'quantity' ) );

		$_SERVER['HTTP_DNT'] = '1';
		WC()->cart->add_to_cart( $mug->get_id(), 1 );
		$this->assertCount( 12, $this->events() );
	}

	/**
	 * A visitor comes from a campaign, browses, and checks out: the order is theirs, with the
	 * session's source, medium, campaign, channel and landing page, the seconds and sessions to
	 * purchase; paid before the hits left the buffer, it finds the session after the aggregation.
	 */
	public function test_order_attributed_to_the_visitors_session(): void {
		$this->campaign_visit( '/shop/', '/product/mug/' );
		$order = $this->order( array( array( $this->product( 'Mug', '10.00' ), 1 ) ) );
		do_action( 'woocommerce_checkout_order_processed', $order->get_id(), array(), $order );
		$order->payment_complete();
		// The hits are still in the buffer: no session yet, WooCommerce's attribution has none.
		$session = $this->assert_attributed_after_aggregation( 'woocommerce', $order->get_id(), '/shop/' );

		// A refund later, in another request: the attribution stays.
		wc_create_refund(
			array(
				'order_id' => $order->get_id(),
				'amount'   => '1.00',
			)
		);
		$this->assertSame( $session, $this->order_row( $order )['session_id'] );
	}

	/**
	 * No session of the visitor: WooCommerce's own order attribution, through the same channel
	 * rules; a checkout with Global Privacy Control keeps no visitor.
	 */
	public function test_falls_back_to_woocommerce_attribution(): void {
		$_SERVER['HTTP_SEC_GPC'] = '1';
		$order                   = $this->order( array( array( $this->product( 'Mug', '10.00' ), 1 ) ) );
		$order->update_meta_data( '_wc_order_attribution_source_type', 'utm' );
		$order->update_meta_data( '_wc_order_attribution_utm_source', 'facebook' );
		$order->update_meta_data( '_wc_order_attribution_utm_medium', 'cpc' );
		$order->update_meta_data( '_wc_order_attribution_utm_campaign', 'summer' );
		$order->save();
		do_action( 'woocommerce_checkout_order_processed', $order->get_id(), array(), $order );
		$order->payment_complete();
		$row = $this->order_row( $order );
		$this->assertSame(
			array(
				'visitor'     => '0',
				'session_id'  => '0',
				'attribution' => 'shop',
				'medium'      => 'cpc',
				'channel'     => 'Paid Social',
			),
			array_intersect_key( $row, array_flip( array( 'visitor', 'session_id', 'attribution', 'medium', 'channel' ) ) )
		);
		$this->assertSame( 'facebook', Db::value( 'SELECT name FROM {sources} WHERE id = %d', array( (int) $row['source_id'] ) ) );
		$this->assertSame( 'summer', Db::value( 'SELECT name FROM {campaigns} WHERE id = %d', array( (int) $row['campaign_id'] ) ) );

		$typed = $this->order( array( array( $this->product( 'Tee', '10.00' ), 1 ) ) );
		$typed->update_meta_data( '_wc_order_attribution_source_type', 'typein' );
		$typed->update_meta_data( '_wc_order_attribution_utm_source', '(direct)' );
		$typed->save();
		$typed->payment_complete();
		$this->assertSame( array( 'shop', 'Direct' ), array( $this->order_row( $typed )['attribution'], $this->order_row( $typed )['channel'] ) );
	}

	/**
	 * Orders placed while the capture was off, imported by the backfill: the window's orders only,
	 * in batches that resume where an interrupted run stopped, each order once however often the
	 * backfill runs, with no visitor to attribute them to.
	 */
	public function test_backfill_imports_existing_orders_resumably(): void {
		$mug                     = $this->product( 'Mug', '10.00' );
		list( $today, $pending ) = $this->assert_backfill_resumes(
			function ( int $quantity, bool $paid ) use ( $mug ): int {
				$order = $this->order( array( array( $mug, $quantity ) ) );
				if ( $paid ) {
					$order->payment_complete();
				}
				return $order->get_id();
			},
			static function ( int $id, int $seconds ): void {
				$order = wc_get_order( $id );
				$order->set_date_created( time() - $seconds );
				$order->save();
			}
		);
		$this->assertSame( array( 'processing', 'pending' ), array( $this->shop_order_row( 'woocommerce', $today )['status'], $this->shop_order_row( 'woocommerce', $pending )['status'] ) );
	}

	/**
	 * The WP-CLI command: its options checked, the capture switched off said plainly, a run's
	 * summary.
	 */
	public function test_backfill_command(): void {
		require_once dirname( __DIR__ ) . '/Support/Cli/WpCli.php';
		\WP_CLI::$said = array();
		$command       = new EcommerceCommand();
		foreach ( array( array( 'days' => '0' ), array( 'days' => 'x' ), array( 'batch' => '5000' ) ) as $options ) {
			try {
				$command->backfill( array(), $options );
				$this->fail( 'Refused options end the command.' );
			} catch ( CliExit $exit ) {
				$this->assertStringContainsString( 'must be a whole number', $exit->getMessage() );
			}
		}
		$this->assert_backfill_command( 'woocommerce', fn() => $this->order( array( array( $this->product( 'Mug', '10.00' ), 1 ) ) ) );
	}

	/**
	 * The builtin source answers purchases and revenue from the paid orders, by the visitor's source
	 * and channel, by day and in total, beside the sessions: refunds come off the revenue, an order
	 * without a known visitor is "(not set)".
	 */
	public function test_purchases_and_revenue_answer_beside_the_sessions(): void {
		$now = time();
		$this->visit( '/shop/?utm_source=newsletter&utm_medium=email&utm_campaign=spring', $now - 600 );
		$mug     = $this->product( 'Mug', '10.00' );
		$visited = $this->order( array( array( $mug, 1 ) ) );
		do_action( 'woocommerce_checkout_order_processed', $visited->get_id(), array(), $visited );
		$visited->payment_complete();
		$this->aggregate_buffer();
		wc_create_refund(
			array(
				'order_id' => $visited->get_id(),
				'amount'   => '1.00',
			)
		);
		$unknown = $this->order( array( array( $mug, 2 ) ) );
		$unknown->payment_complete();
		$unpaid = $this->order( array( array( $mug, 5 ) ) );
		$this->assertSame( 'pending', $unpaid->get_status() );

		$this->assert_revenue_beside_the_session();
	}

	/**
	 * The Site Summary's most popular products: units sold in the range's paid orders, refunded
	 * units off, unpaid and cancelled orders not counted, each product's share of all units.
	 */
	public function test_site_summary_popular_products(): void {
		$mug = $this->product( 'Mug', '10.00' );
		$tee = $this->product( 'Tee', '20.00', 'Shirts' );
		$cap = $this->product( 'Cap', '5.00', 'Hats' );

		$first = $this->order( array( array( $mug, 3 ), array( $tee, 1 ) ) );
		$first->payment_complete();
		$items = $first->get_items();
		$line  = reset( $items );
		$this->assertInstanceOf( \WC_Order_Item_Product::class, $line );
		wc_create_refund(
			array(
				'order_id'   => $first->get_id(),
				'amount'     => '10.00',
				'line_items' => array(
					$line->get_id() => array(
						'qty'          => 1,
						'refund_total' => '10.00',
					),
				),
			)
		);
		$this->order( array( array( $cap, 9 ) ) );
		$cancelled = $this->order( array( array( $cap, 9 ) ) );
		$cancelled->payment_complete();
		$cancelled->update_status( 'cancelled' );

		$this->act_as( 'administrator' );
		// A day of one's choosing needs a basic licence.
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'basic' );
		$today    = ( new LocalTime() )->day( time() );
		$response = $this->rest(
			'GET',
			'/monsterinsights-reports/v1/reports/site_summary',
			array(
				'start' => $today,
				'end'   => $today,
			)
		);
		$this->assertSame( 200, $response->get_status() );
		// Mug 3 − 1 refunded = 2, Tee 1: 3 units.
		$this->assertSame(
			array(
				array(
					'title'   => 'Mug',
					'percent' => round( 2 / 3 * 100, 2 ),
				),
				array(
					'title'   => 'Tee',
					'percent' => round( 1 / 3 * 100, 2 ),
				),
			),
			$response->get_data()['popular_products']
		);
	}
	/**
	 * The User Journey of a WooCommerce order: its order number, the order screen WooCommerce links
	 * to (HPOS's or the posts screen, as the class says), its total in euros and the pages its
	 * visitor saw before the checkout, each until the next page view; the page after the order is
	 * not a step.
	 */
	public function test_user_journey_of_an_order(): void {
		$now = time();
		$this->visit( '/shop/?utm_source=newsletter&utm_medium=email&utm_campaign=spring', $now - 600 );
		$this->visit( '/product/mug/', $now - 300 );
		$order = $this->order( array( array( $this->product( 'Mug', '10.00' ), 2 ) ) );
		do_action( 'woocommerce_checkout_order_processed', $order->get_id(), array(), $order );
		$order->payment_complete();
		$this->visit( '/checkout/order-received/', $now + 30 );
		$this->aggregate_buffer();

		Modules::set( 'user-journey', true );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'pro' );
		$today    = ( new LocalTime() )->day( time() );
		$response = $this->rest(
			'GET',
			'/monsterinsights-reports/v1/reports/userjourney',
			array(
				'start' => $today,
				'end'   => $today,
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$edit = static::HPOS
			? admin_url( 'admin.php?page=wc-orders&action=edit&id=' . $order->get_id() )
			: admin_url( 'post.php?post=' . $order->get_id() . '&action=edit' );
		$this->assertSame( $edit, $order->get_edit_order_url() );
		$step = static fn( string $path, int $ts, int $seconds ): array => array(
			'title'        => $path,
			'url'          => home_url( $path ),
			'time'         => $seconds,
			'date'         => wp_date( 'Y-m-d H:i:s', $ts ),
			'utm_source'   => 'newsletter',
			'utm_medium'   => 'email',
			'utm_campaign' => 'spring',
		);
		$this->assertSame(
			array(
				'items'      => array(
					array(
						'transaction_id' => (string) $order->get_id(),
						'edit_order_url' => $edit,
						'purchase_date'  => wp_date( 'Y-m-d H:i:s', (int) $this->order_row( $order )['paid_at'] ),
						'utm_campaign'   => 'spring',
						'utm_medium'     => 'email',
						'utm_source'     => 'newsletter',
						'order_total'    => "\u{20AC}20.00",
						'steps'          => array(
							$step( '/shop/', $now - 600, 300 ),
							$step( '/product/mug/', $now - 300, 330 ),
						),
					),
				),
				'pagination' => array(
					'page'  => 1,
					'pages' => 1,
				),
				'demo'       => false,
			),
			$response->get_data()
		);
	}
}
