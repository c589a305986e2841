<?php
/**
 * What the suites with a real shop plugin share: the visitor's request, the rows the capture
 * wrote, a scripted session.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\CLI\EcommerceCommand;
use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Backfill;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Module;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;
use MonsterInsights\Reports\Tests\Support\Cli\CliExit;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;

/**
 * For the test cases of tests/php/WooCommerce and tests/php/Edd (BuiltinTestCase): a test runs as a
 * visitor's request to a shop whose capture is on (the builtin source, the eCommerce module), with
 * uploads in a scratch dir; it reads back the order's row, lines and coupons and the shop events,
 * and plays a visitor's page views through the collector to attribute an order to its session.
 */
trait ShopCapture {

	use Files;

	/**
	 * The $_SERVER of the test, restored after it.
	 *
	 * @var array<string, mixed>
	 */
	private array $shop_server = array();

	/**
	 * The visitor's request headers.
	 *
	 * @return array<string, string>
	 */
	protected static function shop_visitor(): array {
		return array(
			'REQUEST_METHOD'  => 'POST',
			'REMOTE_ADDR'     => '203.0.113.7',
			'HTTP_USER_AGENT' => 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
		);
	}

	/**
	 * The capture on (the builtin source, the eCommerce module), uploads in a scratch dir, the
	 * request the visitor's (no Do Not Track, no Global Privacy Control).
	 */
	protected function start_shop_request(): void {
		$this->shop_server = $_SERVER;
		$_SERVER           = array_merge( $_SERVER, self::shop_visitor() );
		unset( $_SERVER['HTTP_DNT'], $_SERVER['HTTP_SEC_GPC'] );
		$this->scratch_uploads();
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		Modules::set( 'woocommerce', true );
	}

	/**
	 * Restores $_SERVER, removes the scratch dirs.
	 */
	protected function end_shop_request(): void {
		$_SERVER = $this->shop_server;
		$this->remove_scratch_dirs();
	}

	/**
	 * An order's row.
	 *
	 * @param string $shop     The shop column.
	 * @param int    $order_id The order.
	 * @return array<string, string|null>
	 */
	protected function shop_order_row( string $shop, int $order_id ): array {
		$rows = Db::rows( 'SELECT * FROM {shop_orders} WHERE shop = %s AND order_id = %d', array( $shop, $order_id ) );
		$this->assertCount( 1, $rows );
		return $rows[0];
	}

	/**
	 * Asserts that an order is paid, and on the site-local day of its payment.
	 *
	 * @param string $shop     The shop column.
	 * @param int    $order_id The order.
	 */
	protected function assert_paid_that_day( string $shop, int $order_id ): void {
		$row = $this->shop_order_row( $shop, $order_id );
		$this->assertGreaterThan( 0, (int) $row['paid_at'] );
		$this->assertSame( ( new LocalTime() )->day( (int) $row['paid_at'] ), $row['day'] );
	}

	/**
	 * Asserts that an order's hooks fired again (and the order saved again) change nothing: one
	 * row, the same, with its visitor; the same lines.
	 *
	 * @param string   $shop     The shop column.
	 * @param int      $order_id The order, recorded already.
	 * @param callable $again    Fires the hooks again.
	 */
	protected function assert_counted_once( string $shop, int $order_id, callable $again ): void {
		$before = $this->shop_order_row( $shop, $order_id );
		$lines  = $this->shop_order_lines( $shop, $order_id );
		$this->assertNotSame( '0', $before['visitor'] );
		$again();
		$this->assertSame( $before, $this->shop_order_row( $shop, $order_id ) );
		$this->assertSame( '1', Db::value( 'SELECT COUNT(*) FROM {shop_orders}' ) );
		$this->assertSame( $lines, $this->shop_order_lines( $shop, $order_id ) );
		$this->assertCount( 1, $lines );
	}

	/**
	 * Asserts an order's row after a refund: its status, total and refunded amount, not cancelled,
	 * and what its first line says was refunded.
	 *
	 * @param string                        $shop     The shop column.
	 * @param int                           $order_id The order.
	 * @param string                        $status   The shop plugin's status.
	 * @param string                        $total    The total.
	 * @param string                        $refunded The refunded amount.
	 * @param array{0: int, 1: string}|null $line     The first line's refunded quantity and amount, or null.
	 */
	protected function assert_refunded( string $shop, int $order_id, string $status, string $total, string $refunded, ?array $line = null ): void {
		$this->assertSame(
			array(
				'status'    => $status,
				'total'     => $total,
				'refunded'  => $refunded,
				'cancelled' => '0',
			),
			array_intersect_key( $this->shop_order_row( $shop, $order_id ), array_flip( array( 'status', 'total', 'refunded', 'cancelled' ) ) )
		);
		if ( null !== $line ) {
			$first = $this->shop_order_lines( $shop, $order_id )[0];
			$this->assertSame( array( (string) $line[0], $line[1] ), array( $first['refunded_quantity'], $first['refunded'] ) );
		}
	}

