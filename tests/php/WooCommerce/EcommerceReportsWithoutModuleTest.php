<?php
/**
 * The eCommerce reports with the real WooCommerce active and the eCommerce module off.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\WooCommerce;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;

/**
 * A site with WooCommerce but the eCommerce module off has no shop: the boot data's shop is null
 * (the app then asks for no eCommerce report early) and each of the four eCommerce routes answers
 * 400 no_shop with its notice, the Overview and the Coupons Report naming the module; with the
 * module on, the boot data names WooCommerce and each route answers 200.
 */
class EcommerceReportsWithoutModuleTest extends BuiltinTestCase {

	/**
	 * The notice each route answers with the module off.
	 */
	private const NOTICES = array(
		'ecommerce'         => 'The eCommerce module is off. Turn it on in Settings, and your store’s sales will show here.',
		'ecommerce_coupons' => 'The eCommerce module is off. Turn it on in Settings, and your store’s sales will show here.',
		'ecommerce_funnel'  => 'Our funnel report only supports WooCommerce and Easy Digital Downloads.',
		'cart_abandonment'  => 'Our cart abandonment report only supports WooCommerce and Easy Digital Downloads.',
	);

	/**
	 * The range asked for.
	 */
	private const RANGE = array(
		'start' => '2025-03-10',
		'end'   => '2025-03-12',
	);

	/**
	 * The builtin source, a pro licence, an administrator.
	 *
	 * @throws \LogicException When WooCommerce is not loaded.
	 */
	protected function set_up() {
		parent::set_up();
		if ( ! function_exists( 'WC' ) ) {
			throw new \LogicException( static::class . ' needs the real WooCommerce: run bin/test-php.sh (or phpunit --testsuite woocommerce with WP_TESTS_WOOCOMMERCE=1).' );
		}
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'pro' );
	}

	/**
	 * The module off: no shop, and every route's notice; the module on: WooCommerce, and answers.
	 */
	public function test_the_module_off_is_no_shop(): void {
		Modules::set( 'woocommerce', false );
		$this->assertNull( BootData::build( array( 'shop' ) )['shop'] );
		foreach ( self::NOTICES as $name => $notice ) {
			$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $name, self::RANGE );
			$this->assertSame( array( 400, 'no_shop', $notice ), array( $response->get_status(), $response->as_error()->get_error_code(), $response->as_error()->get_error_message() ), $name );
		}

		Modules::set( 'woocommerce', true );
		$this->assertSame( 'woocommerce', BootData::build( array( 'shop' ) )['shop']['platform'] ?? null );
		foreach ( array_keys( self::NOTICES ) as $name ) {
			$this->assertSame( 200, $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $name, self::RANGE )->get_status(), $name );
		}
	}
}
