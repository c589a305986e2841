<?php
/**
 * Conversations AI: the tools the model calls, on the builtin source.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Conversations;

use MonsterInsights\Reports\Conversations\Chart;
use MonsterInsights\Reports\Conversations\Tools;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Conversations\ChatTraffic;

/**
 * The run_query tool answers the seeded visits' exact numbers (computed from the table of ChatTraffic), a
 * chart of its rows when asked; every bad call answers a readable error naming the valid values.
 */
class ToolsTest extends BuiltinTestCase {

	use ChatTraffic;

	/**
	 * The tools over the builtin source, now.
	 *
	 * @var Tools
	 */
	private Tools $tools;

	/**
	 * The visits, the tools.
	 */
	protected function set_up() {
		parent::set_up();
		$this->seed_traffic();
		$this->tools = new Tools( new BuiltinSource(), new \DateTimeImmutable( 'now', new \DateTimeZone( 'Europe/Berlin' ) ) );
	}

	/**
	 * Calls a tool; its answer decoded.
	 *
	 * @param string       $name      The tool.
	 * @param array|string $arguments The arguments (encoded when an array).
	 * @return array{0: array<string, mixed>, 1: array<string, mixed>|null} The answer and the chart.
	 */
	private function call( string $name, $arguments ): array {
		$result = $this->tools->call( $name, is_array( $arguments ) ? (string) wp_json_encode( $arguments ) : $arguments );
		$answer = json_decode( $result['content'], true );
		$this->assertIsArray( $answer, $result['content'] );
		return array( $answer, $result['chart'] );
	}

	/**
	 * The error of a call.
	 *
	 * @param string       $name      The tool.
	 * @param array|string $arguments The arguments.
	 */
	private function error_of( string $name, $arguments ): string {
		list( $answer, $chart ) = $this->call( $name, $arguments );
		$this->assertSame( array( 'error' ), array_keys( $answer ), (string) wp_json_encode( $answer ) );
		$this->assertNull( $chart );
		return (string) $answer['error'];
	}

	/**
	 * A good query's arguments over the last 7 days.
	 *
	 * @param array<string, mixed> $more Further arguments.
	 * @return array<string, mixed>
	 */
	private static function last_week( array $more = array() ): array {
		return array_merge(
			array(
				'metrics'    => array( 'sessions' ),
				'start_date' => self::day( 7 ),
				'end_date'   => self::day( 1 ),
			),
			$more
		);
	}

	/**
	 * Sessions by channel over the last 7 days: the seeded numbers, largest first, and the pie chart
	 * of those rows; with compare, the 7 days before too.
	 */
	public function test_run_query_answers_the_seeded_numbers_and_their_chart(): void {
		list( $answer, $chart ) = $this->call(
			'run_query',
			self::last_week(
				array(
					'dimensions' => array( 'sessionDefaultChannelGroup' ),
					'compare'    => true,
					'chart'      => 'pie',
				)
			)
		);
		$expected               = self::sessions_by( 'channel' );
		$rows                   = array();
		foreach ( $expected as $channel => $sessions ) {
			$rows[] = array(
				'dimensions' => array( 'sessionDefaultChannelGroup' => $channel ),
				'metrics'    => array( 'sessions' => $sessions ),
			);
		}
		$this->assertSame( self::day( 7 ), $answer['start_date'] );
		$this->assertSame( self::day( 1 ), $answer['end_date'] );
		$this->assertSame( array( 'sessions' => 12 + 7 + 5 + 3 ), $answer['totals'] );
		$this->assertSame( $rows, $answer['rows'] );
		$this->assertSame(
			array(
				'start_date' => self::day( 14 ),
				'end_date'   => self::day( 8 ),
				'totals'     => array( 'sessions' => 4 ),
				'rows'       => array(
					array(
						'dimensions' => array( 'sessionDefaultChannelGroup' => 'Direct' ),
						'metrics'    => array( 'sessions' => 4 ),
					),
				),
			),
			$answer['compare']
		);
		$this->assertArrayNotHasKey( 'chart', $answer, 'the chart is for the user, not the model' );
		$this->assertSame(
			array(
				'type'       => 'pie',
				'seriesName' => 'Sessions',
				'data'       => array(
					array(
						'value' => 12,
						'label' => 'Organic Search',
					),
					array(
						'value' => 7,
						'label' => 'Direct',
					),
					array(
						'value' => 5,
						'label' => 'Email',
					),
					array(
						'value' => 3,
						'label' => 'Referral',
					),
				),
			),
			$chart
		);
	}