	/**
	 * Asserts an order kept in its currency with no amount in the shop's base currency.
	 *
	 * @param string $shop     The shop column.
	 * @param int    $order_id The order.
	 * @param string $currency Its currency.
	 * @param string $total    Its total.
	 */
	protected function assert_without_base_amount( string $shop, int $order_id, string $currency, string $total ): void {
		$row = $this->shop_order_row( $shop, $order_id );
		$this->assertSame( array( $currency, $total, null ), array( $row['currency'], $row['total'], $row['total_base'] ) );
	}

	/**
	 * The lines of an order's row.
	 *
	 * @param string $shop     The shop column.
	 * @param int    $order_id The order.
	 * @return array<int, array<string, string>>
	 */
	protected function shop_order_lines( string $shop, int $order_id ): array {
		return Db::rows(
			'SELECT i.product_id, i.name, i.category, i.quantity, i.price, i.total, i.refunded_quantity, i.refunded FROM {shop_order_items} i JOIN {shop_orders} o ON o.id = i.order_ref WHERE o.shop = %s AND o.order_id = %d ORDER BY i.item_id',
			array( $shop, $order_id )
		);
	}

	/**
	 * The coupons of an order's row.
	 *
	 * @param string $shop     The shop column.
	 * @param int    $order_id The order.
	 * @return array<int, array<string, string>>
	 */
	protected function shop_order_coupons( string $shop, int $order_id ): array {
		return Db::rows( 'SELECT c.code, c.discount FROM {shop_order_coupons} c JOIN {shop_orders} o ON o.id = c.order_ref WHERE o.shop = %s AND o.order_id = %d', array( $shop, $order_id ) );
	}

	/**
	 * The shop events, oldest first.
	 *
	 * @return array<int, array<string, string>>
	 */
	protected function events(): array {
		return Db::rows( 'SELECT type, product_id, quantity, value FROM {shop_events} ORDER BY id' );
	}

	/**
	 * Asserts the shop steps of one visitor (a product at 12.50): two added to the cart, the two
	 * removed, one added, the checkout started with it (and its line checked out), the product's
	 * page seen.
	 *
	 * @param string $shop    The shop column.
	 * @param int    $product The product.
	 */
	protected function assert_shop_steps( string $shop, int $product ): void {
		$step = static fn( string $type, int $id, int $quantity ): array => array(
			'type'       => $type,
			'product_id' => (string) $id,
			'quantity'   => (string) $quantity,
			'value'      => number_format( 12.5 * $quantity, 4, '.', '' ),
		);
		$this->assertSame(
			array(
				$step( 'add_to_cart', $product, 2 ),
				$step( 'remove_from_cart', $product, 2 ),
				$step( 'add_to_cart', $product, 1 ),
				$step( 'checkout_started', 0, 1 ),
				$step( 'checkout_item', $product, 1 ),
				$step( 'product_view', $product, 1 ),
			),
			$this->events()
		);
		$this->assertSame( array( $shop ), Db::col( 'SELECT DISTINCT shop FROM {shop_events}' ) );
		$this->assertSame( 1, count( array_unique( Db::col( 'SELECT visitor FROM {shop_events}' ) ) ) );
		$this->assertNotSame( '0', Db::value( 'SELECT visitor FROM {shop_events} LIMIT 1' ) );
	}

	/**
	 * A page view of this test's visitor through the collector, as the tracker sends it.
	 *
	 * @param string $path     The page.
	 * @param int    $ts       When.
	 * @param string $referrer The referrer.
	 */
	protected function visit( string $path, int $ts, string $referrer = '' ): void {
		$collector = Module::collector();
		$this->assertNotNull( $collector );
		$status = $collector->handle(
			self::shop_visitor(),
			(string) wp_json_encode(
				array(
					't' => 'pageview',
					'p' => $path,
					'r' => $referrer,
				)
			),
			(float) $ts
		);
		$this->assertSame( 204, $status, $collector->reason() );
	}

	/**
	 * Runs the aggregation over the site's buffer.
	 */
	protected function aggregate_buffer(): void {
		$this->assertNotSame( array(), Aggregator::for_current_site()->run()->days() );
	}

