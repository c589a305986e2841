<?php
/**
 * The Cart Abandonment and eCommerce Funnel reports, and the shop-step metrics they ask.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Retention;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\DayRollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Events;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Orders;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\FakeShop;

/**
 * A scripted shop (Berlin time), 10–12 March 2025:
 * - a (from www.facebook.com, DE) on the 10th: sees the Mug and the Cap, adds 2 Mugs and a Cap,
 *   removes the Cap, checks out the 2 Mugs, pays 25.00 for them;
 * - b (direct, US) on the 10th: sees the Mug, adds 1, checks it out, never pays;
 * - c (from www.google.com, GB) on the 11th: sees the Cap, adds 3, leaves;
 * - e (direct, US) on the 11th: sees the Mug;
 * - d (no session) on the 12th: sees the Mug;
 * - an order of 7 March (outside the range) that must count nowhere.
 */
class CartFunnelReportsTest extends BuiltinTestCase {

	use FakeShop;

	/**
	 * The products' post ids.
	 *
	 * @var array<string, int>
	 */
	private array $products = array();

	/**
	 * The script above.
	 */
	protected function set_up() {
		parent::set_up();
		Hits::reset();
		$this->aggregate(
			array(
				Hits::pageview(
					'a',
					'2025-03-10 09:00:00',
					'/shop/',
					array(
						'r'  => 'https://www.facebook.com/',
						'cc' => 'DE',
					)
				),
				Hits::pageview( 'b', '2025-03-10 10:00:00', '/shop/', array( 'cc' => 'US' ) ),
				Hits::pageview(
					'c',
					'2025-03-11 11:00:00',
					'/shop/',
					array(
						'r'  => 'https://www.google.com/',
						'cc' => 'GB',
					)
				),
				Hits::pageview( 'e', '2025-03-11 12:00:00', '/shop/', array( 'cc' => 'US' ) ),
			)
		);
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'pro' );
		$this->fake_shop();

