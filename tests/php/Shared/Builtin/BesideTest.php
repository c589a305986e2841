<?php
/**
 * The second connection.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Storage\Beside;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;

/**
 * Statements sent beside $wpdb's connection run on a connection of their own, committed on their
 * own, in order; a failed one is counted and the next still runs. Inside a transaction the caller
 * holds (the harness's), they run on $wpdb's connection instead.
 */
class BesideTest extends BuiltinTestCase {

	/**
	 * The option the second connection writes (outside the test's transaction, so removed by hand).
	 */
	private const OPTION = 'mir_beside_probe';

	/**
	 * Removes the probe, committed, once the test's transaction (and the shared lock its locking
	 * read took) is rolled back.
	 */
	protected function tear_down() {
		global $wpdb;
		parent::tear_down();
		add_filter( 'monsterinsights_reports_nested_transaction', '__return_false', 99 );
		Beside::send( 'DELETE FROM `' . $wpdb->options . '` WHERE option_name = %s', array( self::OPTION ) );
		$failed = Beside::wait();
		remove_filter( 'monsterinsights_reports_nested_transaction', '__return_false', 99 );
		$this->assertSame( 0, $failed );
	}

	/**
	 * The probe's value as committed (a locking read sees past the test's snapshot), or null.
	 */
	private function committed(): ?string {
		return Db::value( 'SELECT option_value FROM `' . $GLOBALS['wpdb']->options . '` WHERE option_name = %s LOCK IN SHARE MODE', array( self::OPTION ) );
	}

	/**
	 * On its own connection: committed at once, while the test's transaction holds its own.
	 */
	public function test_statements_run_on_a_second_connection_in_order() {
		global $wpdb;
		add_filter( 'monsterinsights_reports_nested_transaction', '__return_false', 99 );
		$this->assertTrue( Beside::separate() );
		$options = '`' . $wpdb->options . '`';
		Beside::send( 'INSERT INTO ' . $options . " (option_name, option_value, autoload) VALUES (%s, 'one', 'off')", array( self::OPTION ) );
		Beside::send( 'UPDATE ' . $options . ' SET option_value = CONCAT(option_value, %s) WHERE option_name = %s', array( ' two', self::OPTION ) );
		Beside::send( 'UPDATE no_such_table SET x = 1' );
		Beside::send( 'UPDATE ' . $options . ' SET option_value = CONCAT(option_value, %s) WHERE option_name = %s', array( ' three', self::OPTION ) );
		$this->assertSame( 1, Beside::wait(), 'the statement on a missing table failed' );
		$this->assertSame( 0, Beside::wait(), 'counted once' );

		// Committed by the second connection: the test's own rollback will not remove it.
		$this->assertSame( 'one two three', $this->committed() );
	}

	/**
	 * Inside the caller's transaction, on $wpdb's connection, in order with its own statements.
	 */
	public function test_inside_a_transaction_statements_run_on_wpdbs_connection() {
		$this->assertFalse( Beside::separate() );
		Db::query( "INSERT INTO {cursors} (file, position, days) VALUES ('probe', 1, '')" );
		Beside::send( 'UPDATE {cursors} SET position = position + 1 WHERE file = %s', array( 'probe' ) );
		$this->assertSame( 0, Beside::wait() );
		// Uncommitted, in the test's transaction: only this connection sees it.
		$this->assertSame( '2', Db::value( 'SELECT position FROM {cursors} WHERE file = %s', array( 'probe' ) ) );
	}
}
