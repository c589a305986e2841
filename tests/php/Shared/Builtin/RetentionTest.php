<?php
/**
 * Pruning raw rows keeps the rollups.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Retention;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * The retention period counts back from a given time, in site-local days.
 */
class RetentionTest extends BuiltinTestCase {

	/**
	 * Every rollup row.
	 *
	 * @return array<string, mixed>
	 */
	private function rollups(): array {
		$rollups = array();
		foreach ( Tables::ROLLUPS as $table ) {
			$rollups[ $table ] = $this->table_rows( $table );
		}
		return $rollups;
	}

	/**
	 * Rows of a raw table.
	 *
	 * @param string $table Raw table.
	 */
	private function rows_in( string $table ): int {
		return (int) Db::value( 'SELECT COUNT(*) FROM {' . $table . '}' );
	}

	/**
	 * The default period is 25 months; nonsense falls back to it.
	 */
	public function test_months() {
		$this->assertSame( 25, Retention::months() );
		update_option( Retention::OPTION, 3 );
		$this->assertSame( 3, Retention::months() );
		update_option( Retention::OPTION, 0 );
		$this->assertSame( 25, Retention::months() );
	}

	/**
	 * Older days go, newer days stay, the rollups of both stay.
	 */
	public function test_prunes_raw_rows_before_the_cutoff_and_keeps_rollups() {
		$this->aggregate( AggregationTest::script() );
		$rollups = $this->rollups();
		$this->assertSame( 10, $this->rows_in( 'sessions' ) );

		// 25 months before 2027-04-11 12:00 Berlin is 2025-03-11: the 10th goes, the 11th stays.
		$deleted = Retention::prune( Hits::ts( '2027-04-11 12:00:00' ) );

		$this->assertSame(
			array(
				'pageviews' => 10,
				'events'    => 4,
				'sessions'  => 8,
			),
			$deleted
		);
		$this->assertSame( array( '2025-03-11' ), Db::col( 'SELECT DISTINCT day FROM {pageviews}' ) );
		$this->assertSame( array( '2025-03-11', '2025-03-11' ), Db::col( 'SELECT day FROM {sessions}' ) );
		$this->assertSame( 0, $this->rows_in( 'events' ) );
		$this->assertSame( $rollups, $this->rollups() );

		// Later, everything raw is gone; the rollups are still the same.
		Retention::prune( Hits::ts( '2030-01-01 00:00:00' ) );
		foreach ( array( 'pageviews', 'events', 'sessions' ) as $table ) {
			$this->assertSame( 0, $this->rows_in( $table ), $table );
		}
		$this->assertSame( $rollups, $this->rollups() );
	}

	/**
	 * Deletion runs in batches; a limited run leaves the rest for the next one.
	 */
	public function test_deletes_in_batches() {
		$rows = array();
		for ( $i = 0; $i < 2500; $i++ ) {
			$rows[] = array( 1, 1420070400 + $i, '2015-01-01', 0, 1 );
		}
		Db::insert_rows( 'pageviews', array( 'session_id', 'ts', 'day', 'hour', 'path_id' ), $rows );
		Db::insert_rows( 'pageviews', array( 'session_id', 'ts', 'day', 'hour', 'path_id' ), array( array( 1, 1741600000, '2025-03-10', 10, 1 ) ) );

		$batches = 0;
		add_filter(
			'query',
			static function ( $query ) use ( &$batches ) {
				if ( str_starts_with( (string) $query, 'DELETE FROM `' . Tables::table( 'pageviews' ) . '`' ) ) {
					++$batches;
				}
				return $query;
			}
		);

		$first = Retention::prune( Hits::ts( self::NOW ), 2 );
		$this->assertSame( 2000, $first['pageviews'] );
		$this->assertSame( 2, $batches );

		$second = Retention::prune( Hits::ts( self::NOW ) );
		$this->assertSame( 500, $second['pageviews'] );
		$this->assertSame( 1, $this->rows_in( 'pageviews' ) );
	}

	/**
	 * The shop's visitor-keyed rows follow the cutoff: older shop events go, older orders forget
	 * their visitor keys and keep their figures; newer ones stay as they are.
	 */
	public function test_prunes_the_shop_visitor_keys_before_the_cutoff() {
		Db::insert_rows(
			'shop_events',
			array( 'day', 'ts', 'shop', 'visitor', 'type', 'product_id', 'quantity', 'value' ),
			array(
				array( '2025-03-10', 1741600000, 'woocommerce', 77, 'add_to_cart', 5, 1, '10.0000' ),
				array( '2025-03-11', 1741690000, 'woocommerce', 77, 'add_to_cart', 5, 1, '10.0000' ),
			)
		);
		Db::insert_rows(
			'shop_orders',
			array( 'shop', 'order_id', 'day', 'paid_at', 'total', 'visitor', 'visitor_prev', 'source_id' ),
			array(
				array( 'woocommerce', 1, '2025-03-10', 1741600000, '25.0000', 77, 66, 3 ),
				array( 'woocommerce', 2, '2025-03-11', 1741690000, '30.0000', 77, 66, 3 ),
			)
		);

		// 25 months before 2027-04-11 12:00 Berlin is 2025-03-11: the 10th goes, the 11th stays.
		Retention::prune( Hits::ts( '2027-04-11 12:00:00' ) );

		$this->assertSame( array( '2025-03-11' ), Db::col( 'SELECT day FROM {shop_events}' ) );
		// The 10th's events are kept as counts by type and product.
		$this->assertSame(
			array(
				array(
					'day'        => '2025-03-10',
					'type'       => 'add_to_cart',
					'product_id' => '5',
					'events'     => '1',
					'quantity'   => '1',
				),
			),
			Db::rows( 'SELECT day, type, product_id, events, quantity FROM {rollup_shop_events}' )
		);
		$this->assertSame(
			array(
				array(
					'order_id'     => '1',
					'total'        => '25.0000',
					'visitor'      => '0',
					'visitor_prev' => '0',
					'source_id'    => '3',
				),
				array(
					'order_id'     => '2',
					'total'        => '30.0000',
					'visitor'      => '77',
					'visitor_prev' => '66',
					'source_id'    => '3',
				),
			),
			Db::rows( 'SELECT order_id, total, visitor, visitor_prev, source_id FROM {shop_orders} ORDER BY order_id' )
		);
	}
}
