<?php
/**
 * Compaction of raw rows: the reports give exactly the same numbers before and after.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Rollups;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Six weeks of visits (a session over midnight, sources, campaigns, countries, devices, events),
 * aggregated with a window that keeps every raw row, then compacted down to the last days.
 */
class CompactionTest extends BuiltinTestCase {

	/**
	 * The ranges the reports are asked for: the whole period, a compacted stretch, one that straddles
	 * the cutoff, with compare ranges.
	 */
	private const RANGES = array(
		array(
			'start' => '2025-02-01',
			'end'   => '2025-03-14',
		),
		array(
			'start'         => '2025-02-03',
			'end'           => '2025-02-20',
			'compare_start' => '2025-01-15',
			'compare_end'   => '2025-02-01',
		),
		array(
			'start'         => '2025-03-05',
			'end'           => '2025-03-12',
			'compare_start' => '2025-02-25',
			'compare_end'   => '2025-03-04',
		),
	);

	/**
	 * The visits: every third day from 1 February to 11 March, two or three visitors a day.
	 *
	 * @return string[]
	 */
	private function script(): array {
		Hits::reset();
		$lines = array();
		$day   = new \DateTimeImmutable( '2025-02-01' );
		$end   = new \DateTimeImmutable( '2025-03-12' );
		$n     = 0;
		while ( $day <= $end ) {
			$date = $day->format( 'Y-m-d' );
			$a    = 'a' . $n;
			$b    = 'b' . $n;
			// Visitor a: search arrival, two pages, a scroll.
			$lines[] = Hits::pageview(
				$a,
				$date . ' 09:00:00',
				'/',
				array(
					'r'  => 'https://www.google.com/search?q=x',
					'cc' => 'DE',
				)
			);
			$lines[] = Hits::pageview( $a, $date . ' 09:03:00', '/pricing/', array( 'cc' => 'DE' ) );
			// A form seen (and sent every other day) and a video played there.
			$lines[] = Hits::event( $a, $date . ' 09:03:10', 'form_impression', array( 'form' => 'newsletter' ), array( 'p' => '/pricing/' ) );
			if ( 0 === $n % 2 ) {
				$lines[] = Hits::event( $a, $date . ' 09:03:20', 'form_conversion', array( 'form' => 'newsletter' ), array( 'p' => '/pricing/' ) );
			}
			$lines[] = Hits::event( $a, $date . ' 09:03:30', 'video_start', array( 'title' => 'Tour' ), array( 'p' => '/pricing/' ) );
			$lines[] = Hits::event(
				$a,
				$date . ' 09:03:50',
				'video_progress',
				array(
					'title'   => 'Tour',
					'seconds' => 20,
					'percent' => 50,
				),
				array( 'p' => '/pricing/' )
			);
			$lines[] = Hits::event( $a, $date . ' 09:04:00', 'scroll', array( 'percent' => 75 ), array( 'p' => '/pricing/' ) );
			// Visitor b: a campaign on a phone, late in the evening, on past midnight.
			$lines[] = Hits::pageview(
				$b,
				$date . ' 23:55:00',
				'/blog/',
				array(
					'us' => 'newsletter',
					'um' => 'email',
					'uc' => 'spring',
					'ua' => Hits::IPHONE_SAFARI,
					'cc' => 'US',
				)
			);
			$next    = $day->modify( '+1 day' )->format( 'Y-m-d' );
			$lines[] = Hits::pageview(
				$b . '-next',
				$next . ' 00:05:00',
				'/blog/post/',
				array(
					'vkp' => $b,
					'ua'  => Hits::IPHONE_SAFARI,
					'cc'  => 'US',
				)
			);
			if ( 0 === $n % 2 ) {
				$lines[] = Hits::pageview(
					'c' . $n,
					$date . ' 15:00:00',
					'/about/',
					array(
						'r'  => 'https://news.example.org/',
						'ua' => Hits::MAC_FIREFOX,
						'cc' => 'FR',
					)
				);
			}
			$day = $day->modify( '+3 days' );
			++$n;
		}
		return $lines;
	}

