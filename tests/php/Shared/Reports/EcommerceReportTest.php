<?php
/**
 * The eCommerce and Coupons reports on the builtin source.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\REST\CsvResponse;
use MonsterInsights\Reports\Reports\NeedsShop;
use MonsterInsights\Reports\Reports\Registry;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\DayRollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Events;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Orders;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\FakeShop;

/**
 * Four sessions (Berlin time) and five orders written as the shop capture writes them
 * (Orders::save(), which ties each to its visitor's session):
 *
 * - a: 10 March 09:00 from facebook.com, 12 March 10:00 from google.com;
 * - b: 11 March 10:00 direct; c: 11 March 11:00 from google.com;
 * - #100 paid 5 March (before the range), 35.00, coupon SAVE5, no visitor;
 * - #101 a, paid 12 March 10:05: 2 Mugs (line 18.00) and a Shirt (27.00), shipping 5, total 50.00,
 *   coupon SAVE5, a new customer — 2 sessions and 2 days after a's first;
 * - #102 b, paid 11 March 10:10: a Shirt, 30.00 of which 10.00 refunded, coupons SAVE5 and
 *   FREESHIP, a returning customer — 1 session, 0 days;
 * - #103 no visitor, paid 13 March: 2 Mugs, 20.00, a new customer;
 * - #104 c, paid 11 March 11:30, cancelled: never counted.
 *
 * The range is 10–16 March; the period before it 3–9 March holds #100 alone.
 */
class EcommerceReportTest extends BuiltinTestCase {

	use FakeShop;

	protected const REPORT_RANGE = array(
		'start' => '2025-03-10',
		'end'   => '2025-03-16',
	);

	/**
	 * What the eCommerce Overview and the Coupons Report say without a shop plugin.
	 */
	private const NO_SHOP_PLUGIN = 'eCommerce reports need WooCommerce or Easy Digital Downloads. Install and activate one of them, and your store’s sales will show here.';

	/**
	 * The visits, the orders, the shop in euros, a pro licence.
	 */
	protected function set_up() {
		parent::set_up();
		Hits::reset();
		$this->aggregate(
			array(
				Hits::pageview( 'a', '2025-03-10 09:00:00', '/', array( 'r' => 'https://www.facebook.com/' ) ),
				Hits::pageview( 'a', '2025-03-12 10:00:00', '/shop/', array( 'r' => 'https://www.google.com/' ) ),
				Hits::pageview( 'b', '2025-03-11 10:00:00', '/shop/' ),
				Hits::pageview( 'c', '2025-03-11 11:00:00', '/', array( 'r' => 'https://www.google.com/' ) ),
			)
		);
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->fake_shop();
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'pro' );

