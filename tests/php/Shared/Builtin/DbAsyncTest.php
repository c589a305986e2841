<?php
/**
 * Writes sent without waiting for them (Db::insert_rows()'s $async).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Db;
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
}
