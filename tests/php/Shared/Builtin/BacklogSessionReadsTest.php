<?php
/**
 * Which visitor keys a run looks up in the sessions table.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * A run after an outage brings a week of hits at once. A visitor key is salted per day, so a key
 * first used more than three days after the last stored hit has no stored session: the run looks
 * up only the keys of its first days, and still continues the session that was open.
 */
class BacklogSessionReadsTest extends BuiltinTestCase {

	/**
	 * The visitor keys each lookup of stored sessions asked for.
	 *
	 * @var array<int, int[]>
	 */
	private array $lookups = array();

	/**
	 * Records the keys of a lookup of stored sessions (HeldSessions::stored_sessions()).
	 *
	 * @param string $sql A statement.
	 * @return string
	 */
	public function record( $sql ) {
		$prefix = 'FROM `' . Tables::table( 'sessions' ) . '` s';
		if ( str_contains( (string) $sql, $prefix ) && 1 === preg_match( '/ LEFT JOIN .* WHERE s\.visitor IN \(([0-9, ]+)\)/', (string) $sql, $match ) ) {
			$this->lookups[] = array_map( 'intval', explode( ',', $match[1] ) );
		}
		return $sql;
	}

	/**
	 * The first run stores a visit ending on 1 March at 23:50; the second brings a page of the same
	 * visitor at 00:05 on the 2nd and one new visitor a day from the 2nd to the 8th.
	 */
	public function test_a_backlog_looks_up_only_the_keys_of_its_first_days() {
		Hits::reset();
		$this->aggregate( array( Hits::pageview( 'night', '2025-03-01 23:50:00', '/' ) ) );

		$lines = array( Hits::pageview( 'night', '2025-03-02 00:05:00', '/about/' ) );
		for ( $day = 2; $day <= 8; $day++ ) {
			$lines[] = Hits::pageview( 'day' . $day, sprintf( '2025-03-%02d 12:00:00', $day ), '/' );
		}
		add_filter( 'query', array( $this, 'record' ) );
		// One line a chunk: one lookup a chunk that needs one.
		$this->aggregate( $lines, 1 );
		remove_filter( 'query', array( $this, 'record' ) );

		// Looked up: the night visitor and the visitors of the 2nd, 3rd and 4th (before 23:50 on the
		// 4th, three days after the last stored hit); not those of the 5th to the 8th.
		$looked_up = array();
		foreach ( $this->lookups as $keys ) {
			$looked_up = array_merge( $looked_up, $keys );
		}
		$key = static fn( string $visitor ): int => Hit::key_int( Hits::key( $visitor ) );
		$this->assertSame( array( $key( 'night' ), $key( 'day2' ), $key( 'day3' ), $key( 'day4' ) ), $looked_up );

		// The night visit went on past midnight: one session, counted on the 1st, whose second page
		// view counts on the 2nd.
		$this->assertSame(
			array(
				array( '2025-03-01', '1', '1' ),
				array( '2025-03-02', '1', '2' ),
				array( '2025-03-03', '1', '1' ),
				array( '2025-03-04', '1', '1' ),
				array( '2025-03-05', '1', '1' ),
				array( '2025-03-06', '1', '1' ),
				array( '2025-03-07', '1', '1' ),
				array( '2025-03-08', '1', '1' ),
			),
			Db::lists( 'SELECT day, sessions, pageviews FROM {rollup_site} ORDER BY day' )
		);
	}

	/**
	 * Six days of visits: on each day three visitors with three pages over twenty minutes, one of
	 * whom comes back two hours later, and a visit that goes on past midnight.
	 *
	 * @return string[]
	 */
	private function week(): array {
		Hits::reset();
		$lines = array();
		for ( $day = 1; $day <= 6; $day++ ) {
			$date = sprintf( '2025-03-%02d', $day );
			for ( $visitor = 1; $visitor <= 3; $visitor++ ) {
				$label = 'd' . $day . 'v' . $visitor;
				foreach ( array( '00', '10', '20' ) as $minute ) {
					$lines[] = Hits::pageview( $label, sprintf( '%s %02d:%s:00', $date, 8 + $visitor, $minute ), '/page-' . $visitor . '/' );
				}
			}
			$lines[] = Hits::pageview( 'd' . $day . 'v1', $date . ' 13:00:00', '/' );
			$lines[] = Hits::pageview( 'night' . $day, $date . ' 23:50:00', '/' );
			$lines[] = Hits::pageview( 'night' . $day, sprintf( '2025-03-%02d 00:05:00', $day + 1 ), '/about/' );
		}
		return $lines;
	}

