<?php
/**
 * Shop events in the builtin source's tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * A visitor's shop step (a product page seen, a product added to or removed from the cart, the
 * checkout opened) as one row of shop_events, keyed by the collector's visitor key of the request.
 *
 * A checkout opened is one `checkout_started` row (product 0, the cart's item count and total: the
 * checkout count) and one `checkout_item` row per cart line (its product and quantity: the items
 * checked out per product). A checkout is counted once a cart: opened again with the same cart and no
 * cart step in between (a reload, a failed payment's return) it is not written again.
 */
final class Events {

	public const PRODUCT_VIEW     = 'product_view';
	public const ADD_TO_CART      = 'add_to_cart';
	public const REMOVE_FROM_CART = 'remove_from_cart';
	public const CHECKOUT_STARTED = 'checkout_started';
	public const CHECKOUT_ITEM    = 'checkout_item';

	/**
	 * The event types.
	 */
	public const TYPES = array( self::PRODUCT_VIEW, self::ADD_TO_CART, self::REMOVE_FROM_CART, self::CHECKOUT_STARTED, self::CHECKOUT_ITEM );

	/**
	 * Writes one event.
	 *
	 * @param string $shop       The shop plugin.
	 * @param string $type       One of TYPES.
	 * @param int    $visitor    The visitor key as an integer (Hit::key_int()).
	 * @param int    $ts         Unix time.
	 * @param int    $product_id The product (0 for none).
	 * @param int    $quantity   How many.
	 * @param string $value      Their value, a decimal string.
	 * @throws \InvalidArgumentException For an unknown type.
	 */
	public static function record( string $shop, string $type, int $visitor, int $ts, int $product_id = 0, int $quantity = 0, string $value = '0' ): void {
		if ( ! in_array( $type, self::TYPES, true ) ) {
			throw new \InvalidArgumentException( esc_html( 'Unknown shop event: ' . $type ) );
		}
		Db::insert_rows(
			'shop_events',
			array( 'day', 'ts', 'shop', 'visitor', 'type', 'product_id', 'quantity', 'value' ),
			array( array( ( new LocalTime() )->day( $ts ), $ts, $shop, $visitor, $type, max( 0, $product_id ), max( 0, $quantity ), $value ) )
		);
		DayRollups::touched();
	}

	/**
	 * Whether a checkout of this cart is the visitor's last cart step of the day: their last
	 * add_to_cart, remove_from_cart or checkout_started row is a checkout_started of the same items
	 * and total.
	 *
	 * @param string $shop     The shop plugin.
	 * @param int    $visitor  The visitor key as an integer.
	 * @param int    $ts       Unix time (its site-local day).
	 * @param int    $quantity The cart's items.
	 * @param string $value    The cart's total, a decimal string.
	 */
	public static function is_counted_checkout( string $shop, int $visitor, int $ts, int $quantity, string $value ): bool {
		if ( 0 === $visitor ) {
			return false;
		}
		$last = Db::rows(
			'SELECT type, quantity, value FROM {shop_events} WHERE visitor = %d AND day = %s AND shop = %s AND type IN (%s, %s, %s) ORDER BY ts DESC, id DESC LIMIT 1',
			array( $visitor, ( new LocalTime() )->day( $ts ), $shop, self::ADD_TO_CART, self::REMOVE_FROM_CART, self::CHECKOUT_STARTED )
		);
		return array() !== $last
			&& self::CHECKOUT_STARTED === $last[0]['type']
			&& $quantity === (int) $last[0]['quantity']
			&& Capture::money( $last[0]['value'] ) === Capture::money( $value );
	}
}
