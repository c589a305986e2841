<?php
/**
 * Real-Time's per-minute summaries: written by the aggregation, read by Real-Time.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\RealtimeMinutes;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\Builtin\RealtimeScript;

/**
 * RealtimeScript's hits (without f, the hit after now, unless a test says otherwise), aggregated
 * by a run at the script's now, so the summaries hold the last two hours. Where a test deletes the
 * raw page views and events after the aggregation, an answer can only come from the summaries.
 */
class RealtimeMinutesTest extends BuiltinTestCase {

	/**
	 * The script's now.
	 *
	 * @var int
	 */
	private int $now;

	/**
	 * The post "About Us".
	 *
	 * @var int
	 */
	private int $about;

	/**
	 * The script's now; the about page.
	 */
	protected function set_up() {
		parent::set_up();
		$this->now   = Hits::ts( RealtimeScript::NOW );
		$this->about = RealtimeScript::about_post();
	}

	/**
	 * Removes the site's live buffer a test wrote.
	 */
	protected function tear_down() {
		$buffer = new Buffer( DataDir::path() );
		if ( is_file( $buffer->path() ) ) {
			wp_delete_file( $buffer->path() );
		}
		parent::tear_down();
	}

	/**
	 * The script's lines a to e (f, after now, left out).
	 *
	 * @return string[]
	 */
	private function script(): array {
		return array_slice( RealtimeScript::lines( $this->about ), 0, 7 );
	}

	/**
	 * Aggregates lines in a run whose time is `$at`.
	 *
	 * @param string[] $lines Buffer lines.
	 * @param int      $at    The run's time.
	 */
	private function aggregate_at( array $lines, int $at ): void {
		if ( array() !== $lines ) {
			$this->files->add_live( $lines );
		}
		( new Aggregator( $this->files, Aggregator::CHUNK, null, $at ) )->run();
	}

	/**
	 * Deletes the raw page views and events: what is counted afterwards comes from the summaries.
	 */
	private static function delete_raw_hits(): void {
		Db::query( 'DELETE FROM {pageviews}' );
		Db::query( 'DELETE FROM {events}' );
	}

	/**
	 * A query's rows as "dimension values joined by |" => its one metric, and its total under ''.
	 *
	 * @param string[] $dimensions Dimensions.
	 * @param string   $metric     The metric.
	 * @param int      $start      Minutes ago the window starts.
	 * @param int|null $now        Now; the script's by default.
	 * @param bool     $summaries  Whether the summaries may answer.
	 * @return array<string, int>
	 */
	private function rows( array $dimensions, string $metric, int $start, ?int $now = null, bool $summaries = true ): array {
		$off = static fn(): bool => false;
		if ( ! $summaries ) {
			add_filter( 'monsterinsights_reports_realtime_summaries', $off );
		}
		$result = ( new BuiltinSource() )->run_realtime( new RealtimeQuery( array( $metric ), $dimensions, $now ?? $this->now, $start, 0, $metric ) );
		remove_filter( 'monsterinsights_reports_realtime_summaries', $off );
		$out = array( '' => (int) $result->totals[ $metric ] );
		foreach ( $result->rows as $row ) {
			$out[ implode( '|', $row['dimensions'] ) ] = (int) $row['metrics'][ $metric ];
		}
		return $out;
	}

	/**
	 * Every query of the Real-Time report, answered by the summaries alone: the script's numbers.
	 */
	public function test_the_reports_queries_are_answered_by_the_summaries_alone(): void {
		$this->aggregate_at( $this->script(), $this->now );
		self::delete_raw_hits();
		$this->assert_script_numbers();
	}

	/**
	 * The same from chunks of two lines, so that later chunks of one run add to rows an earlier
	 * one wrote (and the run holds).
	 */
	public function test_chunks_of_one_run_add_up(): void {
		$this->files->add_live( $this->script() );
		( new Aggregator( $this->files, 2, null, $this->now ) )->run();
		self::delete_raw_hits();
		$this->assert_script_numbers();
		$this->assertSame( 4, (int) Db::value( 'SELECT SUM(total) FROM {rt_minutes} WHERE kind = %d', array( RealtimeMinutes::USERS ) ) );
	}

