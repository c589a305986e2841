<?php
/**
 * Easy Digital Downloads' orders and shop steps in the builtin tables, with the real EDD.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Edd;

use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Edd;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\ShopCapture;

/**
 * Orders, refunds, discounts and carts are made through EDD's own API (edd_build_order() as its
 * gateways call it at checkout, edd_update_order_status(), edd_refund_order(), EDD's cart); the
 * hooks that fire are EDD's.
 */
class EddCaptureTest extends BuiltinTestCase {

	use ShopCapture;

	/**
	 * The shop in euros with quantities, the module on, the builtin source, a scratch data dir
	 * (EDD's debug log is there too), a visitor's request.
	 *
	 * @throws \LogicException When EDD is not loaded.
	 */
	protected function set_up() {
		parent::set_up();
		if ( ! function_exists( 'EDD' ) ) {
			throw new \LogicException( static::class . ' needs the real Easy Digital Downloads: run bin/test-php.sh (or phpunit --testsuite edd with WP_TESTS_EDD=1).' );
		}
		$this->start_shop_request();
		edd_update_option( 'currency', 'EUR' );
		edd_update_option( 'item_quantities', true );
		edd_update_option( 'enable_taxes', false );
		Edd::reset_request();
		EDD()->debug_log->clear_log_file();
	}

	/**
	 * Restores $_SERVER, empties the cart, removes the scratch dirs.
	 */
	protected function tear_down() {
		edd_empty_cart();
		$this->end_shop_request();
		parent::tear_down();
	}

	/**
	 * A download at a price in a category.
	 *
	 * @param string $name     Its name.
	 * @param string $price    Its price.
	 * @param string $category Its download category.
	 */
	private function download( string $name, string $price, string $category = 'Ebooks' ): int {
		$id = wp_insert_post(
			array(
				'post_type'   => 'download',
				'post_status' => 'publish',
				'post_title'  => $name,
			)
		);
		$this->assertIsInt( $id );
		update_post_meta( $id, 'edd_price', $price );
		wp_set_object_terms( $id, $category, 'download_category' );
		return $id;
	}

	/**
	 * A pending order built as EDD's gateways build it at checkout (edd_build_order(), which fires
	 * edd_built_order in the visitor's request).
	 *
	 * @param array<int, array{0: int, 1: int}> $lines    Download and quantity.
	 * @param string                            $email    The customer's e-mail.
	 * @param string                            $discount A discount code (percent), or ''.
	 * @param string                            $currency The order's currency ('' for the shop's).
	 * @param float                             $tax      The tax rate on each line after its discount.
	 */
	private function order( array $lines, string $email = 'buyer@example.org', string $discount = '', string $currency = '', float $tax = 0.0 ): int {
		$percent = 0.0;
		if ( '' !== $discount ) {
			$code = edd_get_discount_by( 'code', $discount );
			$this->assertNotFalse( $code, 'The discount exists.' );
			$percent = (float) $code->amount;
		}
		$cart = array();
		foreach ( $lines as $line ) {
			$price    = (float) get_post_meta( $line[0], 'edd_price', true );
			$subtotal = $price * $line[1];
			$off      = round( $subtotal * $percent / 100, 2 );
			$taxed    = round( ( $subtotal - $off ) * $tax, 2 );
			$cart[]   = array(
				'id'          => $line[0],
				'name'        => get_the_title( $line[0] ),
				'item_number' => array(
					'id'       => $line[0],
					'options'  => array(),
					'quantity' => $line[1],
				),
				'item_price'  => $price,
				'quantity'    => $line[1],
				'subtotal'    => $subtotal,
				'discount'    => $off,
				'tax'         => $taxed,
				'price'       => $subtotal - $off + $taxed,
			);
		}
		$id = edd_build_order(
			array(
				'user_info'    => array(
					'id'         => 0,
					'email'      => $email,
					'first_name' => 'Ada',
					'last_name'  => 'Buyer',
					'discount'   => '' === $discount ? 'none' : $discount,
				),
				'cart_details' => $cart,
				'currency'     => $currency,
				'gateway'      => 'manual',
				'status'       => 'pending',
			)
		);
		$this->assertIsInt( $id );
		return $id;
	}

