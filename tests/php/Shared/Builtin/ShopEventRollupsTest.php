<?php
/**
 * The shop events' daily rollup (Shop\EventRollups).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\EventRollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Events;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;

/**
 * Add to cart events on five days ending today: 2 five days ago, 3 three days ago, 4 yesterday, 5
 * today (quantities 1 each, plus one of 3 units three days ago).
 */
class ShopEventRollupsTest extends BuiltinTestCase {

	/**
	 * Records the events.
	 */
	protected function set_up() {
		parent::set_up();
		$noon = strtotime( 'today 12:00', time() );
		foreach ( array(
			5 => 2,
			3 => 3,
			1 => 4,
			0 => 5,
		) as $back => $count ) {
			for ( $i = 0; $i < $count; $i++ ) {
				Events::record( 'woocommerce', Events::ADD_TO_CART, 100 + $i, $noon - $back * DAY_IN_SECONDS, 7, 1, '5' );
			}
		}
		Events::record( 'woocommerce', Events::ADD_TO_CART, 99, $noon - 3 * DAY_IN_SECONDS, 8, 3, '15' );
	}

	/**
	 * The rollup's rows: day, product, events, quantity.
	 *
	 * @return array<int, array<int, string>>
	 */
	private function rolled(): array {
		return array_map( 'array_values', Db::rows( 'SELECT day, product_id, events, quantity FROM {rollup_shop_events} ORDER BY day, product_id' ) );
	}

	/**
	 * After an aggregation run the days that ended before yesterday are rolled up, once; yesterday
	 * and today stay raw; the add to carts of the range are the same read either way.
	 */
	public function test_complete_days_are_rolled_up_once(): void {
		$day   = static fn( int $back ): string => wp_date( 'Y-m-d', strtotime( 'today 12:00', time() ) - $back * DAY_IN_SECONDS );
		$range = new DateRange( new \DateTimeImmutable( $day( 6 ), wp_timezone() ), new \DateTimeImmutable( $day( 0 ), wp_timezone() ) );
		$ask   = static fn(): array => ( new BuiltinSource() )->run( new Query( array( Metric::ADD_TO_CARTS, Metric::ITEMS_ADDED_TO_CART ), array(), $range ) )->totals;
		$this->assertSame( array( 15, 17 ), array_values( $ask() ) );

		EventRollups::on_aggregated();
		$expected = array(
			array( $day( 5 ), '7', '2', '2' ),
			array( $day( 3 ), '7', '3', '3' ),
			array( $day( 3 ), '8', '1', '3' ),
		);
		$this->assertSame( $expected, $this->rolled() );
		EventRollups::on_aggregated();
		$this->assertSame( $expected, $this->rolled() );
		// The rolled-up days from the rollup, the later ones from the events: the same figures.
		$this->assertSame( array( 15, 17 ), array_values( $ask() ) );
	}
}
