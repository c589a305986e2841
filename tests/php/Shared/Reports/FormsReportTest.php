<?php
/**
 * The Forms report on the builtin source: impressions, conversions, breakdowns, graph, compare.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\REST\CsvResponse;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Berlin time; CF is the Contact Form 7 form "Contact form 1" (form id wpcf7-<its post id>),
 * "newsletter" a plain form known by its element id. Every visit lands on its first page view.
 * - g (14 Feb): "/contact/" direct; CF seen and sent.
 * - e (8 Mar, compare range): "/contact/" direct; CF seen and sent.
 * - a (10th) 09:00 "/contact/" from Google (google / organic): CF and newsletter seen, CF sent.
 * - b (10th) 14:00 "/contact/" from news / email, campaign spring: CF seen.
 * - c (11th) 10:00 "/" direct: newsletter seen and sent; 10:05 "/contact/" (same session): CF seen
 *   and sent.
 * - f (12th) 10:00 "/" direct: newsletter seen.
 * - d (12th) 23:50 "/contact/" direct: CF seen.
 *
 * So in 10–12 March: CF 4 impressions (a, b, c, d), 2 conversions (a, c), 50 %; newsletter 3
 * (a, c, f), 1 (c), 33.33 %. By day: impressions 3, 2, 2 and conversions 1, 2, 0; in 7–9 March
 * 0, 1, 0 and 0, 1, 0. Sessions 2, 1, 2 and page views 2, 2, 2.
 */
class FormsReportTest extends BuiltinTestCase {

	private const RANGE = array(
		'start' => '2025-03-10',
		'end'   => '2025-03-12',
	);

	private const COMPARE = array(
		'compare_start' => '2025-03-07',
		'compare_end'   => '2025-03-09',
	);

	private const ROUTE = '/monsterinsights-reports/v1/reports/forms';

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
	 * The Contact Form 7 form's id.
	 *
	 * @var string
	 */
	private string $cf = '';

