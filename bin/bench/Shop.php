<?php
/**
 * The bench's shop: orders on the fill's sessions, and what their capture costs.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Events;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Journeys;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Orders;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * A shop on the bench site (faked through the shop detection's filter: the bench loads no shop
 * plugin, so the eCommerce reports answer) with one paid order per ORDER_EVERY page views of the
 * fill, each placed by the visitor of a session of the fill ten minutes after it began, written by
 * the capture's own Orders::save() — its upsert, its lines and coupons, and the attribution query
 * over the fill's sessions, which is the capture's work in a checkout request. Its median and 95th
 * percentile are the checkout cost figures. A checkout also reads the order from the shop plugin
 * (WooCommerce's WC_Order getters, in memory): not counted here.
 *
 * Around the orders, the shop steps a shop of that size sees (product views, add to cart, remove
 * from cart, checkouts started), written in bulk: they are not timed.
 */
final class Shop {

	/**
	 * One order per this many page views of the fill (10,000 orders on the million).
	 */
	public const ORDER_EVERY = 100;

	/**
	 * The catalogue: name, category, price.
	 */
	private const PRODUCTS = array(
		array( 'Starter kit', 'Kits', '89.00' ),
		array( 'Gift card', 'Gifts', '50.00' ),
		array( 'T-shirt', 'Apparel', '25.00' ),
		array( 'Hoodie', 'Apparel', '59.00' ),
		array( 'Mug', 'Home', '15.00' ),
		array( 'Poster', 'Home', '19.00' ),
		array( 'Sticker pack', 'Extras', '5.00' ),
		array( 'Tote bag', 'Extras', '22.00' ),
	);

	/**
	 * The bench's shop.
	 *
	 * @param Report $report    Where the figures go.
	 * @param int    $pageviews Page views of the fill.
	 */
	public function __construct( private Report $report, private int $pageviews ) {}

