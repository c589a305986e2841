<?php
/**
 * The User Journey report on the builtin source: orders with the pages their visitor saw.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Journeys;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Orders;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\FakeShop;

/**
 * Berlin time, a shop faked in euros (no shop plugin in this suite; WooCommerce's own orders are
 * tested end to end in tests/e2e/specs/report-user-journey.spec.ts).
 *
 * - alice, 10 March (utm google / cpc / brand_search): / 09:00:00, /product/mug/ 09:00:40,
 *   /about/ 09:02:00 (the visit's last hit). 11 March (utm newsletter / email / spring):
 *   /product/mug/ 10:00:00, /cart/ 10:01:30, /checkout/ 10:02:10; order 1001 placed and paid at
 *   10:03:00 (24.50); /checkout/order-received/ 10:03:05. The hits from /checkout/ on are still in
 *   the buffer when the order is saved.
 *   Journey: Home Page 40 s, /product/mug/ 80 s, /about/ 0 s, /product/mug/ 90 s, /cart/ 40 s,
 *   /checkout/ 55 s (until the next page view, after the order); before the second aggregation
 *   the last one known is /cart/, 0 s (the visit's last hit then).
 * - bob, 12 March, direct: / 15:00:00, /shop/ 15:00:20, order 1002 at 15:00:30 (9.99),
 *   /checkout/order-received/ 15:00:40 → Home Page 20 s, /shop/ 20 s.
 * - order 1003 (12 March 16:00, 5.00): no visitor (not tracked): "(not set)", no steps.
 * - order 1004 (11 March, dan, utm twitter / social / winter): cancelled, never listed.
 * - order 1000 (9 March): outside the range.
 * - orders 2001–2010 (10 March 12:01–12:10, 1.00 each): no visitor.
 *
 * So 10–12 March lists 13 orders, newest first: 1003, 1002, 1001, 2010 … 2001; 10 a page, 2 pages.
 */
class UserJourneyReportTest extends BuiltinTestCase {

	use FakeShop;

	private const ROUTE = '/monsterinsights-reports/v1/reports/userjourney';

	private const FILTERS = '/monsterinsights-reports/v1/reports/userjourney/filter-params';

	/**
	 * The licence level the filter answers.
	 *
	 * @var string
	 */
	private string $level = 'pro';

	/**
	 * The hits after the orders were saved.
	 *
	 * @var string[]
	 */
	private array $later = array();

	/**
	 * The visits before the orders, aggregated; the orders; the modules on, a shop, an admin.
	 */
	protected function set_up() {
		parent::set_up();
		Hits::reset();
		$google     = array(
			'us' => 'google',
			'um' => 'cpc',
			'uc' => 'brand_search',
		);
		$newsletter = array(
			'us' => 'newsletter',
			'um' => 'email',
			'uc' => 'spring',
		);
		$this->aggregate(
			array(
				Hits::pageview( 'alice', '2025-03-10 09:00:00', '/', $google ),
				Hits::pageview( 'alice', '2025-03-10 09:00:40', '/product/mug/', $google ),
				Hits::pageview( 'alice', '2025-03-10 09:02:00', '/about/', $google ),
				Hits::pageview( 'alice', '2025-03-11 10:00:00', '/product/mug/', $newsletter ),
				Hits::pageview( 'alice', '2025-03-11 10:01:30', '/cart/', $newsletter ),
				Hits::pageview(
					'dan',
					'2025-03-11 08:00:00',
					'/',
					array(
						'us' => 'twitter',
						'um' => 'social',
						'uc' => 'winter',
					)
				),
				Hits::pageview( 'bob', '2025-03-12 15:00:00', '/' ),
				Hits::pageview( 'bob', '2025-03-12 15:00:20', '/shop/' ),
			)
		);
		$this->later = array(
			Hits::pageview( 'alice', '2025-03-11 10:02:10', '/checkout/', $newsletter ),
			Hits::pageview( 'alice', '2025-03-11 10:03:05', '/checkout/order-received/', $newsletter ),
			Hits::pageview( 'bob', '2025-03-12 15:00:40', '/checkout/order-received/' ),
		);
		Modules::set( 'user-journey', true );
		Modules::set( 'woocommerce', true );
		$this->fake_shop();
		self::order( 1001, '2025-03-11 10:03:00', '24.50', 'alice' );
		self::order( 1002, '2025-03-12 15:00:30', '9.99', 'bob' );
		self::order( 1003, '2025-03-12 16:00:00', '5.00', '' );
		self::order( 1004, '2025-03-11 09:00:00', '12.00', 'dan', true );
		self::order( 1000, '2025-03-09 12:00:00', '7.00', '' );
		for ( $i = 1; $i <= 10; $i++ ) {
			self::order( 2000 + $i, sprintf( '2025-03-10 12:%02d:00', $i ), '1.00', '' );
		}
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', fn() => $this->level );
	}