	/**
	 * A percent discount code.
	 *
	 * @param string $code    The code.
	 * @param int    $percent How much off.
	 */
	private function discount( string $code, int $percent ): void {
		$this->assertNotEmpty(
			edd_add_discount(
				array(
					'name'        => $code,
					'code'        => $code,
					'amount'      => $percent,
					'amount_type' => 'percent',
					'status'      => 'active',
				)
			)
		);
	}

	/**
	 * Marks an order paid, as EDD's gateways do.
	 *
	 * @param int $id The order.
	 */
	private function pay( int $id ): void {
		$this->assertTrue( edd_update_order_status( $id, 'complete' ) );
	}

	/**
	 * The order's row.
	 *
	 * @param int $id The order.
	 * @return array<string, string|null>
	 */
	private function order_row( int $id ): array {
		return $this->shop_order_row( 'edd', $id );
	}

	/**
	 * Some columns of an order's row.
	 *
	 * @param int      $id      The order.
	 * @param string[] $columns The columns.
	 * @return array<string, string|null>
	 */
	private function figures( int $id, array $columns = array( 'status', 'currency', 'total', 'tax', 'shipping', 'discount', 'total_base', 'is_new', 'refunded', 'cancelled' ) ): array {
		return array_intersect_key( $this->order_row( $id ), array_flip( $columns ) );
	}

	/**
	 * The lines of an order's row.
	 *
	 * @param int $id The order.
	 * @return array<int, array<string, string>>
	 */
	private function lines( int $id ): array {
		return $this->shop_order_lines( 'edd', $id );
	}

	/**
	 * This plugin's entries in EDD's debug log.
	 *
	 * @return string[]
	 */
	private function logged(): array {
		preg_match_all( '/ - ' . preg_quote( Edd::LOG_SOURCE, '/' ) . ' (.*)$/m', (string) EDD()->debug_log->get_file_contents(), $matches );
		return array_map( 'trim', $matches[1] );
	}

	/**
	 * EDD is the site's shop, and its adapter records.
	 */
	public function test_edd_is_the_shop(): void {
		$this->assertSame( 'edd', Shop::platform() );
		$this->assertTrue( Edd::is_on() );
		$this->assertSame( 'EUR', Shop::current()['currency']['code'] ?? null );
	}

	/**
	 * A paid order: built at checkout (pending, the visitor kept), completed; one row with its exact
	 * figures, lines and discount code, paid on the day it was completed.
	 */
	public function test_paid_order_with_discount(): void {
		$this->discount( 'SAVE10', 10 );
		$book   = $this->download( 'Book', '12.50' );
		$course = $this->download( 'Course', '20.00', 'Courses' );
		$id     = $this->order( array( array( $book, 2 ), array( $course, 1 ) ), 'buyer@example.org', 'SAVE10', '', 0.1 );
		$this->assertSame( array( 'pending', '0' ), array( $this->order_row( $id )['status'], $this->order_row( $id )['paid_at'] ) );
		$this->assertNotSame( '0', $this->order_row( $id )['visitor'] );

		$fired = did_action( 'edd_complete_purchase' );
		$this->pay( $id );
		$this->assertSame( $fired + 1, did_action( 'edd_complete_purchase' ) );

		// 2 × 12.50 + 20.00 = 45.00, 10 % off: 4.50; 10 % tax on 22.50 and 18.00: 2.25 + 1.80 = 4.05;
		// total 40.50 + 4.05 = 44.55.
		$this->assertSame(
			array(
				'status'     => 'complete',
				'currency'   => 'EUR',
				'total'      => '44.5500',
				'tax'        => '4.0500',
				'shipping'   => '0.0000',
				'discount'   => '4.5000',
				'total_base' => '44.5500',
				'is_new'     => '1',
				'refunded'   => '0.0000',
				'cancelled'  => '0',
			),
			$this->figures( $id )
		);
		$this->assert_paid_that_day( 'edd', $id );
		// Each line after its discount, before tax.
		$this->assertSame(
			array(
				array(
					'product_id'        => (string) $book,
					'name'              => 'Book',
					'category'          => 'Ebooks',
					'quantity'          => '2',
					'price'             => '12.5000',
					'total'             => '22.5000',
					'refunded_quantity' => '0',
					'refunded'          => '0.0000',
				),
				array(
					'product_id'        => (string) $course,
					'name'              => 'Course',
					'category'          => 'Courses',
					'quantity'          => '1',
					'price'             => '20.0000',
					'total'             => '18.0000',
					'refunded_quantity' => '0',
					'refunded'          => '0.0000',
				),
			),
			$this->lines( $id )
		);
		$this->assertSame(
			array(
				array(
					'code'     => 'SAVE10',
					'discount' => '4.5000',
				),
			),
			$this->shop_order_coupons( 'edd', $id )
		);
		// EDD keeps no attribution of its own; the hits of this visitor are still in the buffer.
		$this->assertSame( array( 'none', 'Unassigned' ), array_values( array_intersect_key( $this->order_row( $id ), array_flip( array( 'attribution', 'channel' ) ) ) ) );
	}

