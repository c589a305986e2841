<?php
/**
 * Schema version 3: landing pages count their sessions' page views and new sessions.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * The aggregation fills the two counters; the upgrade from version 2 (rows whose counters are 0)
 * recomputes every day that still has raw rows, monthly twins included, once.
 */
class SchemaV3Test extends BuiltinTestCase {

	/**
	 * Two sessions land on "/" on 10 March (2 pages, new; then 1 page, returning), one on
	 * "/about/" on 11 March (1 page, new).
	 */
	private function visits(): void {
		Hits::reset();
		$this->aggregate(
			array(
				Hits::pageview( 'a', '2025-03-10 09:00:00', '/' ),
				Hits::pageview( 'a', '2025-03-10 09:02:00', '/about/' ),
				Hits::pageview( 'a', '2025-03-10 10:00:00', '/' ),
				Hits::pageview( 'b', '2025-03-11 12:00:00', '/about/' ),
			)
		);
	}

	/**
	 * The counters of each landing page, daily and monthly.
	 *
	 * @return array<string, array<string, int>>
	 */
	private function landing(): array {
		$only = array( 'entrances', 'entrance_pageviews', 'new_entrances' );
		$join = 'JOIN {paths} p ON p.id = r.path_id';
		return array(
			'10' => $this->rollup( 'rollup_pages', '2025-03-10', 'p.path', $join, $only ),
			'11' => $this->rollup( 'rollup_pages', '2025-03-11', 'p.path', $join, $only ),
			'm'  => $this->rollup( 'rollup_pages_m', '2025-03-01', 'p.path', $join, $only ),
		);
	}

	/**
	 * What the aggregation writes, and what the upgrade restores.
	 */
	public function test_counters_and_upgrade_from_version_2(): void {
		$this->visits();
		$expected = array(
			'10' => array(
				'/'       => array(
					'entrances'          => 2,
					'entrance_pageviews' => 3,
					'new_entrances'      => 1,
				),
				'/about/' => array(
					'entrances'          => 0,
					'entrance_pageviews' => 0,
					'new_entrances'      => 0,
				),
			),
			'11' => array(
				'/about/' => array(
					'entrances'          => 1,
					'entrance_pageviews' => 1,
					'new_entrances'      => 1,
				),
			),
			'm'  => array(
				'/'       => array(
					'entrances'          => 2,
					'entrance_pageviews' => 3,
					'new_entrances'      => 1,
				),
				'/about/' => array(
					'entrances'          => 1,
					'entrance_pageviews' => 1,
					'new_entrances'      => 1,
				),
			),
		);
		$this->assertSame( $expected, $this->landing() );

		// A version 2 site: the columns are there (dbDelta adds them) but hold nothing.
		Db::query( 'UPDATE {rollup_pages} SET entrance_pageviews = 0, new_entrances = 0 WHERE day >= %s', array( '2000-01-01' ) );
		Db::query( 'UPDATE {rollup_pages_m} SET entrance_pageviews = 0, new_entrances = 0 WHERE day >= %s', array( '2000-01-01' ) );
		update_option( Tables::VERSION_OPTION, 2, false );
		$this->assertTrue( Tables::needs_migration() );

		Migrations::migrate();

		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		$this->assertFalse( Tables::needs_migration() );
		$this->assertSame( $expected, $this->landing() );
	}
}