	/**
	 * The script's numbers (see RealtimeScript), as every query of the report asks them.
	 */
	private function assert_script_numbers(): void {
		$users = RealtimeQuery::ACTIVE_USERS;
		$views = RealtimeQuery::SCREEN_PAGE_VIEWS;
		// Last 5 minutes: a, and c through its event; last 30: b too; last hour: d too.
		$this->assertSame( array( '' => 2 ), $this->rows( array(), $users, 4 ) );
		$this->assertSame( array( '' => 3 ), $this->rows( array(), $users, 29 ) );
		$this->assertSame( array( '' => 4 ), $this->rows( array(), $users, 59 ) );
		$this->assertSame(
			array(
				''                    => 4,
				'/about/|About Us'    => 2,
				'/|/'                 => 1,
				'/pricing/|/pricing/' => 1,
			),
			$this->rows( array( RealtimeQuery::PAGE_PATH, RealtimeQuery::SCREEN_NAME ), $views, 29 )
		);
		$this->assertSame(
			array(
				''   => 5,
				'00' => 1,
				'02' => 1,
				'06' => 1,
				'20' => 1,
				'40' => 1,
			),
			$this->rows( array( RealtimeQuery::MINUTES_AGO ), $views, 59 )
		);
		$this->assertSame(
			array(
				''                            => 3,
				'(direct)|/about/|(not set)'  => 1,
				'google.com|/|(not set)'      => 1,
				'newsletter|/pricing/|spring' => 1,
			),
			$this->rows( array( RealtimeQuery::SESSION_SOURCE, RealtimeQuery::LANDING_PAGE, RealtimeQuery::SESSION_CAMPAIGN ), $users, 29 )
		);
		$this->assertSame(
			array(
				''                  => 3,
				'DE|Germany'        => 1,
				'GB|United Kingdom' => 1,
				'US|United States'  => 1,
			),
			$this->rows( array( RealtimeQuery::COUNTRY_ID, RealtimeQuery::COUNTRY ), $users, 29 )
		);
		$this->assertSame(
			array(
				''                  => 4,
				'DE|Germany'        => 1,
				'FR|France'         => 1,
				'GB|United Kingdom' => 1,
				'US|United States'  => 1,
			),
			$this->rows( array( RealtimeQuery::COUNTRY_ID, RealtimeQuery::COUNTRY ), $users, 59 )
		);
		$this->assertSame(
			array(
				''                                   => 3,
				'||GB|United Kingdom'                => 1,
				'Berlin|Berlin|DE|Germany'           => 1,
				'New York|New York|US|United States' => 1,
			),
			$this->rows( array( RealtimeQuery::CITY, RealtimeQuery::REGION, RealtimeQuery::COUNTRY_ID, RealtimeQuery::COUNTRY ), $users, 29 )
		);
	}

	/**
	 * The same numbers in a zone 5 hours 45 minutes from UTC: the summaries' minutes are Unix
	 * minutes, the site's days play no part in them.
	 */
	public function test_a_non_utc_zone_gives_the_same_numbers(): void {
		update_option( 'timezone_string', 'Asia/Kathmandu' );
		Hits::$zone = 'Asia/Kathmandu';
		$this->now  = Hits::ts( RealtimeScript::NOW );
		$this->aggregate_at( $this->script(), $this->now );
		// a's second page view, 00:09:40 local, is in the Unix minute of 18:24 UTC the day before.
		$ts = Hits::ts( '2025-03-15 00:09:40' );
		$this->assertSame( '2025-03-14 18:24:40', gmdate( 'Y-m-d H:i:s', $ts ) );
		$this->assertSame( '40:1', Db::value( 'SELECT seconds FROM {rt_minutes} WHERE kind = %d AND minute = %d', array( RealtimeMinutes::VIEWS_ALL, intdiv( $ts, 60 ) ) ) );
		self::delete_raw_hits();
		$this->assert_script_numbers();
	}

