<?php
/**
 * A shop faked through the shop detection's filter, for suites that load no shop plugin.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support;

/**
 * Gives the site a shop (or none) through `monsterinsights_reports_shop`, which the shop detection
 * (Settings\Shop) applies; the test case restores the hooks after each test.
 */
trait FakeShop {

	/**
	 * Fakes a shop: by default WooCommerce in euros with the symbol after the amount.
	 *
	 * @param string $platform  'woocommerce' or 'edd'.
	 * @param string $code      Currency code.
	 * @param string $symbol    Currency symbol.
	 * @param string $position  Symbol position (left, right, left_space, right_space).
	 */
	protected function fake_shop( string $platform = 'woocommerce', string $code = 'EUR', string $symbol = '€', string $position = 'right_space' ): void {
		$this->fake_shop_as(
			array(
				'platform' => $platform,
				'currency' => array(
					'code'     => $code,
					'symbol'   => $symbol,
					'decimals' => 2,
					'position' => $position,
				),
			)
		);
	}

	/**
	 * Fakes exactly what the detection's filter answers (a shop, null for none, or a bad value).
	 *
	 * @param mixed $shop The filter's answer.
	 */
	protected function fake_shop_as( $shop ): void {
		remove_all_filters( 'monsterinsights_reports_shop' );
		add_filter( 'monsterinsights_reports_shop', static fn() => $shop );
	}
}
