<?php
/**
 * The google source against the fake Google server: tokens, queries, compare, faults, cache.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\REST\ReportsController;
use MonsterInsights\Reports\Settings\Secrets;
use MonsterInsights\Reports\Sources\Google\Cache;
use MonsterInsights\Reports\Sources\Google\Connection;
use MonsterInsights\Reports\Sources\Google\GoogleError;
use MonsterInsights\Reports\Sources\Google\GoogleSource;
use MonsterInsights\Reports\Sources\Google\Quota;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\GoogleReportTestCase;

/**
 * A site connected with the fixture's service account to property 300000001 reads the numbers the
 * fake's documented formula gives (docs/development.md, "The fake Google server").
 */
class GoogleSourceTest extends GoogleReportTestCase {

	/**
	 * An additive metric of the fake: the sum over the days of crc32 % 1000.
	 *
	 * @param string   $metric The metric.
	 * @param string[] $days   Y-m-d days.
	 * @param string   $values The row's dimension values joined with |.
	 * @param string   $filters The filters' JSON as sent.
	 */
	private static function additive( string $metric, array $days, string $values = '', string $filters = '' ): int {
		$sum = 0;
		foreach ( $days as $day ) {
			$sum += crc32( self::PROPERTY . '|' . $metric . '|' . $day . '|' . $values . '|' . $filters ) % 1000;
		}
		return $sum;
	}

	/**
	 * A range.
	 *
	 * @param string $start First day.
	 * @param string $end   Last day.
	 */
	private static function range( string $start, string $end ): DateRange {
		return new DateRange( new \DateTimeImmutable( $start, wp_timezone() ), new \DateTimeImmutable( $end, wp_timezone() ) );
	}

	/**
	 * A query without dimensions is one runReport signed with a service-account token; its totals
	 * and its compare range (one request of two date ranges) have the fake's numbers; bounce rate
	 * comes in percent.
	 */
	public function test_totals_and_compare_from_one_signed_request(): void {
		$source = new GoogleSource();
		$this->assertTrue( $source->is_connected() );
		$days     = array( '2026-11-01', '2026-11-02', '2026-11-03' );
		$previous = array( '2026-10-29', '2026-10-30', '2026-10-31' );
		$result   = $source->run( new Query( array( Metric::SESSIONS, Metric::BOUNCE_RATE, Metric::EXITS ), array(), self::range( '2026-11-01', '2026-11-03' ), self::range( '2026-10-29', '2026-10-31' ) ) );

		$this->assertSame( self::additive( 'sessions', $days ), $result->total( Metric::SESSIONS ) );
		$this->assertSame( self::additive( 'sessions', $previous ), $result->compare?->total( Metric::SESSIONS ) );
		$bounce = round( ( crc32( self::PROPERTY . '|bounceRate|2026-11-01|2026-11-03||' ) % 10000 ) / 10000 * 100, 2 );
		$this->assertSame( $bounce, $result->total( Metric::BOUNCE_RATE ) );
		// GA4 has no exits: not asked, 0.
		$this->assertSame( 0, $result->total( Metric::EXITS ) );

		// The range and the compare range are one runReport of two date ranges.
		$requests = self::fake_google_requests();
		$this->assertSame( array( '/token', '/v1beta/properties/' . self::PROPERTY . ':runReport' ), array_column( $requests, 'path' ) );
		$this->assertSame( 'Bearer ya29.fake-access-1', $requests[1]['authorization'] );
		$this->assertSame(
			array(
				'dateRanges'          => array(
					array(
						'startDate' => '2026-11-01',
						'endDate'   => '2026-11-03',
					),
					array(
						'startDate' => '2026-10-29',
						'endDate'   => '2026-10-31',
					),
				),
				'metrics'             => array( array( 'name' => 'sessions' ), array( 'name' => 'bounceRate' ) ),
				'metricAggregations'  => array( 'TOTAL' ),
				'returnPropertyQuota' => true,
			),
			json_decode( $requests[1]['body'], true )
		);
	}

