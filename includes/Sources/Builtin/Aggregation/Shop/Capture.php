<?php
/**
 * What the shop adapters share: the request's visitor, amounts, currencies, refunds, coupons.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Module;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;

defined( 'ABSPATH' ) || exit;

/**
 * The parts of reading an order or a shop step that do not depend on the shop plugin (WooCommerce,
 * Edd): the current request's visitor keys as the collector computes them, amounts as decimal
 * strings, the order's currency and its amount in the shop's base currency, refunds capped at the
 * order's total, coupons as Orders writes them.
 */
final class Capture {

	/**
	 * Request headers the visitor keys do not depend on; kept out as the form conversions do.
	 */
	private const DROPPED_HEADERS = array( 'CONTENT_LENGTH' );

	/**
	 * The current request's visitor keys as the collector computes them, as integers (current salt,
	 * previous salt); null when the request would not be tracked (another data source, an excluded
	 * role, Do Not Track or Global Privacy Control, an excluded address, a bot).
	 *
	 * @return array{0: int, 1: int}|null
	 */
	public static function visitor_keys(): ?array {
		/**
		 * Filters the visitor keys of a shop request before they are computed from the request: an
		 * array of two integers (current salt, previous salt; 0 for none) replaces them, null (the
		 * default) computes them. For the demo's seeding only (Demo\Shop), whose orders belong to
		 * the visitors of sessions it seeded days ago, under salts of those days; a live checkout
		 * never uses it.
		 *
		 * @param array{0: int, 1: int}|null $keys The keys, or null.
		 */
		$given = apply_filters( 'monsterinsights_reports_shop_visitor_keys', null );
		if ( is_array( $given ) && isset( $given[0] ) && is_int( $given[0] ) && 0 !== $given[0] ) {
			return array( $given[0], isset( $given[1] ) && is_int( $given[1] ) ? $given[1] : 0 );
		}
		if ( ! in_array( (string) get_option( BootData::SOURCE_OPTION, '' ), TrackerScript::SOURCES, true ) || TrackerScript::is_excluded_user( wp_get_current_user() ) ) {
			return null;
		}
		$collector = Module::collector();
		if ( null === $collector ) {
			return null;
		}
		// Not sanitised here: the collector checks each value it reads (the address with Ip::client()).
		$server = array_diff_key( $_SERVER, array_flip( self::DROPPED_HEADERS ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
		$server = array_map( static fn( $value ) => is_string( $value ) ? wp_unslash( $value ) : $value, $server );
		$keys   = $collector->visitor_keys( $server, microtime( true ) );
		if ( null === $keys ) {
			return null;
		}
		return array( Hit::key_int( $keys['current'] ), '' === $keys['previous'] ? 0 : Hit::key_int( $keys['previous'] ) );
	}

	/**
	 * An order's currency as stored, and its total in the shop's base currency: the total itself in
	 * the base currency, else at the rate the filter `monsterinsights_reports_shop_exchange_rate`
	 * gives (null without one); an unknown currency has no base amount, and is logged.
	 *
	 * @param int      $order_id The order (for the log).
	 * @param string   $currency The order's currency, as the shop gives it.
	 * @param string[] $known    The currency codes the shop knows.
	 * @param string   $base     The shop's base currency.
	 * @param float    $total    The order's total.
	 * @param object   $order    The shop's order (for the filter).
	 * @param callable $log      The adapter's log: (level, message, context).
	 * @return array{0: string, 1: string|null} The currency ('' when not a code), the base amount.
	 */
	public static function currency( int $order_id, string $currency, array $known, string $base, float $total, object $order, callable $log ): array {
		$currency = strtoupper( $currency );
		$is_code  = 1 === preg_match( '/^[A-Z]{3}$/', $currency );
		if ( ! $is_code || ! in_array( $currency, $known, true ) ) {
			$log( 'warning', sprintf( 'Order %d has an unknown currency (%s): recorded without an amount in the base currency.', $order_id, $currency ), array( 'order_id' => $order_id ) );
			return array( $is_code ? $currency : '', null );
		}
		if ( $base === $currency ) {
			return array( $currency, self::money( $total ) );
		}
		/**
		 * Filters the rate from an order's currency to the shop's base currency (a multi-currency
		 * plugin knows it); null when unknown, and the order then has no amount in the base
		 * currency.
		 *
		 * @param float|null $rate     The rate, default null.
		 * @param string     $currency The order's currency.
		 * @param string     $base     The shop's base currency.
		 * @param object     $order    The order (\WC_Order, or EDD's \EDD\Orders\Order).
		 */
		$rate = apply_filters( 'monsterinsights_reports_shop_exchange_rate', null, $currency, $base, $order );
		return array( $currency, is_numeric( $rate ) && (float) $rate > 0 ? self::money( $total * (float) $rate ) : null );
	}

	/**
	 * An order's refunded amount, at most its total (logged when more).
	 *
	 * @param int      $order_id The order (for the log).
	 * @param float    $refunded The refunds, as the shop adds them up.
	 * @param float    $total    The order's total.
	 * @param callable $log      The adapter's log: (level, message, context).
	 */
	public static function refunded( int $order_id, float $refunded, float $total, callable $log ): string {
		if ( $refunded > $total ) {
			$log( 'warning', sprintf( 'Order %d: refunds of %s exceed its total of %s; counted as refunded in full.', $order_id, self::money( $refunded ), self::money( $total ) ), array( 'order_id' => $order_id ) );
			$refunded = $total;
		}
		return self::money( max( 0.0, $refunded ) );
	}

	/**
	 * An order's coupons as Orders writes them, from the discount of each code.
	 *
	 * @param array<int|string, float> $discounts The discount of each code.
	 * @return array<int, array{code: string, discount: string}>
	 */
	public static function coupons( array $discounts ): array {
		$out = array();
		foreach ( $discounts as $code => $discount ) {
			$out[] = array(
				'code'     => (string) $code,
				'discount' => self::money( $discount ),
			);
		}
		return $out;
	}

	/**
	 * An amount as a decimal string with four decimals.
	 *
	 * @param mixed $amount A number or numeric string.
	 */
	public static function money( $amount ): string {
		$value = is_numeric( $amount ) ? (float) $amount : 0.0;
		return number_format( is_finite( $value ) ? $value : 0.0, 4, '.', '' );
	}
}
