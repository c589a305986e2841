<?php
/**
 * The Media report on the builtin source: plays, watch time, percent viewed, completions.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Berlin time; "Tour" and "Demo" are two videos.
 * - g (14 Feb): Tour played, 90 s watched to 100 %, completed.
 * - e (8 Mar, compare range): Tour played, 60 s to 100 %, completed.
 * - a (10th) 09:00: Tour played, 30 s to 50 % then 30 s to 100 %, completed.
 * - b (10th) 14:00: Tour played, 15 s to 25 %; 14:05 (same session) played again, 6 s to 35 %.
 * - c (11th): Demo played, 120 s to 100 %, completed.
 * - d (12th): Tour played, nothing watched.
 * - f (11th): an <audio> element (kind audio) "Podcast" played, 40 s to 100 %, completed, and an
 *   audio titled "Demo" played 30 s: not videos, counted nowhere.
 *
 * So in 10–12 March: Tour 4 plays, (60 + 15 + 6) / 4 = 20.25 s a play, furthest points of a, b
 * and d 100, 35 and 0 → 45 %, 1 completion in 4 plays = 25 %; Demo 1 play, 120 s, 100 %, 100 %.
 * Plays by day 3, 1, 1; in 7–9 March 0, 1, 0.
 */
class MediaReportTest extends BuiltinTestCase {

	private const RANGE = array(
		'start' => '2025-03-10',
		'end'   => '2025-03-12',
	);

	private const COMPARE = array(
		'compare_start' => '2025-03-07',
		'compare_end'   => '2025-03-09',
	);

	private const ROUTE = '/monsterinsights-reports/v1/reports/media';

	/**
	 * The raw window: long until a test shortens it.
	 *
	 * @var int
	 */
	public int $window = 800;

	/**
	 * The licence level the filter answers.
	 *
	 * @var string
	 */
	private string $level = 'plus';

	/**
	 * The visits, aggregated; the builtin source; an administrator.
	 */
	protected function set_up() {
		parent::set_up();
		add_filter( 'monsterinsights_reports_raw_days', fn(): int => $this->window );
		Hits::reset();
		$start    = static fn( string $v, string $t, string $title ): string => Hits::event( $v, $t, 'video_start', array( 'title' => $title ), array( 'p' => '/about/' ) );
		$complete = static fn( string $v, string $t, string $title ): string => Hits::event( $v, $t, 'video_complete', array( 'title' => $title ), array( 'p' => '/about/' ) );
		$progress = static fn( string $v, string $t, string $title, int $seconds, int $percent ): string => Hits::event(
			$v,
			$t,
			'video_progress',
			array(
				'title'   => $title,
				'seconds' => $seconds,
				'percent' => $percent,
			),
			array( 'p' => '/about/' )
		);
		$audio    = static fn( string $title, int $seconds = -1, int $percent = 0 ): array => array( 'title' => $title ) + ( $seconds >= 0 ? array(
			'seconds' => $seconds,
			'percent' => $percent,
		) : array() ) + array( 'kind' => 'audio' );
		$this->aggregate(
			array(
				Hits::pageview( 'g', '2025-02-14 10:00:00', '/about/' ),
				$start( 'g', '2025-02-14 10:00:10', 'Tour' ),
				$progress( 'g', '2025-02-14 10:01:40', 'Tour', 90, 100 ),
				$complete( 'g', '2025-02-14 10:01:40', 'Tour' ),

				Hits::pageview( 'e', '2025-03-08 10:00:00', '/about/' ),
				$start( 'e', '2025-03-08 10:00:10', 'Tour' ),
				$progress( 'e', '2025-03-08 10:01:10', 'Tour', 60, 100 ),
				$complete( 'e', '2025-03-08 10:01:10', 'Tour' ),

				Hits::pageview( 'a', '2025-03-10 09:00:00', '/about/' ),
				$start( 'a', '2025-03-10 09:00:10', 'Tour' ),
				$progress( 'a', '2025-03-10 09:00:40', 'Tour', 30, 50 ),
				$progress( 'a', '2025-03-10 09:01:10', 'Tour', 30, 100 ),
				$complete( 'a', '2025-03-10 09:01:10', 'Tour' ),

				Hits::pageview( 'b', '2025-03-10 14:00:00', '/about/' ),
				$start( 'b', '2025-03-10 14:00:10', 'Tour' ),
				$progress( 'b', '2025-03-10 14:00:25', 'Tour', 15, 25 ),
				$start( 'b', '2025-03-10 14:05:00', 'Tour' ),
				$progress( 'b', '2025-03-10 14:05:06', 'Tour', 6, 35 ),

				Hits::pageview( 'c', '2025-03-11 10:00:00', '/blog/' ),
				$start( 'c', '2025-03-11 10:00:10', 'Demo' ),
				$progress( 'c', '2025-03-11 10:02:10', 'Demo', 120, 100 ),
				$complete( 'c', '2025-03-11 10:02:10', 'Demo' ),

				Hits::pageview( 'f', '2025-03-11 11:00:00', '/blog/' ),
				Hits::event( 'f', '2025-03-11 11:00:10', 'video_start', $audio( 'Podcast' ), array( 'p' => '/blog/' ) ),
				Hits::event( 'f', '2025-03-11 11:00:50', 'video_progress', $audio( 'Podcast', 40, 100 ), array( 'p' => '/blog/' ) ),
				Hits::event( 'f', '2025-03-11 11:00:50', 'video_complete', $audio( 'Podcast' ), array( 'p' => '/blog/' ) ),
				Hits::event( 'f', '2025-03-11 11:01:00', 'video_start', $audio( 'Demo' ), array( 'p' => '/blog/' ) ),
				Hits::event( 'f', '2025-03-11 11:01:30', 'video_progress', $audio( 'Demo', 30, 50 ), array( 'p' => '/blog/' ) ),

				Hits::pageview( 'd', '2025-03-12 10:00:00', '/about/' ),
				$start( 'd', '2025-03-12 10:00:10', 'Tour' ),
			)
		);
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', fn() => $this->level );
	}