	/**
	 * Page views and the bounce rate by device, a filter, an order and a limit.
	 */
	public function test_run_query_filters_orders_and_limits(): void {
		list( $answer ) = $this->call(
			'run_query',
			self::last_week(
				array(
					'metrics'    => array( 'bounceRate', 'screenPageViews', 'sessions' ),
					'dimensions' => array( 'deviceCategory' ),
					'order_by'   => 'screenPageViews',
				)
			)
		);
		// Desktop: 12 two-page (engaged) visits and 3 one-page ones; mobile: 12 one-page visits.
		$this->assertSame(
			array(
				array(
					'dimensions' => array( 'deviceCategory' => 'desktop' ),
					'metrics'    => array(
						'bounceRate'      => 20,
						'screenPageViews' => 12 * 2 + 3,
						'sessions'        => 15,
					),
				),
				array(
					'dimensions' => array( 'deviceCategory' => 'mobile' ),
					'metrics'    => array(
						'bounceRate'      => 100,
						'screenPageViews' => 12,
						'sessions'        => 12,
					),
				),
			),
			$answer['rows']
		);
		$this->assertSame(
			array(
				'bounceRate'      => round( 15 / 27 * 100, 2 ),
				'screenPageViews' => 39,
				'sessions'        => 27,
			),
			$answer['totals']
		);

		list( $answer ) = $this->call(
			'run_query',
			self::last_week(
				array(
					'dimensions' => array( 'deviceCategory' ),
					'filters'    => array(
						array(
							'dimension' => 'deviceCategory',
							'operator'  => 'in_list',
							'value'     => array( 'mobile', 'tablet' ),
						),
					),
					'limit'      => 1,
				)
			)
		);
		$this->assertSame(
			array(
				array(
					'dimensions' => array( 'deviceCategory' => 'mobile' ),
					'metrics'    => array( 'sessions' => 12 ),
				),
			),
			$answer['rows']
		);
		$this->assertSame( array( 'sessions' => 12 ), $answer['totals'] );

		// No dimension: the totals only; its chart is the one total.
		list( $answer, $chart ) = $this->call( 'run_query', self::last_week( array( 'chart' => 'bar' ) ) );
		$this->assertSame( array(), $answer['rows'] );
		$this->assertSame( array( 'sessions' => 27 ), $answer['totals'] );
		$this->assertSame(
			array(
				'type'       => 'bar',
				'seriesName' => 'Sessions',
				'data'       => array(
					array(
						'value' => 27,
						'label' => 'Sessions',
					),
				),
			),
			$chart
		);
	}

