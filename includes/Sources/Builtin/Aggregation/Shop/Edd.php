<?php
/**
 * Easy Digital Downloads' orders and shop steps, from its hooks.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Settings\Shop;

defined( 'ABSPATH' ) || exit;

/**
 * The Easy Digital Downloads adapter: while the eCommerce module is on and Easy Digital Downloads
 * is the site's shop (Settings\Shop::platform()), each order is written (Orders) whenever EDD
 * changes it — built at checkout, a status change, a completed purchase, a refund — and each shop
 * step of a visitor is an event (Events), as the WooCommerce adapter does.
 *
 * EDD 3 keeps orders in its own tables (edd_get_order()). An order counts once it reaches one of
 * the statuses EDD's own gross reports count (edd_get_gross_order_statuses(): complete, partially
 * refunded, refunded, revoked, on hold — each only reached by a paid order). A refund is an order
 * of type `refund` whose parent is the order: the parent is written again with the refunds added
 * up. A revoked order keeps its figures and is flagged cancelled, as a cancelled WooCommerce order.
 * The order is built in the visitor's own request (edd_built_order): there the collector's visitor
 * keys are computed and kept with the order. EDD keeps no attribution of its own, so an order no
 * session matched is "(not set)".
 *
 * Nothing here may break a purchase: a failure is written to EDD's debug log (edd_debug_log(),
 * Downloads → Tools → Debug Log), never thrown or printed.
 *
 * @phpstan-import-type Order from Orders
 * @phpstan-import-type Line from Orders
 */
final class Edd implements Adapter {

	/**
	 * The shop column's value.
	 */
	public const SHOP = 'edd';

	/**
	 * The prefix of this plugin's entries in EDD's debug log.
	 */
	public const LOG_PREFIX = 'monsterinsights-reports';

	/**
	 * Whether this request's checkout page was counted already.
	 *
	 * @var bool
	 */
	private static bool $checkout_seen = false;

	/**
	 * The cart line being removed (edd_pre_remove_from_cart), counted once it is gone.
	 *
	 * @var array{id: int, quantity: int, price: float}|null
	 */
	private static ?array $removing = null;

	/**
	 * Registers the hooks. Called once from Plugin.
	 */
	public static function register(): void {
		add_action( 'edd_built_order', array( self::class, 'on_checkout' ), 20, 1 );
		add_action( 'edd_transition_order_status', array( self::class, 'on_status' ), 20, 3 );
		add_action( 'edd_complete_purchase', array( self::class, 'on_order' ), 20, 1 );
		add_action( 'edd_refund_order', array( self::class, 'on_order' ), 20, 1 );
		add_action( 'edd_post_add_to_cart', array( self::class, 'on_add_to_cart' ), 20, 3 );
		add_action( 'edd_pre_remove_from_cart', array( self::class, 'on_removing_from_cart' ), 20, 1 );
		add_action( 'edd_post_remove_from_cart', array( self::class, 'on_removed_from_cart' ), 20, 2 );
		add_action( 'template_redirect', array( self::class, 'on_page' ), 20, 0 );
		add_action( 'monsterinsights_reports_aggregated', array( self::class, 'on_aggregated' ), 20, 0 );
	}

	/**
	 * Whether orders and shop steps are recorded: the eCommerce module is on and Easy Digital
	 * Downloads is the site's shop.
	 */
	public static function is_on(): bool {
		return Modules::is_active( Shop::MODULE ) && self::SHOP === Shop::platform() && function_exists( 'edd_get_order' );
	}

	/**
	 * An order hook: writes the order as EDD has it now (a refund: its parent).
	 *
	 * @param mixed $order_id The order id (the hook's first argument).
	 */
	public static function on_order( $order_id ): void {
		self::guarded( static fn() => self::sync( is_numeric( $order_id ) ? (int) $order_id : 0, false ) );
	}

	/**
	 * Writes an order again (the backfill).
	 *
	 * @param int $order_id The order.
	 */
	public static function import( int $order_id ): void {
		self::on_order( $order_id );
	}

	/**
	 * On edd_transition_order_status: an order's status changed.
	 *
	 * @param mixed $old_status The status before.
	 * @param mixed $new_status The status now.
	 * @param mixed $order_id   The order.
	 */
	public static function on_status( $old_status, $new_status, $order_id ): void {
		unset( $old_status, $new_status );
		self::on_order( $order_id );
	}

	/**
	 * On edd_built_order: the order was built in the visitor's own checkout request.
	 *
	 * @param mixed $order_id The order.
	 */
	public static function on_checkout( $order_id ): void {
		self::guarded( static fn() => self::sync( is_numeric( $order_id ) ? (int) $order_id : 0, true ) );
	}