	/**
	 * The visitor's campaign visit (newsletter, email, spring) landing on a page, then another page.
	 *
	 * @param string $landing The landing page.
	 * @param string $next    The page seen next.
	 */
	protected function campaign_visit( string $landing, string $next ): void {
		$now = time();
		$this->visit( $landing . '?utm_source=newsletter&utm_medium=email&utm_campaign=spring', $now - 600 );
		$this->visit( $next, $now - 300 );
	}

	/**
	 * Asserts that an order (paid before the hits left the buffer: no session yet, "(not set)") finds
	 * the campaign visit's one session after the aggregation: its source, medium, campaign, channel
	 * and landing page, the seconds and sessions to purchase.
	 *
	 * @param string $shop     The shop column.
	 * @param int    $order_id The order.
	 * @param string $landing  The landing page of campaign_visit().
	 * @return string The session's id.
	 */
	protected function assert_attributed_after_aggregation( string $shop, int $order_id, string $landing ): string {
		$this->assertSame(
			array(
				'session_id'  => '0',
				'attribution' => 'none',
				'medium'      => '(not set)',
				'channel'     => 'Unassigned',
			),
			array_intersect_key( $this->shop_order_row( $shop, $order_id ), array_flip( array( 'session_id', 'attribution', 'medium', 'channel' ) ) )
		);
		$this->assertNotSame( '0', $this->shop_order_row( $shop, $order_id )['visitor'] );

		$this->aggregate_buffer();

		$session = Db::rows( 'SELECT s.id, s.started_at, s.landing_path_id, s.campaign_id, src.name AS source FROM {sessions} s JOIN {sources} src ON src.id = s.source_id' );
		$this->assertCount( 1, $session );
		$row = $this->shop_order_row( $shop, $order_id );
		$this->assertSame(
			array(
				'session_id'           => $session[0]['id'],
				'attribution'          => 'session',
				'medium'               => 'email',
				'campaign_id'          => $session[0]['campaign_id'],
				'channel'              => 'Email',
				'landing_path_id'      => $session[0]['landing_path_id'],
				'seconds_to_purchase'  => (string) ( (int) $row['paid_at'] - (int) $session[0]['started_at'] ),
				'sessions_to_purchase' => '1',
			),
			array_intersect_key( $row, array_flip( array( 'session_id', 'attribution', 'medium', 'channel', 'landing_path_id', 'campaign_id', 'sessions_to_purchase', 'seconds_to_purchase' ) ) )
		);
		$this->assertSame( 'newsletter', $session[0]['source'] );
		$this->assertSame( 'spring', Db::value( 'SELECT name FROM {campaigns} WHERE id = %d', array( (int) $row['campaign_id'] ) ) );
		$this->assertSame( $landing, Db::value( 'SELECT path FROM {paths} WHERE id = %d', array( (int) $row['landing_path_id'] ) ) );
		return (string) $session[0]['id'];
	}

	/**
	 * Asserts how the builtin source answers purchases and revenue beside the sessions, today, for
	 * the campaign visitor's order of 10.00 refunded 1.00, an order of 20.00 of no known visitor and
	 * an unpaid one: by source, by channel, by day and in total; refunds come off the revenue, an
	 * order without a known visitor is "(not set)", a dimension the orders do not know splits
	 * nothing.
	 */
	protected function assert_revenue_beside_the_session(): void {
		$today  = new \DateTimeImmutable( ( new LocalTime() )->day( time() ), wp_timezone() );
		$range  = new DateRange( $today, $today );
		$source = new BuiltinSource();
		$ask    = static fn( array $dimensions ): Result => $source->run( new Query( array( Metric::SESSIONS, Metric::ECOMMERCE_PURCHASES, Metric::TOTAL_REVENUE ), $dimensions, $range ) );
		$rows   = static function ( Result $result, string $dimension ): array {
			$out = array();
			foreach ( $result->rows as $row ) {
				$out[ $row['dimensions'][ $dimension ] ] = array_values( $row['metrics'] );
			}
			ksort( $out );
			return $out;
		};

		$by_source = $ask( array( Dimension::SESSION_SOURCE ) );
		$this->assertSame(
			array(
				'(not set)'  => array( 0, 1, 20.0 ),
				'newsletter' => array( 1, 1, 9.0 ),
			),
			$rows( $by_source, Dimension::SESSION_SOURCE )
		);
		$this->assertSame( array( 1, 2, 29.0 ), array_values( $by_source->totals ) );
		$this->assertSame(
			array(
				'Email'      => array( 1, 1, 9.0 ),
				'Unassigned' => array( 0, 1, 20.0 ),
			),
			$rows( $ask( array( Dimension::SESSION_CHANNEL ) ), Dimension::SESSION_CHANNEL )
		);
		$this->assertSame( array( $today->format( 'Y-m-d' ) => array( 1, 2, 29.0 ) ), $rows( $ask( array( Dimension::DATE ) ), Dimension::DATE ) );
		$this->assertSame( array( 1, 2, 29.0 ), array_values( $ask( array() )->totals ) );
		// A dimension the orders do not know: no made-up split.
		$this->assertSame( array( 1, 0, 0.0 ), array_values( $ask( array( Dimension::DEVICE_CATEGORY ) )->totals ) );
	}

