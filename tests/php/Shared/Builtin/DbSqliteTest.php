<?php
/**
 * The aggregation's inserts on the SQLite Database Integration (Db::insert_sqlite()).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\HeldSessions;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.DB.RestrictedClasses.mysql__PDO -- The test reads SQLite's tables directly.

/**
 * On WordPress Playground and Studio the rows go straight to SQLite with prepared statements
 * instead of through the integration's MySQL translation. The real integration (the copy WordPress
 * Playground CLI ships, unpacked by bin/test-php.sh) runs here on two in-memory databases with the
 * plugin's own CREATE TABLE statements: the same rows written through the translation of
 * Db::insert_sql() and through Db::insert_sqlite() leave the same tables, value for value and type
 * for type, with INSERT IGNORE and ON DUPLICATE KEY UPDATE too.
 */
class DbSqliteTest extends TestCase {

	/**
	 * The integration's loader, unpacked from node_modules by bin/test-php.sh.
	 */
	private const LOADER = '/.wp/sqlite-integration/plugin-sqlite-database-integration/wp-includes/database/load.php';

	/**
	 * The database written through the MySQL translation.
	 *
	 * @var \WP_MySQL_On_SQLite
	 */
	private $translated;

	/**
	 * The database written with SQLite's own statements.
	 *
	 * @var \WP_MySQL_On_SQLite
	 */
	private $direct;

	/**
	 * Two empty databases with the plugin's tables, made by the integration from Schema's MySQL.
	 */
	public function set_up() {
		parent::set_up();
		$loader = dirname( __DIR__, 4 ) . self::LOADER;
		$this->assertTrue( extension_loaded( 'pdo_sqlite' ), 'PHP needs pdo_sqlite (bin/setup-system.sh installs it).' );
		$this->assertFileExists( $loader, 'bin/test-php.sh unpacks the SQLite integration from node_modules.' );
		require_once $loader;
		$this->translated = $this->database();
		$this->direct     = $this->database();
	}

	/**
	 * An in-memory database with the plugin's tables, connected as WP_SQLite_DB connects.
	 *
	 * @return \WP_MySQL_On_SQLite
	 */
	private function database() {
		$driver = new \WP_MySQL_On_SQLite( 'mysql-on-sqlite:path=:memory:;dbname=wp' );
		$driver->setAttribute( \PDO::ATTR_STRINGIFY_FETCHES, true );
		foreach ( Tables::definitions() as $create ) {
			$driver->query( $create );
		}
		return $driver;
	}

	/**
	 * Writes the rows both ways.
	 *
	 * @param string                        $table   Schema table name.
	 * @param string[]                      $columns Columns.
	 * @param array<int, array<int, mixed>> $rows    Rows.
	 * @param bool                          $ignore  INSERT IGNORE.
	 * @param string[]                      $update  ON DUPLICATE KEY UPDATE columns.
	 * @return int Rows the direct statements reported.
	 */
	private function insert( string $table, array $columns, array $rows, bool $ignore = false, array $update = array() ): int {
		$this->translated->query( Db::insert_sql( $table, $columns, $rows, $ignore, $update ) );
		return Db::insert_sqlite( $this->direct->get_connection()->get_pdo(), Tables::table( $table ), $columns, $rows, $ignore, $update );
	}

	/**
	 * Every row of a table with the SQLite type of every value (values as text, as WordPress's
	 * connection reads them), in key order.
	 *
	 * @param \WP_MySQL_On_SQLite $database The database.
	 * @param string              $table    Schema table name.
	 * @return array<int, array<int, mixed>>
	 */
	private static function dump( $database, string $table ): array {
		$pdo     = $database->get_connection()->get_pdo();
		$name    = Tables::table( $table );
		$columns = array_column( $pdo->query( 'PRAGMA table_info("' . $name . '")' )->fetchAll( \PDO::FETCH_ASSOC ), 'name' );
		$select  = implode( ', ', array_map( static fn( string $column ): string => '"' . $column . '", typeof("' . $column . '")', $columns ) );
		$order   = implode( ', ', range( 1, 2 * count( $columns ), 2 ) );
		return $pdo->query( 'SELECT ' . $select . ' FROM "' . $name . '" ORDER BY ' . $order )->fetchAll( \PDO::FETCH_NUM );
	}

	/**
	 * Both databases hold the same table, and it is not empty.
	 *
	 * @param string $table Schema table name.
	 * @return array<int, array<int, mixed>> Its rows, as dump() gives them.
	 */
	private function assertSameTable( string $table ): array {
		$rows = self::dump( $this->direct, $table );
		$this->assertNotSame( array(), $rows );
		$this->assertSame( self::dump( $this->translated, $table ), $rows, $table );
		return $rows;
	}

