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
final class Edd extends Adapter {

	/**
	 * The shop column's value.
	 */
	public const SHOP = 'edd';

	/**
	 * The cart line being removed (edd_pre_remove_from_cart), counted once it is gone.
	 *
	 * @var array{id: int, quantity: int, price: float}|null
	 */
	private static ?array $removing = null;

	/**
	 * Whether orders and shop steps are recorded: the eCommerce module is on and Easy Digital
	 * Downloads is the site's shop.
	 */
	public static function is_on(): bool {
		return Modules::is_active( Shop::MODULE ) && self::SHOP === Shop::platform() && function_exists( 'edd_get_order' );
	}

	/**
	 * EDD's hooks: its order's changes (built at checkout, a status, a completed purchase, a
	 * refund), the cart, the download and checkout pages.
	 *
	 * @return array<string, array{0: string, 1: int}>
	 */
	protected static function hooks(): array {
		return array(
			'edd_built_order'             => array( 'on_checkout', 1 ),
			'edd_transition_order_status' => array( 'on_status', 3 ),
			'edd_complete_purchase'       => array( 'on_order', 1 ),
			'edd_refund_order'            => array( 'on_order', 1 ),
			'edd_post_add_to_cart'        => array( 'on_add_to_cart', 3 ),
			'edd_pre_remove_from_cart'    => array( 'on_removing_from_cart', 1 ),
			'edd_post_remove_from_cart'   => array( 'on_removed_from_cart', 2 ),
			'template_redirect'           => array( 'on_page', 0 ),
		);
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
	 * (checkout started, and each of its lines checked out; once a request).
	 */
	public static function on_page(): void {
		self::guarded(
			static function (): void {
				if ( is_singular( 'download' ) ) {
					$id = (int) get_queried_object_id();
					self::event( Events::PRODUCT_VIEW, $id, 1, edd_has_variable_prices( $id ) ? edd_get_lowest_price_option( $id ) : edd_get_download_price( $id ) );
					return;
				}
				if ( self::checkout_seen() || ! edd_is_checkout() ) {
					return;
				}
				$quantity = (int) edd_get_cart_quantity();
				if ( $quantity < 1 ) {
					return;
				}
				if ( ! self::checkout_started( $quantity, edd_get_cart_total() ) ) {
					return; // A reload of the checkout already counted.
				}
				// One row per line: the items checked out, per download (Cart Abandonment's
				// "checked out"), the line's price before discounts.
				foreach ( (array) edd_get_cart_contents() as $line ) {
					if ( ! is_array( $line ) || ! is_numeric( $line['id'] ?? null ) ) {
						continue;
					}
					$choices = is_array( $line['options'] ?? null ) ? $line['options'] : array();
					$count   = max( 1, (int) ( $line['quantity'] ?? 1 ) );
					self::event( Events::CHECKOUT_ITEM, (int) $line['id'], $count, edd_get_cart_item_price( (int) $line['id'], $choices ) );
				}
			}
		);
	}

	/**
	 * Forgets what this request counted once, and the line being removed.
	 */
	public static function reset_request(): void {
		parent::reset_request();
		self::$removing = null;
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
			edd_debug_log( self::LOG_SOURCE . ' ' . $level . ': ' . $message, true );
		}
	}

	/**
	 * Writes an order as EDD has it now.
	 *
	 * @param int         $order_id The order (a refund: its parent is written).
	 * @param bool        $checkout Whether this is the visitor's checkout request (the visitor is known).
	 * @param object|null $given    Unused: EDD's order hooks pass ids; the order is read again.
	 */
	protected static function sync( int $order_id, bool $checkout, ?object $given = null ): void {
		unset( $given );
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
		self::write( (int) $order->id, $data );
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
		$status  = (string) $order->status;
		$created = self::time( $order->date_created ) ?? time();
		$paid_at = 0;
		if ( in_array( $status, edd_get_gross_order_statuses(), true ) ) {
			$paid_at = self::time( $order->date_completed ) ?? time();
		}
		list( $currency, $base ) = Capture::currency( $id, (string) $order->currency, array_keys( edd_get_currencies() ), strtoupper( (string) edd_get_currency() ), $total, $order, self::logger() );

		$refunds  = array();
		$refunded = 0.0;
		foreach ( edd_get_order_refunds( $id ) as $refund ) {
			if ( $refund instanceof \EDD\Orders\Order && 'complete' === $refund->status ) {
				$refunds[] = $refund;
				$refunded += abs( (float) $refund->total );
			}
		}

		$figures = array(
			'currency'   => $currency,
			'total'      => Capture::money( $total ),
			'tax'        => Capture::money( $order->tax ),
			'shipping'   => Capture::money( 0 ),
			'discount'   => Capture::money( $order->discount ),
			'total_base' => $base,
			'refunded'   => Capture::refunded( $id, $refunded, $total, self::logger() ),
			'cancelled'  => in_array( $status, array( 'revoked', 'cancelled', 'failed' ), true ),
			// EDD keeps no attribution of its own: "(not set)" when no session matches.
			'fallback'   => null,
			'items'      => self::lines( $order, $refunds ),
			'coupons'    => self::coupons( $order ),
		);
		return self::order( $id, $created, $paid_at, $status, $visitor, static fn(): bool => self::is_new_customer( $order ), $figures );
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
