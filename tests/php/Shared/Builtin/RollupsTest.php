<?php
/**
 * The rollups computed in PHP equal their SQL reference, row for row.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Rollups;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Three days in Berlin: sources, campaigns, countries, devices, events, new and returning
 * visitors, sessions on past midnight; the third day's event names differ only in case and one
 * has an accent, so its events rollup must be left to the SQL.
 */
class RollupsTest extends BuiltinTestCase {

	private const DAYS = array( '2025-03-10', '2025-03-11', '2025-03-12' );

	/**
	 * The statements the test saw.
	 *
	 * @var string[]
	 */
	private array $queries = array();

	/**
	 * The visits.
	 *
	 * @return string[]
	 */
	private function script(): array {
		Hits::reset();
		$lines = array();
		foreach ( self::DAYS as $n => $date ) {
			$a = 'a' . $n;
			$b = 'b' . $n;
			$c = 'c' . $n;
			array_push(
				$lines,
				Hits::pageview(
					$a,
					$date . ' 09:00:00',
					'/',
					array(
						'r'  => 'https://www.google.com/search?q=x',
						'cc' => 'DE',
					)
				),
				Hits::pageview( $a, $date . ' 09:02:00', '/pricing/', array( 'cc' => 'DE' ) ),
				Hits::event( $a, $date . ' 09:03:00', 'scroll', array( 'percent' => 75 ), array( 'p' => '/pricing/' ) ),
				// The same visitor again after an hour: returning.
				Hits::pageview( $a, $date . ' 10:30:00', '/pricing/', array( 'cc' => 'DE' ) ),
				Hits::pageview(
					$b,
					$date . ' 13:00:00',
					'/blog/',
					array(
						'us' => 'newsletter',
						'um' => 'email',
						'uc' => 'spring',
						'ua' => Hits::IPHONE_SAFARI,
						'cc' => 'FR',
					)
				),
				Hits::event( $b, $date . ' 13:00:30', 'scroll', array( 'percent' => 25 ), array( 'p' => '/blog/' ) ),
				// Visitor c: late in the evening, on past midnight under the next day's key.
				Hits::pageview(
					$c,
					$date . ' 23:50:00',
					'/',
					array(
						'ua' => Hits::MAC_FIREFOX,
						'cc' => 'US',
						'r'  => 'https://news.example.org/item',
					)
				),
				Hits::event( $c, $date . ' 23:55:00', 'outbound_click', array( 'url' => 'https://example.net/' ), array( 'ua' => Hits::MAC_FIREFOX ) )
			);
			$next    = ( new \DateTimeImmutable( $date ) )->modify( '+1 day' )->format( 'Y-m-d' );
			$lines[] = Hits::pageview(
				'c' . ( $n + 1 ),
				$next . ' 00:10:00',
				'/contact/',
				array(
					'vkp' => $c,
					'ua'  => Hits::MAC_FIREFOX,
					'cc'  => 'US',
				)
			);
		}
		// The third day: event names only the case (or an accent) tells apart.
		foreach ( array( 'Signup', 'signup', 'Téléchargement', 'telechargement' ) as $i => $name ) {
			$lines[] = Hits::event( 'a2', '2025-03-12 09:0' . ( 4 + $i ) . ':00', $name, array(), array( 'p' => '/pricing/' ) );
		}
		return $lines;
	}

	/**
	 * Every rollup row of the test's days, in a stable order.
	 *
	 * @return array<string, array<int, array<string, string|null>>>
	 */
	private function rollups(): array {
		$rows = array();
		foreach ( Tables::ROLLUPS as $table ) {
			$rows[ $table ] = $this->table_rows( $table );
		}
		return $rows;
	}

	/**
	 * Records the statements that run.
	 *
	 * @param string $sql A statement.
	 */
	public function record( string $sql ): string {
		$this->queries[] = $sql;
		return $sql;
	}