	/**
	 * Sessions, as the aggregation writes them and then rewrites them when a visit goes on (ON
	 * DUPLICATE KEY UPDATE of the mutable columns only): quotes, backslashes, non-ASCII text, empty
	 * strings, a 63-bit visitor key and a number given as text.
	 */
	public function test_sessions_written_then_updated_are_the_same_table() {
		$row   = static function ( int $id, int $pageviews, string $medium, string $city ): array {
			$values = array_fill_keys( HeldSessions::STORED_COLUMNS, 0 );
			return array_values(
				array_merge(
					$values,
					array(
						'id'           => $id,
						'visitor'      => 9223372036854775807 - $id,
						'started_at'   => 1741600800 + $id,
						'last_seen_at' => 1741601400 + $id,
						'day'          => '2025-03-10',
						'hour'         => 9,
						'pageviews'    => $pageviews,
						'duration'     => '42',
						'medium'       => $medium,
						'channel'      => 'Organic Search',
						'click'        => '',
						'country'      => 'DE',
						'region'       => '',
						'city'         => $city,
					)
				)
			);
		};
		$first = array(
			$row( 1, 1, 'organic', 'Köln' ),
			$row( 2, 3, "o'neil \\ \"quoted\"", '' ),
			$row( 3, 2, '', '北京' ),
		);
		$this->assertSame( 3, $this->insert( 'sessions', HeldSessions::STORED_COLUMNS, $first ) );

		// Session 2 goes on; session 4 is new. Only the mutable columns change (medium stays).
		$mutable = array( 'started_at', 'last_seen_at', 'day', 'hour', 'landing_path_id', 'exit_path_id', 'pageviews', 'events', 'interactive', 'duration', 'bounced', 'engaged' );
		$this->insert( 'sessions', HeldSessions::STORED_COLUMNS, array( $row( 2, 5, 'changed', 'x' ), $row( 4, 1, 'referral', 'Zürich' ) ), false, $mutable );

		$rows = $this->assertSameTable( 'sessions' );
		$this->assertCount( 4, $rows );
		$columns = array_flip( HeldSessions::STORED_COLUMNS );
		// Row 2 (index 1): 5 page views, its medium and city as first written.
		$this->assertSame( array( '5', 'integer' ), array_slice( $rows[1], 2 * $columns['pageviews'], 2 ) );
		$this->assertSame( "o'neil \\ \"quoted\"", $rows[1][ 2 * $columns['medium'] ] );
		$this->assertSame( '', $rows[1][ 2 * $columns['city'] ] );
		$this->assertSame( array( '9223372036854775805', 'integer' ), array_slice( $rows[1], 2 * $columns['visitor'], 2 ) );
		// A number given as text is stored as the integer column's integer, both ways.
		$this->assertSame( array( '42', 'integer' ), array_slice( $rows[0], 2 * $columns['duration'], 2 ) );
	}

	/**
	 * A lookup (INSERT IGNORE on its unique hash): a value already stored keeps its id and row, a
	 * new value gets a later id.
	 */
	public function test_lookup_insert_ignore_keeps_existing_rows_and_numbers_new_ones_alike() {
		$columns = array( 'hash', 'path', 'object_id' );
		$path    = static fn( string $path, int $object ): array => array( md5( $path ), $path, $object );
		$this->assertSame( 2, $this->insert( 'paths', $columns, array( $path( '/', 0 ), $path( '/about/', 7 ) ), true ) );
		$this->assertSame( 1, $this->insert( 'paths', $columns, array( $path( '/about/', 99 ), $path( '/pricing/?a=1&b=\'2\'', 12 ) ), true ) );

		$rows = $this->assertSameTable( 'paths' );
		$this->assertSame(
			array( array( '/', '0' ), array( '/about/', '7' ), array( '/pricing/?a=1&b=\'2\'', '12' ) ),
			array_map( static fn( array $row ): array => array( $row[4], $row[6] ), $rows )
		);
		// The stored values keep their ids; the new one comes after them (an ignored row may use up
		// an id, as on InnoDB).
		$this->assertSame( array( '1', '2' ), array( $rows[0][0], $rows[1][0] ) );
		$this->assertGreaterThan( 2, (int) $rows[2][0] );
	}

