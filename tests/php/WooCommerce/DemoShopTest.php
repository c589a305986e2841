<?php
/**
 * The demo shop of npm start, with the real WooCommerce.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\WooCommerce;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\DayRollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Events;
use MonsterInsights\Reports\Sources\Builtin\Demo\Seeder;
use MonsterInsights\Reports\Sources\Builtin\Demo\Shop;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;

/**
 * Seeder::seed_current_site( …, true ) as the demo's blueprint runs it (40 days here): the
 * catalogue, orders placed through WooCommerce in the seeded sessions and recorded by the shop
 * capture from WooCommerce's hooks, shop steps that make a funnel. Every figure is checked against
 * what WooCommerce itself holds, and the seeding is deterministic: the numbers are exact.
 */
class DemoShopTest extends BuiltinTestCase {

	use Files;

	/**
	 * The last day seeded.
	 */
	private const TODAY = '2026-03-16';

	/**
	 * Days seeded: more than the raw window (30 days), so that the oldest orders are placed in
	 * sessions that only the seeding keeps raw until then.
	 */
	private const DAYS = 40;

	/**
	 * WooCommerce's orders by status after the seeding.
	 */
	private const EXPECTED_STATUSES = array(
		'cancelled'  => 8,
		'completed'  => 71,
		'processing' => 5,
		'refunded'   => 1,
	);

	/**
	 * What the seeding says it did.
	 */
	private const EXPECTED_STATS = array(
		'orders'       => 85,
		'paid'         => 77,
		'cancelled'    => 8,
		'refunds'      => 4,
		'full_refunds' => 1,
		'coupons'      => 11,
		'events'       => 1042,
	);

	/**
	 * The shop steps by type.
	 */
	private const EXPECTED_STEPS = array(
		'add_to_cart'      => 226,
		'checkout_item'    => 152,
		'checkout_started' => 112,
		'product_view'     => 527,
		'remove_from_cart' => 25,
	);

	/**
	 * The demo's settings: WooCommerce's order tables, dollars, no taxes, the builtin source, the
	 * eCommerce module, a scratch uploads folder.
	 *
	 * @throws \LogicException When WooCommerce is not loaded.
	 */
	protected function set_up() {
		parent::set_up();
		if ( ! function_exists( 'WC' ) ) {
			throw new \LogicException( static::class . ' needs the real WooCommerce: run bin/test-php.sh (or phpunit --testsuite woocommerce with WP_TESTS_WOOCOMMERCE=1).' );
		}
		$uploads = $this->scratch_dir();
		add_filter(
			'upload_dir',
			static function ( $dirs ) use ( $uploads ) {
				$dirs['basedir'] = $uploads;
				return $dirs;
			}
		);
		update_option( 'woocommerce_custom_orders_table_enabled', 'yes' );
		update_option( 'woocommerce_custom_orders_table_data_sync_enabled', 'no' );
		update_option( 'woocommerce_currency', 'USD' );
		update_option( 'woocommerce_calc_taxes', 'no' );
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		Modules::set( 'woocommerce', true );
		Modules::set( 'user-journey', true );
	}

	/**
	 * Removes the scratch folders.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * The catalogue is made once: 8 products in 3 categories, 3 coupons.
	 */
	public function test_the_catalogue_is_made_once(): void {
		$first = Shop::catalogue();
		$this->assertSame( $first, Shop::catalogue() );
		$this->assertSame( array_keys( Shop::PRODUCTS ), array_keys( $first ) );
		$categories = array();
		foreach ( $first as $sku => $id ) {
			$product = wc_get_product( $id );
			$this->assertInstanceOf( \WC_Product_Simple::class, $product );
			$this->assertSame( Shop::PRODUCTS[ $sku ][0], $product->get_name() );
			$this->assertSame( Shop::PRODUCTS[ $sku ][2], $product->get_regular_price() );
			$categories[] = wc_get_product_terms( $id, 'product_cat', array( 'fields' => 'names' ) )[0];
		}
		$this->assertSame( array( 'Merch', 'Services', 'Themes' ), $this->sorted_unique( $categories ) );
		foreach ( array_keys( Shop::COUPONS ) as $code ) {
			$this->assertGreaterThan( 0, wc_get_coupon_id_by_code( $code ), $code );
		}
	}