	/**
	 * More than ten metrics are asked in two requests whose answers merge in the query's order; an
	 * "all time" range starts at GA4's first day.
	 */
	public function test_more_than_ten_metrics_and_all_time(): void {
		$metrics = array( Metric::SESSIONS, Metric::SCREEN_PAGE_VIEWS, Metric::TOTAL_USERS, Metric::NEW_USERS, Metric::BOUNCE_RATE, Metric::ENGAGEMENT_RATE, Metric::ENGAGED_SESSIONS, Metric::AVERAGE_SESSION_DURATION, Metric::USER_ENGAGEMENT_DURATION, Metric::SCREEN_PAGE_VIEWS_PER_USER, Metric::SCREEN_PAGE_VIEWS_PER_SESSION, Metric::SESSIONS_PER_USER );
		$result  = ( new GoogleSource() )->run( new Query( $metrics, array(), self::range( '2026-11-01', '2026-11-02' ) ) );
		$this->assertSame( $metrics, array_keys( $result->totals ) );
		$this->assertSame( self::additive( 'sessions', array( '2026-11-01', '2026-11-02' ) ), $result->total( Metric::SESSIONS ) );
		$this->assertSame( round( ( crc32( self::PROPERTY . '|sessionsPerUser|2026-11-01|2026-11-02||' ) % 10000 ) / 10000, 2 ), $result->total( Metric::SESSIONS_PER_USER ) );
		// One batch of the two parts.
		$bodies = array_map( static fn( array $r ): array => json_decode( $r['body'], true ), array_slice( self::fake_google_requests(), 1 ) );
		$this->assertCount( 1, $bodies );
		$this->assertSame( array( 10, 2 ), array_map( static fn( array $b ): int => count( $b['metrics'] ), $bodies[0]['requests'] ) );

		( new GoogleSource() )->run( new Query( array( Metric::SESSIONS ), array(), self::range( DateRange::EARLIEST, '2026-11-02' ) ) );
		$requests = self::fake_google_requests();
		$last     = json_decode( (string) end( $requests )['body'], true );
		$this->assertSame( '2020-10-14', $last['dateRanges'][0]['startDate'] );
	}

	/**
	 * Rows by date come as Y-m-d, ranked rows with a filter keep the fake's order; the token is
	 * kept (encrypted) and reused; the same query again is answered from the cache.
	 */
	public function test_rows_filters_and_the_token_reused(): void {
		$source = new GoogleSource();
		$by_day = $source->run(
			new Query(
				array( Metric::SCREEN_PAGE_VIEWS ),
				array( Dimension::DATE ),
				self::range( '2026-11-01', '2026-11-02' ),
				null,
				array(),
				array(
					array(
						'field' => Dimension::DATE,
						'desc'  => false,
					),
				)
			)
		);
		$this->assertSame(
			array(
				'2026-11-01' => array( Metric::SCREEN_PAGE_VIEWS => self::additive( 'screenPageViews', array( '2026-11-01' ) ) ),
				'2026-11-02' => array( Metric::SCREEN_PAGE_VIEWS => self::additive( 'screenPageViews', array( '2026-11-02' ) ) ),
			),
			$by_day->by( Dimension::DATE )
		);

		$filter   = new Filter( Dimension::SESSION_MEDIUM, Filter::EXACT, 'referral' );
		$ranked   = $source->run( Query::ranked( array( Metric::SESSIONS ), array( Dimension::SESSION_SOURCE ), self::range( '2026-11-01', '2026-11-01' ), Metric::SESSIONS, 2, null, array( $filter ) ) );
		$filters  = (string) wp_json_encode(
			array(
				'dimensionFilter' => array(
					'filter' => array(
						'fieldName'    => 'sessionMedium',
						'stringFilter' => array(
							'matchType' => 'EXACT',
							'value'     => 'referral',
						),
					),
				),
			)
		);
		$expected = array();
		// The fake filters its fixture rows, so by sessionMedium too: the referral sources.
		foreach ( array( 'news.ycombinator.com', 'github.com', 'wordpress.org', 'facebook.com', 't.co' ) as $referrer ) {
			$expected[ $referrer ] = self::additive( 'sessions', array( '2026-11-01' ), $referrer, $filters );
		}
		$this->assertNotEmpty( $ranked->rows );
		foreach ( $ranked->rows as $row ) {
			$this->assertSame( $expected[ $row['dimensions'][ Dimension::SESSION_SOURCE ] ] ?? null, $row['metrics'][ Metric::SESSIONS ] );
		}
		arsort( $expected );
		$this->assertSame( array_slice( array_keys( $expected ), 0, 2 ), array_map( static fn( array $row ): string => $row['dimensions'][ Dimension::SESSION_SOURCE ], $ranked->rows ) );
		$this->assertSame( array_sum( $expected ), $ranked->total( Metric::SESSIONS ) );

		// Again: from the cache. One token for all of it, kept encrypted.
		$source->run( Query::ranked( array( Metric::SESSIONS ), array( Dimension::SESSION_SOURCE ), self::range( '2026-11-01', '2026-11-01' ), Metric::SESSIONS, 2, null, array( $filter ) ) );
		$this->assertSame( array( '/token', '/v1beta/properties/' . self::PROPERTY . ':runReport', '/v1beta/properties/' . self::PROPERTY . ':runReport' ), array_column( self::fake_google_requests(), 'path' ) );
		$token = Secrets::get( Connection::SECRET_TOKEN, Secrets::SITE );
		$this->assertIsArray( $token );
		$this->assertSame( 'ya29.fake-access-1', $token['access_token'] );
		$this->assertStringNotContainsString( 'ya29.', (string) wp_json_encode( get_option( Secrets::OPTION ) ) );
	}