	/**
	 * The sessions and the daily rollups, as stored.
	 *
	 * @return array<string, mixed>
	 */
	private function stored(): array {
		return array(
			'sessions' => Db::lists( 'SELECT id, visitor, started_at, last_seen_at, day, pageviews, duration, bounced, is_new FROM {sessions} ORDER BY id' ),
			'site'     => Db::lists( 'SELECT * FROM {rollup_site} ORDER BY day' ),
			// By path: the paths' ids differ from run to run.
			'pages'    => array_map(
				static function ( array $row ): array {
					unset( $row['path_id'] );
					return $row;
				},
				Db::rows( 'SELECT p.path, r.* FROM {rollup_pages} r JOIN {paths} p ON p.id = r.path_id ORDER BY r.day, p.path' )
			),
		);
	}

	/**
	 * A run that may hold only a few sessions stores exactly what a run that holds them all stores:
	 * with room for three days of them, it lets go of those no later hit can reach (and so never
	 * needs to look a key up); with room for three or one, of the older half or of them all, and
	 * looks up again the keys it let go of when they come back (the next test).
	 */
	public function test_a_run_that_holds_few_sessions_stores_the_same() {
		$this->aggregate( $this->week(), 2 );
		$all = $this->stored();
		// 6 days × (3 visitors + 1 return + 1 night visit).
		$this->assertCount( 30, $all['sessions'] );

		foreach ( array( 20, 3, 1 ) as $held ) {
			foreach ( Tables::TABLES as $table ) {
				Db::query( 'DELETE FROM {' . $table . '}' );
			}
			$this->lookups = array();
			$cap           = static fn(): int => $held;
			add_filter( 'monsterinsights_reports_held_sessions', $cap );
			add_filter( 'query', array( $this, 'record' ) );
			$this->aggregate( $this->week(), 2 );
			remove_filter( 'query', array( $this, 'record' ) );
			remove_filter( 'monsterinsights_reports_held_sessions', $cap );
			$this->assertSame( $all, $this->stored(), $held . ' held' );
			if ( 20 === $held ) {
				$this->assertSame( array(), $this->lookups, $held . ' held' );
			}
		}
	}

	/**
	 * A run that may hold one session, and so remember fifteen keys let go, meets more: it stops
	 * remembering them all, and then looks every key up, so the visitor who comes back after twenty
	 * others still continues their visit.
	 */
	public function test_a_run_that_forgets_the_keys_it_let_go_still_continues_visits() {
		Hits::reset();
		$lines = array( Hits::pageview( 'back', '2025-03-01 10:00:00', '/' ) );
		for ( $other = 1; $other <= 20; $other++ ) {
			$lines[] = Hits::pageview( 'other' . $other, sprintf( '2025-03-01 10:%02d:00', $other ), '/' );
		}
		$lines[] = Hits::pageview( 'back', '2025-03-01 10:25:00', '/about/' );
		add_filter( 'monsterinsights_reports_held_sessions', static fn(): int => 1 );
		add_filter( 'query', array( $this, 'record' ) );
		$this->aggregate( $lines, 1 );
		remove_filter( 'query', array( $this, 'record' ) );

		$key = Hit::key_int( Hits::key( 'back' ) );
		$this->assertContains( array( $key ), $this->lookups );
		$this->assertSame( array( array( '2', '1500' ) ), Db::lists( 'SELECT pageviews, duration FROM {sessions} WHERE visitor = %d', array( $key ) ) );
		$this->assertSame( '21', Db::value( 'SELECT sessions FROM {rollup_site}' ) );
	}