	/**
	 * Saves a paid order of a visitor, as a shop adapter does.
	 *
	 * @param int    $id        Order id.
	 * @param string $local     When it was placed and paid (Berlin).
	 * @param string $total     Its total.
	 * @param string $visitor   The visitor's label, '' for none.
	 * @param bool   $cancelled Whether it is cancelled.
	 */
	private static function order( int $id, string $local, string $total, string $visitor, bool $cancelled = false ): void {
		$ts = Hits::ts( $local );
		Orders::save(
			array(
				'shop'         => 'woocommerce',
				'order_id'     => $id,
				'created_at'   => $ts,
				'paid_at'      => $ts,
				'status'       => $cancelled ? 'cancelled' : 'processing',
				'currency'     => 'EUR',
				'total'        => $total,
				'tax'          => '0',
				'shipping'     => '0',
				'discount'     => '0',
				'total_base'   => $total,
				'is_new'       => true,
				'refunded'     => '0',
				'cancelled'    => $cancelled,
				'visitor'      => '' === $visitor ? 0 : Hit::key_int( Hits::key( $visitor ) ),
				'visitor_prev' => 0,
				'fallback'     => null,
				'items'        => array(),
				'coupons'      => array(),
			)
		);
	}

	/**
	 * A step as the report gives it.
	 *
	 * @param string   $path    Its path.
	 * @param int      $seconds Time on the page.
	 * @param string   $local   When (Berlin).
	 * @param string[] $utm     Source, medium, campaign of its visit.
	 * @return array<string, mixed>
	 */
	private static function step( string $path, int $seconds, string $local, array $utm ): array {
		return array(
			'title'        => '/' === $path ? 'Home Page' : $path,
			'url'          => home_url( $path ),
			'time'         => $seconds,
			'date'         => $local,
			'utm_source'   => $utm[0],
			'utm_medium'   => $utm[1],
			'utm_campaign' => $utm[2],
		);
	}

	/**
	 * An order as the report gives it.
	 *
	 * @param int                              $id    Order id.
	 * @param string                           $local Paid (Berlin).
	 * @param string[]                         $utm   Source, medium, campaign.
	 * @param string                           $total The total as shown.
	 * @param array<int, array<string, mixed>> $steps Its steps.
	 * @return array<string, mixed>
	 */
	private static function item( int $id, string $local, array $utm, string $total, array $steps = array() ): array {
		return array(
			'transaction_id' => (string) $id,
			'edit_order_url' => '',
			'purchase_date'  => $local,
			'utm_campaign'   => $utm[2],
			'utm_medium'     => $utm[1],
			'utm_source'     => $utm[0],
			'order_total'    => $total,
			'steps'          => $steps,
		);
	}

	/**
	 * The journeys of alice's order: before the second aggregation, and final.
	 *
	 * @param bool $complete Whether the hits after the order's save are in.
	 * @return array<int, array<string, mixed>>
	 */
	private static function alice_steps( bool $complete ): array {
		$google     = array( 'google', 'cpc', 'brand_search' );
		$newsletter = array( 'newsletter', 'email', 'spring' );
		$steps      = array(
			self::step( '/', 40, '2025-03-10 09:00:00', $google ),
			self::step( '/product/mug/', 80, '2025-03-10 09:00:40', $google ),
			self::step( '/about/', 0, '2025-03-10 09:02:00', $google ),
			self::step( '/product/mug/', 90, '2025-03-11 10:00:00', $newsletter ),
		);
		if ( ! $complete ) {
			$steps[] = self::step( '/cart/', 0, '2025-03-11 10:01:30', $newsletter );
			return $steps;
		}
		$steps[] = self::step( '/cart/', 40, '2025-03-11 10:01:30', $newsletter );
		$steps[] = self::step( '/checkout/', 55, '2025-03-11 10:02:10', $newsletter );
		return $steps;
	}