	/**
	 * The visits, aggregated; the builtin source; an administrator.
	 */
	protected function set_up() {
		parent::set_up();
		add_filter( 'monsterinsights_reports_raw_days', fn(): int => $this->window );
		$post     = wp_insert_post(
			array(
				'post_title'  => 'Contact form 1',
				'post_status' => 'publish',
				'post_type'   => 'wpcf7_contact_form',
			)
		);
		$this->cf = 'wpcf7-' . $post;
		Hits::reset();
		$seen = static fn( string $visitor, string $local, string $form, string $path ): string => Hits::event( $visitor, $local, 'form_impression', array( 'form' => $form ), array( 'p' => $path ) );
		$sent = static fn( string $visitor, string $local, string $form, string $path ): string => Hits::event( $visitor, $local, 'form_conversion', array( 'form' => $form ), array( 'p' => $path ) );
		$cf   = $this->cf;
		$this->aggregate(
			array(
				Hits::pageview( 'g', '2025-02-14 10:00:00', '/contact/' ),
				$seen( 'g', '2025-02-14 10:00:10', $cf, '/contact/' ),
				$sent( 'g', '2025-02-14 10:01:00', $cf, '/contact/' ),

				Hits::pageview( 'e', '2025-03-08 10:00:00', '/contact/' ),
				$seen( 'e', '2025-03-08 10:00:10', $cf, '/contact/' ),
				$sent( 'e', '2025-03-08 10:01:00', $cf, '/contact/' ),

				Hits::pageview( 'a', '2025-03-10 09:00:00', '/contact/', array( 'r' => 'https://www.google.com/search?q=contact' ) ),
				$seen( 'a', '2025-03-10 09:00:10', $cf, '/contact/' ),
				$seen( 'a', '2025-03-10 09:00:10', 'newsletter', '/contact/' ),
				$sent( 'a', '2025-03-10 09:01:00', $cf, '/contact/' ),

				Hits::pageview(
					'b',
					'2025-03-10 14:00:00',
					'/contact/',
					array(
						'us' => 'news',
						'um' => 'email',
						'uc' => 'spring',
					)
				),
				$seen( 'b', '2025-03-10 14:00:10', $cf, '/contact/' ),

				Hits::pageview( 'c', '2025-03-11 10:00:00', '/' ),
				$seen( 'c', '2025-03-11 10:00:10', 'newsletter', '/' ),
				$sent( 'c', '2025-03-11 10:01:00', 'newsletter', '/' ),
				Hits::pageview( 'c', '2025-03-11 10:05:00', '/contact/' ),
				$seen( 'c', '2025-03-11 10:05:10', $cf, '/contact/' ),
				$sent( 'c', '2025-03-11 10:06:00', $cf, '/contact/' ),

				Hits::pageview( 'f', '2025-03-12 10:00:00', '/' ),
				$seen( 'f', '2025-03-12 10:00:10', 'newsletter', '/' ),

				Hits::pageview( 'd', '2025-03-12 23:50:00', '/contact/' ),
				$seen( 'd', '2025-03-12 23:50:10', $cf, '/contact/' ),
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
	 * A table's rows in a stable order: by every cell, as text.
	 *
	 * @param array<string, mixed> $page A table page.
	 * @return list<array<string, mixed>>
	 */
	private static function sorted( array $page ): array {
		$rows = $page['rows'];
		usort( $rows, static fn( array $a, array $b ): int => strcmp( (string) wp_json_encode( $a ), (string) wp_json_encode( $b ) ) );
		return $rows;
	}

	/**
	 * A forms row.
	 *
	 * @param string               $id          The form's name or id.
	 * @param int                  $impressions Impressions.
	 * @param int                  $conversions Conversions.
	 * @param float|int            $rate        Conversion rate.
	 * @param array<string, mixed> $breakdown   The breakdown's cell.
	 * @return array<string, mixed>
	 */
	private static function row( string $id, int $impressions, int $conversions, $rate, array $breakdown = array() ): array {
		return array( 'id' => $id ) + $breakdown + array(
			'impressions'    => $impressions,
			'conversions'    => $conversions,
			'conversionrate' => $rate,
		);
	}

	/**
	 * Every block with exact numbers, compared with 7–9 March.
	 */
	public function test_payload_with_compare(): void {
		list( $status, $data ) = $this->get( self::ROUTE, self::COMPARE );
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$this->assertSame( array( 'chart', 'overviewgraph', 'forms', 'forms_source_medium', 'forms_campaign', 'compare', 'missing_dimensions' ), array_keys( $data ) );
		$this->assertSame( array(), $data['missing_dimensions'], 'the builtin source knows every form' );

		$this->assertSame( array( 'id', 'impressions', 'conversions', 'conversionrate' ), array_column( $data['forms']['columns'], 'id' ) );
		$this->assertSame( array( 'Form Name or ID', 'Impressions', 'Conversions', 'Conversion Rate' ), array_column( $data['forms']['columns'], 'label' ) );
		$this->assertSame( array( 'text', 'number', 'number', 'percent' ), array_column( $data['forms']['columns'], 'type' ) );
		$this->assertEquals(
			array(
				self::row( 'Contact form 1', 4, 2, 50 ),
				self::row( 'newsletter', 3, 1, 33.33 ),
			),
			$data['forms']['rows']
		);

		$this->assertSame( array( 'id', 'source_medium', 'impressions', 'conversions', 'conversionrate' ), array_column( $data['forms_source_medium']['columns'], 'id' ) );
		$this->assertSame( 'Source / Medium', $data['forms_source_medium']['columns'][1]['label'] );
		$direct = array( 'source_medium' => '(direct) / (none)' );
		$google = array( 'source_medium' => 'google.com / organic' );
		$this->assertEquals(
			array(
				self::row( 'Contact form 1', 2, 1, 50, $direct ),
				self::row( 'Contact form 1', 1, 1, 100, $google ),
				self::row( 'Contact form 1', 1, 0, 0, array( 'source_medium' => 'news / email' ) ),
				self::row( 'newsletter', 2, 1, 50, $direct ),
				self::row( 'newsletter', 1, 0, 0, $google ),
			),
			self::sorted( $data['forms_source_medium'] )
		);

		$this->assertSame( 'Campaign', $data['forms_campaign']['columns'][1]['label'] );
		$this->assertEquals(
			array(
				self::row( 'Contact form 1', 3, 2, 66.67, array( 'campaign' => '(not set)' ) ),
				self::row( 'Contact form 1', 1, 0, 0, array( 'campaign' => 'spring' ) ),
				self::row( 'newsletter', 3, 1, 33.33, array( 'campaign' => '(not set)' ) ),
			),
			self::sorted( $data['forms_campaign'] )
		);

		$graph = $data['overviewgraph'];
		$this->assertCount( 3, $graph['labels'] );
		$this->assertEquals(
			array(
				'datapoints'  => array( 3, 2, 2 ),
				'trendpoints' => array( null, 100, null ),
				'total'       => 7,
			),
			$graph['impressions']
		);
		$this->assertEquals(
			array(
				'datapoints'  => array( 1, 2, 0 ),
				'trendpoints' => array( null, 100, 0 ),
				'total'       => 3,
			),
			$graph['conversions']
		);
		$this->assertEquals( array( 0, 1, 0 ), $data['compare']['overviewgraph']['impressions']['datapoints'] );
		$this->assertEquals( 1, $data['compare']['overviewgraph']['impressions']['total'] );
		$this->assertEquals( array( 0, 1, 0 ), $data['compare']['overviewgraph']['conversions']['datapoints'] );

		$this->assertSame( array( 2, 1, 2 ), $data['chart']['sessions'] );
		$this->assertSame( array( 2, 2, 2 ), $data['chart']['page_views'] );
		$this->assertSame( array( 0, 1, 0 ), $data['chart']['compare']['sessions'] );
	}

	/**
	 * Without a compare range there is no compare block; a range over a whole month reads the
	 * monthly twin and gives the same numbers as the days.
	 */
	public function test_other_ranges_and_monthly_twin(): void {
		list( , $data ) = $this->get( self::ROUTE );
		$this->assertArrayNotHasKey( 'compare', $data );

		$february = array(
			'start' => '2025-02-01',
			'end'   => '2025-03-12',
		);
		$this->assertSame( array( array( '2025-02-01', $this->cf, '1', '1' ) ), array_map( 'array_values', Db::rows( 'SELECT day, form, impressions, conversions FROM {rollup_forms_m} WHERE day = %s', array( '2025-02-01' ) ) ) );
		list( , $data ) = $this->get( self::ROUTE, $february );
		$this->assertEquals(
			array(
				self::row( 'Contact form 1', 6, 4, 66.67 ),
				self::row( 'newsletter', 3, 1, 33.33 ),
			),
			$data['forms']['rows']
		);
		$this->assertSame( 9, $data['overviewgraph']['impressions']['total'] );
		$this->assertSame( 5, $data['overviewgraph']['conversions']['total'] );
	}

	/**
	 * The tables route (search, order) and the CSV.
	 */
	public function test_tables_and_csv(): void {
		list( $status, $page ) = $this->get( self::ROUTE . '/tables/forms', array( 'search' => 'NEWS' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( array( 'newsletter' ), array_column( $page['rows'], 'id' ) );

		list( , $page ) = $this->get(
			self::ROUTE . '/tables/forms',
			array(
				'orderby' => 'conversionrate',
				'order'   => 'asc',
			)
		);
		$this->assertSame( array( 'newsletter', 'Contact form 1' ), array_column( $page['rows'], 'id' ) );

		$response = $this->rest( 'GET', self::ROUTE . '/tables/forms_campaign/csv', self::RANGE );
		$this->assertInstanceOf( CsvResponse::class, $response );
		$this->assertSame( "\xEF\xBB\xBF\"Form Name or ID\",Campaign,Impressions,Conversions,\"Conversion Rate\"\n\"Contact form 1\",\"(not set)\",3,2,66.67\nnewsletter,\"(not set)\",3,1,33.33\n\"Contact form 1\",spring,1,0,0\n", $response->to_csv() );
	}

	/**
	 * Below plus, the report is locked.
	 */
	public function test_lower_licence_is_refused(): void {
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

		// A later aggregation recomputes the days that keep their rows and the months, no older day.
		$this->aggregate( array( Hits::pageview( 'h', '2025-03-14 10:00:00', '/' ) ) );
		$after = array();
		foreach ( $ranges as $range ) {
			$after[] = $this->get( self::ROUTE, $range )[1];
		}
		$this->assertSame( $before, $after );
		$this->assertSame( 4, $after[0]['forms']['rows'][0]['impressions'] );
	}
}