	/**
	 * A run that may hold one session lets go of a visit; the visitor comes back two hours later,
	 * too late to continue it: their key is not looked up, and the new visit is a returning one.
	 * A web-vitals measurement of the first visit's page, sent an hour after it (a page left open),
	 * may still join the visit let go: that key is looked up, and the measurement joins it.
	 */
	public function test_a_visitor_back_too_late_to_continue_is_not_looked_up_and_not_new() {
		Hits::reset();
		$lines = array(
			Hits::pageview( 'back', '2025-03-01 10:00:00', '/' ),
			Hits::pageview( 'vitals', '2025-03-01 10:01:00', '/' ),
			Hits::pageview( 'other', '2025-03-01 10:30:00', '/' ),
			Hits::event( 'vitals', '2025-03-01 11:01:00', 'web_vitals', array( 'LCP' => 1200 ) ),
			Hits::pageview( 'back', '2025-03-01 12:00:00', '/about/' ),
		);
		add_filter( 'monsterinsights_reports_held_sessions', static fn(): int => 1 );
		add_filter( 'query', array( $this, 'record' ) );
		$this->aggregate( $lines, 1 );
		remove_filter( 'query', array( $this, 'record' ) );

		$key       = static fn( string $visitor ): int => Hit::key_int( Hits::key( $visitor ) );
		$looked_up = array();
		foreach ( $this->lookups as $keys ) {
			$looked_up = array_merge( $looked_up, $keys );
		}
		$this->assertSame( array( $key( 'vitals' ) ), $looked_up );
		// Two visits of "back", the second not new; the measurement joined the visit of "vitals"
		// (one page view, one event) without starting one.
		$this->assertSame( array( array( '1', '1', '0' ), array( '1', '0', '0' ) ), Db::lists( 'SELECT pageviews, is_new, events FROM {sessions} WHERE visitor = %d ORDER BY id', array( $key( 'back' ) ) ) );
		$this->assertSame( array( array( '1', '1' ) ), Db::lists( 'SELECT pageviews, events FROM {sessions} WHERE visitor = %d', array( $key( 'vitals' ) ) ) );
		$this->assertSame( '4', Db::value( 'SELECT sessions FROM {rollup_site}' ) );
	}

	/**
	 * Lines out of time order (an import): the visitor held without the visit let go brings, in a
	 * later chunk, a page of twenty minutes into that visit. Their sessions are read after all, and
	 * the page continues the visit, as in a run that holds every session.
	 */
	public function test_an_earlier_hit_of_a_key_held_without_its_visit_reads_it() {
		Hits::reset();
		$lines = array(
			Hits::pageview( 'back', '2025-03-01 10:00:00', '/' ),
			Hits::pageview( 'other', '2025-03-01 10:01:00', '/' ),
			Hits::pageview( 'back', '2025-03-01 12:00:00', '/about/' ),
			Hits::pageview( 'back', '2025-03-01 10:20:00', '/contact/' ),
		);
		add_filter( 'monsterinsights_reports_held_sessions', static fn(): int => 1 );
		$this->aggregate( $lines, 1 );

		$key = Hit::key_int( Hits::key( 'back' ) );
		$this->assertSame( array( array( '2', '1200', '1' ), array( '1', '0', '0' ) ), Db::lists( 'SELECT pageviews, duration, is_new FROM {sessions} WHERE visitor = %d ORDER BY id', array( $key ) ) );
	}

	/**
	 * Short of room, a run lets go of a visitor's first visit but holds their second: a page ten
	 * minutes later continues the second visit, which the run still holds but no longer lists
	 * under the key.
	 */
	public function test_a_visit_held_under_a_key_partly_let_go_is_continued() {
		Hits::reset();
		// Room for four: the fifth visit lets go of the older half, the first visit of "back" and
		// that of "other1"; the second visit of "back" stays.
		$lines = array(
			Hits::pageview( 'back', '2025-03-01 10:00:00', '/' ),
			Hits::pageview( 'other1', '2025-03-01 10:50:00', '/' ),
			Hits::pageview( 'other2', '2025-03-01 10:51:00', '/' ),
			Hits::pageview( 'back', '2025-03-01 11:00:00', '/about/' ),
			Hits::pageview( 'other3', '2025-03-01 11:01:00', '/' ),
			Hits::pageview( 'back', '2025-03-01 11:20:00', '/contact/' ),
		);
		add_filter( 'monsterinsights_reports_held_sessions', static fn(): int => 4 );
		$this->aggregate( $lines, 1 );

		$key = Hit::key_int( Hits::key( 'back' ) );
		$this->assertSame( array( array( '1', '0', '1' ), array( '2', '1200', '0' ) ), Db::lists( 'SELECT pageviews, duration, is_new FROM {sessions} WHERE visitor = %d ORDER BY id', array( $key ) ) );
		$this->assertSame( '5', Db::value( 'SELECT sessions FROM {rollup_site}' ) );
	}
}