	/**
	 * Fakes the shop (for the rest of the run), places the orders and writes the steps.
	 */
	public function run(): void {
		add_filter(
			'monsterinsights_reports_shop',
			static fn(): array => array(
				'platform' => 'woocommerce',
				'currency' => array(
					'code'     => 'USD',
					'symbol'   => '$',
					'decimals' => 2,
					'position' => 'left',
				),
			)
		);
		// The eCommerce module on, as a shop has it, and the User Journey report's.
		Modules::set( 'woocommerce', true );
		Modules::set( Journeys::MODULE, true );
		$orders   = max( 1, intdiv( $this->pageviews, self::ORDER_EVERY ) );
		$total    = (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' );
		$step     = max( 1, intdiv( $total, $orders ) );
		$sessions = Db::rows( 'SELECT id, visitor, started_at FROM {sessions} WHERE MOD(id, %d) = 0 ORDER BY id LIMIT %d', array( $step, $orders ) );
		mt_srand( 29 );
		$times  = array();
		$events = array();
		$clock  = new LocalTime();
		foreach ( $sessions as $index => $session ) {
			$paid  = (int) $session['started_at'] + 600;
			$order = $this->order( $index + 1, $paid, (int) $session['visitor'] );
			$start = hrtime( true );
			Orders::save( $order );
			$times[] = ( hrtime( true ) - $start ) / 1e6;
			// The steps of this order's visitor and of a few who left: views, carts, a checkout.
			$day = $clock->day( $paid );
			foreach ( $order['items'] as $line ) {
				for ( $i = 0; $i < 4; $i++ ) {
					$events[] = array( $day, $paid - 300, 'woocommerce', (int) $session['visitor'], Events::PRODUCT_VIEW, $line['product_id'], 1, $line['price'] );
				}
				$events[] = array( $day, $paid - 200, 'woocommerce', (int) $session['visitor'], Events::ADD_TO_CART, $line['product_id'], $line['quantity'], $line['total'] );
				$events[] = array( $day, $paid - 200, 'woocommerce', (int) $session['visitor'] + 1, Events::ADD_TO_CART, $line['product_id'], 1, $line['price'] );
			}
			$events[] = array( $day, $paid - 150, 'woocommerce', (int) $session['visitor'] + 1, Events::REMOVE_FROM_CART, $order['items'][0]['product_id'], 1, $order['items'][0]['price'] );
			$events[] = array( $day, $paid - 100, 'woocommerce', (int) $session['visitor'], Events::CHECKOUT_STARTED, 0, count( $order['items'] ), $order['total'] );
			if ( 0 === $index % 2 ) {
				$events[] = array( $day, $paid - 100, 'woocommerce', (int) $session['visitor'] + 1, Events::CHECKOUT_STARTED, 0, 1, $order['items'][0]['price'] );
			}
			if ( count( $events ) >= 2000 ) {
				$this->write_events( $events );
				$events = array();
			}
		}
		$this->write_events( $events );
		sort( $times );
		$this->report->row( 'shop_orders', 'shop: paid orders placed on the fill\'s sessions', count( $times ), 'orders' );
		$this->report->row( 'shop_checkout', 'shop: the capture\'s work for one order (Orders::save with its attribution), median', Machine::median( $times ), 'ms' );
		$this->report->row( 'shop_checkout_p95', 'shop: the same, 95th percentile', $times[ (int) floor( 0.95 * ( count( $times ) - 1 ) ) ] ?? 0.0, 'ms' );
	}

	/**
	 * One order: one to three products, a coupon on every fifth, a partial refund on every
	 * thirtieth, every fiftieth cancelled.
	 *
	 * @param int $id      Its number.
	 * @param int $paid    When it was paid.
	 * @param int $visitor Its visitor key.
	 * @return array<string, mixed>
	 * @phpstan-return array{shop: string, order_id: int, created_at: int, paid_at: int, status: string, currency: string, total: string, tax: string, shipping: string, discount: string, total_base: ?string, is_new: bool, refunded: string, cancelled: bool, visitor: int, visitor_prev: int, fallback: null, items: array<int, array{item_id: int, product_id: int, variation_id: int, name: string, category: string, quantity: int, price: string, total: string, refunded_quantity: int, refunded: string}>, coupons: array<int, array{code: string, discount: string}>}
	 */
	private function order( int $id, int $paid, int $visitor ): array {
		$items = array();
		$sum   = 0.0;
		$lines = mt_rand( 1, 3 );
		for ( $i = 0; $i < $lines; $i++ ) {
			$product  = mt_rand( 0, count( self::PRODUCTS ) - 1 );
			$quantity = mt_rand( 1, 3 );
			$price    = (float) self::PRODUCTS[ $product ][2];
			$sum     += $price * $quantity;
			$items[]  = array(
				'item_id'           => $id * 10 + $i,
				'product_id'        => $product + 1,
				'variation_id'      => 0,
				'name'              => self::PRODUCTS[ $product ][0],
				'category'          => self::PRODUCTS[ $product ][1],
				'quantity'          => $quantity,
				'price'             => number_format( $price, 2, '.', '' ),
				'total'             => number_format( $price * $quantity, 2, '.', '' ),
				'refunded_quantity' => 0,
				'refunded'          => '0',
			);
		}
		$coupons  = 0 === $id % 5 ? array(
			array(
				'code'     => 0 === $id % 10 ? 'welcome10' : 'freeship',
				'discount' => '5.00',
			),
		) : array();
		$discount = array() === $coupons ? 0.0 : 5.0;
		$total    = max( 0.0, $sum - $discount );
		return array(
			'shop'         => 'woocommerce',
			'order_id'     => $id,
			'created_at'   => $paid - 60,
			'paid_at'      => $paid,
			'status'       => 0 === $id % 50 ? 'cancelled' : 'processing',
			'currency'     => 'USD',
			'total'        => number_format( $total, 2, '.', '' ),
			'tax'          => '0',
			'shipping'     => '0',
			'discount'     => number_format( $discount, 2, '.', '' ),
			'total_base'   => null,
			'is_new'       => 0 !== $id % 3,
			'refunded'     => 0 === $id % 30 ? number_format( $total / 2, 2, '.', '' ) : '0',
			'cancelled'    => 0 === $id % 50,
			'visitor'      => $visitor,
			'visitor_prev' => 0,
			'fallback'     => null,
			'items'        => $items,
			'coupons'      => $coupons,
		);
	}

	/**
	 * Writes shop steps in one statement.
	 *
	 * @param array<int, array<int, int|string>> $events Rows: day, ts, shop, visitor, type, product, quantity, value.
	 */
	private function write_events( array $events ): void {
		if ( array() !== $events ) {
			Db::insert_rows( 'shop_events', array( 'day', 'ts', 'shop', 'visitor', 'type', 'product_id', 'quantity', 'value' ), $events );
		}
	}
}