	/**
	 * A window cuts minutes of the clock at now's second (now is hh:mm:30): a hit at :30 of the
	 * minute before now's is a minute ago, one at :31 is in minute 0; a window's first second
	 * counts, the second before it does not; a page view after now counts nowhere, and a hit after
	 * now sends active users to the raw rows (its visitor's latest stored hit is after the window).
	 */
	public function test_minute_boundaries_are_cut_at_nows_second(): void {
		Hits::reset();
		$lines = array(
			Hits::pageview( 'p', '2025-03-15 00:05:30', '/a/' ),
			Hits::pageview( 'q', '2025-03-15 00:05:31', '/b/' ),
			Hits::pageview( 'r', '2025-03-15 00:09:30', '/a/' ),
			Hits::pageview( 's', '2025-03-15 00:09:31', '/a/' ),
			Hits::pageview( 't', '2025-03-15 00:10:30', '/b/' ),
		);
		$later = Hits::pageview( 'u', '2025-03-15 00:10:31', '/b/' );
		$this->aggregate_at( $lines, $this->now );
		$views = RealtimeQuery::SCREEN_PAGE_VIEWS;
		$users = RealtimeQuery::ACTIVE_USERS;
		// p (now - 300 s) is 5 minutes ago, q (now - 299 s) 4; r 1 minute, s and t 0.
		$by_minute = array(
			''   => 5,
			'00' => 2,
			'01' => 1,
			'04' => 1,
			'05' => 1,
		);
		$last_five = array(
			''    => 4,
			'/a/' => 2,
			'/b/' => 2,
		);
		$this->assertSame( array( '' => 4 ), $this->rows( array(), $users, 4 ) );

		$this->aggregate_at( array( $later ), $this->now + 60 );
		self::delete_raw_hits();
		$this->assertSame( $by_minute, $this->rows( array( RealtimeQuery::MINUTES_AGO ), $views, 59 ) );
		$this->assertSame( $last_five, $this->rows( array( RealtimeQuery::PAGE_PATH ), $views, 4 ) );
		// With the raw rows gone, the raw answer has no one: the summaries did not answer.
		$this->assertSame( array( '' => 0 ), $this->rows( array(), $users, 4 ) );
		// A minute later, u's page view is in minute 0 and p's and q's have left the five minutes.
		$this->assertSame(
			array(
				''    => 4,
				'/a/' => 2,
				'/b/' => 2,
			),
			$this->rows( array( RealtimeQuery::PAGE_PATH ), $views, 4, $this->now + 60 )
		);
		$this->assertSame( array( '' => 4 ), $this->rows( array(), $users, 4, $this->now + 60 ) );
	}

	/**
	 * Stored rows and the buffer's unaggregated tail, split as RealtimeReportTest splits them: a's
	 * and c's sessions are stored and continue in the buffer, b and d are stored only; no hit is
	 * counted twice or missed.
	 */
	public function test_stored_summaries_and_the_buffer_tail_add_up(): void {
		list( $a1, $a2, $b, $c_view, $c_event, $d, $e ) = $this->script();
		$this->aggregate_at( array( $a1, $b, $d, $c_view, $e ), $this->now );
		$buffer = new Buffer( (string) DataDir::ensure() );
		foreach ( array( $a2, $c_event ) as $line ) {
			$this->assertTrue( $buffer->append( (array) json_decode( $line, true ) ) );
		}
		// The raw page views and events go (the tail's sessions need the stored sessions).
		self::delete_raw_hits();
		$this->assert_script_numbers();
		// A hit of a visitor whose latest stored hit is in the window counts once: a twice more.
		$this->assertTrue(
			$buffer->append(
				(array) json_decode(
					Hits::pageview(
						'a',
						'2025-03-15 00:10:00',
						'/',
						array(
							'cc' => 'DE',
							'rg' => 'Berlin',
							'ci' => 'Berlin',
						)
					),
					true
				)
			)
		);
		$this->assertSame( array( '' => 2 ), $this->rows( array(), RealtimeQuery::ACTIVE_USERS, 4 ) );
		$this->assertSame(
			array(
				''   => 3,
				'DE' => 1,
				'GB' => 1,
				'US' => 1,
			),
			$this->rows( array( RealtimeQuery::COUNTRY_ID ), RealtimeQuery::ACTIVE_USERS, 29 )
		);
		$this->assertSame( 6, $this->rows( array(), RealtimeQuery::SCREEN_PAGE_VIEWS, 59 )[''] );
	}