	/**
	 * A day's rollup of more rows than one SQLite statement takes (1,000 rows a statement): every
	 * row arrives, in both databases alike.
	 */
	public function test_many_rows_in_several_statements() {
		$columns = array( 'day', 'path_id', 'pageviews', 'visitors', 'entrances', 'bounces', 'exits' );
		$rows    = array();
		for ( $path = 1; $path <= 2345; $path++ ) {
			$rows[] = array_merge( array( '2025-03-10', $path ), array_map( static fn( int $n ): int => $path * $n, range( 1, count( $columns ) - 2 ) ) );
		}
		$this->assertSame( 2345, $this->insert( 'rollup_pages', $columns, $rows ) );

		$dumped = $this->assertSameTable( 'rollup_pages' );
		$this->assertCount( 2345, $dumped );
		$this->assertSame( array( '2025-03-10', 'text', '2345', 'integer', '2345', 'integer' ), array_slice( $dumped[2344], 0, 6 ) );
	}

	/**
	 * The cursor row, replaced on its text key: one row, the last position.
	 */
	public function test_cursor_upsert_on_a_text_key() {
		$columns = array( 'file', 'position', 'days' );
		$this->insert( 'cursors', $columns, array( array( 'claimed-1.php', 10, '' ) ), false, array( 'position' ) );
		$this->insert( 'cursors', $columns, array( array( 'claimed-1.php', 25, 'ignored' ) ), false, array( 'position' ) );

		$this->assertSame( array( array( 'claimed-1.php', 'text', '25', 'integer', '', 'text' ) ), $this->assertSameTable( 'cursors' ) );
	}

	/**
	 * A second row with the same key, without IGNORE or UPDATE, is an error, as on MySQL, and
	 * writes nothing of its statement.
	 */
	public function test_a_duplicate_key_is_an_error_and_writes_nothing() {
		$pdo = $this->direct->get_connection()->get_pdo();
		Db::insert_sqlite( $pdo, Tables::table( 'cursors' ), array( 'file', 'position', 'days' ), array( array( 'a', 1, '' ) ) );

		try {
			Db::insert_sqlite( $pdo, Tables::table( 'cursors' ), array( 'file', 'position', 'days' ), array( array( 'b', 2, '' ), array( 'a', 3, '' ) ) );
			$this->fail( 'A duplicate key must throw.' );
		} catch ( \RuntimeException $error ) {
			$this->assertStringStartsWith( 'Database error: ', $error->getMessage() );
		}
		$this->assertSame( array( array( 'a', 'text', '1', 'integer', '', 'text' ) ), self::dump( $this->direct, 'cursors' ) );
	}

	/**
	 * Db::insert_rows() finds the integration's connection under $wpdb (its get_driver()) and
	 * writes there, in the transaction the integration opened on it; with WordPress's MySQL wpdb
	 * there is none.
	 */
	public function test_insert_rows_writes_through_the_integrations_connection() {
		global $wpdb;
		$this->assertNull( Db::on_sqlite() );

		$driver = $this->direct;
		$saved  = $wpdb;
		// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- Restored below.
		$wpdb = new class( $driver, $saved->prefix ) {
			/**
			 * The table prefix, as wpdb has it.
			 *
			 * @var string
			 */
			public $prefix;

			/**
			 * The integration's driver.
			 *
			 * @var \WP_MySQL_On_SQLite
			 */
			private $driver;

			/**
			 * Keeps the driver.
			 *
			 * @param \WP_MySQL_On_SQLite $driver The driver.
			 * @param string              $prefix The prefix.
			 */
			public function __construct( $driver, string $prefix ) {
				$this->driver = $driver;
				$this->prefix = $prefix;
			}

			/**
			 * The driver, as WP_SQLite_DB::get_driver() gives it.
			 *
			 * @return \WP_MySQL_On_SQLite
			 */
			public function get_driver() {
				return $this->driver;
			}
		};
		try {
			$this->assertSame( $driver->get_connection()->get_pdo(), Db::on_sqlite() );
			$driver->query( 'START TRANSACTION' );
			$this->assertSame( 1, Db::insert_rows( 'cursors', array( 'file', 'position', 'days' ), array( array( 'rolled-back', 5, '' ) ) ) );
			$driver->query( 'ROLLBACK' );
			$this->assertSame( 1, Db::insert_rows( 'cursors', array( 'file', 'position', 'days' ), array( array( 'kept', 6, '' ) ) ) );
		} finally {
			// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- Restored.
			$wpdb = $saved;
		}
		$this->assertSame( array( array( 'kept', 'text', '6', 'integer', '', 'text' ) ), self::dump( $this->direct, 'cursors' ) );
	}
}