	/**
	 * On edd_post_add_to_cart: each line added, its quantity and price.
	 *
	 * @param mixed $download_id The download.
	 * @param mixed $options     Its options (price id).
	 * @param mixed $items       The lines added: id, options, quantity.
	 */
	public static function on_add_to_cart( $download_id, $options = array(), $items = array() ): void {
		unset( $options );
		self::guarded(
			static function () use ( $download_id, $items ): void {
				foreach ( is_array( $items ) ? $items : array() as $item ) {
					if ( ! is_array( $item ) ) {
						continue;
					}
					$id      = (int) ( $item['id'] ?? $download_id );
					$choices = is_array( $item['options'] ?? null ) ? $item['options'] : array();
					self::event( Events::ADD_TO_CART, $id, (int) ( $item['quantity'] ?? 1 ), edd_get_cart_item_price( $id, $choices ) );
				}
			}
		);
	}

	/**
	 * On edd_pre_remove_from_cart: the line, while it is still in the cart.
	 *
	 * @param mixed $key The cart key.
	 */
	public static function on_removing_from_cart( $key ): void {
		self::$removing = null;
		self::guarded(
			static function () use ( $key ): void {
				$cart = edd_get_cart_contents();
				$line = is_array( $cart ) && is_numeric( $key ) ? ( $cart[ (int) $key ] ?? null ) : null;
				if ( ! is_array( $line ) || ! is_numeric( $line['id'] ?? null ) ) {
					return;
				}
				$choices        = is_array( $line['options'] ?? null ) ? $line['options'] : array();
				$price          = edd_get_cart_item_price( (int) $line['id'], $choices );
				self::$removing = array(
					'id'       => (int) $line['id'],
					'quantity' => max( 1, (int) ( $line['quantity'] ?? 1 ) ),
					'price'    => is_numeric( $price ) ? (float) $price : 0.0,
				);
			}
		);
	}

	/**
	 * On edd_post_remove_from_cart: the line seen before it went.
	 *
	 * @param mixed $key         The cart key.
	 * @param mixed $download_id The download removed.
	 */
	public static function on_removed_from_cart( $key, $download_id ): void {
		unset( $key );
		$line           = self::$removing;
		self::$removing = null;
		if ( null === $line || (int) $download_id !== $line['id'] ) {
			return;
		}
		self::guarded( static fn() => self::event( Events::REMOVE_FROM_CART, $line['id'], $line['quantity'], $line['price'] ) );
	}

	/**
	 * On template_redirect: a download's page (a product view), or the checkout page with a cart
	 * (checkout started, once a request).
	 */
	public static function on_page(): void {
		self::guarded(
			static function (): void {
				if ( is_singular( 'download' ) ) {
					$id = (int) get_queried_object_id();
					self::event( Events::PRODUCT_VIEW, $id, 1, edd_has_variable_prices( $id ) ? edd_get_lowest_price_option( $id ) : edd_get_download_price( $id ) );
					return;
				}
				if ( self::$checkout_seen || ! edd_is_checkout() ) {
					return;
				}
				$quantity = (int) edd_get_cart_quantity();
				if ( $quantity < 1 ) {
					return;
				}
				self::$checkout_seen = true;
				self::event( Events::CHECKOUT_STARTED, 0, $quantity, edd_get_cart_total(), false );
			}
		);
	}

	/**
	 * After an aggregation run: orders whose visitor's session was still in the buffer find it.
	 */
	public static function on_aggregated(): void {
		self::guarded( static fn() => Orders::attribute_pending( time() ) );
	}

	/**
	 * Forgets what this request counted once (for the tests, which play many requests in one).
	 */
	public static function reset_request(): void {
		self::$checkout_seen = false;
		self::$removing      = null;
	}

	/**
	 * One page of the ids of the sales created since a moment, oldest id first.
	 *
	 * @param int $since Created at or after this Unix time.
	 * @param int $page  The page, from 1.
	 * @param int $size  Ids per page.
	 * @return int[]
	 */
	public static function order_ids( int $since, int $page, int $size ): array {
		$ids = edd_get_orders(
			array(
				'type'       => 'sale',
				'date_query' => array(
					array(
						'column'    => 'date_created',
						'after'     => gmdate( 'Y-m-d H:i:s', $since ),
						'inclusive' => true,
					),
				),
				'orderby'    => 'id',
				'order'      => 'ASC',
				'number'     => $size,
				'offset'     => ( max( 1, $page ) - 1 ) * $size,
				'fields'     => 'ids',
			)
		);
		return is_array( $ids ) ? array_map( 'intval', $ids ) : array();
	}