	/**
	 * A partial refund of one unit, then the rest: the refunded amount is the refunds added up, the
	 * lines say what was refunded, the status is EDD's, the order stays paid.
	 */
	public function test_partial_then_full_refund(): void {
		$book = $this->download( 'Book', '10.00' );
		$id   = $this->order( array( array( $book, 3 ) ) );
		$this->pay( $id );
		$items = edd_get_order( $id )->get_items();
		$this->assertCount( 1, $items );

		$refund = edd_refund_order(
			$id,
			array(
				array(
					'order_item_id' => $items[0]->id,
					'quantity'      => 1,
					'subtotal'      => 10.0,
					'tax'           => 0.0,
				),
			),
			array()
		);
		$this->assertIsInt( $refund );
		$this->assert_refunded( 'edd', $id, 'partially_refunded', '30.0000', '10.0000', array( 1, '10.0000' ) );
		// The refund is no order of its own.
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE order_id = %d', array( $refund ) ) );

		$this->assertIsInt( edd_refund_order( $id ) );
		$this->assert_refunded( 'edd', $id, 'refunded', '30.0000', '30.0000', array( 3, '30.0000' ) );
		$this->assertGreaterThan( 0, (int) $this->order_row( $id )['paid_at'] );
	}

	/**
	 * A paid order revoked: flagged cancelled, its figures kept for the record; a paid order later
	 * set to cancelled likewise; an order abandoned before payment never counts as paid.
	 */
	public function test_revoked(): void {
		$id = $this->order( array( array( $this->download( 'Book', '10.00' ), 2 ) ) );
		$this->pay( $id );
		$this->assertTrue( edd_update_order_status( $id, 'revoked' ) );
		$this->assertSame(
			array(
				'status'    => 'revoked',
				'total'     => '20.0000',
				'cancelled' => '1',
			),
			$this->figures( $id, array( 'status', 'total', 'cancelled' ) )
		);
		$this->assertGreaterThan( 0, (int) $this->order_row( $id )['paid_at'] );

		$later = $this->order( array( array( $this->download( 'Course', '30.00' ), 1 ) ), 'later@example.org' );
		$this->pay( $later );
		$paid_at = $this->order_row( $later )['paid_at'];
		$this->assertTrue( edd_update_order_status( $later, 'cancelled' ) );
		$this->assertSame( array( $paid_at, 'cancelled', '1' ), array_values( $this->figures( $later, array( 'paid_at', 'status', 'cancelled' ) ) ) );

		$abandoned = $this->order( array( array( $this->download( 'Guide', '5.00' ), 1 ) ), 'gone@example.org' );
		$this->assertTrue( edd_update_order_status( $abandoned, 'abandoned' ) );
		$this->assertSame( array( '0', 'abandoned', '0' ), array_values( $this->figures( $abandoned, array( 'paid_at', 'status', 'cancelled' ) ) ) );
	}

	/**
	 * The same hooks again, and the order saved again: one row, one set of lines, the same figures.
	 */
	public function test_duplicate_hooks_count_once(): void {
		$id = $this->order( array( array( $this->download( 'Book', '12.50' ), 2 ) ) );
		$this->pay( $id );
		$this->assert_counted_once(
			'edd',
			$id,
			function () use ( $id ): void {
				do_action( 'edd_complete_purchase', $id, edd_get_payment( $id ), edd_get_customer( edd_get_order( $id )->customer_id ) );
				do_action( 'edd_transition_order_status', 'pending', 'complete', $id );
				do_action( 'edd_built_order', $id, array() );
				$this->assertFalse( edd_update_order_status( $id, 'complete' ) );
				edd_update_order( $id, array( 'status' => 'complete' ) );
			}
		);
	}