		foreach ( array( 'Mug', 'Cap' ) as $name ) {
			$this->products[ $name ] = (int) wp_insert_post(
				array(
					'post_title'  => $name,
					'post_status' => 'publish',
				)
			);
		}
		$mug = $this->products['Mug'];
		$cap = $this->products['Cap'];
		$this->event( 'a', '2025-03-10 09:01:00', Events::PRODUCT_VIEW, $mug, 1 );
		$this->event( 'a', '2025-03-10 09:02:00', Events::PRODUCT_VIEW, $cap, 1 );
		$this->event( 'a', '2025-03-10 09:03:00', Events::ADD_TO_CART, $mug, 2 );
		$this->event( 'a', '2025-03-10 09:04:00', Events::ADD_TO_CART, $cap, 1 );
		$this->event( 'a', '2025-03-10 09:05:00', Events::REMOVE_FROM_CART, $cap, 1 );
		$this->event( 'a', '2025-03-10 09:06:00', Events::CHECKOUT_STARTED, 0, 2 );
		$this->event( 'a', '2025-03-10 09:06:00', Events::CHECKOUT_ITEM, $mug, 2 );
		$this->event( 'b', '2025-03-10 10:01:00', Events::PRODUCT_VIEW, $mug, 1 );
		$this->event( 'b', '2025-03-10 10:02:00', Events::ADD_TO_CART, $mug, 1 );
		$this->event( 'b', '2025-03-10 10:03:00', Events::CHECKOUT_STARTED, 0, 1 );
		$this->event( 'b', '2025-03-10 10:03:00', Events::CHECKOUT_ITEM, $mug, 1 );
		$this->event( 'c', '2025-03-11 11:01:00', Events::PRODUCT_VIEW, $cap, 1 );
		$this->event( 'c', '2025-03-11 11:02:00', Events::ADD_TO_CART, $cap, 3 );
		$this->event( 'e', '2025-03-11 12:01:00', Events::PRODUCT_VIEW, $mug, 1 );
		$this->event( 'd', '2025-03-12 08:00:00', Events::PRODUCT_VIEW, $mug, 1 );
		$this->order( 1, 'a', '2025-03-10 09:07:00', 2, '25.0000' );
		// b's order of the 7th is under the 7th's visitor key (the collector's salt is a day's).
		$this->order( 2, 'b-7th', '2025-03-07 09:07:00', 5, '62.5000' );
	}

	/**
	 * Unix time of a Berlin time.
	 *
	 * @param string $local Y-m-d H:i:s.
	 */
	private static function ts( string $local ): int {
		return ( new \DateTimeImmutable( $local, wp_timezone() ) )->getTimestamp();
	}

	/**
	 * The range, 10–12 March 2025.
	 */
	private static function range(): DateRange {
		return new DateRange( new \DateTimeImmutable( '2025-03-10', wp_timezone() ), new \DateTimeImmutable( '2025-03-12', wp_timezone() ) );
	}

	/**
	 * Records a shop event of a visitor.
	 *
	 * @param string $visitor  Visitor label.
	 * @param string $local    Berlin time.
	 * @param string $type     Events::*.
	 * @param int    $product  Product id.
	 * @param int    $quantity Quantity.
	 */
	private function event( string $visitor, string $local, string $type, int $product, int $quantity ): void {
		Events::record( 'woocommerce', $type, Hit::key_int( Hits::key( $visitor ) ), self::ts( $local ), $product, $quantity, '0' );
	}

	/**
	 * A paid order of Mugs at 12.50.
	 *
	 * @param int    $id       Order id.
	 * @param string $visitor  Visitor label.
	 * @param string $local    Berlin time it was paid.
	 * @param int    $quantity Mugs.
	 * @param string $total    Its total.
	 * @param bool   $cancelled Whether it is cancelled.
	 */
	private function order( int $id, string $visitor, string $local, int $quantity, string $total, bool $cancelled = false ): void {
		Orders::save(
			array(
				'shop'         => 'woocommerce',
				'order_id'     => $id,
				'created_at'   => self::ts( $local ),
				'paid_at'      => self::ts( $local ),
				'status'       => 'processing',
				'currency'     => 'EUR',
				'total'        => $total,
				'tax'          => '0',
				'shipping'     => '0',
				'discount'     => '0',
				'total_base'   => $total,
				'is_new'       => true,
				'refunded'     => '0',
				'cancelled'    => $cancelled,
				'visitor'      => Hit::key_int( Hits::key( $visitor ) ),
				'visitor_prev' => 0,
				'fallback'     => null,
				'items'        => array(
					array(
						'item_id'           => $id * 10,
						'product_id'        => $this->products['Mug'],
						'variation_id'      => 0,
						'name'              => 'Mug',
						'category'          => 'Mugs',
						'quantity'          => $quantity,
						'price'             => '12.5000',
						'total'             => $total,
						'refunded_quantity' => 0,
						'refunded'          => '0',
					),
				),
				'coupons'      => array(),
			)
		);
	}

	/**
	 * Order 1 cancelled (two Mugs, 25.00).
	 *
	 * @param int    $id      Order id.
	 * @param string $visitor Visitor label.
	 * @param string $local   Berlin time it was paid.
	 */
	private function cancel( int $id, string $visitor, string $local ): void {
		$this->order( $id, $visitor, $local, 2, '25.0000', true );
	}

	/**
	 * A value as the route's JSON has it (a whole float is an integer there).
	 *
	 * @param mixed $value The value.
	 * @return mixed
	 */
	private static function json( $value ) {
		return json_decode( (string) wp_json_encode( $value ), true );
	}

	/**
	 * (1 − next / step) × 100, 2 decimals, as the report defines abandonment.
	 *
	 * @param int $next Next step.
	 * @param int $step Step.
	 */
	private static function abandoned( int $next, int $step ): float {
		return round( ( 1 - $next / $step ) * 100, 2 );
	}

	/**
	 * By product: Mug added 2 (a) + 1 (b), checked out 2 + 1, bought 2 for 25.00; Cap added 1 (a)
	 * + 3 (c), never checked out. By day: the 10th has a's and b's steps and a's order, the 11th c's
	 * Caps; the 12th only a product page, so no row. The order of the 7th counts nowhere.
	 */
	public function test_cart_abandonment(): void {
		$data = $this->report_payload( 'cart_abandonment' );
		$this->assertSame(
			self::json(
				array(
					array(
						'name'                 => 'Mug',
						'purchase_quantity'    => 2,
						'revenue'              => 25.0,
						'cart_abandonment'     => (float) self::abandoned( 2 + 1, 2 + 1 ),
						'checkout_abandonment' => self::abandoned( 2, 2 + 1 ),
					),
					array(
						'name'                 => 'Cap',
						'purchase_quantity'    => 0,
						'revenue'              => 0.0,
						'cart_abandonment'     => self::abandoned( 0, 1 + 3 ),
						'checkout_abandonment' => 0.0,
					),
				)
			),
			$data['cart_abandonment']
		);
		$this->assertSame( 33.33, $data['cart_abandonment'][0]['checkout_abandonment'] );
		$this->assertSame(
			self::json(
				array(
					array(
						'date'                 => '2025-03-10',
						'purchase_quantity'    => 2,
						'revenue'              => 25.0,
						'cart_abandonment'     => self::abandoned( 2 + 1, 2 + 1 + 1 ),
						'checkout_abandonment' => self::abandoned( 2, 2 + 1 ),
					),
					array(
						'date'                 => '2025-03-11',
						'purchase_quantity'    => 0,
						'revenue'              => 0.0,
						'cart_abandonment'     => 100.0,
						'checkout_abandonment' => 0.0,
					),
				)
			),
			$data['cart_abandonment_by_day']
		);
	}

	/**
	 * After the retention deleted the 10th's shop events (25 months later), the report counts them
	 * from their rollup: the same payload. A second run counts nothing twice, and an event of the
	 * rolled-up day still in the table (a run that stopped while deleting) is not counted again.
	 */
	public function test_cart_abandonment_after_retention(): void {
		$before = $this->report_payload( 'cart_abandonment' );
		Retention::prune( self::ts( '2027-04-11 12:00:00' ) );
		Retention::prune( self::ts( '2027-04-11 12:00:00' ) );
		$this->assertSame( array( '2025-03-11', '2025-03-11', '2025-03-11', '2025-03-12' ), Db::col( 'SELECT day FROM {shop_events} ORDER BY day' ) );
		$this->event( 'b', '2025-03-10 10:02:00', Events::ADD_TO_CART, $this->products['Mug'], 1 );
		BuiltinSource::bump_data_version();
		$this->assertSame( $before, $this->report_payload( 'cart_abandonment' ) );
	}

	/**
	 * The retention rolls up the days it deletes before it deletes their shop events and sessions:
	 * the funnel of the 10th, channels and countries included, stays.
	 */
	public function test_funnel_after_retention(): void {
		$before = $this->report_payload( 'ecommerce_funnel' );
		Retention::prune( self::ts( '2027-04-11 12:00:00' ) );
		$this->assertSame( '0', Db::value( "SELECT COUNT(*) FROM {shop_events} WHERE day = '2025-03-10'" ) );
		$this->assertSame( '0', Db::value( "SELECT COUNT(*) FROM {sessions} WHERE day = '2025-03-10'" ) );
		BuiltinSource::bump_data_version();
		$this->assertSame( $before, $this->report_payload( 'ecommerce_funnel' ) );
	}

	/**
	 * The complete days rolled up answer what the shop tables answer: the funnel, the cart
	 * figures and the eCommerce Overview's products. An order cancelled afterwards takes its days
	 * out of the rollups (its funnel purchase and its lines are gone at once); rolled up again,
	 * the same.
	 */
	public function test_daily_rollups_answer_the_same(): void {
		$reports = array( 'ecommerce_funnel', 'cart_abandonment', 'ecommerce', 'overview', 'site_summary', 'countries' );
		$raw     = array();
		foreach ( $reports as $report ) {
			$raw[ $report ] = $this->report_payload( $report );
		}
		$this->assertSame( array( '2025-03-07', '2025-03-10', '2025-03-11', '2025-03-12' ), DayRollups::roll( '2025-03-13', 0 ) );
		$this->assertSame( array(), DayRollups::roll( '2025-03-13', 0 ) );
		// The 10th: a (Organic Social, DE) viewed, added and paid; b (Direct, US) viewed and added.
		$this->assertSame(
			array(
				array( 'Direct', 'US', '1', '1', '0' ),
				array( 'Organic Social', 'DE', '1', '1', '1' ),
			),
			array_map( 'array_values', Db::rows( "SELECT channel, country, viewers, adders, buyers FROM {rollup_shop_funnel} WHERE day = '2025-03-10' ORDER BY channel" ) )
		);
		$this->assertSame( array( array( '2025-03-10', 'Mug', '2', '25.000000000000' ) ), array_map( 'array_values', Db::rows( "SELECT day, name, items, item_revenue FROM {rollup_shop_items} WHERE day = '2025-03-10'" ) ) );
		foreach ( $reports as $report ) {
			BuiltinSource::bump_data_version();
			$this->assertSame( $raw[ $report ], $this->report_payload( $report ), $report );
		}

		$this->cancel( 1, 'a', '2025-03-10 09:07:00' );
		$this->assertSame( array( '2025-03-07', '2025-03-11', '2025-03-12' ), DayRollups::rolled( '2025-03-01', '2025-03-31' ) );
		BuiltinSource::bump_data_version();
		$cancelled = $this->report_payload( 'ecommerce_funnel' );
		$this->assertSame( array( array( 'value' => 5 ), array( 'value' => 3 ), array( 'value' => 0 ) ), $cancelled['funnel_chart'] );
		$this->assertSame( 0, $this->report_payload( 'cart_abandonment' )['cart_abandonment'][0]['purchase_quantity'] );
		$this->assertSame( array( '2025-03-10' ), DayRollups::roll( '2025-03-13', 0 ) );
		BuiltinSource::bump_data_version();
		$this->assertSame( $cancelled, $this->report_payload( 'ecommerce_funnel' ) );
	}

	/**
	 * The funnel: a, b, c, d, e saw a product (5); a, b, c added (3); a paid (1). By channel and
	 * country, each visitor's session's: d has none.
	 */
	public function test_funnel(): void {
		$data = $this->report_payload( 'ecommerce_funnel' );
		$this->assertSame( array( array( 'value' => 5 ), array( 'value' => 3 ), array( 'value' => 1 ) ), $data['funnel_chart'] );
		$rows  = static fn( string $category, int $view, int $add, int $buy ): array => array(
			array(
				'step'               => '1. View Item',
				'users'              => $view,
				'users_rate'         => 100.0,
				'completion_rate'    => round( $add / $view * 100, 2 ),
				'abandonments'       => $view - $add,
				'abandonments_rate'  => round( 100 - round( $add / $view * 100, 2 ), 2 ),
				'breakdown_category' => $category,
			),
			array(
				'step'               => '2. Add to Cart',
				'users'              => $add,
				'users_rate'         => round( $add / $view * 100, 2 ),
				'completion_rate'    => $add > 0 ? round( $buy / $add * 100, 2 ) : 0.0,
				'abandonments'       => $add - $buy,
				'abandonments_rate'  => $add > 0 ? round( 100 - round( $buy / $add * 100, 2 ), 2 ) : 0.0,
				'breakdown_category' => $category,
			),
			array(
				'step'               => '3. Purchase',
				'users'              => $buy,
				'users_rate'         => round( $buy / $view * 100, 2 ),
				'completion_rate'    => '--',
				'abandonments'       => '--',
				'abandonments_rate'  => '--',
				'breakdown_category' => $category,
			),
		);
		$table = $data['funnel_table'];
		$this->assertSame(
			self::json(
				array(
					'rows'                 => $rows( 'Total', 5, 3, 1 ),
					'none_category_length' => 1,
				)
			),
			$table['none']
		);
		$this->assertSame( 60, $table['none']['rows'][0]['completion_rate'] );
		$this->assertSame( 33.33, $table['none']['rows'][1]['completion_rate'] );
		$this->assertSame( 66.67, $table['none']['rows'][1]['abandonments_rate'] );
		$this->assertSame(
			self::json(
				array(
					'rows'                    => array_merge( $rows( 'Direct', 2, 1, 0 ), $rows( 'Organic Search', 1, 1, 0 ), $rows( 'Organic Social', 1, 1, 1 ), $rows( 'Unassigned', 1, 0, 0 ) ),
					'channel_category_length' => 4,
				)
			),
			$table['channel']
		);
		$this->assertSame(
			self::json(
				array(
					'rows'                    => array_merge( $rows( 'United States', 2, 1, 0 ), $rows( 'Germany', 1, 1, 1 ), $rows( 'United Kingdom', 1, 1, 0 ), $rows( 'Unknown', 1, 0, 0 ) ),
					'country_category_length' => 4,
				)
			),
			$table['country']
		);
	}

	/**
	 * The event counts with no dimension and by date, and the item metrics with no dimension, as
	 * the eCommerce Overview asks them.
	 */
	public function test_event_metrics(): void {
		$source  = new BuiltinSource();
		$range   = self::range();
		$metrics = array( Metric::ADD_TO_CARTS, Metric::REMOVE_FROM_CARTS, Metric::CHECKOUTS, Metric::ITEMS_VIEWED, Metric::ITEMS_ADDED_TO_CART, Metric::ITEMS_CHECKED_OUT );
		$this->assertSame(
			array(
				Metric::ADD_TO_CARTS        => 4,
				Metric::REMOVE_FROM_CARTS   => 1,
				Metric::CHECKOUTS           => 2,
				Metric::ITEMS_VIEWED        => 6,
				Metric::ITEMS_ADDED_TO_CART => 2 + 1 + 1 + 3,
				Metric::ITEMS_CHECKED_OUT   => 3,
			),
			$source->run( new Query( $metrics, array(), $range ) )->totals
		);
		$by_date = $source->run( new Query( array( Metric::ADD_TO_CARTS, Metric::REMOVE_FROM_CARTS, Metric::CHECKOUTS ), array( Dimension::DATE ), $range ) )->by( Dimension::DATE );
		ksort( $by_date );
		$this->assertSame(
			array(
				'2025-03-10' => array(
					Metric::ADD_TO_CARTS      => 3,
					Metric::REMOVE_FROM_CARTS => 1,
					Metric::CHECKOUTS         => 2,
				),
				'2025-03-11' => array(
					Metric::ADD_TO_CARTS      => 1,
					Metric::REMOVE_FROM_CARTS => 0,
					Metric::CHECKOUTS         => 0,
				),
				'2025-03-12' => array(
					Metric::ADD_TO_CARTS      => 0,
					Metric::REMOVE_FROM_CARTS => 0,
					Metric::CHECKOUTS         => 0,
				),
			),
			$by_date
		);
		$this->assertSame(
			array(
				Metric::ITEMS_PURCHASED => 2,
				Metric::ITEM_REVENUE    => 25.0,
				Metric::SESSIONS        => 0,
			),
			$source->run( new Query( array( Metric::ITEMS_PURCHASED, Metric::ITEM_REVENUE, Metric::SESSIONS ), array(), $range ) )->totals
		);
		// Sessions and an event count together: the sessions' rollup and the events, by day.
		$together = $source->run( new Query( array( Metric::SESSIONS, Metric::ADD_TO_CARTS ), array( Dimension::DATE ), $range ) )->by( Dimension::DATE );
		$this->assertSame(
			array(
				Metric::SESSIONS     => 2,
				Metric::ADD_TO_CARTS => 3,
			),
			$together['2025-03-10']
		);
	}

	/**
	 * Without a shop, both routes answer 400 no_shop with their notice.
	 */
	public function test_no_shop(): void {
		$this->fake_shop_as( null );
		$funnel = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/ecommerce_funnel', self::REPORT_RANGE );
		$this->assertSame( 400, $funnel->get_status() );
		$this->assertSame( 'no_shop', $funnel->as_error()->get_error_code() );
		$this->assertSame( 'Our funnel report only supports WooCommerce and Easy Digital Downloads.', $funnel->as_error()->get_error_message() );
		$cart = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/cart_abandonment', self::REPORT_RANGE );
		$this->assertSame( 400, $cart->get_status() );
		$this->assertSame( 'no_shop', $cart->as_error()->get_error_code() );
		$this->assertSame( 'Our cart abandonment report only supports WooCommerce and Easy Digital Downloads.', $cart->as_error()->get_error_message() );
	}

	/**
	 * The funnel counts users only by its step; other dimensions are refused.
	 */
	public function test_funnel_users_by_step_only(): void {
		$this->expectException( \InvalidArgumentException::class );
		( new BuiltinSource() )->run( new Query( array( Metric::ACTIVE_USERS ), array( Dimension::DATE ), self::range() ) );
	}
}