	/**
	 * Each bad call answers its readable error, naming the valid values.
	 */
	public function test_bad_calls_answer_readable_errors(): void {
		$metrics    = implode( ', ', Metric::all() );
		$dimensions = implode( ', ', Dimension::all() );
		$today      = self::day( 0 );
		$cases      = array(
			'unknown tool'        => array( 'drop_tables', '{}', 'Unknown tool “drop_tables”. The tools are: run_query, list_names, get_today.' ),
			'not JSON'            => array( 'run_query', '{"metrics": [', 'The arguments must be a JSON object (Syntax error).' ),
			'a JSON list'         => array( 'run_query', '["sessions"]', 'The arguments must be a JSON object (this is not an object).' ),
			'unknown argument'    => array( 'run_query', self::last_week( array( 'segment' => 'x' ) ), 'Unknown argument “segment”. The arguments are: metrics, dimensions, start_date, end_date, compare, filters, order_by, limit, chart.' ),
			'unknown metric'      => array( 'run_query', self::last_week( array( 'metrics' => array( 'sessions', 'visits' ) ) ), 'Unknown metric “visits”. The metrics are: ' . $metrics . '.' ),
			'no metric'           => array( 'run_query', self::last_week( array( 'metrics' => array() ) ), 'metrics must be a list of 1 to 10 names among: ' . $metrics . '.' ),
			'11 metrics'          => array( 'run_query', self::last_week( array( 'metrics' => array_slice( Metric::all(), 0, 11 ) ) ), 'metrics must be a list of 1 to 10 names among: ' . $metrics . '.' ),
			'unknown dimension'   => array( 'run_query', self::last_week( array( 'dimensions' => array( 'channel' ) ) ), 'Unknown dimension “channel”. The dimensions are: ' . $dimensions . '.' ),
			'4 dimensions'        => array( 'run_query', self::last_week( array( 'dimensions' => array( 'date', 'hour', 'browser', 'country' ) ) ), 'dimensions must be a list of 0 to 3 names among: ' . $dimensions . '.' ),
			'no dates'            => array( 'run_query', array( 'metrics' => array( 'sessions' ) ), 'start_date and end_date are required, as YYYY-MM-DD (today is ' . $today . ').' ),
			'not a real day'      => array( 'run_query', self::last_week( array( 'start_date' => '2025-02-30' ) ), 'start_date “2025-02-30” and end_date “' . self::day( 1 ) . '” must be real days written YYYY-MM-DD (today is ' . $today . ').' ),
			'another format'      => array( 'run_query', self::last_week( array( 'end_date' => '05/12/2026' ) ), 'start_date “' . self::day( 7 ) . '” and end_date “05/12/2026” must be real days written YYYY-MM-DD (today is ' . $today . ').' ),
			'after today'         => array( 'run_query', self::last_week( array( 'end_date' => self::day( -1 ) ) ), 'The range ' . self::day( 7 ) . ' – ' . self::day( -1 ) . ' is not allowed: start_date must not be after end_date, and both must lie between 2005-01-01 and today, ' . $today . '.' ),
			'start after end'     => array( 'run_query', self::last_week( array( 'start_date' => self::day( 0 ) ) ), 'The range ' . $today . ' – ' . self::day( 1 ) . ' is not allowed: start_date must not be after end_date, and both must lie between 2005-01-01 and today, ' . $today . '.' ),
			'before 2005'         => array( 'run_query', self::last_week( array( 'start_date' => '2004-12-31' ) ), 'The range 2004-12-31 – ' . self::day( 1 ) . ' is not allowed: start_date must not be after end_date, and both must lie between 2005-01-01 and today, ' . $today . '.' ),
			'limit 0'             => array( 'run_query', self::last_week( array( 'limit' => 0 ) ), 'limit 0 is out of range: it must be a whole number from 1 to 50.' ),
			'limit 51'            => array( 'run_query', self::last_week( array( 'limit' => 51 ) ), 'limit 51 is out of range: it must be a whole number from 1 to 50.' ),
			'limit as text'       => array( 'run_query', self::last_week( array( 'limit' => '5' ) ), 'limit "5" is out of range: it must be a whole number from 1 to 50.' ),
			'order by no metric'  => array( 'run_query', self::last_week( array( 'order_by' => 'screenPageViews' ) ), 'order_by “screenPageViews” must be one of the query’s metrics: sessions.' ),
			'unknown chart'       => array( 'run_query', self::last_week( array( 'chart' => 'line' ) ), 'Unknown chart “line”. The charts are: pie, donut, bar.' ),
			'compare as text'     => array( 'run_query', self::last_week( array( 'compare' => 'yes' ) ), 'compare must be true or false.' ),
			'filter operator'     => array(
				'run_query',
				self::last_week(
					array(
						'filters' => array(
							array(
								'dimension' => 'country',
								'operator'  => 'regex',
								'value'     => '.*',
							),
						),
					)
				),
				'Unknown filter operator “regex”. The operators are: exact, contains, begins_with, in_list.',
			),
			'filter dimension'    => array(
				'run_query',
				self::last_week(
					array(
						'filters' => array(
							array(
								'dimension' => 'ip',
								'operator'  => 'exact',
								'value'     => '1.2.3.4',
							),
						),
					)
				),
				'Unknown filter dimension “ip”. The dimensions are: ' . $dimensions . '.',
			),
			'filter not grouped'  => array(
				'run_query',
				self::last_week(
					array(
						'filters' => array(
							array(
								'dimension' => 'country',
								'operator'  => 'in_list',
								'value'     => array( 'Germany', 'France' ),
							),
						),
					)
				),
				'A filter’s dimension must also be one of the query’s dimensions: add “country” to dimensions.',
			),
			'source cannot group' => array( 'run_query', self::last_week( array( 'metrics' => array( 'activeUsers' ) ) ), 'The data source cannot answer this combination of metrics and dimensions: The builtin source counts active users by funnel step only, broken down by channel or country.' ),
		);
		foreach ( $cases as $label => list( $tool, $arguments, $error ) ) {
			$this->assertSame( $error, $this->error_of( $tool, $arguments ), $label );
		}
	}

