<?php
/**
 * Writes sent without waiting for them (Db::insert_rows()'s $async).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;

/**
 * A write sent without waiting runs in order with every later statement (the plugin's and any
 * other $wpdb query), and its error surfaces in the transaction it belongs to, which rolls back.
 */
class DbAsyncTest extends BuiltinTestCase {

	/**
	 * The next statement sees the row, through Db and through $wpdb alike.
	 */
	public function test_a_write_not_waited_for_is_seen_by_the_next_statement() {
		global $wpdb;
		Db::insert_rows( 'rollup_scroll', array( 'day', 'views', 'depth_sum' ), array( array( '2025-03-10', 3, 150 ) ), false, array(), true );
		// Sent, not waited for: $wpdb's next query will reap it first.
		$this->assertSame( PHP_INT_MIN, has_filter( 'query', array( Db::class, 'reap_before' ) ) );
		$this->assertSame( '3', Db::value( 'SELECT views FROM {rollup_scroll} WHERE day = %s', array( '2025-03-10' ) ) );
		$this->assertFalse( has_filter( 'query', array( Db::class, 'reap_before' ) ) );

		Db::insert_rows( 'rollup_scroll', array( 'day', 'views', 'depth_sum' ), array( array( '2025-03-11', 4, 100 ) ), false, array(), true );
		$this->assertSame( PHP_INT_MIN, has_filter( 'query', array( Db::class, 'reap_before' ) ) );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.NotPrepared -- The test reads what it wrote; a table name of the plugin.
		$this->assertSame( '250', (string) $wpdb->get_var( 'SELECT SUM(depth_sum) FROM ' . Db::sql( '{rollup_scroll}' ) ) );
		$this->assertSame( '', (string) $wpdb->last_error );
		$this->assertFalse( has_filter( 'query', array( Db::class, 'reap_before' ) ) );
	}

	/**
	 * An error of a write not waited for is thrown by the transaction, which rolls back the rows
	 * written before it.
	 */
	public function test_its_error_rolls_the_transaction_back() {
		$before = (int) Db::value( 'SELECT COUNT(*) FROM {rollup_scroll}' );
		try {
			Db::transaction(
				static function (): void {
					Db::insert_rows( 'rollup_scroll', array( 'day', 'views', 'depth_sum' ), array( array( '2025-03-12', 1, 50 ) ) );
					// The same primary key again: a duplicate the database refuses.
					Db::insert_rows( 'rollup_scroll', array( 'day', 'views', 'depth_sum' ), array( array( '2025-03-12', 2, 60 ) ), false, array(), true );
				}
			);
			$this->fail( 'The error did not surface.' );
		} catch ( \RuntimeException $e ) {
			$this->assertStringContainsString( 'Duplicate entry', $e->getMessage() );
		}
		$this->assertSame( $before, (int) Db::value( 'SELECT COUNT(*) FROM {rollup_scroll}' ) );
	}

	/**
	 * Writes sent while another is out wait in a queue and run in the order they were sent: the
	 * second updates the row the first inserted, the third reads as a later statement would.
	 * pump() sends the next one once the one out is answered, never waiting for it.
	 */
	public function test_writes_sent_while_one_is_out_run_in_order() {
		$insert = static function ( int $views, int $depth ): void {
			Db::insert_rows( 'rollup_scroll', array( 'day', 'views', 'depth_sum' ), array( array( '2025-03-13', $views, $depth ) ), false, array( 'views', 'depth_sum' ), true );
		};
		$insert( 1, 10 );
		$insert( 2, 20 );
		$insert( 3, 30 );
		// Each pump sends at most the next one; a few rounds of it leave them all answered or out.
		for ( $i = 0; $i < 50; $i++ ) {
			Db::pump();
			usleep( 2000 );
		}
		$this->assertSame( '3|30', Db::value( "SELECT CONCAT(views, '|', depth_sum) FROM {rollup_scroll} WHERE day = %s", array( '2025-03-13' ) ) );
		$this->assertFalse( has_filter( 'query', array( Db::class, 'reap_before' ) ) );
	}

	/**
	 * A queued write that fails throws when reaped; the writes queued after it never run, and the
	 * transaction rolls back the ones before it.
	 */
	public function test_a_queued_error_drops_the_writes_after_it() {
		$before = (int) Db::value( 'SELECT COUNT(*) FROM {rollup_scroll}' );
		$row    = static function ( string $day, int $views ): void {
			Db::insert_rows( 'rollup_scroll', array( 'day', 'views', 'depth_sum' ), array( array( $day, $views, 0 ) ), false, array(), true );
		};
		try {
			Db::transaction(
				static function () use ( $row ): void {
					$row( '2025-03-14', 1 );
					$row( '2025-03-15', 1 );
					// A duplicate the database refuses, then one that must never be written.
					$row( '2025-03-14', 2 );
					$row( '2025-03-16', 1 );
				}
			);
			$this->fail( 'The error did not surface.' );
		} catch ( \RuntimeException $e ) {
			$this->assertStringContainsString( 'Duplicate entry', $e->getMessage() );
		}
		$this->assertSame( $before, (int) Db::value( 'SELECT COUNT(*) FROM {rollup_scroll}' ) );
		$this->assertFalse( has_filter( 'query', array( Db::class, 'reap_before' ) ) );

		// Nothing is left queued: the next write runs alone.
		$row( '2025-03-16', 5 );
		$this->assertSame( '5', Db::value( 'SELECT views FROM {rollup_scroll} WHERE day = %s', array( '2025-03-16' ) ) );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {rollup_scroll} WHERE day IN (%s, %s)', array( '2025-03-14', '2025-03-15' ) ) );
	}

	/**
	 * Db::write() sends any statement without waiting, behind the writes already out; with the
	 * filter off it runs at once.
	 */
	public function test_write_is_sent_without_waiting_unless_turned_off() {
		Db::insert_rows( 'rollup_scroll', array( 'day', 'views', 'depth_sum' ), array( array( '2025-03-17', 7, 70 ) ), false, array(), true );
		Db::write( 'UPDATE {rollup_scroll} SET views = views + %d WHERE day = %s', array( 1, '2025-03-17' ) );
		$this->assertSame( PHP_INT_MIN, has_filter( 'query', array( Db::class, 'reap_before' ) ) );
		$this->assertSame( '8', Db::value( 'SELECT views FROM {rollup_scroll} WHERE day = %s', array( '2025-03-17' ) ) );

		add_filter( 'monsterinsights_reports_async_writes', '__return_false' );
		Db::write( 'DELETE FROM {rollup_scroll} WHERE day = %s', array( '2025-03-17' ) );
		$this->assertFalse( has_filter( 'query', array( Db::class, 'reap_before' ) ) );
		remove_filter( 'monsterinsights_reports_async_writes', '__return_false' );
		$this->assertNull( Db::value( 'SELECT views FROM {rollup_scroll} WHERE day = %s', array( '2025-03-17' ) ) );
	}
}
