<?php
/**
 * A crash in the middle of an aggregation loses and double-counts nothing.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\HeldSessions;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;

/**
 * Runs the ground-truth script cleanly and records every table; then empties the tables, crashes
 * a run part-way (between chunks, and inside a chunk after some of its writes), runs again, and
 * compares every table with the clean run.
 */
class CrashSafetyTest extends BuiltinTestCase {

	/**
	 * Lines per chunk: the script spans 8 chunks.
	 */
	private const CHUNK = 3;

	/**
	 * Every table's rows, without ids (lookup ids may differ: rows are compared by value, and raw
	 * rows through their lookups).
	 *
	 * @return array<string, mixed>
	 */
	private function snapshot(): array {
		$snapshot = array(
			'sessions'  => $this->sessions(),
			'pageviews' => Db::rows( 'SELECT v.ts, v.day, v.hour, p.path, s.started_at AS session_start, s.visitor FROM {pageviews} v JOIN {paths} p ON p.id = v.path_id JOIN {sessions} s ON s.id = v.session_id ORDER BY v.ts, p.path, s.visitor' ),
			'events'    => Db::rows( 'SELECT e.ts, e.day, e.name, e.props, p.path, s.started_at AS session_start, s.visitor FROM {events} e JOIN {paths} p ON p.id = e.path_id JOIN {sessions} s ON s.id = e.session_id ORDER BY e.ts, e.name, p.path, s.visitor' ),
		);
		foreach ( $snapshot['sessions'] as &$session ) {
			unset( $session['id'], $session['landing_path_id'], $session['exit_path_id'], $session['source_id'], $session['campaign_id'], $session['ua_id'] );
		}
		unset( $session );
		$snapshot['rollup_site']      = $this->table_rows( 'rollup_site' );
		$snapshot['rollup_hours']     = $this->table_rows( 'rollup_hours' );
		$snapshot['rollup_pages']     = Db::rows( 'SELECT p.path, r.* FROM {rollup_pages} r JOIN {paths} p ON p.id = r.path_id ORDER BY r.day, p.path' );
		$snapshot['rollup_sources']   = Db::rows( 'SELECT s.name, r.* FROM {rollup_sources} r JOIN {sources} s ON s.id = r.source_id ORDER BY r.day, s.name, r.medium' );
		$snapshot['rollup_campaigns'] = Db::rows( 'SELECT c.hash, r.* FROM {rollup_campaigns} r JOIN {campaigns} c ON c.id = r.campaign_id ORDER BY r.day, c.hash' );
		$snapshot['rollup_countries'] = $this->table_rows( 'rollup_countries' );
		$snapshot['rollup_devices']   = $this->table_rows( 'rollup_devices' );
		$snapshot['rollup_events']    = $this->table_rows( 'rollup_events' );
		foreach ( array( 'rollup_pages', 'rollup_sources', 'rollup_campaigns' ) as $table ) {
			foreach ( $snapshot[ $table ] as &$row ) {
				unset( $row['path_id'], $row['source_id'], $row['campaign_id'] );
			}
			unset( $row );
		}
		return $snapshot;
	}

	/**
	 * The tables after a clean run of the script, then emptied again.
	 *
	 * @return array<string, mixed>
	 */
	private function clean_run(): array {
		$this->aggregate( AggregationTest::script(), self::CHUNK );
		$clean = $this->snapshot();
		$this->assertCount( 10, $clean['sessions'] );
		foreach ( Tables::TABLES as $table ) {
			Db::query( 'DELETE FROM {' . $table . '}' );
		}
		return $clean;
	}