	/**
	 * Writes an entry in EDD's debug log (forced: it is written whether or not EDD's debug mode is
	 * on).
	 *
	 * @param string               $level   A PSR-3 level (warning, error).
	 * @param string               $message The entry.
	 * @param array<string, mixed> $context More about it (not written).
	 */
	public static function log( string $level, string $message, array $context = array() ): void {
		unset( $context );
		if ( function_exists( 'edd_debug_log' ) ) {
			edd_debug_log( self::LOG_PREFIX . ' ' . $level . ': ' . $message, true );
		}
	}

	/**
	 * Runs a hook's work when recording is on; a failure is logged, never thrown.
	 *
	 * @param callable $work The work.
	 */
	private static function guarded( callable $work ): void {
		Capture::guarded( self::is_on(), $work, array( self::class, 'log' ) );
	}

	/**
	 * Writes a shop event for the current request's visitor (Capture::event()).
	 *
	 * @param string $type       Events::*.
	 * @param int    $product_id The download.
	 * @param int    $quantity   How many.
	 * @param mixed  $unit_price The price of one (quantity × it is the value).
	 * @param bool   $per_unit   Whether $unit_price is per unit (false: it is the value).
	 */
	private static function event( string $type, int $product_id, int $quantity, $unit_price, bool $per_unit = true ): void {
		Capture::event( self::SHOP, $type, $product_id, $quantity, $unit_price, $per_unit );
	}

	/**
	 * Writes an order as EDD has it now.
	 *
	 * @param int  $order_id The order (a refund: its parent is written).
	 * @param bool $checkout Whether this is the visitor's checkout request (the visitor is known).
	 */
	private static function sync( int $order_id, bool $checkout ): void {
		$order = $order_id > 0 ? edd_get_order( $order_id ) : false;
		if ( $order instanceof \EDD\Orders\Order && 'refund' === $order->type && (int) $order->parent > 0 ) {
			$order    = edd_get_order( (int) $order->parent );
			$checkout = false;
		}
		if ( ! $order instanceof \EDD\Orders\Order || 'sale' !== $order->type ) {
			return;
		}
		$visitor = $checkout ? Capture::visitor_keys() : null;
		$data    = self::read( $order, $visitor ?? array( 0, 0 ) );
		if ( null === $data ) {
			// Refused: not counted, not even as the order it was before.
			Orders::forget( self::SHOP, (int) $order->id );
			return;
		}
		Orders::save( $data );
	}

	/**
	 * An order as Orders writes it; null (logged) when it cannot be counted.
	 *
	 * @param \EDD\Orders\Order  $order   The order.
	 * @param array{0:int,1:int} $visitor The checkout's visitor keys (0 when unknown).
	 * @return array<string, mixed>|null
	 * @phpstan-return Order|null
	 */
	private static function read( \EDD\Orders\Order $order, array $visitor ): ?array {
		$id    = (int) $order->id;
		$total = is_numeric( $order->total ) ? (float) $order->total : 0.0;
		if ( $total < 0 || ! is_finite( $total ) ) {
			self::log( 'warning', sprintf( 'Order %d not recorded: its total is negative (%s).', $id, Capture::money( $total ) ) );
			return null;
		}
		$status   = (string) $order->status;
		$created  = self::time( $order->date_created ) ?? time();
		$kept     = Orders::row( self::SHOP, $id );
		$was_paid = null !== $kept && (int) $kept['paid_at'] > 0;
		$paid_at  = 0;
		if ( in_array( $status, edd_get_gross_order_statuses(), true ) ) {
			$paid_at = self::time( $order->date_completed ) ?? time();
		}
		list( $currency, $base ) = Capture::currency( $id, (string) $order->currency, array_keys( edd_get_currencies() ), strtoupper( (string) edd_get_currency() ), $total, $order, array( self::class, 'log' ) );

		$refunds  = array();
		$refunded = 0.0;
		foreach ( edd_get_order_refunds( $id ) as $refund ) {
			if ( $refund instanceof \EDD\Orders\Order && 'complete' === $refund->status ) {
				$refunds[] = $refund;
				$refunded += abs( (float) $refund->total );
			}
		}

		return array(
			'shop'         => self::SHOP,
			'order_id'     => $id,
			'created_at'   => $created,
			'paid_at'      => $paid_at,
			'status'       => substr( $status, 0, 32 ),
			'currency'     => $currency,
			'total'        => Capture::money( $total ),
			'tax'          => Capture::money( $order->tax ),
			'shipping'     => Capture::money( 0 ),
			'discount'     => Capture::money( $order->discount ),
			'total_base'   => $base,
			'is_new'       => $paid_at > 0 && ! $was_paid ? self::is_new_customer( $order ) : true,
			'refunded'     => Capture::refunded( $id, $refunded, $total, array( self::class, 'log' ) ),
			'cancelled'    => in_array( $status, array( 'revoked', 'cancelled', 'failed' ), true ),
			'visitor'      => $visitor[0],
			'visitor_prev' => $visitor[1],
			'fallback'     => null,
			'items'        => self::lines( $order, $refunds ),
			'coupons'      => self::coupons( $order ),
		);
	}

