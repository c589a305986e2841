<?php
/**
 * Rows read with integer columns as integers (Db::int_lists()).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;

/**
 * The aggregation's large reads get integers from the driver, text as text; $wpdb's connection
 * gives WordPress and every other plugin strings again right after, as it always did.
 */
class DbIntListsTest extends BuiltinTestCase {

	/**
	 * Integer columns as integers, text columns as strings, NULL-free, in column order; the next
	 * query on $wpdb, and Db::lists(), read strings.
	 */
	public function test_integers_for_this_read_only() {
		global $wpdb;
		Db::insert_rows(
			'sessions',
			array( 'id', 'visitor', 'started_at', 'last_seen_at', 'day', 'hour', 'pageviews', 'medium', 'country' ),
			array( array( 41, 1152921504606846975, 1741600800, 1741601400, '2025-03-10', 9, 3, 'organic', 'DE' ) )
		);

		$rows = Db::int_lists( 'SELECT id, visitor, day, hour, pageviews, medium, country FROM {sessions} WHERE id = %d', array( 41 ), array( 2, 5, 6 ) );

		$this->assertSame( array( array( 41, 1152921504606846975, '2025-03-10', 9, 3, 'organic', 'DE' ) ), $rows );
		// The driver's option is unset again: strings, as $wpdb has always returned them.
		$this->assertSame( array( array( '41', '3' ) ), Db::lists( 'SELECT id, pageviews FROM {sessions} WHERE id = %d', array( 41 ) ) );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- The test checks $wpdb's own connection.
		$this->assertSame( '7', $wpdb->get_var( 'SELECT 3 + 4' ) );
		$this->assertSame( array( 'id' => '41' ), Db::rows( 'SELECT id FROM {sessions} WHERE id = %d', array( 41 ) )[0] );
	}

	/**
	 * A failed read throws, and leaves $wpdb's connection giving strings.
	 */
	public function test_a_failed_read_leaves_the_connection_as_it_was() {
		global $wpdb;
		try {
			Db::int_lists( 'SELECT no_such_column FROM {sessions}' );
			$this->fail( 'The error did not surface.' );
		} catch ( \RuntimeException $e ) {
			$this->assertStringContainsString( 'no_such_column', $e->getMessage() );
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- The test checks $wpdb's own connection.
		$this->assertSame( '7', $wpdb->get_var( 'SELECT 3 + 4' ) );
	}
}
