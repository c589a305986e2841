<?php
/**
 * The Pages report on the builtin source: payload, tables route, CSV route and their gate.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\REST\CsvResponse;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Berlin time, 10–12 March 2025:
 * - a: 10th 09:00 "/" from Google, 09:02 "/about/" — a session landing on "/", 2 pages, engaged,
 *   new; 10:00 "/" again, 58 minutes later — a second session, returning, a bounce.
 * - b: 11th 12:00 "/about/", direct — new, a bounce.
 * - c: 12th 12:00 "/pricing/", 12:01 "/about/" — new, 2 pages, engaged.
 * So by page path (session metrics belong to the page the session started on):
 *   "/"         2 views, 2 entrances, 1 engaged, 1 new, 1 bounce  → bounce rate 50
 *   "/about/"   3 views, 1 entrance,  0 engaged, 1 new, 1 bounce  → 100
 *   "/pricing/" 1 view,  1 entrance,  1 engaged, 1 new, 0 bounces → 0
 */
class PagesReportTest extends BuiltinTestCase {

	private const ROUTE = '/monsterinsights-reports/v1/reports/engagement_pages';

	/**
	 * Aggregates the script, the builtin source, an administrator with a plus licence.
	 */
	protected function set_up() {
		parent::set_up();
		Hits::reset();
		$this->aggregate(
			array(
				Hits::pageview( 'a', '2025-03-10 09:00:00', '/', array( 'r' => 'https://www.google.com/search?q=x' ) ),
				Hits::pageview( 'a', '2025-03-10 09:02:00', '/about/' ),
				Hits::pageview( 'a', '2025-03-10 10:00:00', '/' ),
				Hits::pageview( 'b', '2025-03-11 12:00:00', '/about/' ),
				Hits::pageview( 'c', '2025-03-12 12:00:00', '/pricing/' ),
				Hits::pageview( 'c', '2025-03-12 12:01:00', '/about/' ),
			)
		);
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		$this->level = 'plus';
		add_filter( 'monsterinsights_reports_licence_level', fn() => $this->level );
	}

	/**
	 * The licence level the filter answers.
	 *
	 * @var string
	 */
	private string $level = 'plus';

	/**
	 * GETs a route and returns status and data as JSON would carry them.
	 *
	 * @param string               $route  Route.
	 * @param array<string, mixed> $params Query.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function get( string $route, array $params = array() ): array {
		$response = $this->rest( 'GET', $route, $params + self::REPORT_RANGE );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true ) );
	}

	/**
	 * The rows of a table page, without their links.
	 *
	 * @param array<string, mixed> $page A table page.
	 * @return list<array<string, mixed>>
	 */
	private static function cells( array $page ): array {
		return array_map(
			static function ( array $row ): array {
				unset( $row['url'] );
				return $row;
			},
			$page['rows']
		);
	}

	/**
	 * The payload's table: first page, most viewed first, exact numbers, columns and their labels.
	 */
	public function test_payload_has_every_page_with_exact_numbers(): void {
		list( $status, $data ) = $this->get( self::ROUTE );
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$pages = $data['pages'];
		$this->assertSame( array( 'page_path', 'pageviews', 'engaged_sessions', 'new_session', 'bounce_rate' ), array_column( $pages['columns'], 'id' ) );
		$this->assertSame( array( 'Page Path', 'Page Views', 'Engaged Sessions', 'New Sessions', 'Bounce Rate' ), array_column( $pages['columns'], 'label' ) );
		$this->assertSame( 3, $pages['total'] );
		$this->assertSame( 'pageviews', $pages['orderby'] );
		$this->assertSame( 'desc', $pages['order'] );
		$this->assertEquals(
			array(
				array(
					'page_path'        => '/about/',
					'pageviews'        => 3,
					'engaged_sessions' => 0,
					'new_session'      => 1,
					'bounce_rate'      => 100,
				),
				array(
					'page_path'        => '/',
					'pageviews'        => 2,
					'engaged_sessions' => 1,
					'new_session'      => 1,
					'bounce_rate'      => 50,
				),
				array(
					'page_path'        => '/pricing/',
					'pageviews'        => 1,
					'engaged_sessions' => 1,
					'new_session'      => 1,
					'bounce_rate'      => 0,
				),
			),
			self::cells( $pages )
		);
		$this->assertSame( home_url( '/about/' ), $pages['rows'][0]['url'] );
	}

