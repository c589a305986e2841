<?php
/**
 * What the shop adapters share: their hooks' common path, from a hook to the tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

defined( 'ABSPATH' ) || exit;

/**
 * A shop plugin's adapter (WooCommerce, Edd): its hooks write the plugin's orders (Orders) and its
 * visitors' shop steps (Events). What does not depend on the plugin is here: a hook's work runs
 * only while the adapter records and never throws (a failure goes to the plugin's log); an order
 * read from the plugin is saved, or forgotten when it is refused; a shop step is written for the
 * request's visitor (Capture); after an aggregation run, orders find the sessions that were still
 * in the buffer. The backfill reads a window of order ids and writes each (order_ids(), import()).
 *
 * @phpstan-import-type Order from Orders
 * @phpstan-import-type Line from Orders
 * @phpstan-import-type Coupon from Orders
 * @phpstan-type Figures array{currency: string, total: string, tax: string, shipping: string, discount: string, total_base: ?string, refunded: string, cancelled: bool, fallback: ?\MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition, items: array<int, Line>, coupons: array<int, Coupon>}
 */
abstract class Adapter {

	/**
	 * The shop column's value.
	 */
	public const SHOP = '';

	/**
	 * The source (WooCommerce's log) or prefix (EDD's debug log) of this plugin's log entries.
	 */
	public const LOG_SOURCE = 'monsterinsights-reports';

	/**
	 * The shops whose checkout page was counted in this request (a checkout page may ask for its
	 * data more than once).
	 *
	 * @var array<string, true>
	 */
	private static array $checkout_seen = array();

	/**
	 * The orders this request wrote, as written (a hash): the next hook with the same order as it
	 * was written writes nothing.
	 *
	 * @var array<string, string>
	 */
	private static array $written = array();

	/**
	 * Registers the shop plugin's hooks, and the retry of the attribution after an aggregation run.
	 * Called once from Plugin.
	 */
	public static function register(): void {
		foreach ( static::hooks() as $hook => $handler ) {
			add_action( $hook, array( static::class, $handler[0] ), 20, $handler[1] );
		}
		add_action( 'monsterinsights_reports_aggregated', array( static::class, 'on_aggregated' ), 20, 0 );
	}

	/**
	 * The shop plugin's hooks: hook => [method of the adapter, arguments taken].
	 *
	 * @return array<string, array{0: string, 1: int}>
	 */
	abstract protected static function hooks(): array;

	/**
	 * Whether orders and shop steps are recorded: the eCommerce module is on and the shop plugin is
	 * active.
	 */
	abstract public static function is_on(): bool;

	/**
	 * One page of the ids of the orders created since a moment, oldest id first: orders created
	 * later land on later pages, so a page read once stays read.
	 *
	 * @param int $since Created at or after this Unix time.
	 * @param int $page  The page, from 1.
	 * @param int $size  Ids per page.
	 * @return int[]
	 */
	abstract public static function order_ids( int $since, int $page, int $size ): array;

	/**
	 * Writes an entry in the shop plugin's log.
	 *
	 * @param string               $level   A PSR-3 level (warning, error).
	 * @param string               $message The entry.
	 * @param array<string, mixed> $context More about it.
	 */
	abstract public static function log( string $level, string $message, array $context = array() ): void;

	/**
	 * Writes an order as the shop plugin has it now.
	 *
	 * @param int         $order_id The order.
	 * @param bool        $checkout Whether this is the visitor's checkout request (the visitor is known).
	 * @param object|null $given    The order object the hook passed, as the shop plugin has it now
	 *                              (read again when null or another order).
	 */
	abstract protected static function sync( int $order_id, bool $checkout, ?object $given = null ): void;

	/**
	 * An order hook: writes the order as the shop plugin has it now.
	 *
	 * @param mixed $order_id The order id (the hook's first argument).
	 * @param mixed ...$args  The hook's other arguments (an order object among them is used as it is).
	 */
	public static function on_order( $order_id, ...$args ): void {
		static::guarded( static fn() => static::sync( is_numeric( $order_id ) ? (int) $order_id : 0, false, self::given( $args ) ) );
	}

	/**
	 * The first object among a hook's arguments.
	 *
	 * @param array<int, mixed> $args The arguments.
	 */
	protected static function given( array $args ): ?object {
		foreach ( $args as $arg ) {
			if ( is_object( $arg ) ) {
				return $arg;
			}
		}
		return null;
	}

	/**
	 * Writes an order again, with no visitor known (the backfill).
	 *
	 * @param int $order_id The order.
	 */
	public static function import( int $order_id ): void {
		static::on_order( $order_id );
	}

	/**
	 * After an aggregation run: orders whose visitor's session was still in the buffer find it.
	 */
	public static function on_aggregated(): void {
		static::guarded( static fn() => Orders::attribute_pending( time() ) );
	}