	/**
	 * Asserts what the WP-CLI backfill command says with the capture off, then, with it on, its
	 * summary of one order placed while it was off.
	 *
	 * @param string   $shop  The shop column.
	 * @param callable $place Places one order.
	 */
	protected function assert_backfill_command( string $shop, callable $place ): void {
		require_once dirname( __DIR__ ) . '/Support/Cli/WpCli.php';
		$command = new EcommerceCommand();
		Modules::set( 'woocommerce', false );
		try {
			$command->backfill( array(), array() );
			$this->fail( 'A backfill with the capture off ends the command.' );
		} catch ( CliExit $exit ) {
			$this->assertSame( 'The eCommerce module is off, or neither WooCommerce nor Easy Digital Downloads is active.', $exit->getMessage() );
		}
		$place();
		Modules::set( 'woocommerce', true );
		\WP_CLI::$said = array();
		$command->backfill( array(), array( 'days' => '30' ) );
		$this->assertCount( 1, \WP_CLI::$said );
		$this->assertSame( 'success', \WP_CLI::$said[0][0] );
		$this->assertStringStartsWith( '1 orders created since ', \WP_CLI::$said[0][1] );
		$this->assertSame( array( $shop => '1' ), array_column( Db::rows( 'SELECT shop, COUNT(*) AS n FROM {shop_orders} GROUP BY shop' ), 'n', 'shop' ) );
	}

	/**
	 * Asserts the backfill of orders placed while the capture was off (10, 2 and 0 days ago, paid,
	 * and one unpaid of today; 1, 2, 3 and 4 units at 10.00): a 5-day window's orders only, in
	 * batches that resume where an interrupted run stopped, each order once however often it runs,
	 * with no visitor to attribute them to.
	 *
	 * @param callable $place Places an order now: (quantity, paid) => its id.
	 * @param callable $age   Moves an order's creation back: (id, seconds).
	 * @return array{0: int, 1: int} Today's paid order and the unpaid one.
	 */
	protected function assert_backfill_resumes( callable $place, callable $age ): array {
		Modules::set( 'woocommerce', false );
		$before  = (int) $place( 1, true );
		$earlier = (int) $place( 2, true );
		$today   = (int) $place( 3, true );
		$pending = (int) $place( 4, false );
		$age( $before, 10 * DAY_IN_SECONDS );
		$age( $earlier, 2 * DAY_IN_SECONDS );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_orders}' ) );
		Modules::set( 'woocommerce', true );

		// Interrupted after two batches of one order: the two oldest of the window.
		$first = Backfill::run( 5, false, 1, 2 );
		$this->assertSame( array( 2, 2, false, false ), array( $first['imported'], $first['batches'], $first['done'], $first['resumed'] ) );
		$this->assertSame(
			array(
				'days'     => 5,
				'page'     => 2,
				'imported' => 2,
			),
			array_diff_key( (array) Backfill::state(), array( 'since' => 0 ) )
		);
		$recorded = static fn(): array => array_map( 'intval', Db::col( 'SELECT order_id FROM {shop_orders} ORDER BY order_id' ) );
		$this->assertSame( array( $earlier, $today ), $recorded() );

		// Run again: it resumes with the third order of the window and finishes.
		$second = Backfill::run( 5, false, 1 );
		$this->assertSame( array( 3, true, true ), array( $second['imported'], $second['done'], $second['resumed'] ) );
		$this->assertNull( Backfill::state() );
		$this->assertSame( array( $earlier, $today, $pending ), $recorded() );

		// A third run reads the window again and counts nothing twice.
		Backfill::run( 5 );
		$this->assertSame( '3', Db::value( 'SELECT COUNT(*) FROM {shop_orders}' ) );
		$row = $this->shop_order_row( (string) Db::value( 'SELECT shop FROM {shop_orders} LIMIT 1' ), $today );
		$this->assertSame(
			array( '30.0000', '0', '0', 'none' ),
			array( $row['total'], $row['visitor'], $row['session_id'], $row['attribution'] )
		);
		$this->assertGreaterThan( 0, (int) $row['paid_at'] );
		return array( $today, $pending );
	}
}