	/**
	 * The aggregation's rollups equal what the SQL reference writes for the same raw rows; only the
	 * day whose event names may collide ran an INSERT … SELECT, and only for its events.
	 */
	public function test_php_rollups_equal_the_sql_reference() {
		add_filter( 'query', array( $this, 'record' ) );
		$result = $this->aggregate( $this->script() );
		remove_filter( 'query', array( $this, 'record' ) );
		$this->assertSame( array( '2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13' ), $result->days() );

		$selects = array_values( array_filter( $this->queries, static fn( string $sql ): bool => 1 === preg_match( '/^INSERT INTO `\w+mir_rollup_[a-z]+` \(day[^)]*\) SELECT/', $sql ) ) );
		$this->assertCount( 1, $selects );
		$this->assertStringContainsString( 'mir_rollup_events`', $selects[0] );
		$this->assertStringContainsString( "'2025-03-12'", $selects[0] );

		$php = $this->rollups();
		$this->assertCount( 4, $php['rollup_site'] );
		$this->assertSame( 8, count( $php['rollup_events'] ) );

		foreach ( $result->days() as $day ) {
			Rollups::recompute_day_sql( $day );
		}
		$this->assertSame( $this->rollups(), $php );

		// The third day's events, from the SQL: the names that compare equal are one row each.
		$this->assertSame(
			array(
				'outbound_click' => array(
					'events'   => 1,
					'sessions' => 1,
					'visitors' => 1,
				),
				'scroll'         => array(
					'events'   => 2,
					'sessions' => 2,
					'visitors' => 2,
				),
				'signup'         => array(
					'events'   => 2,
					'sessions' => 1,
					'visitors' => 1,
				),
				'telechargement' => array(
					'events'   => 2,
					'sessions' => 1,
					'visitors' => 1,
				),
			),
			$this->rollup( 'rollup_events', '2025-03-12', 'LOWER(REPLACE(r.name, \'é\', \'e\'))', '', array( 'events', 'sessions', 'visitors' ) )
		);
	}

	/**
	 * With a session and a user agent gone (page views whose session is missing count no visitor,
	 * sessions whose user agent is missing count under an empty device), PHP and SQL still agree.
	 */
	public function test_missing_sessions_and_user_agents_as_the_sql_counts_them() {
		$this->aggregate( $this->script() );
		// Visitor c of the first day: their session goes on into the second day.
		$session = (int) Db::value( "SELECT id FROM {sessions} WHERE day = '2025-03-10' AND exit_path_id <> landing_path_id AND ua_id = (SELECT ua_id FROM {sessions} WHERE day = '2025-03-10' ORDER BY started_at DESC LIMIT 1) LIMIT 1" );
		$this->assertGreaterThan( 0, $session );
		$this->assertSame( 1, (int) Db::value( "SELECT COUNT(*) FROM {pageviews} WHERE session_id = %d AND day = '2025-03-11'", array( $session ) ) );
		Db::query( 'DELETE FROM {sessions} WHERE id = %d', array( $session ) );
		Db::query( 'DELETE FROM {user_agents} WHERE id = (SELECT ua_id FROM {sessions} WHERE day = %s AND source_id > 0 ORDER BY started_at LIMIT 1)', array( '2025-03-11' ) );

		foreach ( array( '2025-03-10', '2025-03-11' ) as $day ) {
			Rollups::recompute_day( $day );
		}
		$php = $this->rollups();
		foreach ( array( '2025-03-10', '2025-03-11' ) as $day ) {
			Rollups::recompute_day_sql( $day );
		}
		$this->assertSame( $this->rollups(), $php );
		$devices = array_column( array_filter( $php['rollup_devices'], static fn( array $row ): bool => '2025-03-11' === $row['day'] ), 'browser' );
		$this->assertContains( '', $devices );
	}