	/**
	 * Aggregated with every raw row kept.
	 */
	protected function set_up() {
		parent::set_up();
		add_filter( 'monsterinsights_reports_raw_days', array( $this, 'raw_days' ) );
		$this->aggregate( $this->script() );
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'agency' );
	}

	/**
	 * The raw window of the test: long until a test shortens it.
	 *
	 * @var int
	 */
	public int $window = 800;

	/**
	 * Filter callback.
	 */
	public function raw_days(): int {
		return $this->window;
	}

	/**
	 * Every report payload for every range, read afresh (the report cache is bypassed).
	 *
	 * @return array<string, mixed>
	 */
	private function payloads(): array {
		BuiltinSource::bump_data_version();
		$out = array();
		// The Forms and Media reports need plus.
		$plus = static fn(): string => 'plus';
		add_filter( 'monsterinsights_reports_licence_level', $plus );
		foreach ( array( 'overview', 'site_summary', 'forms', 'media' ) as $name ) {
			foreach ( self::RANGES as $i => $params ) {
				$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $name, $params );
				$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
				$out[ $name . ':' . $i ] = json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true );
			}
		}
		remove_filter( 'monsterinsights_reports_licence_level', $plus );
		return $out;
	}

	/**
	 * Raw rows of a table before a day.
	 *
	 * @param string $table Raw table.
	 * @param string $day   Y-m-d.
	 */
	private function raw_before( string $table, string $day ): int {
		return (int) Db::value( 'SELECT COUNT(*) FROM {' . $table . '} WHERE day < %s', array( $day ) );
	}

	/**
	 * Compaction deletes exactly the raw rows before the cutoff; every number stays.
	 */
	public function test_reports_are_identical_before_and_after_compaction() {
		$before = $this->payloads();
		// 14 visiting days (1 February to 12 March, every third day): 4 page views each, and c's on 7.
		$this->assertSame( 14 * 4 + 7, (int) $before['overview:0']['infobox']['pageviews']['value'] );

		// 14 visiting days: sessions a and b start each day, c every other day.
		$this->assertSame( 14 * 2 + 7, (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' ) );
		$this->assertSame( 14 * 4 + 7, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
		// Each b session went on past midnight under the next day's key: its second key.
		$this->assertSame( 14, (int) Db::value( 'SELECT COUNT(*) FROM {session_next}' ) );

		$this->window = 2;
		$deleted      = Compaction::run( Hits::ts( self::NOW ) );

		// Two days kept (14 and 15 March), but never past the day before the newest session (12 March).
		$this->assertSame( '2025-03-11', Compaction::compacted_before() );
		$this->assertSame( 0, $this->raw_before( 'sessions', '2025-03-11' ) );
		$this->assertSame( 0, $this->raw_before( 'pageviews', '2025-03-11' ) );
		$this->assertSame( 0, $this->raw_before( 'events', '2025-03-11' ) );
		// Left: the sessions of 12 March (a and b; no c on odd visiting days), a's two page views,
		// form impression, video play and progress and scroll (no form sent on an odd visiting day),
		// b's page view that evening and the one after midnight.
		$this->assertSame( 2, (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' ) );
		$this->assertSame( 4, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
		$this->assertSame( 4, (int) Db::value( 'SELECT COUNT(*) FROM {events}' ) );
		// The second keys of deleted sessions go with them: b's of 12 March is left.
		$this->assertSame(
			array( (string) Hit::key_int( Hits::key( 'b13-next' ) ) ),
			array_map( 'strval', Db::col( 'SELECT CAST(n.visitor_next AS CHAR) FROM {session_next} n JOIN {sessions} s ON s.id = n.session_id' ) )
		);
		$this->assertSame( 1, (int) Db::value( 'SELECT COUNT(*) FROM {session_next}' ) );
		$this->assertSame(
			array(
				'pageviews' => 14 * 4 + 7 - 4,
				// 4 events on each of the 13 days before, and a form sent on 7 of them.
				'events'    => 13 * 4 + 7,
				'sessions'  => 14 * 2 + 7 - 2,
			),
			$deleted
		);

		$this->assertSame( $before, $this->payloads() );
	}

	/**
	 * A late hit of a compacted day is dropped, not counted into rollups it would rebuild from
	 * nothing; a hit of a kept day still counts.
	 */
	public function test_late_hits_of_compacted_days_are_dropped() {
		$this->window = 2;
		Compaction::run( Hits::ts( self::NOW ) );
		$before = $this->payloads();

		$result = $this->aggregate(
			array(
				Hits::pageview( 'late', '2025-02-04 10:00:00', '/' ),
				Hits::pageview( 'kept', '2025-03-12 10:00:00', '/' ),
			)
		)->to_array();

		$this->assertSame( 1, $result['expired'] );
		$this->assertSame( 1, $result['processed'] );
		$after = $this->payloads();
		$this->assertSame( $before['overview:1'], $after['overview:1'], 'February is unchanged' );
		$this->assertSame(
			(int) $before['overview:2']['infobox']['pageviews']['value'] + 1,
			(int) $after['overview:2']['infobox']['pageviews']['value']
		);
	}

	/**
	 * Whole months come from the monthly twins, a part month from its days or from its twin less
	 * its other days, whichever is shorter; every sum over a range equals the sum of its days (a
	 * group that sums to zero, seen only outside the range, is dropped as the readers drop it).
	 */
	public function test_monthly_twins_give_the_daily_sums(): void {
		$ranges = array(
			array( '2025-02-01', '2025-02-28' ),
			array( '2025-01-15', '2025-03-14' ),
			array( '2025-02-10', '2025-03-31' ),
			array( '2025-02-03', '2025-02-20' ),
			array( '2025-02-01', '2025-03-31' ),
			array( '2025-01-03', '2025-03-13' ),
			array( '2025-01-20', '2025-03-02' ),
		);
		// These visits send no Core Web Vitals: SiteSpeedReportTest checks rollup_vitals' twin.
		foreach ( array_diff_key( Tables::MONTHLY, array( 'rollup_vitals' => true ) ) as $table => $shape ) {
			$keys = implode( ', ', $shape['keys'] );
			$sums = implode( ', ', array_map( static fn( string $c ): string => 'SUM(' . $c . ') AS ' . $c, $shape['counters'] ) );
			foreach ( $ranges as list( $start, $end ) ) {
				list( $from, $args ) = Rollups::from( $table, $start, $end );
				$daily               = Db::rows( 'SELECT ' . $keys . ', ' . $sums . ' FROM {' . $table . '} WHERE day BETWEEN %s AND %s GROUP BY ' . $keys . ' ORDER BY ' . $keys, array( $start, $end ) );
				$this->assertNotSame( array(), $daily, $table . ' ' . $start );
				$nonzero = ' HAVING ' . implode( ' OR ', array_map( static fn( string $c ): string => 'SUM(' . $c . ') <> 0', $shape['counters'] ) );
				$this->assertSame( $daily, Db::rows( 'SELECT ' . $keys . ', ' . $sums . ' FROM ' . $from . ' r GROUP BY ' . $keys . $nonzero . ' ORDER BY ' . $keys, $args ), $table . ' ' . $start . ' … ' . $end );
			}
		}
		// February is one row per key in the twin, read for a range that holds the whole month.
		$this->assertSame( (int) Db::value( 'SELECT COUNT(DISTINCT path_id) FROM {rollup_pages} WHERE day BETWEEN %s AND %s', array( '2025-02-01', '2025-02-28' ) ), (int) Db::value( 'SELECT COUNT(*) FROM {rollup_pages_m} WHERE day = %s', array( '2025-02-01' ) ) );
		$this->assertStringContainsString( 'rollup_pages_m', Rollups::from( 'rollup_pages', '2025-01-15', '2025-03-14' )[0] );
		$this->assertStringNotContainsString( 'rollup_pages_m', Rollups::from( 'rollup_pages', '2025-02-03', '2025-02-20' )[0] );
		// A range that ends a day before its last month does: that month's twin less its last day.
		list( $sql, $args ) = Rollups::from( 'rollup_pages', '2025-01-01', '2025-03-30' );
		$this->assertSame( array( '2025-01-01', '2025-03-01', '2025-03-31', '2025-03-31' ), $args );
		$this->assertStringContainsString( '-CAST(pageviews AS SIGNED)', $sql );
	}

	/**
	 * The window: 30 days by default, bounded.
	 */
	public function test_window() {
		remove_filter( 'monsterinsights_reports_raw_days', array( $this, 'raw_days' ) );
		$this->assertSame( 30, Compaction::days() );
		update_option( Compaction::DAYS_OPTION, 1 );
		$this->assertSame( 2, Compaction::days() );
		update_option( Compaction::DAYS_OPTION, 90 );
		$this->assertSame( 90, Compaction::days() );
	}
}