	/**
	 * Forgets what this request counted once (for the tests, which play many requests in one).
	 */
	public static function reset_request(): void {
		self::$checkout_seen = array();
		self::$written       = array();
		Orders::reset_request();
	}

	/**
	 * Runs a hook's work when recording is on; a failure is logged, never thrown.
	 *
	 * @param callable $work The work.
	 */
	protected static function guarded( callable $work ): void {
		if ( ! static::is_on() ) {
			return;
		}
		try {
			$work();
		} catch ( \Throwable $error ) {
			static::log( 'error', 'Shop data not recorded: ' . $error->getMessage() );
		}
	}

	/**
	 * Saves an order as read from the shop plugin; a refused one (null) is not counted, not even as
	 * the order it was before.
	 *
	 * @param int        $order_id The order.
	 * @param array|null $data     The order as Orders writes it, or null.
	 * @phpstan-param Order|null $data
	 */
	protected static function write( int $order_id, ?array $data ): void {
		$key = static::SHOP . ':' . $order_id;
		if ( null === $data ) {
			unset( self::$written[ $key ] );
			Orders::forget( static::SHOP, $order_id );
			return;
		}
		$hash = md5( serialize( $data ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- A hash of plain values and a value object.
		if ( ( self::$written[ $key ] ?? '' ) === $hash ) {
			return;
		}
		Orders::save( $data );
		self::$written[ $key ] = $hash;
	}

	/**
	 * An order as Orders writes it: its figures as the shop plugin tells them, with what the
	 * adapters decide alike — the shop, the status as stored, the checkout's visitor, and whether
	 * the customer is new, asked of the shop plugin only when the order is first paid (Orders keeps
	 * the answer of that moment).
	 *
	 * @param int                $id      The order.
	 * @param int                $created When it was placed (Unix time).
	 * @param int                $paid_at When it was paid (Unix time; 0: not paid).
	 * @param string             $status  The shop plugin's status.
	 * @param array{0:int,1:int} $visitor The checkout's visitor keys (0 when unknown).
	 * @param callable           $is_new  Whether the customer has no paid order before this one.
	 * @param array              $figures The rest of the order.
	 * @phpstan-param callable(): bool $is_new
	 * @phpstan-param Figures $figures
	 * @return array<string, mixed>
	 * @phpstan-return Order
	 */
	protected static function order( int $id, int $created, int $paid_at, string $status, array $visitor, callable $is_new, array $figures ): array {
		$kept     = Orders::row( static::SHOP, $id );
		$was_paid = null !== $kept && (int) $kept['paid_at'] > 0;
		return array(
			'shop'         => static::SHOP,
			'order_id'     => $id,
			'created_at'   => $created,
			'paid_at'      => $paid_at,
			'status'       => substr( $status, 0, 32 ),
			'is_new'       => $paid_at > 0 && ! $was_paid ? $is_new() : true,
			'visitor'      => $visitor[0],
			'visitor_prev' => $visitor[1],
		) + $figures;
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
	protected static function event( string $type, int $product_id, int $quantity, $unit_price, bool $per_unit = true ): void {
		$keys = Capture::visitor_keys();
		if ( null === $keys ) {
			return;
		}
		$price = is_numeric( $unit_price ) ? (float) $unit_price : 0.0;
		$value = $per_unit ? $price * max( 0, $quantity ) : $price;
		Events::record( static::SHOP, $type, $keys[0], time(), $product_id, $quantity, Capture::money( max( 0.0, $value ) ) );
	}

	/**
	 * Whether this request's checkout page was counted already.
	 */
	protected static function checkout_seen(): bool {
		return isset( self::$checkout_seen[ static::SHOP ] );
	}

	/**
	 * The checkout page with a cart: the checkout started, counted once a request and once a cart —
	 * a reload of the checkout (or its page asked again after a failed payment) with the same cart,
	 * no cart step of the visitor's in between, is the checkout already counted.
	 *
	 * @param int   $quantity The cart's items.
	 * @param mixed $value    The cart's total.
	 * @return bool Whether it was counted now (the caller then writes the checkout's lines).
	 */
	protected static function checkout_started( int $quantity, $value ): bool {
		self::$checkout_seen[ static::SHOP ] = true;

		$keys = Capture::visitor_keys();
		if ( null === $keys ) {
			return false;
		}
		$total = Capture::money( max( 0.0, is_numeric( $value ) ? (float) $value : 0.0 ) );
		if ( Events::is_counted_checkout( static::SHOP, $keys[0], time(), $quantity, $total ) ) {
			return false;
		}
		Events::record( static::SHOP, Events::CHECKOUT_STARTED, $keys[0], time(), 0, $quantity, $total );
		return true;
	}

	/**
	 * The adapter's log as a callable, for Capture.
	 *
	 * @return callable(string, string, array<string, mixed>=): void
	 */
	protected static function logger(): callable {
		return array( static::class, 'log' );
	}
}