	/**
	 * A crash between two chunks (the process dies after chunk 2 committed): the file stays
	 * claimed; the next run skips what is stored and finishes; every table matches a clean run.
	 */
	public function test_crash_between_chunks_then_rerun_equals_a_clean_run() {
		$clean = $this->clean_run();

		$crash = static function ( int $index ): void {
			if ( 2 === $index ) {
				throw new \RuntimeException( 'simulated crash' );
			}
		};
		add_action( 'monsterinsights_reports_chunk_committed', $crash );
		$released = count( $this->files->released );
		$this->files->add_live( AggregationTest::script() );
		try {
			$this->aggregator( self::CHUNK )->run();
			$this->fail( 'The crash did not happen.' );
		} catch ( \RuntimeException $e ) {
			$this->assertSame( 'simulated crash', $e->getMessage() );
		}
		remove_action( 'monsterinsights_reports_chunk_committed', $crash );

		// Half-way: three chunks are stored, the file is still claimed, no rollup yet.
		$this->assertCount( 1, $this->files->claimed() );
		$this->assertCount( $released, $this->files->released );
		$this->assertGreaterThan( 0, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
		$this->assertLessThan( 13, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {rollup_site}' ) );

		$result = $this->aggregator( self::CHUNK )->run()->to_array();

		$this->assertSame( $clean, $this->snapshot() );
		$this->assertSame( 1, $result['files'] );
		$this->assertSame( array(), $this->files->claimed() );
		$this->assertSame( 13, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ), 'every page view once' );
	}

	/**
	 * A crash inside a chunk, after its sessions were written and before its page views: the chunk
	 * is rolled back as a whole; the rerun matches a clean run.
	 */
	public function test_crash_inside_a_chunk_rolls_it_back() {
		$clean = $this->clean_run();

		$inserts = 0;
		$crash   = static function ( $query ) use ( &$inserts ) {
			if ( str_starts_with( (string) $query, 'INSERT INTO `' . Tables::table( 'pageviews' ) . '`' ) && 4 === ++$inserts ) {
				throw new \RuntimeException( 'simulated crash' );
			}
			return $query;
		};
		add_filter( 'query', $crash, 1 );
		$this->files->add_live( AggregationTest::script() );
		try {
			$this->aggregator( self::CHUNK )->run();
			$this->fail( 'The crash did not happen.' );
		} catch ( \RuntimeException $e ) {
			$this->assertSame( 'simulated crash', $e->getMessage() );
		}
		remove_filter( 'query', $crash, 1 );

		// Every stored session has its hits: nothing of the crashed chunk survived.
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {sessions} s WHERE s.pageviews + s.events > (SELECT COUNT(*) FROM {pageviews} v WHERE v.session_id = s.id) + (SELECT COUNT(*) FROM {events} e WHERE e.session_id = s.id)' ) );

		$this->aggregator( self::CHUNK )->run();

		$this->assertSame( $clean, $this->snapshot() );
	}

	/**
	 * A database error in a chunk's last write, the events (sent without waiting for it, while the
	 * next chunk is parsed): it surfaces before the chunk's cursor is written, the chunk is rolled
	 * back as a whole, and the rerun matches a clean run.
	 */
	public function test_an_error_of_a_write_not_waited_for_rolls_the_chunk_back() {
		$clean = $this->clean_run();

		$inserts = 0;
		$cursors = array();
		$fail    = static function ( $query ) use ( &$inserts, &$cursors ) {
			$events = 'INSERT INTO `' . Tables::table( 'events' ) . '`';
			if ( str_starts_with( (string) $query, $events ) && 2 === ++$inserts ) {
				// A table that does not exist: the database refuses it, PHP learns it when it reaps.
				return str_replace( $events, 'INSERT INTO `' . Tables::table( 'events' ) . '_missing`', (string) $query );
			}
			if ( str_starts_with( (string) $query, 'INSERT INTO `' . Tables::table( 'cursors' ) . '`' ) ) {
				$cursors[] = $inserts;
			}
			return $query;
		};
		add_filter( 'query', $fail, 1 );
		$this->files->add_live( AggregationTest::script() );
		try {
			$this->aggregator( self::CHUNK )->run();
			$this->fail( 'The error did not surface.' );
		} catch ( \RuntimeException $e ) {
			$this->assertStringContainsString( '_missing', $e->getMessage() );
		}
		remove_filter( 'query', $fail, 1 );

		// No cursor was written after the failed write (each chunk writes the file's and the
		// session ids' cursors), and nothing of its chunk survived.
		$this->assertNotContains( 2, $cursors );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {sessions} s WHERE s.pageviews + s.events > (SELECT COUNT(*) FROM {pageviews} v WHERE v.session_id = s.id) + (SELECT COUNT(*) FROM {events} e WHERE e.session_id = s.id)' ) );
		$this->assertSame( 1, (int) Db::value( 'SELECT COUNT(DISTINCT session_id) FROM {events}' ) );

		$this->aggregator( self::CHUNK )->run();

		$this->assertSame( $clean, $this->snapshot() );
	}

	/**
	 * A crash after every chunk committed but before the rollups: the rerun reads the file again,
	 * skips every hit, and still recomputes the days.
	 */
	public function test_crash_before_the_rollups_is_repaired() {
		$clean = $this->clean_run();

		$crash = static function ( $query ) {
			if ( str_starts_with( (string) $query, 'DELETE FROM `' . Tables::table( 'rollup_site' ) . '`' ) ) {
				throw new \RuntimeException( 'simulated crash' );
			}
			return $query;
		};
		add_filter( 'query', $crash, 1 );
		$this->files->add_live( AggregationTest::script() );
		try {
			$this->aggregator( self::CHUNK )->run();
			$this->fail( 'The crash did not happen.' );
		} catch ( \RuntimeException $e ) {
			$this->assertSame( 'simulated crash', $e->getMessage() );
		}
		remove_filter( 'query', $crash, 1 );
		$this->assertSame( 13, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {rollup_site}' ) );

		$result = $this->aggregator( self::CHUNK )->run()->to_array();

		$this->assertSame( 0, $result['processed'] );
		$this->assertSame( array( '2025-03-10', '2025-03-11' ), $result['days'] );
		$this->assertSame( $clean, $this->snapshot() );
	}

	/**
	 * A file whose release failed after it was processed is not processed again: its cursor is at
	 * its end.
	 */
	public function test_a_processed_file_left_behind_is_not_counted_twice() {
		$clean = $this->clean_run();

		$this->files->add_claimed( AggregationTest::script() );
		$this->files->fail_release = true;
		try {
			$this->aggregator( self::CHUNK )->run();
			$this->fail( 'The crash did not happen.' );
		} catch ( \RuntimeException $e ) {
			$this->assertSame( 'simulated crash before release', $e->getMessage() );
		}
		$this->assertSame( $clean, $this->snapshot() );
		$this->assertCount( 1, $this->files->claimed() );

		$result = $this->aggregator()->run()->to_array();

		$this->assertSame( 0, $result['processed'] );
		$this->assertSame( 1, $result['files'] );
		$this->assertSame( array(), $this->files->claimed() );
		$this->assertSame( $clean, $this->snapshot() );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {cursors} WHERE file <> %s', array( HeldSessions::NEXT_ID ) ), 'the cursor goes with its file' );
	}

	/**
	 * A time budget stops between chunks and leaves the file claimed; the next run finishes it.
	 */
	public function test_a_time_budget_leaves_the_rest_for_the_next_run() {
		$clean = $this->clean_run();

		$this->files->add_live( AggregationTest::script() );
		$first = $this->aggregator( self::CHUNK )->run( 0.000001 )->to_array();

		$this->assertFalse( $first['complete'] );
		$this->assertSame( 3, $first['lines'] );
		$this->assertCount( 1, $this->files->claimed() );

		$second = $this->aggregator( self::CHUNK )->run()->to_array();

		$this->assertTrue( $second['complete'] );
		$this->assertSame( $clean, $this->snapshot() );
	}

	/**
	 * Files an earlier run left are processed first, oldest first, then the live buffer.
	 */
	public function test_left_over_files_come_first() {
		$old   = $this->files->add_claimed( array_slice( AggregationTest::script(), 0, 5 ) );
		$older = $this->files->claimed();
		$this->files->add_live( array_slice( AggregationTest::script(), 5 ) );

		$result = $this->aggregator()->run()->to_array();

		$this->assertSame( array( $old ), $older );
		$this->assertSame( $old, $this->files->released[0] );
		$this->assertCount( 2, $this->files->released );
		$this->assertSame( 2, $result['files'] );
		$this->assertSame( 17, $result['processed'] );
	}

	/**
	 * A second run while one holds the lock does nothing and says so.
	 */
	public function test_runs_never_overlap() {
		$this->files->add_live( AggregationTest::script() );
		$inner = null;
		add_action(
			'monsterinsights_reports_chunk_committed',
			function () use ( &$inner ): void {
				if ( null === $inner ) {
					$inner = $this->aggregator()->run();
				}
			}
		);

		$outer = $this->aggregator( self::CHUNK )->run();

		$this->assertNotNull( $inner );
		$this->assertTrue( $inner->locked );
		$this->assertSame( 0, $inner->lines );
		$this->assertFalse( $outer->locked );
		$this->assertSame( 17, $outer->processed );
		$this->assertNull( Db::value( 'SELECT option_value FROM ' . $GLOBALS['wpdb']->options . ' WHERE option_name = %s', array( Aggregator::LOCK ) ), 'the lock is released' );
	}
}
