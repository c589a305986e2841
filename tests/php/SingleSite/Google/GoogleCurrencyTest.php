<?php
/**
 * The reports' money on the google source: in the GA4 property's currency.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Tests\Support\FakeShop;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * A WooCommerce shop selling in euros (symbol after the amount, a space between) and a connection
 * whose property's currency is set as the settings store it: on the google source Shop::current()
 * gives the property's currency when it is another one, the shop's own when it is the same; on
 * the builtin source always the shop's.
 */
class GoogleCurrencyTest extends TestCase {

	use FakeShop;

	protected const REQUIRES = 'single-site';

	/**
	 * The shop in euros, a connection to property 300000001.
	 */
	protected function set_up() {
		parent::set_up();
		$this->fake_shop();
		( new Connection() )->update(
			array(
				'auth'         => Connection::SERVICE_ACCOUNT,
				'client_email' => 'reports@example-project.iam.gserviceaccount.com',
				'property'     => '300000001',
			)
		);
	}

	/**
	 * Removes the connection.
	 */
	protected function tear_down() {
		( new Connection() )->disconnect();
		parent::tear_down();
	}

	/**
	 * Gives the connection a property currency and makes a source active.
	 *
	 * @param string $source   builtin or google.
	 * @param string $currency The property's currency code.
	 */
	private static function on( string $source, string $currency ): void {
		( new Connection() )->update( array( 'currency' => $currency ) );
		update_option( BootData::SOURCE_OPTION, $source );
	}

	/**
	 * The shop's own currency, as FakeShop gives it.
	 *
	 * @return array{code: string, symbol: string, decimals: int, position: string}
	 */
	private static function euros(): array {
		return array(
			'code'     => 'EUR',
			'symbol'   => '€',
			'decimals' => 2,
			'position' => 'right_space',
		);
	}

	/**
	 * The builtin source: the shop's currency, whatever the property's.
	 */
	public function test_builtin_keeps_the_shop_currency(): void {
		self::on( 'builtin', 'USD' );
		$this->assertSame(
			array(
				'platform' => 'woocommerce',
				'currency' => self::euros(),
			),
			Shop::current()
		);
	}

	/**
	 * Google with a property in US dollars: dollars as the site's locale (en_US) writes them, in
	 * the amounts, the boot data's shop and the report cache key; the platform stays.
	 */
	public function test_google_reports_in_the_property_currency(): void {
		self::on( 'google', 'USD' );
		$intl = class_exists( 'NumberFormatter' );
		$this->assertSame(
			array(
				'platform' => 'woocommerce',
				'currency' => array(
					'code'     => 'USD',
					'symbol'   => $intl ? '$' : 'USD',
					'decimals' => 2,
					'position' => $intl ? 'left' : 'left_space',
				),
			),
			Shop::current()
		);
		$this->assertSame( $intl ? '$1,234.50' : "USD\u{00A0}1,234.50", Shop::money( 1234.5 ) );
		$this->assertSame( 'v|shop:woocommerce,USD', Shop::cache_version( 'v' ) );
	}

	/**
	 * The symbol, decimals and position follow the site's locale and the currency (intl): yen
	 * without decimals; dollars after the amount in German.
	 */
	public function test_the_currency_follows_the_locale(): void {
		// bin/setup-system.sh installs PHP intl; without it test_an_unknown_currency_is_its_code's
		// fallback applies.
		$this->assertTrue( class_exists( 'NumberFormatter' ), 'PHP intl is loaded' );
		self::on( 'google', 'JPY' );
		$this->assertSame(
			array(
				'code'     => 'JPY',
				'symbol'   => '¥',
				'decimals' => 0,
				'position' => 'left',
			),
			Shop::current()['currency'] ?? null
		);
		self::on( 'google', 'USD' );
		add_filter( 'locale', static fn(): string => 'de_DE' );
		$this->assertSame(
			array(
				'code'     => 'USD',
				'symbol'   => '$',
				'decimals' => 2,
				'position' => 'right_space',
			),
			Shop::current()['currency'] ?? null
		);
	}

	/**
	 * A code intl has no symbol for (or without intl): the code before the amount, a space between.
	 */
	public function test_an_unknown_currency_is_its_code(): void {
		$this->assertSame(
			array(
				'code'     => 'XYZ',
				'symbol'   => 'XYZ',
				'decimals' => 2,
				'position' => 'left_space',
			),
			Shop::currency_of( 'XYZ' )
		);
	}

	/**
	 * Google with the shop's own currency, or while the property's is not known: the shop's
	 * symbol, decimals and position. No shop: none, whatever the property's currency.
	 */
	public function test_the_shop_currency_stays_when_it_is_the_same_or_unknown(): void {
		self::on( 'google', 'EUR' );
		$this->assertSame( self::euros(), Shop::current()['currency'] ?? null );
		self::on( 'google', '' );
		$this->assertSame( self::euros(), Shop::current()['currency'] ?? null );
		self::on( 'google', 'USD' );
		$this->fake_shop_as( null );
		$this->assertNull( Shop::current() );
	}
}
