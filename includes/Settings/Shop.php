<?php
/**
 * The site's shop: which eCommerce plugin runs it and in which currency it sells.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Settings;

use MonsterInsights\Reports\Sources\HasCurrency;
use MonsterInsights\Reports\Sources\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * The one place that knows the shop (docs/product-rules.md#modules): a site has one when
 * WooCommerce or Easy Digital Downloads is active and the eCommerce module (key `woocommerce`) is
 * on. Its currency is read through the shop plugin's own API, so the plugin's filters apply.
 * Without a shop, the reports leave their eCommerce columns out and the app its eCommerce metrics
 * and cards.
 *
 * The filter `monsterinsights_reports_shop` sees the detected shop (or null) and may replace it.
 *
 * The currency is the one the reports' money is in: the shop's, unless the active source reports
 * money in a currency of its own (Sources\HasCurrency: a GA4 property's currency) and that is
 * another one; then that currency, its symbol, decimals and position from PHP's intl in the site's
 * locale, or without intl the code before the amount with 2 decimals.
 *
 * @phpstan-type Currency array{code: string, symbol: string, decimals: int, position: string}
 * @phpstan-type ShopInfo array{platform: string, currency: Currency}
 */
final class Shop {

	/**
	 * The shop plugins, in the order they are looked for.
	 */
	public const PLATFORMS = array( 'woocommerce', 'edd' );

	/**
	 * Where the currency symbol goes, as WooCommerce names it (`woocommerce_currency_pos`).
	 */
	public const POSITIONS = array( 'left', 'right', 'left_space', 'right_space' );

	/**
	 * The module that turns eCommerce on.
	 */
	public const MODULE = 'woocommerce';

	/**
	 * The shop plugin that is active, or '' without one: WooCommerce first, then Easy Digital
	 * Downloads.
	 */
	public static function platform(): string {
		if ( class_exists( 'WooCommerce', false ) && function_exists( 'get_woocommerce_currency' ) ) {
			return 'woocommerce';
		}
		if ( function_exists( 'EDD' ) && function_exists( 'edd_get_currency' ) ) {
			return 'edd';
		}
		return '';
	}

	/**
	 * The shop, or null when no shop plugin is active or the eCommerce module is off.
	 *
	 * @return array<string, mixed>|null
	 * @phpstan-return ShopInfo|null
	 */
	public static function current(): ?array {
		$platform = self::platform();
		$shop     = null;
		if ( '' !== $platform && Modules::is_active( self::MODULE ) ) {
			$shop = array(
				'platform' => $platform,
				'currency' => 'woocommerce' === $platform ? self::woocommerce_currency() : self::edd_currency(),
			);
		}
		/**
		 * Filters the site's shop: null without one.
		 *
		 * @param array|null $shop { platform: 'woocommerce'|'edd', currency: { code, symbol, decimals, position } }.
		 */
		return self::in_source_currency( self::valid( apply_filters( 'monsterinsights_reports_shop', $shop ) ) );
	}

	/**
	 * The shop in the currency of the active source's money: unchanged when the source has none of
	 * its own or it is the shop's.
	 *
	 * @param array<string, mixed>|null $shop The shop, or null.
	 * @phpstan-param ShopInfo|null $shop
	 * @return array<string, mixed>|null
	 * @phpstan-return ShopInfo|null
	 */
	private static function in_source_currency( ?array $shop ): ?array {
		if ( null === $shop ) {
			return null;
		}
		$source = ( new Sources() )->active();
		$code   = $source instanceof HasCurrency ? $source->currency() : '';
		if ( '' === $code || $code === $shop['currency']['code'] ) {
			return $shop;
		}
		$shop['currency'] = self::currency_of( $code );
		return $shop;
	}

	/**
	 * A currency by its code, as the site's locale writes it: its symbol, decimals and symbol
	 * position from PHP's intl (NumberFormatter); without intl, or when intl does not know it,
	 * the code before the amount (a no-break space between) with 2 decimals.
	 *
	 * @param string $code An ISO 4217 code.
	 * @return array{code: string, symbol: string, decimals: int, position: string}
	 */
	public static function currency_of( string $code ): array {
		$plain = array(
			'code'     => $code,
			'symbol'   => $code,
			'decimals' => 2,
			'position' => 'left_space',
		);
		if ( ! class_exists( 'NumberFormatter' ) ) {
			return $plain;
		}
		try {
			$formatter = new \NumberFormatter( get_locale() . '@currency=' . $code, \NumberFormatter::CURRENCY );
			$symbol    = (string) $formatter->getSymbol( \NumberFormatter::CURRENCY_SYMBOL );
			$decimals  = $formatter->getAttribute( \NumberFormatter::FRACTION_DIGITS );
			// The positive pattern, e.g. ¤#,##0.00 or #,##0.00 ¤ (¤ the symbol's place).
			$pattern = explode( ';', (string) $formatter->getPattern() )[0];
		} catch ( \Throwable $e ) {
			return $plain;
		}
		$chars = (array) preg_split( '//u', $pattern, -1, PREG_SPLIT_NO_EMPTY );
		$sign  = array_search( "\u{00A4}", $chars, true );
		$digit = null;
		foreach ( $chars as $index => $char ) {
			if ( '#' === $char || '0' === $char ) {
				$digit = $index;
				break;
			}
		}
		if ( '' === $symbol || false === $decimals || ! is_int( $sign ) || null === $digit ) {
			return $plain;
		}
		$side = $sign < $digit ? 'left' : 'right';
		// A space where the locale puts one, and always between the amount and a bare code.
		$spaced = $symbol === $code || 1 === preg_match( '/^[\s\x{00A0}\x{202F}]$/u', (string) ( $chars[ 'left' === $side ? $sign + 1 : $sign - 1 ] ?? '' ) );
		return array(
			'code'     => $code,
			'symbol'   => $symbol,
			'decimals' => max( 0, min( 4, (int) $decimals ) ),
			'position' => $spaced ? $side . '_space' : $side,
		);
	}

