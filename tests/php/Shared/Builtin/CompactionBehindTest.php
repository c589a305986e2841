<?php
/**
 * Compaction behind the recomputation of the buffer's days.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Five days brought in by one run with a raw window of two days: each day's raw rows are deleted
 * as soon as its rollups are committed, before the next day's rollups are computed (so the
 * database deletes them while PHP computes), not all at the end of the run; and the numbers are
 * those of the visits.
 */
class CompactionBehindTest extends BuiltinTestCase {

	/**
	 * Statements run, in order.
	 *
	 * @var string[]
	 */
	private array $statements = array();

	/**
	 * The shortest raw window.
	 */
	public function raw_days(): int {
		return Compaction::MIN_DAYS;
	}

	/**
	 * Records a statement.
	 *
	 * @param string $sql The statement.
	 * @return string
	 */
	public function record( $sql ) {
		$this->statements[] = (string) $sql;
		return $sql;
	}

	/**
	 * The buffer lines: on day n of 1–5 March, n visitors with two page views each.
	 *
	 * @return string[]
	 */
	private function lines(): array {
		Hits::reset();
		$lines = array();
		for ( $day = 1; $day <= 5; $day++ ) {
			for ( $visitor = 1; $visitor <= $day; $visitor++ ) {
				$key     = 'v' . $day . '-' . $visitor;
				$at      = sprintf( '2025-03-%02d %02d:00:00', $day, 8 + $visitor );
				$lines[] = Hits::pageview( $key, $at, '/' );
				$lines[] = Hits::pageview( $key, sprintf( '2025-03-%02d %02d:02:00', $day, 8 + $visitor ), '/about/' );
			}
		}
		return $lines;
	}

	/**
	 * Index of the first statement matching a pattern, or -1.
	 *
	 * @param string $pattern A regular expression.
	 */
	private function first( string $pattern ): int {
		foreach ( $this->statements as $index => $sql ) {
			if ( 1 === preg_match( $pattern, $sql ) ) {
				return $index;
			}
		}
		return -1;
	}

	/**
	 * Each day's raw rows go between its rollups and the next day's.
	 */
	public function test_each_day_is_compacted_before_the_next_is_recomputed() {
		add_filter( 'monsterinsights_reports_raw_days', array( $this, 'raw_days' ) );
		add_filter( 'query', array( $this, 'record' ) );
		$result = $this->aggregate( $this->lines() );
		remove_filter( 'query', array( $this, 'record' ) );

		$this->assertSame( array( '2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05' ), $result->days() );
		// The newest session started on the 5th: the cutoff is the 4th.
		$this->assertSame( '2025-03-04', Compaction::compacted_before() );
		$site = preg_quote( Tables::table( 'rollup_site' ), '/' );
		foreach ( array( '01', '02', '03' ) as $day ) {
			$next = sprintf( '%02d', (int) $day + 1 );
			foreach ( array( 'pageviews', 'events', 'sessions' ) as $table ) {
				$delete = $this->first( '/^DELETE FROM `' . preg_quote( Tables::table( $table ), '/' ) . "` WHERE day = '2025-03-" . $day . "'/" );
				$this->assertGreaterThan( $this->first( '/^DELETE FROM `' . $site . "` WHERE day = '2025-03-" . $day . "'/" ), $delete, $table . ' ' . $day . ': after its rollups' );
				$this->assertLessThan( $this->first( '/^DELETE FROM `' . $site . "` WHERE day = '2025-03-" . $next . "'/" ), $delete, $table . ' ' . $day . ': before the next day\'s rollups' );
			}
		}
		foreach ( array( 'sessions', 'pageviews' ) as $table ) {
			$this->assertSame( array( '2025-03-04', '2025-03-05' ), Db::col( 'SELECT DISTINCT day FROM {' . $table . '} ORDER BY day' ), $table );
		}
		// Day n: n sessions, 2n page views, 2n visitors… of which the rollups keep every day.
		$this->assertSame(
			array(
				array( '2025-03-01', '1', '2' ),
				array( '2025-03-02', '2', '4' ),
				array( '2025-03-03', '3', '6' ),
				array( '2025-03-04', '4', '8' ),
				array( '2025-03-05', '5', '10' ),
			),
			Db::lists( 'SELECT day, sessions, pageviews FROM {rollup_site} ORDER BY day' )
		);
	}

	/**
	 * A file left unfinished (the run's time budget) compacts nothing behind its days: the rest of
	 * the file may still hold hits of them.
	 */
	public function test_an_unfinished_file_is_not_compacted_behind() {
		add_filter( 'monsterinsights_reports_raw_days', array( $this, 'raw_days' ) );
		$lines = $this->lines();
		$this->files->add_live( $lines );
		// One chunk of four lines, then the budget is spent.
		$result = $this->aggregator( 4 )->run( 0.000001 );
		$this->assertFalse( $result->complete );
		$this->assertSame( '', Compaction::compacted_before() );
		$this->assertSame( array( '2025-03-01', '2025-03-02' ), Db::col( 'SELECT DISTINCT day FROM {pageviews} ORDER BY day' ) );

		// The next run finishes the file; the 1st and 2nd keep every hit.
		$result = $this->aggregator( 4 )->run();
		$this->assertTrue( $result->complete );
		$this->assertSame( '2025-03-04', Compaction::compacted_before() );
		$this->assertSame( array( '2', '4', '6', '8', '10' ), Db::col( 'SELECT pageviews FROM {rollup_site} ORDER BY day' ) );
	}

	/**
	 * A session whose visitor's key changed during it (its second key in session_next) loses that
	 * key with it when compaction deletes it.
	 */
	public function test_second_keys_go_with_their_sessions() {
		add_filter( 'monsterinsights_reports_raw_days', array( $this, 'raw_days' ) );
		$lines   = $this->lines();
		$lines[] = Hits::pageview( 'before', '2025-03-01 07:00:00', '/' );
		$lines[] = Hits::pageview( 'after', '2025-03-01 07:05:00', '/about/', array( 'vkp' => 'before' ) );
		usort( $lines, static fn( string $a, string $b ): int => json_decode( $a, true )['ts'] <=> json_decode( $b, true )['ts'] );
		$this->aggregate( $lines );

		$this->assertSame( '2025-03-04', Compaction::compacted_before() );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {sessions} WHERE day < %s', array( '2025-03-04' ) ) );
		$this->assertSame( '0', Db::value( 'SELECT COUNT(*) FROM {session_next}' ) );
		$this->assertSame( '2', Db::value( 'SELECT sessions FROM {rollup_site} WHERE day = %s', array( '2025-03-01' ) ) );
	}
}