	/**
	 * 40 days of the demo: orders in seeded sessions, as WooCommerce holds them.
	 */
	public function test_the_seeded_shop_is_what_woocommerce_holds(): void {
		$today = new \DateTimeImmutable( self::TODAY, wp_timezone() );
		// A first page load of the empty site ran an aggregation, whose compaction set its mark a
		// raw window back; the seeding reaches further back than that.
		Compaction::run( $today->getTimestamp() + 12 * HOUR_IN_SECONDS );
		$this->assertSame( '2026-02-15', Compaction::compacted_before() );
		$stats = Seeder::seed_current_site( self::DAYS, 1, $today, true );
		$this->assertArrayHasKey( 'shop', $stats );
		$shop = $stats['shop'];

		// WooCommerce's own orders, counted through its API.
		$orders   = wc_get_orders(
			array(
				'type'   => 'shop_order',
				'limit'  => -1,
				'status' => array_keys( wc_get_order_statuses() ),
			)
		);
		$by       = array();
		$coupons  = 0;
		$refunds  = 0;
		$lines    = 0;
		$refunded = 0.0;
		foreach ( $orders as $order ) {
			$by[ $order->get_status() ] = ( $by[ $order->get_status() ] ?? 0 ) + 1;
			$coupons                   += count( $order->get_items( 'coupon' ) );
			$refunds                   += count( $order->get_refunds() );
			$lines                     += count( $order->get_items( 'line_item' ) );
			$refunded                  += (float) $order->get_total_refunded();
		}
		ksort( $by );

		// The seeding's numbers: exact for seed 1 over these 40 days.
		$this->assertSame( self::EXPECTED_STATUSES, $by );
		$this->assertSame( self::EXPECTED_STATS, array_diff_key( $shop, array( 'seconds' => 0 ) ) );
		$this->assertSame( $shop['orders'], count( $orders ) );
		$this->assertSame( $shop['cancelled'], $by['cancelled'] ?? 0 );
		$this->assertSame( $shop['coupons'], $coupons );
		$this->assertSame( $shop['refunds'], $refunds );
		// Refunded in full, and in part.
		$this->assertSame( (string) ( $shop['refunds'] - $shop['full_refunds'] ), Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE refunded > 0 AND refunded < total' ) );
		$this->assertGreaterThan( 0, $shop['full_refunds'] );
		$this->assertGreaterThan( $shop['full_refunds'], $shop['refunds'] );
		$this->assertSame( (string) ( $by['refunded'] ?? 0 ), Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE refunded = total AND total > 0' ) );
		$this->assertSame( (string) ( $by['refunded'] ?? 0 ), Db::value( "SELECT COUNT(*) FROM {shop_orders} WHERE status = 'refunded' AND paid_at > 0" ) );

		// The capture recorded each of them, with its lines, coupons and refunds.
		$this->assertSame( (string) count( $orders ), Db::value( 'SELECT COUNT(*) FROM {shop_orders}' ) );
		$this->assertSame( (string) $lines, Db::value( 'SELECT COUNT(*) FROM {shop_order_items}' ) );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_orders} o WHERE NOT EXISTS (SELECT 1 FROM {shop_order_items} i WHERE i.order_ref = o.id)' ), 'every order has lines' );
		$this->assertSame( (string) $coupons, Db::value( 'SELECT COUNT(*) FROM {shop_order_coupons}' ) );
		$this->assertEqualsCanonicalizing( array_map( 'wc_strtolower', array_keys( Shop::COUPONS ) ), Db::col( 'SELECT DISTINCT code FROM {shop_order_coupons}' ), 'every coupon is used (as WooCommerce writes codes, in lower case)' );
		$this->assertSame( number_format( $refunded, 4, '.', '' ), Db::value( 'SELECT SUM(refunded) FROM {shop_orders}' ) );
		$this->assertSame( (string) ( $by['cancelled'] ?? 0 ), Db::value( 'SELECT SUM(cancelled) FROM {shop_orders}' ) );
		$this->assertSame( '0', Db::value( "SELECT COUNT(*) FROM {shop_orders} WHERE currency <> 'USD' OR total_base IS NULL" ) );

		// Each order is its seeded session's: attributed from it, one order a session at most, so
		// no source has more orders than sessions.
		$this->assertSame( '0', Db::value( "SELECT COUNT(*) FROM {shop_orders} WHERE attribution <> 'session' OR session_id = 0" ) );
		$this->assertSame( (string) count( $orders ), Db::value( 'SELECT COUNT(DISTINCT session_id) FROM {shop_orders}' ) );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_orders} o JOIN {sessions} s ON s.id = o.session_id WHERE s.visitor <> o.visitor OR s.started_at > o.created_at OR s.source_id <> o.source_id' ) );
		foreach ( Db::rows( 'SELECT source_id, COUNT(*) AS n FROM {shop_orders} GROUP BY source_id' ) as $row ) {
			$sessions = (int) Db::value( 'SELECT COUNT(*) FROM {sessions} WHERE source_id = %d', array( (int) $row['source_id'] ) );
			$this->assertLessThanOrEqual( $sessions, (int) $row['n'] );
		}
		// Each order's journey was written while its page views were raw: at least its session's
		// landing page, every step a page view of the order's visitor before the order.
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE journey_at = 0' ) );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_orders} o WHERE NOT EXISTS (SELECT 1 FROM {shop_order_steps} st WHERE st.order_ref = o.id)' ), 'every order has a journey' );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {shop_order_steps} st JOIN {shop_orders} o ON o.id = st.order_ref WHERE st.ts > o.created_at' ) );
		// Each checkout started lists its lines.
		$this->assertGreaterThanOrEqual( (int) Db::value( "SELECT COUNT(*) FROM {shop_events} WHERE type = 'checkout_started'" ), (int) Db::value( "SELECT COUNT(*) FROM {shop_events} WHERE type = 'checkout_item'" ) );
		// The raw sessions are compacted after the orders found them, as without a shop.
		$this->assertSame( $stats['sessions'], (int) Db::value( 'SELECT SUM(sessions) FROM {rollup_site}' ) );

		// The funnel: product views > adds to cart > checkouts > orders, and carts left behind.
		$steps = array();
		foreach ( Db::rows( 'SELECT type, COUNT(*) AS n FROM {shop_events} GROUP BY type ORDER BY type' ) as $row ) {
			$steps[ (string) $row['type'] ] = (int) $row['n'];
		}
		$this->assertSame( $shop['events'], array_sum( $steps ) );
		$this->assertSame( self::EXPECTED_STEPS, $steps );
		$this->assertGreaterThan( $steps[ Events::ADD_TO_CART ], $steps[ Events::PRODUCT_VIEW ] );
		$this->assertGreaterThan( $steps[ Events::CHECKOUT_STARTED ], $steps[ Events::ADD_TO_CART ] );
		$this->assertGreaterThan( count( $orders ), $steps[ Events::CHECKOUT_STARTED ] );
		// Every order's visitor started a checkout.
		$this->assertSame( '0', Db::value( "SELECT COUNT(*) FROM {shop_orders} o WHERE NOT EXISTS (SELECT 1 FROM {shop_events} e WHERE e.visitor = o.visitor AND e.type = 'checkout_started' AND e.ts <= o.created_at)" ) );
		// The products' sales counts, as WooCommerce keeps them.
		$sold = (int) Db::value( 'SELECT SUM(i.quantity) FROM {shop_order_items} i JOIN {shop_orders} o ON o.id = i.order_ref WHERE o.paid_at > 0' );
		$this->assertSame( $sold, array_sum( array_map( static fn( int $id ): int => (int) wc_get_product( $id )->get_total_sales(), Shop::catalogue() ) ) );

		// The seeded days are complete (the seeding's today is months back): all rolled up, as a
		// site that ran them has them, the orders' rollup counting every paid order.
		$this->assertSame( array(), DayRollups::days()['pending'] );
		$this->assertSame(
			Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE paid_at > 0 AND cancelled = 0' ),
			Db::value( "SELECT SUM(purchases) FROM {rollup_shop_orders} WHERE dims = 'none'" )
		);
	}

	/**
	 * Names once each, sorted.
	 *
	 * @param string[] $names The names.
	 * @return string[]
	 */
	private function sorted_unique( array $names ): array {
		$names = array_values( array_unique( $names ) );
		sort( $names );
		return $names;
	}
}