	/**
	 * GETs a route and returns status and data as JSON would carry them.
	 *
	 * @param string               $route  Route.
	 * @param array<string, mixed> $params Query.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function get( string $route, array $params = array() ): array {
		return $this->get_json( $route, $params + self::RANGE );
	}

	/**
	 * A video's row.
	 *
	 * @param string    $title       Title.
	 * @param int       $plays       Plays.
	 * @param float|int $watch       Seconds a play.
	 * @param float|int $viewed      Percent viewed.
	 * @param float|int $completion  Completion rate.
	 * @return array<string, mixed>
	 */
	private static function row( string $title, int $plays, $watch, $viewed, $completion ): array {
		return array(
			'title'               => $title,
			'video_start'         => $plays,
			'average_watch_time'  => $watch,
			'average_time_viewed' => $viewed,
			'completion_rate'     => $completion,
		);
	}

	/**
	 * The chart and the table with exact numbers, compared with 7–9 March.
	 */
	public function test_payload_with_compare(): void {
		list( $status, $data ) = $this->get( self::ROUTE, self::COMPARE );
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$this->assertSame( array( 'line_chart_report', 'video_details_rows', 'compare', 'missing_dimensions' ), array_keys( $data ) );
		$this->assertSame( array(), $data['missing_dimensions'], 'the builtin source knows every video' );

		$table = $data['video_details_rows'];
		$this->assertSame( array( 'title', 'video_start', 'average_watch_time', 'average_time_viewed', 'completion_rate' ), array_column( $table['columns'], 'id' ) );
		$this->assertSame( array( 'text', 'number', 'duration', 'percent', 'percent' ), array_column( $table['columns'], 'type' ) );
		$this->assertEquals(
			array(
				self::row( 'Tour', 4, 20.25, 45, 25 ),
				self::row( 'Demo', 1, 120, 100, 100 ),
			),
			$table['rows']
		);
		$this->assertEquals(
			array(
				'datapoints'  => array( 3, 1, 1 ),
				'trendpoints' => array( null, 0, null ),
				'total'       => 5,
			),
			$data['line_chart_report']['video_start']
		);
		$this->assertEquals( array( 0, 1, 0 ), $data['compare']['line_chart_report']['video_start']['datapoints'] );
		$this->assertEquals( 1, $data['compare']['line_chart_report']['video_start']['total'] );
	}

	/**
	 * The rollup rows of each day, and a range over a whole month read from the monthly twin.
	 */
	public function test_rollups_and_monthly_twin(): void {
		$this->assertSame(
			array(
				array( '2025-02-14', 'Tour', '1', '90', '1', '100', '1' ),
				array( '2025-03-08', 'Tour', '1', '60', '1', '100', '1' ),
				array( '2025-03-10', 'Tour', '3', '81', '2', '135', '1' ),
				array( '2025-03-11', 'Demo', '1', '120', '1', '100', '1' ),
				array( '2025-03-12', 'Tour', '1', '0', '1', '0', '0' ),
			),
			array_map( 'array_values', Db::rows( 'SELECT day, title, plays, watch_seconds, views, percent_sum, completions FROM {rollup_media} ORDER BY day, title' ) )
		);
		list( , $data ) = $this->get(
			self::ROUTE,
			array(
				'start' => '2025-02-01',
				'end'   => '2025-03-12',
			)
		);
		$this->assertEquals(
			array(
				self::row( 'Tour', 6, 38.5, 67, 50 ),
				self::row( 'Demo', 1, 120, 100, 100 ),
			),
			$data['video_details_rows']['rows']
		);
	}

	/**
	 * Below plus, the report is locked; a range without plays has no rows.
	 */
	public function test_lower_licence_and_empty_range(): void {
		list( , $data ) = $this->get(
			self::ROUTE,
			array(
				'start' => '2025-03-01',
				'end'   => '2025-03-05',
			)
		);
		$this->assertSame( 0, $data['video_details_rows']['total'] );
		$this->assertSame( 0, $data['line_chart_report']['video_start']['total'] );

		$this->level           = 'basic';
		list( $status, $data ) = $this->get( self::ROUTE );
		$this->assertSame( 403, $status );
		$this->assertSame( 'upgrade_required', $data['code'] );
	}

	/**
	 * Compaction deletes the raw events of the older days; every number stays.
	 */
	public function test_numbers_are_identical_after_compaction(): void {
		$ranges = array(
			self::RANGE + self::COMPARE,
			array(
				'start' => '2025-02-01',
				'end'   => '2025-03-13',
			),
		);
		$before = array();
		foreach ( $ranges as $range ) {
			$before[] = $this->get( self::ROUTE, $range )[1];
		}
		$this->window = 2;
		Compaction::run( Hits::ts( self::NOW ) );
		$this->assertSame( '2025-03-11', Compaction::compacted_before() );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {events} WHERE day < %s', array( '2025-03-11' ) ) );
		$this->aggregate( array( Hits::pageview( 'h', '2025-03-14 10:00:00', '/' ) ) );
		$after = array();
		foreach ( $ranges as $range ) {
			$after[] = $this->get( self::ROUTE, $range )[1];
		}
		$this->assertSame( $before, $after );
		$this->assertSame( 4, $after[0]['video_details_rows']['rows'][0]['video_start'] );
	}
}
