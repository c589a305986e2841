<?php
/**
 * How much an aggregation run compacts.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * A run that brings in twelve days at once (an import, a run after an outage), with a raw window
 * of two days: the ten days before the cutoff are compacted by that run, not five of them, so raw
 * rows never pile up beyond the window.
 */
class CompactionBudgetTest extends BuiltinTestCase {

	/**
	 * The shortest raw window.
	 */
	public function raw_days(): int {
		return Compaction::MIN_DAYS;
	}

	/**
	 * Every raw table keeps only the days from the cutoff on; the rollups keep every day.
	 */
	public function test_a_run_compacts_at_least_the_days_it_brought_in() {
		add_filter( 'monsterinsights_reports_raw_days', array( $this, 'raw_days' ) );
		Hits::reset();
		$lines = array();
		for ( $day = 1; $day <= 12; $day++ ) {
			$date    = sprintf( '2025-03-%02d', $day );
			$lines[] = Hits::pageview( 'v' . $day, $date . ' 10:00:00', '/' );
			$lines[] = Hits::event( 'v' . $day, $date . ' 10:01:00', 'scroll', array( 'percent' => 75 ) );
		}
		$result = $this->aggregate( $lines );
		$this->assertCount( 12, $result->days() );

		// The newest session started on the 12th: the cutoff is the day before.
		$this->assertSame( '2025-03-11', Compaction::compacted_before() );
		foreach ( array( 'sessions', 'pageviews', 'events' ) as $table ) {
			$this->assertSame( array( '2025-03-11', '2025-03-12' ), Db::col( 'SELECT DISTINCT day FROM {' . $table . '} ORDER BY day' ), $table );
		}
		$this->assertSame( 12, (int) Db::value( 'SELECT COUNT(*) FROM {rollup_site}' ) );
		$this->assertSame( 12, (int) Db::value( 'SELECT SUM(pageviews) FROM {rollup_site}' ) );
	}
}