	/**
	 * Each run keeps KEEP seconds back from its time: older rows are deleted, and a window that
	 * starts before the summaries' first second is read from the raw rows.
	 */
	public function test_runs_prune_what_is_older_than_they_keep(): void {
		$this->aggregate_at( $this->script(), $this->now );
		// e (22:00) is older than the two hours the run at 00:10:30 keeps (from 22:10:00).
		$this->assertSame( Hits::ts( '2025-03-14 22:10:00' ), RealtimeMinutes::since() );
		$minutes = static fn(): array => array_map( 'intval', Db::col( 'SELECT minute FROM {rt_minutes} WHERE kind = %d ORDER BY minute', array( RealtimeMinutes::VIEWS_ALL ) ) );
		$minute  = static fn( string $local ): int => intdiv( Hits::ts( $local ), 60 );
		$this->assertSame( array( $minute( '2025-03-14 23:30:00' ), $minute( '2025-03-14 23:50:00' ), $minute( '2025-03-15 00:04:00' ), $minute( '2025-03-15 00:08:00' ), $minute( '2025-03-15 00:09:00' ) ), $minutes() );

		// Eighty minutes later the run keeps from 23:30:00 (d's minute stays), a minute later from
		// 23:31:00 (d's goes); three hours later none of them.
		$this->aggregate_at( array(), $this->now + 80 * 60 );
		$this->assertSame( Hits::ts( '2025-03-14 23:30:00' ), RealtimeMinutes::since() );
		$this->aggregate_at( array(), $this->now + 81 * 60 );
		$this->assertSame( Hits::ts( '2025-03-14 23:31:00' ), RealtimeMinutes::since() );
		$this->assertSame( array( $minute( '2025-03-14 23:50:00' ), $minute( '2025-03-15 00:04:00' ), $minute( '2025-03-15 00:08:00' ), $minute( '2025-03-15 00:09:00' ) ), $minutes() );
		// d's session has left rt_sessions with its minute; a's, b's and c's stay.
		$this->assertSame( 3, (int) Db::value( 'SELECT COUNT(*) FROM {rt_sessions}' ) );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {rt_sessions} WHERE last_ts < %d', array( Hits::ts( '2025-03-14 23:31:00' ) ) ) );
		// The last hour at the script's now starts at 23:10:31, before 23:31: the raw rows answer,
		// d included.
		$this->assertSame( array( '' => 4 ), $this->rows( array(), RealtimeQuery::ACTIVE_USERS, 59 ) );
		self::delete_raw_hits();
		$this->assertSame( array( '' => 0 ), $this->rows( array(), RealtimeQuery::ACTIVE_USERS, 59 ) );
		// The last 30 minutes start at 23:40:31: the summaries answer.
		$this->assertSame( array( '' => 3 ), $this->rows( array(), RealtimeQuery::ACTIVE_USERS, 29 ) );

		$this->aggregate_at( array(), $this->now + 3 * HOUR_IN_SECONDS );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {rt_minutes} WHERE kind <> %d', array( RealtimeMinutes::SINCE ) ) );
		$this->assertSame( $this->now + 3 * HOUR_IN_SECONDS - 30 - RealtimeMinutes::KEEP, RealtimeMinutes::since() );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {rt_sessions}' ) );
	}