		$mug   = fn( int $qty, string $total ) => $this->line( 1, 'Mug', $qty, '10', $total );
		$shirt = fn( string $total, string $refunded = '0' ) => $this->line( 2, 'Shirt', 1, '30', $total, $refunded );
		$this->order( 100, '2025-03-05 12:00:00', '35', array( $shirt( '35' ) ), array( 'SAVE5' ), '' );
		$this->order( 101, '2025-03-12 10:05:00', '50', array( $mug( 2, '18' ), $shirt( '27' ) ), array( 'SAVE5' ), 'a' );
		$this->order( 102, '2025-03-11 10:10:00', '30', array( $shirt( '30', '10' ) ), array( 'SAVE5', 'FREESHIP' ), 'b', false, '10' );
		$this->order( 103, '2025-03-13 09:00:00', '20', array( $mug( 2, '20' ) ), array(), '' );
		$this->order( 104, '2025-03-11 11:30:00', '99', array( $mug( 9, '99' ) ), array( 'SAVE5' ), 'c', true, '0', true );
	}

	/**
	 * An order line.
	 *
	 * @param int    $product  Product id.
	 * @param string $name     Name.
	 * @param int    $quantity Quantity.
	 * @param string $price    Unit price.
	 * @param string $total    Line total.
	 * @param string $refunded Refunded of it.
	 * @return array{item_id: int, product_id: int, variation_id: int, name: string, category: string, quantity: int, price: string, total: string, refunded_quantity: int, refunded: string}
	 */
	private function line( int $product, string $name, int $quantity, string $price, string $total, string $refunded = '0' ): array {
		static $item = 0;
		return array(
			'item_id'           => ++$item,
			'product_id'        => $product,
			'variation_id'      => 0,
			'name'              => $name,
			'category'          => 'Shop',
			'quantity'          => $quantity,
			'price'             => $price,
			'total'             => $total,
			'refunded_quantity' => 0,
			'refunded'          => $refunded,
		);
	}

	/**
	 * Saves a paid order as the capture does.
	 *
	 * @param int                                                                                                                                                                                        $id        Order id.
	 * @param string                                                                                                                                                                                     $paid      Local time paid.
	 * @param string                                                                                                                                                                                     $total     Total.
	 * @param array<int, array{item_id: int, product_id: int, variation_id: int, name: string, category: string, quantity: int, price: string, total: string, refunded_quantity: int, refunded: string}> $items Lines.
	 * @param string[]                                                                                                                                                                                   $coupons   Coupon codes.
	 * @param string                                                                                                                                                                                     $visitor   Visitor label ('' for none).
	 * @param bool                                                                                                                                                                                       $is_new    New customer.
	 * @param string                                                                                                                                                                                     $refunded  Refunded.
	 * @param bool                                                                                                                                                                                       $cancelled Cancelled.
	 */
	private function order( int $id, string $paid, string $total, array $items, array $coupons, string $visitor, bool $is_new = true, string $refunded = '0', bool $cancelled = false ): void {
		$ts  = Hits::ts( $paid );
		$key = 0;
		if ( '' !== $visitor ) {
			// The visitor key as the sessions store it.
			$key = (int) Db::value( 'SELECT visitor FROM {sessions} WHERE started_at = %d', array( $this->first_session_of( $visitor ) ) );
		}
		Orders::save(
			array(
				'shop'         => 'woocommerce',
				'order_id'     => $id,
				'created_at'   => $ts - 60,
				'paid_at'      => $ts,
				'status'       => $cancelled ? 'cancelled' : 'processing',
				'currency'     => 'EUR',
				'total'        => $total,
				'tax'          => '0',
				'shipping'     => 101 === $id ? '5' : '0',
				'discount'     => '0',
				'total_base'   => null,
				'is_new'       => $is_new,
				'refunded'     => $refunded,
				'cancelled'    => $cancelled,
				'visitor'      => $key,
				'visitor_prev' => 0,
				'fallback'     => null,
				'items'        => $items,
				'coupons'      => array_map(
					static fn( string $code ): array => array(
						'code'     => $code,
						'discount' => '5',
					),
					$coupons
				),
			)
		);
	}

	/**
	 * The start of a visitor's first session in the set-up.
	 *
	 * @param string $visitor Label.
	 */
	private function first_session_of( string $visitor ): int {
		$first = array(
			'a' => '2025-03-10 09:00:00',
			'b' => '2025-03-11 10:00:00',
			'c' => '2025-03-11 11:00:00',
		);
		return Hits::ts( $first[ $visitor ] );
	}

	/**
	 * The info boxes from the orders: 3 paid orders (#101, #102, #103) in 4 sessions, revenue
	 * 50 + (30 − 10) + 20, 2 of 3 customers new; the period before had #100 alone.
	 */
	public function test_info_boxes(): void {
		$payload = $this->report_payload( 'ecommerce' );
		// The builtin source has no screens of its own to link: no `galinks`.
		$this->assertSame( array( 'infobox', 'sessions_chart', 'products', 'conversions', 'days', 'sessions' ), array_keys( $payload ) );
		$box = $payload['infobox'];
		$this->assertSame( 7, $box['range'] );
		$this->assertSame(
			array(
				'value'         => 75,
				'prev'          => null,
				'compare_value' => 0,
			),
			$box['conversionrate']
		);
		$this->assertSame(
			array(
				'value'         => 3,
				'prev'          => 200,
				'compare_value' => 1,
			),
			$box['transactions']
		);
		$this->assertEquals( array( 90, round( ( 90 - 35 ) / 35 * 100, 2 ), 35 ), array_values( $box['revenue'] ) );
		$this->assertEquals( array( 30, round( ( 30 - 35 ) / 35 * 100, 2 ), 35 ), array_values( $box['ordervalue'] ) );
		$this->assertEquals( round( 2 / 3 * 100, 2 ), $box['newcustomers']['value'] );
		// Without a checkout step recorded, the abandoned checkouts have no value.
		$this->assertNull( $box['abandonedcheckouts']['value'] );
		$this->assertSame( 0, $box['addtocart']['value'] );
	}

	/**
	 * The cart boxes from the shop's steps: 3 adds to cart and 1 removal in the range (and 1 add
	 * before it), 4 checkouts started of which the 3 paid orders followed 3.
	 */
	public function test_cart_boxes(): void {
		$step = static function ( string $type, string $local, int $visitor ): void {
			Events::record( 'woocommerce', $type, $visitor, Hits::ts( $local ), 1, 1, '10' );
		};
		$step( Events::ADD_TO_CART, '2025-03-05 11:00:00', 9 );
		foreach ( array( '2025-03-10 09:01:00', '2025-03-11 10:01:00', '2025-03-12 10:01:00' ) as $n => $local ) {
			$step( Events::ADD_TO_CART, $local, $n + 1 );
		}
		$step( Events::REMOVE_FROM_CART, '2025-03-12 10:02:00', 3 );
		foreach ( array( '2025-03-10 09:05:00', '2025-03-11 10:05:00', '2025-03-12 10:04:00', '2025-03-13 08:55:00' ) as $n => $local ) {
			$step( Events::CHECKOUT_STARTED, $local, $n + 1 );
		}
		$box = $this->report_payload( 'ecommerce' )['infobox'];
		$this->assertSame(
			array(
				'value'         => 3,
				'prev'          => 200,
				'compare_value' => 1,
			),
			$box['addtocart']
		);
		$this->assertSame(
			array(
				'value'         => 1,
				'prev'          => null,
				'compare_value' => 0,
			),
			$box['remfromcart']
		);
		$this->assertEquals( 25, $box['abandonedcheckouts']['value'] );
		$this->assertNull( $box['abandonedcheckouts']['compare_value'] );
	}

	/**
	 * The top products by units sold: Mugs 2 + 2, Shirts 1 + 1; revenue from the lines less
	 * refunds, the cancelled order's left out.
	 */
	public function test_top_products(): void {
		$this->assertSame(
			array(
				array(
					'name'     => 'Mug',
					'quantity' => 4,
					'percent'  => 66.67,
					'revenue'  => 38,
				),
				array(
					'name'     => 'Shirt',
					'quantity' => 2,
					'percent'  => 33.33,
					'revenue'  => 47,
				),
			),
			$this->report_payload( 'ecommerce' )['products']
		);
	}

	/**
	 * The conversion sources: #101 from google.com (a's latest session before it), #102 direct,
	 * #103 "(not set)"; the sessions are the source's sessions in the range.
	 */
	public function test_conversion_sources(): void {
		$rows = $this->report_payload( 'ecommerce' )['conversions'];
		$this->assertSame(
			array(
				array( 'google.com', 2, 1, 33.33, 50 ),
				array( '(direct)', 1, 1, 33.33, 20 ),
				array( '(not set)', 0, 1, 33.33, 20 ),
			),
			array_map( static fn( array $row ): array => array_values( $row ), $rows )
		);
		$this->assertSame( array( 'url', 'sessions', 'transactions', 'percent', 'revenue' ), array_keys( $rows[0] ) );
	}

	/**
	 * Time and sessions to purchase of the orders tied to a session: #102 the same day in its
	 * first session, #101 two days and two sessions after a's first.
	 */
	public function test_time_and_sessions_to_purchase(): void {
		$data = $this->report_payload( 'ecommerce' );
		$this->assertSame(
			array(
				'0'     => 1,
				'1'     => 0,
				'2-3'   => 1,
				'4-7'   => 0,
				'8-14'  => 0,
				'15-30' => 0,
				'31+'   => 0,
			),
			array_column( $data['days'], 'transactions', 'name' )
		);
		$this->assertEquals( array( 50, 0, 50, 0, 0, 0, 0 ), array_column( $data['days'], 'percent' ) );
		$this->assertSame(
			array(
				'1'    => 1,
				'2'    => 1,
				'3-5'  => 0,
				'6-10' => 0,
				'11+'  => 0,
			),
			array_column( $data['sessions'], 'transactions', 'name' )
		);
	}

	/**
	 * The chart is the sessions and page views chart of the range.
	 */
	public function test_sessions_chart(): void {
		$chart = $this->report_payload( 'ecommerce' )['sessions_chart'];
		$this->assertSame( array( 1, 2, 1, 0, 0, 0, 0 ), $chart['sessions'] );
		$this->assertSame( array( 1, 2, 1, 0, 0, 0, 0 ), $chart['page_views'] );
	}

	/**
	 * The landing pages table's purchases and revenue: #101 landed on /shop/ (a's latest session
	 * before it), #102 on /shop/, #103 on no known page; by sessions, then by name.
	 */
	public function test_landing_pages_carry_their_orders(): void {
		$rows = $this->report_payload( 'traffic_landing_pages' )['landing_pages']['rows'];
		$this->assertSame(
			array(
				'/'         => array( 2, 0, 0 ),
				'/shop/'    => array( 2, 2, 70 ),
				'(not set)' => array( 0, 1, 20 ),
			),
			array_map(
				static fn( array $row ): array => array( $row['sessions'], $row['purchases'], $row['revenue'] ),
				array_column( $rows, null, 'landing_page' )
			)
		);
	}

	/**
	 * Coupons: SAVE5 on #101 and #102 (50 + 20), FREESHIP on #102; by revenue; the change of the
	 * revenue against the compare range (SAVE5's 35 in #100) while comparing.
	 */
	public function test_coupons(): void {
		$table = $this->report_payload( 'ecommerce_coupons' )['coupons_table'];
		// No change column without a compare range.
		$this->assertSame( array( 'coupon_name', 'revenue', 'transactions', 'average_order_value' ), array_column( $table['columns'], 'id' ) );
		$this->assertEquals(
			array(
				array( 'SAVE5', 70, 2, 35 ),
				array( 'FREESHIP', 20, 1, 20 ),
			),
			array_map( static fn( array $row ): array => array_values( $row ), $table['rows'] )
		);
		$this->assertSame( 2, $table['total'] );

		$compared = $this->report_payload(
			'ecommerce_coupons',
			array(
				'compare_start' => '2025-03-03',
				'compare_end'   => '2025-03-09',
			)
		)['coupons_table']['rows'];
		$this->assertEquals(
			array(
				'SAVE5'    => 100,
				'FREESHIP' => null,
			),
			array_column( $compared, 'change', 'coupon_name' )
		);

		$searched = $this->report_payload( 'ecommerce_coupons', array( 'search' => 'free' ) )['coupons_table']['rows'];
		$this->assertSame( array( 'FREESHIP' ), array_column( $searched, 'coupon_name' ) );
	}

	/**
	 * An order written shows in the next answer: its write makes the cached answers stale (the
	 * data version moves), without waiting for an aggregation run.
	 */
	public function test_a_new_order_shows_at_once(): void {
		$before = $this->report_payload( 'ecommerce' )['infobox']['transactions']['value'];
		$this->order( 105, '2025-03-14 15:00:00', '10', array( $this->line( 1, 'Mug', 1, '10', '10' ) ), array(), '' );
		$this->assertSame( $before + 1, $this->report_payload( 'ecommerce' )['infobox']['transactions']['value'] );
	}

	/**
	 * Every report that reads the orders answers the same from the days rolled up
	 * (Shop\DayRollups) as from the shop tables: the eCommerce screens, the Overview, the Site
	 * Summary, the traffic and country tables, the coupons compared.
	 */
	public function test_daily_rollups_answer_the_same(): void {
		$reports = array( 'ecommerce', 'ecommerce_coupons', 'overview', 'site_summary', 'countries', 'traffic_overview', 'traffic_landing_pages', 'traffic_source_medium', 'traffic_social', 'traffic_campaign' );
		$compare = array(
			'compare_start' => '2025-03-03',
			'compare_end'   => '2025-03-09',
		);
		$raw     = array();
		foreach ( $reports as $report ) {
			$raw[ $report ] = $this->report_payload( $report );
		}
		$raw['compared'] = $this->report_payload( 'ecommerce_coupons', $compare );

		$this->assertContains( '2025-03-12', DayRollups::roll( '2025-03-20', 0 ) );
		$this->assertSame(
			Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE paid_at > 0 AND cancelled = 0' ),
			Db::value( "SELECT SUM(purchases) FROM {rollup_shop_orders} WHERE dims = 'none'" )
		);
		foreach ( $reports as $report ) {
			BuiltinSource::bump_data_version();
			$this->assertSame( $raw[ $report ], $this->report_payload( $report ), $report );
		}
		BuiltinSource::bump_data_version();
		$this->assertSame( $raw['compared'], $this->report_payload( 'ecommerce_coupons', $compare ) );
	}

	/**
	 * Without a shop (no shop plugin, or the module off) both routes answer 400 no_shop with what
	 * is missing; the licence gate comes first.
	 */
	public function test_without_a_shop_the_routes_say_what_is_missing(): void {
		$this->fake_shop_as( null );
		foreach ( array( 'ecommerce', 'ecommerce_coupons' ) as $name ) {
			$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $name, self::REPORT_RANGE );
			$this->assertSame( 400, $response->get_status(), $name );
			$this->assertSame( 'no_shop', $response->as_error()->get_error_code() );
			$this->assertSame( self::NO_SHOP_PLUGIN, $response->as_error()->get_error_message(), $name );
		}
		remove_all_filters( 'monsterinsights_reports_licence_level' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'plus' );
		$this->assertSame( 403, $this->rest( 'GET', '/monsterinsights-reports/v1/reports/ecommerce', self::REPORT_RANGE )->get_status() );
		Modules::set( 'woocommerce', false );
	}

	/**
	 * The reports that need a shop are exactly those the tier feature `ecommerce` gates, the rule
	 * the app follows (src/app/firstScreen.ts asks for none of them early while the boot data has
	 * no shop; the screens show the server's notice): without a shop, the boot data's shop is null
	 * and each of the four answers 400 no_shop with its own notice, word for word; with one, each
	 * answers 200.
	 */
	public function test_the_ecommerce_feature_is_the_reports_that_need_a_shop(): void {
		$needs_shop = array();
		foreach ( Registry::REPORTS as $name => $report ) {
			if ( null !== $report['class'] && is_subclass_of( $report['class'], NeedsShop::class ) ) {
				$needs_shop[] = $name;
			}
		}
		$ecommerce = array_keys( array_filter( Registry::REPORTS, static fn( array $report ): bool => 'ecommerce' === $report['feature'] ) );
		$this->assertSame( array( 'ecommerce', 'ecommerce_coupons', 'ecommerce_funnel', 'cart_abandonment' ), $ecommerce );
		$this->assertSame( $ecommerce, $needs_shop );

		$notices = array(
			'ecommerce'         => self::NO_SHOP_PLUGIN,
			'ecommerce_coupons' => self::NO_SHOP_PLUGIN,
			'ecommerce_funnel'  => 'Our funnel report only supports WooCommerce and Easy Digital Downloads.',
			'cart_abandonment'  => 'Our cart abandonment report only supports WooCommerce and Easy Digital Downloads.',
		);
		foreach ( $notices as $name => $notice ) {
			$this->assertSame( 200, $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $name, self::REPORT_RANGE )->get_status(), $name );
		}
		$this->fake_shop_as( null );
		$this->assertNull( BootData::build( array( 'shop' ) )['shop'] );
		foreach ( $notices as $name => $notice ) {
			$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $name, self::REPORT_RANGE );
			$this->assertSame( array( 400, 'no_shop', $notice ), array( $response->get_status(), $response->as_error()->get_error_code(), $response->as_error()->get_error_message() ), $name );
		}
	}
}
