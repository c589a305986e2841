<?php
/**
 * The Overview and Site Summary blocks ask each query once per build.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Overview;
use MonsterInsights\Reports\Reports\SiteSummary;
use MonsterInsights\Reports\Tests\Support\SessionsSource;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The graph, its compare graph and the chart overlay read one series; the popular page, post and
 * categories one set of candidates. What a build asked is forgotten before the next one, which
 * reads the source anew.
 */
class SharedQueriesTest extends TestCase {

	/**
	 * Sessions on a day.
	 *
	 * @param string $day   Y-m-d.
	 * @param int    $count Sessions.
	 * @return array<int, array<string, mixed>>
	 */
	private function sessions( string $day, int $count ): array {
		$fact = array(
			'date'       => $day,
			'dimensions' => array(
				'deviceCategory' => 'mobile',
				'countryId'      => 'DE',
				'sessionSource'  => 'example.org',
				'sessionMedium'  => 'referral',
				'landingPage'    => '/',
				'pageTitle'      => '',
				'pagePath'       => '/',
				'newVsReturning' => 'new',
				'hour'           => '9',
				'dayOfWeek'      => '1',
			),
			'pageviews'  => 1,
			'duration'   => 10,
			'engaged'    => true,
			'visitor'    => 'v',
		);
		return array_fill( 0, $count, $fact );
	}

	/**
	 * 10–16 March 2025, compared with 3–9 March.
	 */
	private function request(): ReportRequest {
		$tz = wp_timezone();
		return new ReportRequest(
			new DateRange( new \DateTimeImmutable( '2025-03-10', $tz ), new \DateTimeImmutable( '2025-03-16', $tz ) ),
			new DateRange( new \DateTimeImmutable( '2025-03-03', $tz ), new \DateTimeImmutable( '2025-03-09', $tz ) )
		);
	}

	/**
	 * The keys of the queries a source was asked.
	 *
	 * @param SessionsSource $source The source.
	 * @return string[]
	 */
	private static function keys( SessionsSource $source ): array {
		return array_map( static fn( Query $query ): string => $query->key(), $source->queries );
	}

	/**
	 * Overview: 8 different queries (totals, series, new vs returning, devices of each range, three
	 * top lists), none twice; a second build on the same object reads its own source.
	 */
	public function test_overview_asks_each_query_once_per_build(): void {
		$report = new Overview();
		$first  = new SessionsSource( array_merge( $this->sessions( '2025-03-11', 2 ), $this->sessions( '2025-03-04', 1 ) ) );
		$data   = $report->build( $first, $this->request() );
		$this->assertCount( 8, $first->queries );
		$this->assertSame( self::keys( $first ), array_values( array_unique( self::keys( $first ) ) ) );
		$this->assertFalse( $data['show_chart_overlay'] );
		$this->assertSame( 2, $data['overviewgraph']['sessions']['total'] );
		$this->assertSame( 1, $data['compare']['overviewgraph']['sessions']['total'] );

		$second = new SessionsSource( array() );
		$data   = $report->build( $second, $this->request() );
		$this->assertCount( 8, $second->queries );
		$this->assertTrue( $data['show_chart_overlay'] );
		$this->assertSame( 0, $data['overviewgraph']['sessions']['total'] );
	}

	/**
	 * Site Summary: all-time totals, days, hours and one candidates query, whatever reads them.
	 */
	public function test_site_summary_asks_the_candidates_once(): void {
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'agency' );
		\MonsterInsights\Reports\Settings\Modules::set( 'dimensions', true );
		$report = new SiteSummary();
		foreach ( array( 1, 2 ) as $build ) {
			$source = new SessionsSource( $this->sessions( '2025-03-11', $build ) );
			$report->build( $source, $this->request() );
			$this->assertCount( 4, $source->queries, "build $build" );
			$this->assertSame( self::keys( $source ), array_values( array_unique( self::keys( $source ) ) ) );
		}
	}
}
