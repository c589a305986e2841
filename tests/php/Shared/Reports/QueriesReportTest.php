<?php
/**
 * The Search Console report: on the google source against the fake Google server, and on builtin.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Google\Cache;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Sources\Google\GoogleError;
use MonsterInsights\Reports\Sources\Google\GoogleSource;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\FakeGoogleTestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- The fixtures.

/**
 * A site connected with the fixture's service account, its Search Console site
 * https://example.com/, reads the top 50 of the fixture's 55 queries with the numbers of the
 * fake's documented formula (docs/development.md, "The fake Google server"), computed here:
 * per day, clicks crc32("{site}|clicks|{day}|{query}") % 50, impressions clicks + 1 +
 * crc32("{site}|impressions|{day}|{query}") % 500, summed; ctr clicks / impressions (in percent
 * here); position 1 + crc32("{site}|position|{start}|{end}|{query}") % 400 / 10.
 */
class QueriesReportTest extends FakeGoogleTestCase {

	private const ROUTE = '/monsterinsights-reports/v1/reports/queries';

	private const SITE = 'https://example.com/';

	/**
	 * The licence level the filter answers.
	 *
	 * @var string
	 */
	private string $level = 'plus';

	/**
	 * Each test: a fresh server, a site connected by the service account (as the google source's
	 * own test connects it) with a Search Console site, a plus licence, an administrator.
	 */
	protected function set_up() {
		parent::set_up();
		self::connect_fixture_account();
		( new Connection() )->update( array( 'sc_site' => self::SITE ) );
		add_filter( 'monsterinsights_reports_licence_level', fn() => $this->level );
		$this->act_as( 'administrator' );
	}

	/**
	 * The fake's rows of a range for a site, as the report gives them: its top $limit by clicks
	 * (ties by query, as the fake ranks), then most clicks, most impressions, the query.
	 *
	 * @param string   $site  The Search Console site.
	 * @param string[] $days  The range's days, Y-m-d.
	 * @param int      $limit Rows at most.
	 * @return list<array{term: string, clicks: int, impressions: int, ctr: float, position: float}>
	 */
	private static function expected( string $site, array $days, int $limit = 50 ): array {
		$fixture = json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fake-google/fixtures/searchconsole.json' ), true );
		$start   = $days[0];
		$end     = $days[ count( $days ) - 1 ];
		$rows    = array();
		foreach ( $fixture['query'] as $query ) {
			$clicks      = 0;
			$impressions = 0;
			foreach ( $days as $day ) {
				$day_clicks   = crc32( $site . '|clicks|' . $day . '|' . $query ) % 50;
				$clicks      += $day_clicks;
				$impressions += $day_clicks + 1 + crc32( $site . '|impressions|' . $day . '|' . $query ) % 500;
			}
			$rows[] = array(
				'term'        => $query,
				'clicks'      => $clicks,
				'impressions' => $impressions,
				'ctr'         => round( $clicks / $impressions * 100, 2 ),
				'position'    => round( 1 + ( crc32( $site . '|position|' . $start . '|' . $end . '|' . $query ) % 400 ) / 10, 2 ),
			);
		}
		usort( $rows, static fn( array $a, array $b ): int => array( $b['clicks'], $a['term'] ) <=> array( $a['clicks'], $b['term'] ) );
		$rows = array_slice( $rows, 0, $limit );
		usort( $rows, static fn( array $a, array $b ): int => array( $b['clicks'], $b['impressions'], $a['term'] ) <=> array( $a['clicks'], $a['impressions'], $b['term'] ) );
		return $rows;
	}

	/**
	 * The report for a range.
	 *
	 * @param string $start First day.
	 * @param string $end   Last day.
	 */
	private function report( string $start, string $end ): \WP_REST_Response {
		return $this->rest(
			'GET',
			self::ROUTE,
			array(
				'start' => $start,
				'end'   => $end,
			)
		);
	}