	/**
	 * What a site without a shop is missing, as the eCommerce reports say it: the shop plugin, or
	 * the eCommerce module.
	 */
	public static function missing(): string {
		return '' === self::platform()
			? __( 'eCommerce reports need WooCommerce or Easy Digital Downloads. Install and activate one of them, and your store’s sales will show here.', 'monsterinsights-reports' )
			: __( 'The eCommerce module is off. Turn it on in Settings, and your store’s sales will show here.', 'monsterinsights-reports' );
	}

	/**
	 * Whether the site has a shop.
	 */
	public static function active(): bool {
		return null !== self::current();
	}

	/**
	 * An amount as the shop shows it, for texts the server writes: its decimals and symbol where
	 * its position says (a no-break space for the _space positions), WordPress's number format of
	 * the site's locale. Without a shop, the number with 2 decimals.
	 *
	 * @param float $amount The amount.
	 */
	public static function money( float $amount ): string {
		$shop = self::current();
		if ( null === $shop ) {
			return number_format_i18n( $amount, 2 );
		}
		$currency = $shop['currency'];
		$number   = number_format_i18n( abs( $amount ), $currency['decimals'] );
		$sign     = $amount < 0 && round( abs( $amount ), $currency['decimals'] ) > 0 ? '-' : '';
		$symbol   = $currency['symbol'];
		return $sign . match ( $currency['position'] ) {
			'right'       => $number . $symbol,
			'right_space' => $number . "\u{00A0}" . $symbol,
			'left_space'  => $symbol . "\u{00A0}" . $number,
			default       => $symbol . $number,
		};
	}

	/**
	 * Report payloads depend on the shop (their eCommerce columns): its platform and currency are
	 * part of the report cache key (filter `monsterinsights_reports_cache_version`).
	 *
	 * @param mixed $version The version so far.
	 */
	public static function cache_version( $version ): string {
		$shop = self::current();
		return (string) $version . '|shop:' . ( null === $shop ? '' : $shop['platform'] . ',' . $shop['currency']['code'] );
	}

	/**
	 * WooCommerce's currency: its code, symbol, price decimals and symbol position.
	 *
	 * @return array{code: string, symbol: string, decimals: int, position: string}
	 */
	private static function woocommerce_currency(): array {
		$code = function_exists( 'get_woocommerce_currency' ) ? (string) get_woocommerce_currency() : '';
		return array(
			'code'     => $code,
			'symbol'   => function_exists( 'get_woocommerce_currency_symbol' ) ? (string) get_woocommerce_currency_symbol( $code ) : $code,
			'decimals' => function_exists( 'wc_get_price_decimals' ) ? (int) wc_get_price_decimals() : 2,
			'position' => (string) get_option( 'woocommerce_currency_pos', 'left' ),
		);
	}

	/**
	 * Easy Digital Downloads' currency: its code, symbol, decimals (edd_currency_decimal_filter(),
	 * 0 for JPY and a few others) and symbol position ('before' or 'after' the amount, no space).
	 *
	 * @return array{code: string, symbol: string, decimals: int, position: string}
	 */
	private static function edd_currency(): array {
		$code     = function_exists( 'edd_get_currency' ) ? (string) edd_get_currency() : '';
		$position = function_exists( 'edd_get_option' ) ? (string) edd_get_option( 'currency_position', 'before' ) : 'before';
		return array(
			'code'     => $code,
			'symbol'   => function_exists( 'edd_currency_symbol' ) ? (string) edd_currency_symbol( $code ) : $code,
			'decimals' => function_exists( 'edd_currency_decimal_filter' ) ? (int) edd_currency_decimal_filter( 2, $code ) : 2,
			'position' => 'after' === $position ? 'right' : 'left',
		);
	}

	/**
	 * A shop of the expected shape, or null: the symbol as text (WooCommerce's are HTML entities),
	 * decimals 0 to 4, a known position.
	 *
	 * @param mixed $shop What the filter gave.
	 * @return array<string, mixed>|null
	 * @phpstan-return ShopInfo|null
	 */
	private static function valid( $shop ): ?array {
		if ( ! is_array( $shop ) || ! in_array( $shop['platform'] ?? null, self::PLATFORMS, true ) || ! is_array( $shop['currency'] ?? null ) ) {
			return null;
		}
		$currency = $shop['currency'];
		$code     = strtoupper( (string) ( $currency['code'] ?? '' ) );
		if ( 1 !== preg_match( '/^[A-Z]{3}$/', $code ) ) {
			return null;
		}
		$symbol   = html_entity_decode( (string) ( $currency['symbol'] ?? '' ), ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		$position = (string) ( $currency['position'] ?? 'left' );
		return array(
			'platform' => (string) $shop['platform'],
			'currency' => array(
				'code'     => $code,
				'symbol'   => '' !== $symbol ? $symbol : $code,
				'decimals' => max( 0, min( 4, (int) ( $currency['decimals'] ?? 2 ) ) ),
				'position' => in_array( $position, self::POSITIONS, true ) ? $position : 'left',
			),
		);
	}
}