	/**
	 * A returning customer: the second paid order of the same customer is not new; an order of
	 * another customer is.
	 */
	public function test_new_and_returning_customer(): void {
		$book   = $this->download( 'Book', '10.00' );
		$first  = $this->order( array( array( $book, 1 ) ), 'again@example.org' );
		$second = $this->order( array( array( $book, 1 ) ), 'again@example.org' );
		$other  = $this->order( array( array( $book, 1 ) ), 'other@example.org' );
		$this->pay( $first );
		$this->pay( $second );
		$this->pay( $other );
		$this->assertSame( '1', $this->order_row( $first )['is_new'] );
		$this->assertSame( '0', $this->order_row( $second )['is_new'] );
		$this->assertSame( '1', $this->order_row( $other )['is_new'] );
	}

	/**
	 * The cart: add and remove through EDD's cart; the checkout page; a download's page. Each an
	 * event of the visitor; a visitor with Do Not Track none.
	 */
	public function test_shop_events(): void {
		$book = $this->download( 'Book', '12.50' );
		$key  = edd_add_to_cart( $book, array( 'quantity' => 2 ) );
		$this->assertSame( 0, $key );
		edd_remove_from_cart( $key );
		edd_add_to_cart( $book, array( 'quantity' => 1 ) );

		// The checkout page, twice in the request: counted once, with its line checked out.
		add_filter( 'edd_is_checkout', '__return_true' );
		do_action( 'template_redirect' );
		do_action( 'template_redirect' );
		remove_filter( 'edd_is_checkout', '__return_true' );

		// The download's page as WordPress queries it.
		$GLOBALS['wp_query'] = new \WP_Query( // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- The page's main query.
			array(
				'post_type' => 'download',
				'p'         => $book,
			)
		);
		$this->assertTrue( is_singular( 'download' ) );
		do_action( 'template_redirect' );

		$this->assert_shop_steps( 'edd', $book );

		// The checkout reloaded in a later request with the same cart: the checkout already
		// counted. With one more in the cart it is a checkout of its own.
		$GLOBALS['wp_query'] = new \WP_Query(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- Another page.
		add_filter( 'edd_is_checkout', '__return_true' );
		Edd::reset_request();
		do_action( 'template_redirect' );
		$this->assertCount( 6, $this->events() );
		edd_add_to_cart( $book, array( 'quantity' => 1 ) );
		Edd::reset_request();
		do_action( 'template_redirect' );
		$added = array_slice( $this->events(), 6 );
		$this->assertSame( array( 'add_to_cart', 'checkout_started', 'checkout_item' ), array_column( $added, 'type' ) );
		$this->assertSame( array( '1', '2', '2' ), array_column( $added, 'quantity' ) );
		remove_filter( 'edd_is_checkout', '__return_true' );

		// An empty cart on the checkout page is no checkout started.
		$GLOBALS['wp_query'] = new \WP_Query(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- Another page.
		edd_empty_cart();
		Edd::reset_request();
		add_filter( 'edd_is_checkout', '__return_true' );
		do_action( 'template_redirect' );
		remove_filter( 'edd_is_checkout', '__return_true' );

		$_SERVER['HTTP_DNT'] = '1';
		edd_add_to_cart( $book, array( 'quantity' => 1 ) );
		$this->assertCount( 9, $this->events(), (string) wp_json_encode( $this->events() ) );
	}

	/**
	 * A download with price options: the option added is at its own price, the download's page at
	 * its lowest.
	 */
	public function test_price_options(): void {
		$plugin = $this->download( 'Plugin', '0.00' );
		update_post_meta( $plugin, '_variable_pricing', 1 );
		update_post_meta(
			$plugin,
			'edd_variable_prices',
			array(
				1 => array(
					'index'  => 1,
					'name'   => 'Single site',
					'amount' => '20.00',
				),
				2 => array(
					'index'  => 2,
					'name'   => 'Agency',
					'amount' => '50.00',
				),
			)
		);
		edd_add_to_cart(
			$plugin,
			array(
				'price_id' => 2,
				'quantity' => 2,
			)
		);
		$GLOBALS['wp_query'] = new \WP_Query( // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- The page's main query.
			array(
				'post_type' => 'download',
				'p'         => $plugin,
			)
		);
		do_action( 'template_redirect' );
		$this->assertSame(
			array(
				array(
					'type'       => 'add_to_cart',
					'product_id' => (string) $plugin,
					'quantity'   => '2',
					'value'      => '100.0000',
				),
				array(
					'type'       => 'product_view',
					'product_id' => (string) $plugin,
					'quantity'   => '1',
					'value'      => '20.0000',
				),
			),
			$this->events()
		);
	}

	/**
	 * The module off: nothing is recorded.
	 */
	public function test_module_off_records_nothing(): void {
		Modules::set( 'woocommerce', false );
		$book = $this->download( 'Book', '10.00' );
		$this->pay( $this->order( array( array( $book, 1 ) ) ) );
		edd_add_to_cart( $book );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_orders}' ) );
		$this->assertSame( array(), $this->events() );
	}

	/**
	 * A visitor comes from a campaign, browses, and checks out: the order is theirs, with the
	 * session's source, medium, campaign, channel and landing page, the seconds and sessions to
	 * purchase; paid before the hits left the buffer, it finds the session after the aggregation.
	 */
	public function test_order_attributed_to_the_visitors_session(): void {
		$this->campaign_visit( '/downloads/', '/downloads/book/' );
		$id = $this->order( array( array( $this->download( 'Book', '10.00' ), 1 ) ) );
		$this->pay( $id );
		// The hits are still in the buffer: no session yet, and EDD keeps no attribution.
		$session = $this->assert_attributed_after_aggregation( 'edd', $id, '/downloads/' );

		// A refund later, in another request: the attribution stays.
		$this->assertIsInt( edd_refund_order( $id ) );
		$this->assertSame( array( $session, '10.0000' ), array( $this->order_row( $id )['session_id'], $this->order_row( $id )['refunded'] ) );
	}

	/**
	 * Bad input: a negative total is refused and logged (the row it had is gone); an unknown
	 * currency keeps the order without a base amount, logged; another known currency has no base
	 * amount unless a rate is given; a deleted download keeps its line's name; a customer with no
	 * e-mail is new; refunds above the total count as the whole order, logged.
	 */
	public function test_bad_input(): void {
		$book = $this->download( 'Book', '10.00' );

		$negative = $this->order( array( array( $book, 1 ) ) );
		$this->assertSame( 1, (int) Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE order_id = %d', array( $negative ) ) );
		edd_update_order( $negative, array( 'total' => -5 ) );
		$this->pay( $negative );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE order_id = %d', array( $negative ) ) );
		$this->assertContains( sprintf( 'warning: Order %d not recorded: its total is negative (-5.0000).', $negative ), $this->logged() );

		$odd = $this->order( array( array( $book, 1 ) ), 'odd@example.org', '', 'XYZ' );
		$this->pay( $odd );
		$this->assert_without_base_amount( 'edd', $odd, 'XYZ', '10.0000' );
		$this->assertContains( sprintf( 'warning: Order %d has an unknown currency (XYZ): recorded without an amount in the base currency.', $odd ), $this->logged() );

		$dollars = $this->order( array( array( $book, 1 ) ), 'usd@example.org', '', 'USD' );
		$this->pay( $dollars );
		$this->assert_without_base_amount( 'edd', $dollars, 'USD', '10.0000' );
		add_filter( 'monsterinsights_reports_shop_exchange_rate', static fn( $rate, string $currency ) => 'USD' === $currency ? 0.5 : $rate, 10, 2 );
		edd_update_order_status( $dollars, 'on_hold' );
		$this->assertSame( '5.0000', $this->order_row( $dollars )['total_base'] );

		$gone  = $this->download( 'Gone', '7.00' );
		$order = $this->order( array( array( $gone, 1 ) ), 'gone@example.org' );
		wp_delete_post( $gone, true );
		$this->pay( $order );
		$this->assertSame( array( (string) $gone, 'Gone', '', '7.0000' ), array_values( array_intersect_key( $this->lines( $order )[0], array_flip( array( 'product_id', 'name', 'category', 'total' ) ) ) ) );

		// A guest order with no customer record and no e-mail.
		$guest = $this->order( array( array( $book, 1 ) ), 'guest@example.org' );
		edd_update_order(
			$guest,
			array(
				'customer_id' => 0,
				'email'       => '',
			)
		);
		$this->pay( $guest );
		$this->assertSame( array( 'complete', '1', '10.0000' ), array( $this->order_row( $guest )['status'], $this->order_row( $guest )['is_new'], $this->order_row( $guest )['total'] ) );

		// A refund larger than the order: EDD refuses it, nothing changes.
		$big = $this->order( array( array( $book, 1 ) ), 'big@example.org' );
		$this->pay( $big );
		$items = edd_get_order( $big )->get_items();
		$this->assertInstanceOf(
			\WP_Error::class,
			edd_refund_order(
				$big,
				array(
					array(
						'order_item_id' => $items[0]->id,
						'quantity'      => 1,
						'subtotal'      => 25.0,
						'tax'           => 0.0,
					),
				),
				array()
			)
		);
		$this->assertSame( '0.0000', $this->order_row( $big )['refunded'] );
		// Refunds that exceed the total (one written around EDD's checks): the whole order, logged.
		$refund = edd_add_order(
			array(
				'parent'   => $big,
				'type'     => 'refund',
				'status'   => 'complete',
				'currency' => 'EUR',
				'subtotal' => -25,
				'total'    => -25,
			)
		);
		do_action( 'edd_refund_order', $big, $refund, true );
		$this->assertSame( array( '10.0000', '10.0000' ), array( $this->order_row( $big )['total'], $this->order_row( $big )['refunded'] ) );
		$this->assertContains( sprintf( 'warning: Order %d: refunds of 25.0000 exceed its total of 10.0000; counted as refunded in full.', $big ), $this->logged() );
	}

	/**
	 * Orders placed while the capture was off, imported by the backfill: the window's orders only,
	 * in batches that resume where an interrupted run stopped, each order once however often the
	 * backfill runs, with no visitor to attribute them to.
	 */
	public function test_backfill_imports_existing_orders_resumably(): void {
		$book                    = $this->download( 'Book', '10.00' );
		list( $today, $pending ) = $this->assert_backfill_resumes(
			function ( int $quantity, bool $paid ) use ( $book ): int {
				$id = $this->order( array( array( $book, $quantity ) ) );
				if ( $paid ) {
					$this->pay( $id );
				}
				return $id;
			},
			static fn( int $id, int $seconds ) => edd_update_order( $id, array( 'date_created' => gmdate( 'Y-m-d H:i:s', time() - $seconds ) ) )
		);
		$this->assertSame( array( 'complete', 'pending', '0' ), array( $this->order_row( $today )['status'], $this->order_row( $pending )['status'], $this->order_row( $pending )['paid_at'] ) );
	}

	/**
	 * The WP-CLI command with EDD as the shop: the capture switched off said plainly, a run's
	 * summary.
	 */
	public function test_backfill_command(): void {
		$this->assert_backfill_command( 'edd', fn() => $this->order( array( array( $this->download( 'Book', '10.00' ), 1 ) ) ) );
	}

	/**
	 * The builtin source answers purchases and revenue from EDD's paid orders beside the sessions,
	 * as from WooCommerce's.
	 */
	public function test_purchases_and_revenue_answer_beside_the_sessions(): void {
		$this->visit( '/downloads/?utm_source=newsletter&utm_medium=email&utm_campaign=spring', time() - 600 );
		$book    = $this->download( 'Book', '10.00' );
		$visited = $this->order( array( array( $book, 1 ) ) );
		$this->pay( $visited );
		$this->aggregate_buffer();
		$items = edd_get_order( $visited )->get_items();
		$this->assertIsInt(
			edd_refund_order(
				$visited,
				array(
					array(
						'order_item_id' => $items[0]->id,
						'quantity'      => 1,
						'subtotal'      => 1.0,
						'tax'           => 0.0,
					),
				),
				array()
			)
		);
		// Placed and paid in another request: no visitor known.
		$_SERVER['HTTP_SEC_GPC'] = '1';
		$unknown                 = $this->order( array( array( $book, 2 ) ), 'unknown@example.org' );
		$this->pay( $unknown );
		$this->assertSame( '0', $this->order_row( $unknown )['visitor'] );
		$this->order( array( array( $book, 5 ) ), 'unpaid@example.org' );

		$this->assert_revenue_beside_the_session();
	}
}