	/**
	 * The tables route: search on the first column in any case, sort, pages.
	 */
	public function test_tables_route_searches_sorts_and_pages(): void {
		$route = self::ROUTE . '/tables/pages';

		list( $status, $page ) = $this->get( $route, array( 'search' => 'ABOUT' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( 1, $page['total'] );
		$this->assertSame( array( '/about/' ), array_column( $page['rows'], 'page_path' ) );

		list( , $page ) = $this->get(
			$route,
			array(
				'orderby' => 'page_path',
				'order'   => 'asc',
			)
		);
		$this->assertSame( array( '/', '/about/', '/pricing/' ), array_column( $page['rows'], 'page_path' ) );

		list( , $page ) = $this->get(
			$route,
			array(
				'orderby' => 'engaged_sessions',
				'order'   => 'desc',
			)
		);
		// Ties (1 and 1) keep the first column's natural order.
		$this->assertSame( array( '/', '/pricing/', '/about/' ), array_column( $page['rows'], 'page_path' ) );

		list( , $page ) = $this->get(
			$route,
			array(
				'per_page' => 2,
				'page'     => 2,
			)
		);
		$this->assertSame( 3, $page['total'] );
		$this->assertSame( 2, $page['page'] );
		$this->assertSame( array( '/pricing/' ), array_column( $page['rows'], 'page_path' ) );
	}

	/**
	 * Bad parameters: a 400 naming the parameter; an unknown table: 404.
	 */
	public function test_bad_parameters_are_refused(): void {
		foreach ( array(
			array( 'orderby' => 'url' ),
			array( 'order' => 'up' ),
			array( 'per_page' => 101 ),
			array( 'page' => 0 ),
			array( 'search' => str_repeat( 'a', 201 ) ),
		) as $params ) {
			list( $status, $data ) = $this->get( self::ROUTE . '/tables/pages', $params );
			$this->assertSame( 400, $status, (string) wp_json_encode( $params ) );
			$this->assertSame( 'rest_invalid_param', $data['code'] );
			$this->assertArrayHasKey( (string) array_key_first( $params ), $data['data']['params'] );
		}
		list( $status, $data ) = $this->get( self::ROUTE . '/tables/nope' );
		$this->assertSame( 404, $status );
		$this->assertSame( 'rest_report_table_not_found', $data['code'] );
	}

	/**
	 * The CSV route: every matching row in the asked order, labels first, raw numbers.
	 */
	public function test_csv_has_every_row(): void {
		$response = $this->rest(
			'GET',
			self::ROUTE . '/tables/pages/csv',
			self::REPORT_RANGE + array(
				'orderby' => 'page_path',
				'order'   => 'asc',
			)
		);
		$this->assertInstanceOf( CsvResponse::class, $response );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'text/csv; charset=utf-8', $response->get_headers()['Content-Type'] );
		$this->assertSame( 'attachment; filename="monsterinsights-reports-engagement_pages-pages-2025-03-10-2025-03-12.csv"', $response->get_headers()['Content-Disposition'] );
		$this->assertSame(
			"\xEF\xBB\xBF\"Page Path\",\"Page Views\",\"Engaged Sessions\",\"New Sessions\",\"Bounce Rate\"\n/,2,1,1,50\n/about/,3,0,1,100\n/pricing/,1,1,1,0\n",
			$response->to_csv()
		);

		$response = $this->rest( 'GET', self::ROUTE . '/tables/pages/csv', self::REPORT_RANGE + array( 'search' => 'pric' ) );
		$this->assertInstanceOf( CsvResponse::class, $response );
		$this->assertSame( "\xEF\xBB\xBF\"Page Path\",\"Page Views\",\"Engaged Sessions\",\"New Sessions\",\"Bounce Rate\"\n/pricing/,1,1,1,0\n", $response->to_csv() );
	}

	/**
	 * The report, its table and its CSV need the pages feature (plus): basic gets 403
	 * upgrade_required; an editor without the capability gets no data either.
	 */
	public function test_gate(): void {
		$this->level = 'basic';
		foreach ( array( self::ROUTE, self::ROUTE . '/tables/pages', self::ROUTE . '/tables/pages/csv', self::ROUTE . '/tables/nope' ) as $route ) {
			$response = $this->rest( 'GET', $route, array() );
			$this->assertSame( 403, $response->get_status(), $route );
			$this->assertSame( 'upgrade_required', $response->get_data()['code'] ?? $response->as_error()->get_error_code(), $route );
		}
		$this->level = 'plus';
		$this->act_as( 'subscriber' );
		$response = $this->rest( 'GET', self::ROUTE . '/tables/pages/csv', self::REPORT_RANGE );
		$this->assertContains( $response->get_status(), array( 401, 403 ) );
		$this->assertNotInstanceOf( CsvResponse::class, $response );
	}
}