	/**
	 * A token Google forgot is renewed once; a key Google refuses puts the connection in re-auth
	 * and the report route answers 401 google_reauth; a new key clears it.
	 */
	public function test_revoked_tokens_renew_and_a_refused_key_needs_reauth(): void {
		$source = new GoogleSource();
		$query  = new Query( array( Metric::SESSIONS ), array(), self::range( '2026-11-01', '2026-11-01' ) );
		$source->run( $query );
		self::fake_google_control( '/__control', array( 'revoke_tokens' => true ) );
		$this->assertSame( self::additive( 'sessions', array( '2026-11-02' ) ), $source->run( new Query( array( Metric::SESSIONS ), array(), self::range( '2026-11-02', '2026-11-02' ) ) )->total( Metric::SESSIONS ) );
		$this->assertSame( 2, count( array_keys( array_column( self::fake_google_requests(), 'path' ), '/token', true ) ) );

		self::fake_google_control( '/__control', array( 'revoke_tokens' => true ) );
		self::fake_google_control(
			'/__control',
			array(
				'fault' => 'invalid_grant',
				'scope' => 'token',
			)
		);
		try {
			$source->run( new Query( array( Metric::SESSIONS ), array(), self::range( '2026-11-03', '2026-11-03' ) ) );
			$this->fail( 'no error' );
		} catch ( GoogleError $error ) {
			$this->assertSame( GoogleError::REAUTH, $error->kind );
		}
		$this->assertTrue( ( new Connection() )->needs_reauth() );

		$this->act_as( 'administrator' );
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/overview' );
		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( GoogleError::REAUTH, $response->get_data()['code'] );
	}

	/**
	 * When the quota is used up the last answer for the query is served and the source says so;
	 * without one, the quota error; a 5xx is unavailable, broken JSON malformed.
	 */
	public function test_quota_serves_the_last_answer_and_other_faults_have_their_kind(): void {
		$source = new GoogleSource();
		$query  = new Query( array( Metric::SESSIONS ), array(), self::range( '2026-11-01', '2026-11-01' ) );
		$first  = $source->run( $query );
		// The fresh copy expires; the last answer stays.
		$this->delete_fresh_answers();
		self::fake_google_control(
			'/__control',
			array(
				'fault' => 'quota',
				'scope' => 'data',
			)
		);
		$this->assertEquals( $first, $source->run( $query ) );
		$this->assertTrue( GoogleSource::stale() );
		$asked = count( self::fake_google_requests() );

		// Backing off: a query without a last answer is the quota error, and Google is not asked.
		try {
			$source->run( new Query( array( Metric::TOTAL_USERS ), array(), self::range( '2026-11-01', '2026-11-01' ) ) );
			$this->fail( 'no error while backing off' );
		} catch ( GoogleError $error ) {
			$this->assertSame( GoogleError::QUOTA, $error->kind );
		}
		$this->assertCount( $asked, self::fake_google_requests() );
		// The report route says so in a header, and keeps no payload built from it.
		$this->act_as( 'administrator' );
		Cache::$stale = false;
		$response     = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/overview' );
		$this->assertSame( 429, $response->get_status() );
		$this->assertSame( GoogleError::QUOTA, $response->get_data()['code'] );
		delete_transient( Cache::BACKOFF_TRANSIENT );

		$faults = array(
			'quota'        => GoogleError::QUOTA,
			'server_error' => GoogleError::UNAVAILABLE,
			'broken_json'  => GoogleError::MALFORMED,
			'forbidden'    => GoogleError::FORBIDDEN,
		);
		foreach ( $faults as $fault => $kind ) {
			self::fake_google_control(
				'/__control',
				array(
					'fault' => $fault,
					'scope' => 'data',
				)
			);
			delete_transient( Cache::BACKOFF_TRANSIENT );
			try {
				$source->run( new Query( array( Metric::NEW_USERS ), array(), self::range( '2026-11-01', '2026-11-01' ) ) );
				$this->fail( 'no error for ' . $fault );
			} catch ( GoogleError $error ) {
				$this->assertSame( $kind, $error->kind, $fault );
			}
		}
	}