	/**
	 * A run reads the sessions of each visitor key once: the chunks after the first find them in
	 * what the run holds. The visitor_next half of a read goes through session_next's index, then
	 * the sessions by primary key, never a scan of either table.
	 */
	public function test_a_run_reads_each_visitor_keys_sessions_once() {
		Hits::reset();
		// A visit an hour before, stored by an earlier run: the keys may have stored sessions.
		$this->aggregate( array( Hits::pageview( 'earlier', '2025-03-10 09:00:00', '/' ) ) );
		$lines = array();
		for ( $i = 0; $i < 40; $i++ ) {
			$minute  = sprintf( '%02d', $i );
			$lines[] = Hits::pageview( 'x', '2025-03-10 10:' . $minute . ':00', '/' );
			$lines[] = Hits::pageview( 'y', '2025-03-10 10:' . $minute . ':30', '/blog/', array( 'vkp' => 'y-before' ) );
		}
		add_filter( 'query', array( $this, 'record' ) );
		$this->aggregate( $lines, 10 );
		remove_filter( 'query', array( $this, 'record' ) );

		// Eight chunks; one read (by visitor and by visitor_next), in the first, of the three keys.
		$this->assertSame( array( 3 ), array_map( 'count', $this->reads() ) );
		$this->assertSame( 3, (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' ) );
		$this->assertSame( array( 1, 40, 40 ), array_map( 'intval', Db::col( 'SELECT pageviews FROM {sessions} ORDER BY id' ) ) );

		$this->queries = array();
		Hits::reset();
		$many = array();
		for ( $i = 0; $i < 150; $i++ ) {
			$many[] = Hits::pageview( 'many' . $i, '2025-03-11 10:00:00', '/' );
		}
		add_filter( 'query', array( $this, 'record' ) );
		$this->aggregate( $many );
		remove_filter( 'query', array( $this, 'record' ) );
		$reads = $this->reads();
		$this->assertSame( array( 150 ), array_map( 'count', $reads ) );
		$read = (string) current( array_filter( $this->queries, static fn( string $sql ): bool => str_contains( $sql, ' WHERE n.visitor_next IN (' ) ) );
		// Second keys of other sessions, as a busy site's raw window holds them.
		Db::insert_rows( 'session_next', array( 'session_id', 'visitor_next' ), array_map( static fn( int $i ): array => array( 100000 + $i, 7 * $i + 1 ), range( 1, 3000 ) ) );
		$plan = Db::rows( 'EXPLAIN ' . substr( $read, strpos( $read, 'SELECT', 10 ) ) );
		$this->assertSame(
			array( array( 'n', 'range', 'visitor_next' ), array( 's', 'eq_ref', 'PRIMARY' ) ),
			array_map( static fn( array $row ): array => array( $row['table'], $row['type'], $row['key'] ), $plan )
		);
		// The sessions by visitor through their index, whatever the table's statistics say.
		$plan = Db::rows( 'EXPLAIN ' . substr( $read, 0, strpos( $read, ' UNION ALL ' ) ) );
		$this->assertSame( array( 'visitor' ), array_values( array_filter( array_column( array_filter( $plan, static fn( array $row ): bool => 's' === $row['table'] ), 'key' ) ) ) );
	}

	/**
	 * The keys of each read of the sessions by visitor key, in order.
	 *
	 * @return array<int, string[]>
	 */
	private function reads(): array {
		$reads = array();
		foreach ( $this->queries as $sql ) {
			if ( 1 === preg_match( '/ FROM `\w+mir_sessions` s(?: FORCE INDEX \(visitor\))? LEFT JOIN `\w+mir_session_next` n ON n.session_id = s.id WHERE s.visitor IN \(([^)]*)\)/', $sql, $match ) ) {
				$this->assertStringContainsString( ' WHERE n.visitor_next IN (' . $match[1] . ')', $sql );
				$reads[] = explode( ',', $match[1] );
			}
		}
		return $reads;
	}
}