	/**
	 * A date of EDD's (UTC, 'Y-m-d H:i:s') as Unix time; null for none.
	 *
	 * @param mixed $date The date.
	 */
	private static function time( $date ): ?int {
		if ( ! is_string( $date ) || '' === $date || str_starts_with( $date, '0000' ) ) {
			return null;
		}
		$time = strtotime( $date . ' UTC' );
		return false === $time ? null : $time;
	}

	/**
	 * Whether an order's customer (EDD's customer record, else the order's e-mail) has no paid order
	 * before it.
	 *
	 * @param \EDD\Orders\Order $order The order.
	 */
	private static function is_new_customer( \EDD\Orders\Order $order ): bool {
		$who = array();
		if ( (int) $order->customer_id > 0 ) {
			$who['customer_id'] = (int) $order->customer_id;
		} elseif ( '' !== (string) $order->email ) {
			$who['email'] = (string) $order->email;
		} else {
			return true;
		}
		$earlier = edd_get_orders(
			$who + array(
				'type'          => 'sale',
				'status__in'    => edd_get_gross_order_statuses(),
				'id__not_in'    => array( (int) $order->id ),
				'orderby'       => 'id',
				'order'         => 'ASC',
				'number'        => 1,
				'fields'        => 'ids',
				'no_found_rows' => true,
			)
		);
		return ! is_array( $earlier ) || array() === $earlier || (int) reset( $earlier ) > (int) $order->id;
	}

	/**
	 * The order's download lines, with what its refunds took back of each.
	 *
	 * @param \EDD\Orders\Order   $order   The order.
	 * @param \EDD\Orders\Order[] $refunds Its completed refunds.
	 * @return array<int, array<string, int|string>>
	 * @phpstan-return array<int, Line>
	 */
	private static function lines( \EDD\Orders\Order $order, array $refunds ): array {
		$back = array();
		foreach ( $refunds as $refund ) {
			foreach ( $refund->get_items() as $item ) {
				$parent              = (int) $item->parent;
				$back[ $parent ]     = $back[ $parent ] ?? array( 0, 0.0 );
				$back[ $parent ][0] += abs( (int) $item->quantity );
				$back[ $parent ][1] += abs( (float) $item->subtotal );
			}
		}
		$lines = array();
		foreach ( $order->get_items() as $item ) {
			$product  = max( 0, (int) $item->product_id );
			$names    = $product > 0 && get_post( $product ) instanceof \WP_Post ? wp_get_post_terms( $product, 'download_category', array( 'fields' => 'names' ) ) : array();
			$quantity = max( 0, (int) $item->quantity );
			$subtotal = (float) $item->subtotal;
			$lines[]  = array(
				'item_id'           => (int) $item->id,
				'product_id'        => $product,
				'variation_id'      => 0,
				'name'              => mb_substr( (string) $item->product_name, 0, 191 ),
				'category'          => mb_substr( is_array( $names ) && array() !== $names ? (string) reset( $names ) : '', 0, 191 ),
				'quantity'          => $quantity,
				'price'             => Capture::money( $quantity > 0 ? $subtotal / $quantity : 0 ),
				'total'             => Capture::money( max( 0.0, $subtotal - (float) $item->discount ) ),
				'refunded_quantity' => min( $quantity, $back[ (int) $item->id ][0] ?? 0 ),
				'refunded'          => Capture::money( $back[ (int) $item->id ][1] ?? 0.0 ),
			);
		}
		return $lines;
	}

	/**
	 * The order's discount codes (adjustments of type discount), one per code.
	 *
	 * @param \EDD\Orders\Order $order The order.
	 * @return array<int, array{code: string, discount: string}>
	 */
	private static function coupons( \EDD\Orders\Order $order ): array {
		$coupons = array();
		foreach ( $order->get_discounts() as $adjustment ) {
			$code = mb_substr( trim( (string) $adjustment->description ), 0, 191 );
			if ( '' !== $code ) {
				$coupons[ $code ] = ( $coupons[ $code ] ?? 0.0 ) + abs( (float) $adjustment->total );
			}
		}
		return Capture::coupons( $coupons );
	}
}
