<?php
/**
 * The checkout bench: what the shop capture adds to a real WooCommerce checkout.
 *
 * Runs in the PHPUnit harness with the real WooCommerce (tests/php/bootstrap.php,
 * WP_TESTS_WOOCOMMERCE=1: a fresh WordPress and WooCommerce from bin/third-party.sh in the database
 * BENCH_CHECKOUT_DB_NAME, default monsterinsights_reports_bench_wc), and times the work of one
 * checkout as WooCommerce's classic checkout does it in the visitor's request: the order created
 * from a cart of three lines (WC_Checkout::create_order()), `woocommerce_checkout_order_processed`,
 * then Cash on delivery's payment (the order set processing). Rounds alternate the eCommerce module on (the capture writes the
 * order, its lines, its visitor's attribution) and off (the capture returns at once), after warm-up
 * rounds of each; the difference of the medians is what the capture adds. Prints a table and, with
 * --json=<file>, writes the rows as bin/bench.php does.
 *
 *   php bin/bench-checkout.php [--rounds=200] [--json=<file>]
 *
 * @package MonsterInsights\Reports
 */

// phpcs:disable WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_putenv, WordPress.WP.AlternativeFunctions -- A CLI bench with a database of its own.

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

$monsterinsights_reports_checkout_options = getopt( '', array( 'rounds:', 'json:' ) );
$monsterinsights_reports_checkout_root    = dirname( __DIR__ );
$monsterinsights_reports_checkout_db      = getenv( 'BENCH_CHECKOUT_DB_NAME' );
$monsterinsights_reports_checkout_db      = is_string( $monsterinsights_reports_checkout_db ) && '' !== $monsterinsights_reports_checkout_db ? $monsterinsights_reports_checkout_db : 'monsterinsights_reports_bench_wc';

putenv( 'WP_TESTS_DB_NAME=' . $monsterinsights_reports_checkout_db );
putenv( 'WP_TESTS_CONTENT_DIR=' . sys_get_temp_dir() . '/monsterinsights-reports-tests-' . $monsterinsights_reports_checkout_db );
putenv( 'WP_TESTS_MULTISITE=0' );
putenv( 'WP_TESTS_WOOCOMMERCE=1' );

require $monsterinsights_reports_checkout_root . '/tests/php/bootstrap.php';
require __DIR__ . '/bench/Report.php';
require __DIR__ . '/bench/Bench.php';

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Bench\Report;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

/**
 * One checkout as WooCommerce's classic checkout runs it in the visitor's request, timed: the order
 * created from the cart (WC_Checkout::create_order()), `woocommerce_checkout_order_processed`,
 * and Cash on delivery's payment (the order set processing). The cart is filled before the clock
 * starts (it was filled in earlier requests).
 *
 * @param int[] $products Product ids.
 * @param int   $n        The round (the customer's e-mail).
 * @return float Milliseconds.
 */