	/**
	 * One signed searchAnalytics.query of the range's queries on web search, 50 rows: the payload
	 * is its 50 terms with the fake's numbers, CTR in percent, most clicks first, and the link to
	 * the site's queries in Search Console. The same request again is served from the cache.
	 */
	public function test_the_top_50_terms_from_one_search_analytics_query(): void {
		$response = $this->report( '2026-11-01', '2026-11-03' );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$data     = $response->get_data();
		$expected = self::expected( self::SITE, array( '2026-11-01', '2026-11-02', '2026-11-03' ) );
		$this->assertCount( 50, $expected );
		$this->assertSame(
			array(
				'queries' => $expected,
				'galinks' => array( 'queries' => 'https://search.google.com/search-console/performance/search-analytics?resource_id=https%3A%2F%2Fexample.com%2F' ),
			),
			$data
		);
		// Written out once, so a mistake shared by the formula above and the code shows.
		$this->assertSame( array( 'term', 'clicks', 'impressions', 'ctr', 'position' ), array_keys( $data['queries'][0] ) );
		$this->assertGreaterThanOrEqual( $data['queries'][49]['clicks'], $data['queries'][0]['clicks'] );

		$requests = self::fake_google_requests();
		$this->assertSame( array( '/token', '/webmasters/v3/sites/https%3A%2F%2Fexample.com%2F/searchAnalytics/query' ), array_column( $requests, 'path' ) );
		$this->assertSame( 'POST', $requests[1]['method'] );
		$this->assertSame( 'Bearer ya29.fake-access-1', $requests[1]['authorization'] );
		$this->assertSame(
			array(
				'startDate'  => '2026-11-01',
				'endDate'    => '2026-11-03',
				'dimensions' => array( 'query' ),
				'type'       => 'web',
				'rowLimit'   => 50,
			),
			json_decode( $requests[1]['body'], true )
		);

		// Again, even once the report's own cache is gone: Google's answer is kept.
		$this->delete_transients( 'mir_report_' );
		$this->assertSame( $data, $this->report( '2026-11-01', '2026-11-03' )->get_data() );
		$this->assertCount( 2, self::fake_google_requests() );
	}

	/**
	 * A domain property is asked by its encoded name, and its numbers are its own.
	 */
	public function test_a_domain_property(): void {
		( new Connection() )->update( array( 'sc_site' => 'sc-domain:example.com' ) );
		$response = $this->report( '2026-10-05', '2026-10-05' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( self::expected( 'sc-domain:example.com', array( '2026-10-05' ) ), $response->get_data()['queries'] );
		$this->assertSame( 'https://search.google.com/search-console/performance/search-analytics?resource_id=sc-domain%3Aexample.com', $response->get_data()['galinks']['queries'] );
		$this->assertSame( '/webmasters/v3/sites/sc-domain%3Aexample.com/searchAnalytics/query', self::fake_google_requests()[1]['path'] );
	}

	/**
	 * On the builtin source the route says which source provides the report (a 400 the app shows
	 * as a notice), asks nothing of Google and shows no sample.
	 */
	public function test_builtin_says_which_source_provides_it(): void {
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$response = $this->report( '2026-11-01', '2026-11-03' );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'no_search_console', $response->get_data()['code'] );
		$this->assertSame( 'The terms people searched for on Google come from Google Search Console, which the built-in data source cannot see. Connect Google as the data source in the settings and choose your Search Console site to see them here.', $response->get_data()['message'] );
		$this->assertSame( array(), self::fake_google_requests() );
	}