	/**
	 * The get_today and list_names tools.
	 */
	public function test_get_today_and_list_names(): void {
		list( $today ) = $this->call( 'get_today', '' );
		$now           = new \DateTimeImmutable( 'now', new \DateTimeZone( 'Europe/Berlin' ) );
		$this->assertSame(
			array(
				'date'     => $now->format( 'Y-m-d' ),
				'weekday'  => $now->format( 'l' ),
				'timezone' => 'Europe/Berlin',
			),
			$today
		);

		list( $names ) = $this->call( 'list_names', '{}' );
		$this->assertSame( Metric::all(), array_column( $names['metrics'], 'name' ) );
		$this->assertSame( Dimension::all(), array_column( $names['dimensions'], 'name' ) );
		$this->assertContains(
			array(
				'name'        => 'bounceRate',
				'description' => 'Bounce rate: Percent of sessions that were not engaged.',
			),
			$names['metrics']
		);
		$this->assertContains(
			array(
				'name'  => 'traffic_campaign',
				'title' => 'Campaigns',
			),
			$names['reports']
		);
		$this->assertSame( 'Unknown argument “x”. The arguments are: metrics, dimensions, start_date, end_date, compare, filters, order_by, limit, chart.', $this->error_of( 'run_query', '{"x": 1}' ) );
	}

	/**
	 * Without a connected source, run_query says so.
	 */
	public function test_without_a_source_run_query_says_so(): void {
		$tools  = new Tools( null, new \DateTimeImmutable( 'now', new \DateTimeZone( 'Europe/Berlin' ) ) );
		$answer = json_decode( $tools->call( 'run_query', (string) wp_json_encode( self::last_week() ) )['content'], true );
		$this->assertSame( array( 'error' => 'No data source is connected to the reports, so there are no numbers to query.' ), $answer );
	}

	/**
	 * The chart of rows: the first metric, the dimension values joined, "(not set)" for an empty
	 * one, at most 10 rows; on a donut of page views the rest of the total as "Other" (1000 less
	 * 99 + 98 + … + 90 = 945), not on a bar chart nor for a metric that does not add up.
	 */
	public function test_the_chart_of_rows(): void {
		$rows = array();
		for ( $i = 1; $i <= 12; $i++ ) {
			$rows[] = array(
				'dimensions' => array(
					'country'        => 1 === $i ? '' : 'C' . $i,
					'deviceCategory' => 'mobile',
				),
				'metrics'    => array(
					'screenPageViews' => 100 - $i,
					'sessions'        => 1.5 * $i,
				),
			);
		}
		$chart = Chart::from_rows( 'donut', 'screenPageViews', array( 'country', 'deviceCategory' ), array( 'screenPageViews' => 1000 ), $rows );
		$this->assertSame( 'donut', $chart['type'] );
		$this->assertSame( 'Page views', $chart['seriesName'] );
		$this->assertCount( 11, $chart['data'] );
		$this->assertSame(
			array(
				'value' => 55,
				'label' => 'Other',
			),
			$chart['data'][10]
		);
		$this->assertCount( 10, Chart::from_rows( 'bar', 'screenPageViews', array( 'country', 'deviceCategory' ), array( 'screenPageViews' => 1000 ), $rows )['data'] );
		$this->assertSame( 'Other', Chart::from_rows( 'pie', 'sessions', array( 'country' ), array( 'sessions' => 1000 ), $rows )['data'][10]['label'] );
		$this->assertCount( 10, Chart::from_rows( 'pie', 'bounceRate', array( 'country' ), array( 'bounceRate' => 1000 ), $rows )['data'] );
		$this->assertSame(
			array(
				'value' => 99,
				'label' => '(not set) / mobile',
			),
			$chart['data'][0]
		);
		$this->assertSame(
			array(
				'value' => 90,
				'label' => 'C10 / mobile',
			),
			$chart['data'][9]
		);
	}
}