function monsterinsights_reports_checkout_round( array $products, int $n ): float {
	$GLOBALS['monsterinsights_reports_checkout_visitor'] = $n + 1;
	WC()->cart->empty_cart();
	foreach ( $products as $i => $product ) {
		WC()->cart->add_to_cart( $product, 1 + $i % 2 );
	}
	$posted  = array(
		'billing_first_name' => 'Sam',
		'billing_last_name'  => 'Shopper',
		'billing_email'      => 'shopper' . $n . '@example.com',
		'billing_country'    => 'US',
		'payment_method'     => 'cod',
	);
	$started = hrtime( true );
	// As WC_Checkout::process_checkout() says it is the checkout.
	wc_maybe_define_constant( 'WOOCOMMERCE_CHECKOUT', true );
	$id    = WC()->checkout()->create_order( $posted );
	$order = wc_get_order( $id );
	do_action( 'woocommerce_checkout_order_processed', $id, $posted, $order ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WooCommerce's own hook, as its checkout fires it.
	$order->update_status( 'processing', 'Payment to be made upon delivery.' );
	return ( hrtime( true ) - $started ) / 1e6;
}

/**
 * The median of some numbers.
 *
 * @param float[] $values Numbers.
 */
function monsterinsights_reports_checkout_median( array $values ): float {
	sort( $values );
	$n = count( $values );
	return 0 === $n ? 0.0 : ( $n % 2 ? $values[ intdiv( $n, 2 ) ] : ( $values[ $n / 2 - 1 ] + $values[ $n / 2 ] ) / 2 );
}

$monsterinsights_reports_checkout_rounds = max( 10, (int) ( $monsterinsights_reports_checkout_options['rounds'] ?? 200 ) );

update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
// Each checkout request's visitor, as the collector keys it (a CLI request has no address): a
// visitor of its own each round, under this day's salt and the day before's.
$GLOBALS['monsterinsights_reports_checkout_visitor'] = 1;
add_filter( 'monsterinsights_reports_shop_visitor_keys', static fn(): array => array( 2 * $GLOBALS['monsterinsights_reports_checkout_visitor'], 2 * $GLOBALS['monsterinsights_reports_checkout_visitor'] + 1 ) );
$monsterinsights_reports_checkout_products = array();
foreach ( array(
	'Mug'   => '12.50',
	'Shirt' => '20.00',
	'Cap'   => '7.00',
) as $monsterinsights_reports_checkout_name => $monsterinsights_reports_checkout_price ) {
	$monsterinsights_reports_checkout_product = new WC_Product_Simple();
	$monsterinsights_reports_checkout_product->set_name( $monsterinsights_reports_checkout_name );
	$monsterinsights_reports_checkout_product->set_regular_price( $monsterinsights_reports_checkout_price );
	$monsterinsights_reports_checkout_product->set_status( 'publish' );
	$monsterinsights_reports_checkout_products[] = $monsterinsights_reports_checkout_product->save();
}

$monsterinsights_reports_checkout_times = array(
	'on'  => array(),
	'off' => array(),
);
for ( $monsterinsights_reports_checkout_i = 0; $monsterinsights_reports_checkout_i < 2 * ( $monsterinsights_reports_checkout_rounds + 10 ); $monsterinsights_reports_checkout_i++ ) {
	$monsterinsights_reports_checkout_on = 0 === $monsterinsights_reports_checkout_i % 2;
	Modules::set( 'woocommerce', $monsterinsights_reports_checkout_on );
	$monsterinsights_reports_checkout_ms = monsterinsights_reports_checkout_round( $monsterinsights_reports_checkout_products, $monsterinsights_reports_checkout_i );
	if ( $monsterinsights_reports_checkout_i >= 20 ) {
		$monsterinsights_reports_checkout_times[ $monsterinsights_reports_checkout_on ? 'on' : 'off' ][] = $monsterinsights_reports_checkout_ms;
	}
}

$monsterinsights_reports_checkout_report = new Report();
$monsterinsights_reports_checkout_on     = monsterinsights_reports_checkout_median( $monsterinsights_reports_checkout_times['on'] );
$monsterinsights_reports_checkout_off    = monsterinsights_reports_checkout_median( $monsterinsights_reports_checkout_times['off'] );
$monsterinsights_reports_checkout_report->row( 'checkout_on', 'WooCommerce checkout with the eCommerce module on, median', round( $monsterinsights_reports_checkout_on, 2 ), 'ms' );
$monsterinsights_reports_checkout_report->row( 'checkout_off', 'the same checkout with the module off, median', round( $monsterinsights_reports_checkout_off, 2 ), 'ms' );
$monsterinsights_reports_checkout_report->row( 'checkout_added', 'what the capture adds to a WooCommerce checkout (on − off)', round( $monsterinsights_reports_checkout_on - $monsterinsights_reports_checkout_off, 2 ), 'ms', array( 'max', 5 ) );
// Every order of the module's rounds was captured, none of the others.
$monsterinsights_reports_checkout_report->row( 'checkout_orders', 'orders the capture wrote, of the module\'s rounds', (int) Db::value( 'SELECT COUNT(*) FROM {shop_orders} WHERE paid_at > 0' ), 'orders', array( 'eq', $monsterinsights_reports_checkout_rounds + 10 ) );
$monsterinsights_reports_checkout_report->table();
if ( isset( $monsterinsights_reports_checkout_options['json'] ) && '' !== $monsterinsights_reports_checkout_options['json'] ) {
	$monsterinsights_reports_checkout_report->write_json( (string) $monsterinsights_reports_checkout_options['json'] );
}
exit( $monsterinsights_reports_checkout_report->failed() ? 1 : 0 );