	/**
	 * A report built from the last answers while the quota is used up is answered with the stale
	 * header, and not kept: once Google answers again, the next request is fresh.
	 */
	public function test_a_report_from_the_last_answers_is_marked_stale(): void {
		$this->act_as( 'administrator' );
		$fresh = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/overview' );
		$this->assertSame( 200, $fresh->get_status() );
		$this->assertArrayNotHasKey( ReportsController::STALE_HEADER, $fresh->get_headers() );

		$this->delete_fresh_answers();
		self::fake_google_control(
			'/__control',
			array(
				'fault' => 'quota',
				'scope' => 'data',
			)
		);
		$stale = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/overview' );
		$this->assertSame( 200, $stale->get_status() );
		$this->assertSame( 'quota', $stale->get_headers()[ ReportsController::STALE_HEADER ] );
		$this->assertEquals( $fresh->get_data(), $stale->get_data() );

		self::fake_google_control( '/__control', array( 'fault' => null ) );
		delete_transient( Cache::BACKOFF_TRANSIENT );
		Cache::$stale = false;
		$again        = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/overview' );
		$this->assertArrayNotHasKey( ReportsController::STALE_HEADER, $again->get_headers() );
	}

	/**
	 * A report's queries are asked together before it is built: the Overview costs batches of at
	 * most five reports, each request once, and its build asks nothing more.
	 */
	public function test_a_report_asks_its_queries_in_batches(): void {
		$this->act_as( 'administrator' );
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/overview' );
		$this->assertSame( 200, $response->get_status() );
		$calls = array_slice( self::fake_google_requests(), 1 );
		$paths = array_unique( array_column( $calls, 'path' ) );
		$this->assertSame( array( '/v1beta/properties/' . self::PROPERTY . ':batchRunReports' ), array_values( $paths ) );
		$bodies = array();
		foreach ( $calls as $call ) {
			$requests = json_decode( $call['body'], true )['requests'];
			$this->assertLessThanOrEqual( 5, count( $requests ) );
			foreach ( $requests as $request ) {
				$bodies[] = wp_json_encode( $request );
			}
		}
		$this->assertSame( count( $bodies ), count( array_unique( $bodies ) ) );
		$this->assertSame( (int) ceil( count( $bodies ) / 5 ), count( $calls ) );
	}

	/**
	 * The property quota each answer carries is read: when a token quota is down to the reserve,
	 * Google is left alone as after a 429, and the reports come from their last answers, marked
	 * stale, without a request to Google.
	 */
	public function test_a_low_property_quota_backs_off_before_google_refuses(): void {
		$this->act_as( 'administrator' );
		// 39,900 of the hour's 40,000 tokens spent: after the Overview's reports (5 tokens each) at
		// most 100 are left, below Quota::RESERVE.
		self::fake_google_control( '/__control', array( 'quota_used' => 39900 ) );
		$fresh = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/overview' );
		$this->assertSame( 200, $fresh->get_status() );
		$this->assertArrayNotHasKey( ReportsController::STALE_HEADER, $fresh->get_headers() );

		$reports = 0;
		foreach ( self::fake_google_requests() as $call ) {
			if ( str_ends_with( $call['path'], ':batchRunReports' ) ) {
				$reports += count( json_decode( $call['body'], true )['requests'] );
			} elseif ( str_ends_with( $call['path'], ':runReport' ) ) {
				++$reports;
			}
		}
		$this->assertGreaterThan( 1, $reports );
		$latest = Quota::latest();
		$this->assertSame( 200000 - 39900 - 5 * $reports, $latest['day'] ?? null );
		// (The hour's count starts again at the top of an hour, should one pass meanwhile.)
		$this->assertLessThanOrEqual( Quota::RESERVE, $latest['hour'] ?? null );
		$this->assertTrue( Cache::backing_off() );

		// The same screen later: its answers no longer fresh, it is served from them, stale.
		$this->delete_fresh_answers();
		$asked = count( self::fake_google_requests() );
		$stale = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/overview' );
		$this->assertSame( 200, $stale->get_status() );
		$this->assertSame( 'quota', $stale->get_headers()[ ReportsController::STALE_HEADER ] );
		$this->assertEquals( $fresh->get_data(), $stale->get_data() );
		$this->assertCount( $asked, self::fake_google_requests() );
	}

	/**
	 * A quota with room leaves Google asked as usual.
	 */
	public function test_a_quota_with_room_does_not_back_off(): void {
		$result = ( new GoogleSource() )->run( new Query( array( Metric::SESSIONS ), array(), self::range( '2026-11-01', '2026-11-03' ) ) );
		$this->assertSame( self::additive( 'sessions', array( '2026-11-01', '2026-11-02', '2026-11-03' ) ), $result->total( Metric::SESSIONS ) );
		$this->assertSame( 14000 - 5, Quota::latest()['project_hour'] ?? null );
		$this->assertFalse( Cache::backing_off() );
	}

	/**
	 * Google's answers expire (they stay the last answers), and so do the payloads built from them.
	 */
	private function delete_fresh_answers(): void {
		global $wpdb;
		Cache::expire_all();
		foreach ( $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_mir\\_report\\_%'" ) as $name ) { // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			delete_transient( substr( (string) $name, strlen( '_transient_' ) ) );
		}
		wp_cache_flush();
	}
}