	/**
	 * Connected to Google without a Search Console site chosen: a notice telling to choose one.
	 */
	public function test_without_a_search_console_site_it_says_to_choose_one(): void {
		( new Connection() )->update( array( 'sc_site' => '' ) );
		$response = $this->report( '2026-11-01', '2026-11-03' );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'no_search_console_site', $response->get_data()['code'] );
		$this->assertSame( 'No Search Console site is chosen yet. Choose your site in the Google connection settings to see the terms people searched for on Google.', $response->get_data()['message'] );
		$this->assertSame( array(), self::fake_google_requests() );
	}

	/**
	 * The report is plus: below, 403 upgrade_required before anything is asked.
	 */
	public function test_below_plus_the_report_is_locked(): void {
		$this->level = 'basic';
		$response    = $this->report( '2026-11-01', '2026-11-03' );
		$this->assertSame( 403, $response->get_status() );
		$this->assertSame( 'upgrade_required', $response->get_data()['code'] );
		$this->assertSame( 'plus', $response->get_data()['data']['level'] );
		$this->assertSame( array(), self::fake_google_requests() );
	}

	/**
	 * Google's faults are the report's states: the quota with no earlier answer is google_quota
	 * (with one, that answer); 5xx unavailable, broken JSON malformed, a refused key re-auth; a 403
	 * on the Search Console site is the report's own notice (no_search_console_access), not the
	 * connection's.
	 */
	public function test_faults_are_states(): void {
		self::fake_google_control(
			'/__control',
			array(
				'fault' => 'quota',
				'scope' => 'searchconsole',
			)
		);
		$response = $this->report( '2026-09-01', '2026-09-02' );
		$this->assertSame( 429, $response->get_status() );
		$this->assertSame( GoogleError::QUOTA, $response->get_data()['code'] );

		// An earlier answer is served when the quota is used up (Google left alone meanwhile), and
		// the source says so.
		self::fake_google_control( '/__control', array( 'fault' => null ) );
		delete_transient( Cache::BACKOFF_TRANSIENT );
		$first = $this->report( '2026-09-03', '2026-09-03' )->get_data();
		$this->assertSame( self::expected( self::SITE, array( '2026-09-03' ) ), $first['queries'] );
		$this->delete_transients( 'mir_report_' );
		Cache::expire_all();
		self::fake_google_control(
			'/__control',
			array(
				'fault' => 'quota',
				'scope' => 'searchconsole',
			)
		);
		$this->assertSame( $first, $this->report( '2026-09-03', '2026-09-03' )->get_data() );
		$this->assertTrue( GoogleSource::stale() );

		$faults = array(
			'server_error' => array( GoogleError::UNAVAILABLE, 503 ),
			'broken_json'  => array( GoogleError::MALFORMED, 502 ),
			// Last: its text and Google's reason are checked below.
			'forbidden'    => array( GoogleError::SEARCH_CONSOLE_FORBIDDEN, 400 ),
		);
		$day = 10;
		foreach ( $faults as $fault => list( $kind, $status ) ) {
			delete_transient( Cache::BACKOFF_TRANSIENT );
			self::fake_google_control(
				'/__control',
				array(
					'fault' => $fault,
					'scope' => 'searchconsole',
				)
			);
			$response = $this->report( '2026-09-' . $day, '2026-09-' . $day );
			++$day;
			$this->assertSame( $status, $response->get_status(), $fault );
			$this->assertSame( $kind, $response->get_data()['code'], $fault );
		}
		$this->assertSame( 'Google refused access to the chosen Search Console site. Add the connected Google account as a user of the site in Search Console, or choose another site in the Google connection settings.', $response->get_data()['message'] );
		$this->assertStringContainsString( 'User does not have sufficient permission for site', $response->get_data()['data']['reason'] );

		delete_transient( Cache::BACKOFF_TRANSIENT );
		self::fake_google_control( '/__control', array( 'revoke_tokens' => true ) );
		self::fake_google_control(
			'/__control',
			array(
				'fault' => 'invalid_grant',
				'scope' => 'all',
			)
		);
		$response = $this->report( '2026-09-20', '2026-09-20' );
		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( GoogleError::REAUTH, $response->get_data()['code'] );
	}

	/**
	 * The report has no table routes (its list is whole in the payload) and publishes its schema.
	 */
	public function test_schema_and_no_tables(): void {
		$this->assertSame( 404, $this->rest( 'GET', self::ROUTE . '/tables/queries' )->get_status() );
		$schema = $this->rest( 'OPTIONS', self::ROUTE )->get_data()['schema'];
		$this->assertSame( array( 'queries', 'galinks' ), array_keys( $schema['properties'] ) );
		$this->assertSame( array( 'term', 'clicks', 'impressions', 'ctr', 'position' ), array_keys( $schema['properties']['queries']['items']['properties'] ) );
	}

	/**
	 * Deletes transients whose names start with a prefix (as if they had expired).
	 *
	 * @param string $prefix The prefix.
	 */
	private function delete_transients( string $prefix ): void {
		global $wpdb;
		$like = $wpdb->esc_like( '_transient_' . $prefix ) . '%';
		foreach ( $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $like ) ) as $name ) { // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			delete_transient( substr( (string) $name, strlen( '_transient_' ) ) );
		}
		wp_cache_flush();
	}
}