	/**
	 * A visitor counts under the latest of their hits only: moved from minute to minute, never
	 * twice; the summaries and the raw rows agree on every query of the report.
	 */
	public function test_visitors_move_to_their_latest_minute(): void {
		Hits::reset();
		$lines = array(
			Hits::pageview( 'v', '2025-03-15 00:01:10', '/', array( 'cc' => 'DE' ) ),
			Hits::pageview( 'v', '2025-03-15 00:03:20', '/a/', array( 'cc' => 'DE' ) ),
			Hits::pageview( 'v', '2025-03-15 00:07:05', '/b/', array( 'cc' => 'DE' ) ),
			Hits::pageview( 'w', '2025-03-15 00:07:15', '/', array( 'cc' => 'IT' ) ),
		);
		// Two runs, so v moves from a stored minute to a later one.
		$this->aggregate_at( array_slice( $lines, 0, 2 ), $this->now );
		$this->aggregate_at( array_slice( $lines, 2 ), $this->now );
		$users = (int) Db::value( 'SELECT SUM(total) FROM {rt_minutes} WHERE kind = %d', array( RealtimeMinutes::USERS ) );
		$this->assertSame( 2, $users );
		$this->assertSame( '5:1,15:1', Db::value( 'SELECT seconds FROM {rt_minutes} WHERE kind = %d AND minute = %d', array( RealtimeMinutes::USERS, intdiv( Hits::ts( '2025-03-15 00:07:00' ), 60 ) ) ) );
		foreach ( array( 4, 29, 59 ) as $start ) {
			foreach ( array( array(), array( RealtimeQuery::COUNTRY_ID, RealtimeQuery::COUNTRY ), array( RealtimeQuery::SESSION_SOURCE, RealtimeQuery::LANDING_PAGE, RealtimeQuery::SESSION_CAMPAIGN ) ) as $dimensions ) {
				$this->assertSame( $this->rows( $dimensions, RealtimeQuery::ACTIVE_USERS, $start, null, false ), $this->rows( $dimensions, RealtimeQuery::ACTIVE_USERS, $start ) );
			}
		}
		// v's first page view at 00:01:10 is 9 min 20 s before now: in the last 10 minutes only.
		$this->assertSame( array( '' => 2 ), $this->rows( array(), RealtimeQuery::ACTIVE_USERS, 9 ) );
		$this->assertSame( array( '' => 2 ), $this->rows( array(), RealtimeQuery::ACTIVE_USERS, 3 ) );
	}

	/**
	 * A hit older than its session's first one, aggregated later, changes the session's landing
	 * path: its visitor moves to the new referral key, in the stored summaries and when the hit is
	 * still in the buffer's tail.
	 */
	public function test_a_late_hit_moves_the_landing_path(): void {
		Hits::reset();
		$first = Hits::pageview( 'm', '2025-03-15 00:06:00', '/b/', array( 'r' => 'https://www.google.com/' ) );
		$late  = Hits::pageview( 'm', '2025-03-15 00:05:00', '/a/', array( 'r' => 'https://www.google.com/' ) );
		$other = Hits::pageview( 'n', '2025-03-15 00:07:00', '/b/', array( 'r' => 'https://www.google.com/' ) );
		$this->aggregate_at( array( $first, $other ), $this->now );
		$referrals = array( RealtimeQuery::SESSION_SOURCE, RealtimeQuery::LANDING_PAGE, RealtimeQuery::SESSION_CAMPAIGN );
		$users     = RealtimeQuery::ACTIVE_USERS;
		$this->assertSame(
			array(
				''                         => 2,
				'google.com|/b/|(not set)' => 2,
			),
			$this->rows( $referrals, $users, 29 )
		);

		// In the buffer: m's session lands on /a/ now.
		$buffer = new Buffer( (string) DataDir::ensure() );
		$this->assertTrue( $buffer->append( (array) json_decode( $late, true ) ) );
		$moved = array(
			''                         => 2,
			'google.com|/a/|(not set)' => 1,
			'google.com|/b/|(not set)' => 1,
		);
		$this->assertSame( $moved, $this->rows( $referrals, $users, 29 ) );
		$this->assertSame( $moved, $this->rows( $referrals, $users, 29, null, false ) );

		// Aggregated: the same, from the summaries alone.
		wp_delete_file( $buffer->path() );
		$this->aggregate_at( array( $late ), $this->now );
		self::delete_raw_hits();
		$this->assertSame( $moved, $this->rows( $referrals, $users, 29 ) );
		$this->assertSame( 2, (int) Db::value( 'SELECT SUM(total) FROM {rt_minutes} WHERE kind = %d', array( RealtimeMinutes::REFERRALS ) ) );
	}
}