	/**
	 * The first page of the range, final.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private static function first_page(): array {
		$not_set = array( '(not set)', '(not set)', '' );
		$items   = array(
			self::item( 1003, '2025-03-12 16:00:00', $not_set, "5.00\u{00A0}€" ),
			self::item(
				1002,
				'2025-03-12 15:00:30',
				array( '(direct)', '(none)', '' ),
				"9.99\u{00A0}€",
				array(
					self::step( '/', 20, '2025-03-12 15:00:00', array( '(direct)', '(none)', '' ) ),
					self::step( '/shop/', 20, '2025-03-12 15:00:20', array( '(direct)', '(none)', '' ) ),
				)
			),
			self::item( 1001, '2025-03-11 10:03:00', array( 'newsletter', 'email', 'spring' ), "24.50\u{00A0}€", self::alice_steps( true ) ),
		);
		for ( $i = 10; $i >= 4; $i-- ) {
			$items[] = self::item( 2000 + $i, sprintf( '2025-03-10 12:%02d:00', $i ), $not_set, "1.00\u{00A0}€" );
		}
		return $items;
	}

	/**
	 * GETs the report of 10–12 March.
	 *
	 * @param array<string, mixed> $params More arguments.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function report( array $params = array() ): array {
		return $this->get_json( self::ROUTE, $params + self::REPORT_RANGE );
	}

	/**
	 * An order whose checkout hits are still buffered shows the journey known so far; the next
	 * aggregation writes every journey once, complete; the range's orders, newest first, 10 a page.
	 */
	public function test_the_orders_with_their_journeys_complete_after_the_aggregation(): void {
		// Before: alice's checkout is still in the buffer; her journey is read from the raw rows.
		list( $status, $data ) = $this->report( array( 'search' => '1001' ) );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				'items'      => array( self::item( 1001, '2025-03-11 10:03:00', array( 'newsletter', 'email', 'spring' ), "24.50\u{00A0}€", self::alice_steps( false ) ) ),
				'pagination' => array(
					'page'  => 1,
					'pages' => 1,
				),
				'demo'       => false,
			),
			$data
		);
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {shop_order_steps}' ) );

		$this->aggregate( $this->later );
		// Written once: alice 6 steps, bob 2, dan's cancelled order 1 (never listed); every order
		// placed before the run is final.
		$this->assertSame( 9, (int) Db::value( 'SELECT COUNT(*) FROM {shop_order_steps}' ) );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE journey_at = 0' ) );
		$this->assertSame( 0, Journeys::settle( time() + 10 ) );

		list( $status, $data ) = $this->report();
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				'items'      => self::first_page(),
				'pagination' => array(
					'page'  => 1,
					'pages' => 2,
				),
				'demo'       => false,
			),
			$data
		);
		list( , $data ) = $this->report( array( 'page' => 2 ) );
		$this->assertSame( array( '2003', '2002', '2001' ), array_column( $data['items'], 'transaction_id' ) );
		$this->assertSame(
			array(
				'page'  => 2,
				'pages' => 2,
			),
			$data['pagination']
		);
	}

	/**
	 * The journeys are kept when the raw page views and sessions are compacted.
	 */
	public function test_the_journeys_survive_the_compaction_of_the_raw_rows(): void {
		// A visit on the 15th: compaction keeps the days from the one before the newest visit.
		$this->aggregate( array_merge( $this->later, array( Hits::pageview( 'zed', '2025-03-15 10:00:00', '/' ) ) ) );
		add_filter( 'monsterinsights_reports_raw_days', static fn(): int => 2 );
		Compaction::run( Hits::ts( self::NOW ) );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews} WHERE day < %s', array( '2025-03-14' ) ) );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {sessions} WHERE day < %s', array( '2025-03-14' ) ) );

		list( $status, $data ) = $this->report();
		$this->assertSame( 200, $status );
		$this->assertSame( self::first_page(), $data['items'] );
	}

	/**
	 * Source, medium and campaign filters, the transaction id search, and the filters' choices
	 * (paid orders only: the cancelled order's twitter / social / winter is not offered).
	 */
	public function test_filters_and_search(): void {
		$this->aggregate( $this->later );
		$ids = function ( array $params ): array {
			list( $status, $data ) = $this->report( $params );
			$this->assertSame( 200, $status );
			return array_column( $data['items'], 'transaction_id' );
		};
		$this->assertSame( array( '1001' ), $ids( array( 'sources' => 'newsletter' ) ) );
		$this->assertSame( array( '1002' ), $ids( array( 'mediums' => '(none)' ) ) );
		$this->assertSame( array( '1001' ), $ids( array( 'campaigns' => 'spring' ) ) );
		$this->assertSame( array(), $ids( array( 'campaigns' => 'winter' ) ) );
		$this->assertSame( array( '1002' ), $ids( array( 'search' => '#1002' ) ) );
		$this->assertSame( array(), $ids( array( 'search' => 'abc' ) ) );
		$this->assertSame(
			array( '1003', '2010', '2009', '2008', '2007', '2006', '2005', '2004', '2003', '2002' ),
			$ids(
				array(
					'sources' => '(not set)',
					'mediums' => '(not set)',
				)
			)
		);
		$this->assertSame(
			array( '1000' ),
			$ids(
				array(
					'start' => '2025-03-09',
					'end'   => '2025-03-09',
				)
			)
		);

		list( $status, $data ) = $this->get_json( self::FILTERS, array() );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				'campaigns' => array( 'spring' ),
				'mediums'   => array( '(none)', '(not set)', 'email' ),
				'sources'   => array( '(direct)', '(not set)', 'newsletter' ),
			),
			$data
		);
	}

	/**
	 * A journey keeps its last MAX_STEPS page views.
	 */
	public function test_the_last_fifty_steps(): void {
		$hits = array();
		for ( $i = 1; $i <= 55; $i++ ) {
			$hits[] = Hits::pageview( 'zoe', sprintf( '2025-03-12 12:%02d:%02d', intdiv( $i * 10, 60 ), ( $i * 10 ) % 60 ), '/p' . $i . '/' );
		}
		$this->aggregate( $hits );
		self::order( 3001, '2025-03-12 12:09:20', '3.00', 'zoe' );
		$this->aggregate( array( Hits::pageview( 'zoe', '2025-03-12 12:09:25', '/thanks/' ) ) );
		list( , $data ) = $this->report( array( 'search' => '3001' ) );
		$steps          = $data['items'][0]['steps'];
		$this->assertCount( Journeys::MAX_STEPS, $steps );
		$this->assertSame( home_url( '/p6/' ), $steps[0]['url'] );
		$this->assertSame( home_url( '/p55/' ), $steps[49]['url'] );
		// The last page until the page after the order.
		$this->assertSame( 15, $steps[49]['time'] );
		$this->assertSame( array_fill( 0, 49, 10 ), array_slice( array_column( $steps, 'time' ), 0, 49 ) );
	}

	/**
	 * 400 with the code of what is missing; below pro, 403 first.
	 */
	public function test_unavailable_without_the_modules_or_a_shop(): void {
		$error = function ( string $route, array $params = array() ): array {
			list( $status, $data ) = $this->get_json( $route, $params );
			return array( $status, $data['code'] ?? '' );
		};
		Modules::set( 'user-journey', false );
		$this->assertSame( array( 400, 'user_journey_inactive' ), $error( self::ROUTE, self::REPORT_RANGE ) );
		$this->assertSame( array( 400, 'user_journey_inactive' ), $error( self::FILTERS ) );
		Modules::set( 'user-journey', true );
		Modules::set( 'woocommerce', false );
		$this->assertSame( array( 400, 'ecommerce_inactive' ), $error( self::ROUTE, self::REPORT_RANGE ) );
		Modules::set( 'woocommerce', true );
		$this->fake_shop_as( null );
		$this->assertSame( array( 400, 'no_shop' ), $error( self::ROUTE, self::REPORT_RANGE ) );
		$this->assertSame( array( 400, 'no_shop' ), $error( self::FILTERS ) );

		// The licence first: below pro the upsell, whatever the modules.
		$this->level = 'plus';
		$this->assertSame( array( 403, 'upgrade_required' ), $error( self::ROUTE, self::REPORT_RANGE ) );
		$this->assertSame( array( 403, 'upgrade_required' ), $error( self::FILTERS ) );
	}

	/**
	 * Schema-validated arguments; the view capability.
	 */
	public function test_arguments_and_capability(): void {
		list( $status, $data ) = $this->get_json( self::ROUTE, array( 'page' => 0 ) + self::REPORT_RANGE );
		$this->assertSame( array( 400, 'rest_invalid_param' ), array( $status, $data['code'] ) );
		list( $status, $data ) = $this->get_json( self::ROUTE, array( 'sources' => str_repeat( 'x', 192 ) ) + self::REPORT_RANGE );
		$this->assertSame( array( 400, 'rest_invalid_param' ), array( $status, $data['code'] ) );
		$this->act_as( 'subscriber' );
		list( $status ) = $this->get_json( self::ROUTE, self::REPORT_RANGE );
		$this->assertSame( 403, $status );
		list( $status ) = $this->get_json( self::FILTERS, array() );
		$this->assertSame( 403, $status );
	}

	/**
	 * An order removed from the capture takes its steps with it.
	 */
	public function test_a_forgotten_order_takes_its_journey(): void {
		$this->aggregate( $this->later );
		Orders::forget( 'woocommerce', 1001 );
		$this->assertSame( 3, (int) Db::value( 'SELECT COUNT(*) FROM {shop_order_steps}' ) );
	}
}
