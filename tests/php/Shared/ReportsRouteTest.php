<?php
/**
 * GET monsterinsights-reports/v1/reports/{name}.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Tests\Support\SessionsSource;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Permissions, validation, errors, payloads and caching of the report routes, over a source of
 * known session facts.
 */
class ReportsRouteTest extends TestCase {

	/**
	 * The source the routes answer from.
	 *
	 * @var SessionsSource
	 */
	private SessionsSource $source;

	/**
	 * Site-local today.
	 *
	 * @var \DateTimeImmutable
	 */
	private \DateTimeImmutable $today;

	/**
	 * A source with six sessions over three days and two in the previous period.
	 */
	protected function set_up() {
		parent::set_up();
		update_option( 'timezone_string', 'Europe/Berlin' );
		$this->today = new \DateTimeImmutable( 'today', wp_timezone() );
		$this->use_source( $this->facts() );
		// Custom and compare ranges and the most popular page need a licence; the tier gate has
		// tests of its own (Licensing/ReportGateTest).
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'agency' );
	}

	/**
	 * Registers a SessionsSource as the active source.
	 *
	 * @param array<int, array<string, mixed>> $facts Sessions.
	 * @param array<string, string>            $links Links.
	 * @param bool                             $connected Connected.
	 */
	private function use_source( array $facts, array $links = array(), bool $connected = true ): void {
		$this->source = new SessionsSource( $facts, $links, $connected );
		$source       = $this->source;
		add_filter( 'monsterinsights_reports_sources', static fn() => array( $source ) );
		update_option( BootData::SOURCE_OPTION, 'sessions' );
		$GLOBALS['wp_rest_server'] = null;
	}

	/**
	 * Y-m-d of today minus $days.
	 *
	 * @param int $days Days back.
	 */
	private function day( int $days ): string {
		return $this->today->modify( '-' . $days . ' days' )->format( 'Y-m-d' );
	}

	/**
	 * One session fact.
	 *
	 * @param int    $days_ago  Its day.
	 * @param string $device    Device category.
	 * @param string $country   Country code.
	 * @param string $source    Session source.
	 * @param string $medium    Session medium.
	 * @param string $landing   Landing page.
	 * @param int    $views     Page views.
	 * @param bool   $engaged   Engaged.
	 * @param string $visitor   Visitor key.
	 * @param string $new       new or returning.
	 * @param int    $duration  Seconds.
	 * @return array<string, mixed>
	 */
	private function session( int $days_ago, string $device, string $country, string $source, string $medium, string $landing, int $views, bool $engaged, string $visitor, string $new, int $duration ): array {
		return array(
			'date'       => $this->day( $days_ago ),
			'dimensions' => array(
				'deviceCategory' => $device,
				'countryId'      => $country,
				'sessionSource'  => $source,
				'sessionMedium'  => $medium,
				'landingPage'    => $landing,
				'pageTitle'      => 'Title of ' . $landing,
				'pagePath'       => $landing,
				'newVsReturning' => $new,
				'hour'           => '10',
				'dayOfWeek'      => '1',
			),
			'pageviews'  => $views,
			'duration'   => $duration,
			'engaged'    => $engaged,
			'visitor'    => $visitor,
		);
	}

	/**
	 * The facts: days 1–3 in the default range, days 31–33 in the previous period.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function facts(): array {
		return array(
			$this->session( 1, 'desktop', 'DE', 'example.org', 'referral', '/a/', 3, true, 'v1', 'new', 120 ),
			$this->session( 1, 'mobile', 'FR', 'google', 'organic', '/b/', 1, false, 'v2', 'new', 0 ),
			$this->session( 2, 'mobile', 'DE', '(direct)', '(none)', '/a/', 2, true, 'v3', 'returning', 60 ),
			$this->session( 3, 'tablet', 'US', 'news.example', 'referral', '/c/', 1, false, 'v4', 'new', 0 ),
			$this->session( 3, 'desktop', 'DE', 'example.org', 'referral', '/a/', 4, true, 'v5', 'returning', 300 ),
			$this->session( 3, 'desktop', 'DE', 'example.org', 'referral', '/a/', 1, false, 'v6', 'new', 0 ),
			$this->session( 31, 'desktop', 'DE', 'example.org', 'referral', '/a/', 2, true, 'p1', 'new', 30 ),
			$this->session( 33, 'mobile', 'DE', '(direct)', '(none)', '/b/', 1, false, 'p2', 'new', 0 ),
		);
	}

	/**
	 * GETs a report as the current user.
	 *
	 * @param string               $name   Report.
	 * @param array<string, mixed> $params Query.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function get_report( string $name, array $params = array() ): array {
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $name, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * The default range: last 30 days ending yesterday.
	 *
	 * @return array<string, string>
	 */
	private function last30(): array {
		return array(
			'start' => $this->day( 30 ),
			'end'   => $this->day( 1 ),
		);
	}

	/**
	 * Anonymous and subscribers are refused.
	 */
	public function test_anonymous_and_subscribers_are_refused(): void {
		list( $status, $data ) = $this->get_report( 'overview' );
		$this->assertSame( 401, $status );
		$this->assertSame( 'rest_forbidden', $data['code'] );

		$this->act_as( 'subscriber' );
		list( $status ) = $this->get_report( 'overview' );
		$this->assertSame( 403, $status );
	}

	/**
	 * Unknown report is 404.
	 */
	public function test_unknown_report_is_404(): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->get_report( 'no_such_report' );
		$this->assertSame( 404, $status );
		$this->assertSame( 'rest_report_not_found', $data['code'] );
	}

	/**
	 * Not connected is 409.
	 */
	public function test_not_connected_is_409(): void {
		$this->act_as( 'administrator' );
		update_option( BootData::SOURCE_OPTION, '' );
		list( $status, $data ) = $this->get_report( 'overview' );
		$this->assertSame( 409, $status );
		$this->assertSame( 'not_connected', $data['code'] );

		$this->use_source( array(), array(), false );
		list( $status ) = $this->get_report( 'overview' );
		$this->assertSame( 409, $status );
	}

	/**
	 * Ranges the server refuses.
	 *
	 * @return array<string, array{0: callable(self): array<string, string>}>
	 */
	public static function invalid_ranges(): array {
		return array(
			'start after end'     => array(
				static fn( self $t ) => array(
					'start' => $t->day( 1 ),
					'end'   => $t->day( 2 ),
				),
			),
			'end after today'     => array(
				static fn( self $t ) => array(
					'start' => $t->day( 1 ),
					'end'   => $t->day( -1 ),
				),
			),
			'before 2005'         => array(
				static fn( self $t ) => array(
					'start' => '2004-12-31',
					'end'   => $t->day( 1 ),
				),
			),
			'not a real day'      => array(
				static fn( self $t ) => array(
					'start' => '2025-02-30',
					'end'   => $t->day( 1 ),
				),
			),
			'compare start only'  => array( static fn( self $t ) => array( 'compare_start' => $t->day( 40 ) ) + $t->last30() ),
			'compare after today' => array(
				static fn( self $t ) => array(
					'compare_start' => $t->day( 1 ),
					'compare_end'   => $t->day( -2 ),
				) + $t->last30(),
			),
		);
	}

	/**
	 * Invalid ranges are 400 invalid_date_range.
	 *
	 * @dataProvider invalid_ranges
	 * @param callable $params Builds the parameters.
	 */
	public function test_invalid_ranges_are_refused( callable $params ): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->get_report( 'overview', $params( $this ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'invalid_date_range', $data['code'] );
		$this->assertNotEmpty( $data['message'] );
	}

	/**
	 * Malformed date is a schema error.
	 */
	public function test_malformed_date_is_a_schema_error(): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->get_report( 'overview', array( 'start' => 'yesterday' ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $data['code'] );
	}

	/**
	 * The licence gate can refuse a report.
	 */
	public function test_the_licence_gate_can_refuse_a_report(): void {
		$this->act_as( 'administrator' );
		add_filter(
			'monsterinsights_reports_report_gate',
			static fn( $error, $name ) => 'overview' === $name ? new \WP_Error(
				'upgrade_required',
				'Upgrade',
				array(
					'status' => 403,
					'level'  => 'basic',
				)
			) : $error,
			10,
			2
		);
		list( $status, $data ) = $this->get_report( 'overview' );
		$this->assertSame( 403, $status );
		$this->assertSame( 'upgrade_required', $data['code'] );
		list( $status ) = $this->get_report( 'site_summary' );
		$this->assertSame( 200, $status );
	}

	/**
	 * Overview infobox and graph.
	 */
	public function test_overview_infobox_and_graph(): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->get_report( 'overview', $this->last30() );
		$this->assertSame( 200, $status );

		$box = $data['infobox'];
		$this->assertSame( 30, $box['range'] );
		$this->assertEquals(
			array(
				'value'         => 6,
				'prev'          => 200.0,
				'compare_value' => 2,
			),
			$box['sessions']
		);
		$this->assertEquals( 12, $box['pageviews']['value'] );
		$this->assertEquals( 3, $box['pageviews']['compare_value'] );
		$this->assertEquals( 300.0, $box['pageviews']['prev'] );
		$this->assertEquals( 50.0, $box['bounce_rate']['value'] );
		$this->assertEquals( 80.0, $box['average_session_duration']['value'] );
		$this->assertEquals( 6, $box['totalusers']['value'] );
		$this->assertEquals( 4, $box['new_users']['value'] );
		$this->assertEquals( 0, $box['revenue_sales']['value'] );

		$graph = $data['overviewgraph'];
		$this->assertCount( 30, $graph['labels'] );
		$this->assertCount( 30, $graph['timestamps'] );
		$this->assertSame( 3, $graph['count'] );
		// The last three days, oldest first: 3 days ago (3 sessions), 2 days ago (1), yesterday (2).
		$this->assertSame( array( 3, 1, 2 ), array_slice( $graph['sessions']['datapoints'], -3 ) );
		$this->assertEquals( 6, $graph['sessions']['total'] );
		// Yesterday compares with 31 days ago (1 session): +100 %; 3 days ago with 33 days ago: +200 %;
		// 2 days ago with 32 days ago, which had none: no percentage.
		$floats = static fn( array $values ): array => array_map( static fn( $v ) => null === $v ? null : (float) $v, $values );
		$this->assertSame( array( 200.0, null, 100.0 ), $floats( array_slice( $graph['sessions']['trendpoints'], -3 ) ) );
		$this->assertSame( array( 0.0 ), $floats( array( $graph['sessions']['trendpoints'][0] ) ), 'nothing against nothing is no change' );
		$this->assertEquals( 0, $box['revenue_sales']['prev'], 'no revenue before or now: no change' );
		$this->assertSame( ( new \DateTimeImmutable( $this->day( 1 ), wp_timezone() ) )->getTimestamp(), end( $graph['timestamps'] ) );
		$this->assertFalse( $data['show_chart_overlay'] );
		$this->assertArrayNotHasKey( 'compare', $data );
		$this->assertArrayNotHasKey( 'galinks', $data );
	}

	/**
	 * Overview lists and pies.
	 */
	public function test_overview_lists_and_pies(): void {
		$this->act_as( 'administrator' );
		list( , $data ) = $this->get_report( 'overview', $this->last30() );

		$this->assertEquals(
			array(
				'desktop' => 50.0,
				'tablet'  => 16.67,
				'mobile'  => 33.33,
			),
			$data['devices']
		);
		$this->assertEquals(
			array(
				'new'       => 66.67,
				'returning' => 33.33,
			),
			$data['newvsreturn']
		);

		$this->assertSame( array( 'DE', 'FR', 'US' ), array_column( $data['countries'], 'iso' ) );
		$this->assertSame( 'Germany', $data['countries'][0]['name'] );
		$this->assertEquals( 4, $data['countries'][0]['sessions'] );
		$this->assertEquals( 75.0, $data['countries'][0]['engagement_rate'] );
		$this->assertNull( $data['countries'][0]['compare_sessions'] );

		// Referrals are sessions with the referral medium only: no search engine, no direct.
		$this->assertSame( array( 'example.org', 'news.example' ), array_column( $data['referrals'], 'url' ) );
		$this->assertEquals( 3, $data['referrals'][0]['sessions'] );

		$this->assertSame( '/a/', $data['toppages'][0]['page_path'] );
		$this->assertSame( 'Title of /a/', $data['toppages'][0]['title'] );
		$this->assertSame( home_url( '/a/' ), $data['toppages'][0]['url'] );
		$this->assertEquals( 4, $data['toppages'][0]['sessions'] );
	}

	/**
	 * Overview compare mode.
	 */
	public function test_overview_compare_mode(): void {
		$this->act_as( 'administrator' );
		$params                = $this->last30() + array(
			'compare_start' => $this->day( 60 ),
			'compare_end'   => $this->day( 31 ),
		);
		list( $status, $data ) = $this->get_report( 'overview', $params );
		$this->assertSame( 200, $status );
		$this->assertArrayHasKey( 'compare', $data );
		$this->assertSame( 2, $data['compare']['overviewgraph']['count'] );
		$this->assertEquals(
			array(
				'desktop' => 50.0,
				'tablet'  => 0.0,
				'mobile'  => 50.0,
			),
			$data['compare']['devices']
		);
		$this->assertEquals(
			array(
				'new'       => 100.0,
				'returning' => 0.0,
			),
			$data['newvsreturn']['compare']
		);
		$de = $data['countries'][0];
		$this->assertEquals( 2, $de['compare_sessions'] );
		$this->assertEquals( 100.0, $de['compare_change'] );
	}

	/**
	 * Overview without data shows the overlay and links only when the source has them.
	 */
	public function test_overview_without_data_shows_the_overlay_and_links_only_when_the_source_has_them(): void {
		$this->act_as( 'administrator' );
		$this->use_source( array(), array( 'countries' => 'https://analytics.example/countries' ) );
		list( , $data ) = $this->get_report( 'overview', $this->last30() );
		$this->assertTrue( $data['show_chart_overlay'] );
		$this->assertSame( 0, $data['overviewgraph']['count'] );
		$this->assertSame( array( 'countries' => 'https://analytics.example/countries' ), $data['galinks'] );
		$this->assertSame( array(), $data['countries'] );
	}

	/**
	 * Reports are cached until the data changes.
	 */
	public function test_reports_are_cached_until_the_data_changes(): void {
		$this->act_as( 'administrator' );
		$this->get_report( 'overview', $this->last30() );
		$asked = count( $this->source->queries );
		$this->assertGreaterThan( 0, $asked );
		list( , $cached ) = $this->get_report( 'overview', $this->last30() );
		$this->assertCount( $asked, $this->source->queries, 'the second request is answered from the cache' );
		// Kept as its JSON (half the bytes of a serialized array), read back exactly.
		$stored = $GLOBALS['wpdb']->get_col( "SELECT option_value FROM {$GLOBALS['wpdb']->options} WHERE option_name LIKE '\\_transient\\_mir\\_report\\_%'" );
		$this->assertCount( 1, $stored );
		$this->assertSame( $cached, json_decode( $stored[0], true ) );

		$this->use_source( array_slice( $this->facts(), 0, 2 ) );
		list( , $data ) = $this->get_report( 'overview', $this->last30() );
		$this->assertEquals( 2, $data['infobox']['sessions']['value'], 'new data version, new answer' );
	}

	/**
	 * Payloads match their schemas.
	 */
	public function test_payloads_match_their_schemas(): void {
		$this->act_as( 'administrator' );
		foreach ( array( 'overview', 'site_summary' ) as $name ) {
			$params                = $this->last30() + array(
				'compare_start' => $this->day( 60 ),
				'compare_end'   => $this->day( 31 ),
			);
			list( $status, $data ) = $this->get_report( $name, $params );
			$this->assertSame( 200, $status );
			$options = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/reports/' . $name )->get_data();
			$schema  = $options['schema'];
			$this->assertTrue( rest_validate_value_from_schema( $data, $schema, $name ), $name . ' validates' );
			foreach ( array_keys( $data ) as $key ) {
				$this->assertArrayHasKey( $key, $schema['properties'], "$name.$key is declared" );
			}
		}
	}

	/**
	 * Site summary.
	 */
	public function test_site_summary(): void {
		$this->act_as( 'administrator' );
		$posts_before    = (int) wp_count_posts( 'post' )->publish;
		$pages_before    = (int) wp_count_posts( 'page' )->publish;
		$comments_before = (int) wp_count_comments()->approved;
		$post            = self::factory_post( 'post', 'Most Read Post' );
		$page            = self::factory_post( 'page', 'About' );
		self::factory_post( 'post', 'Draft', 'draft' );
		wp_insert_comment(
			array(
				'comment_post_ID'  => $post,
				'comment_content'  => 'Nice',
				'comment_approved' => 1,
			)
		);
		$facts = $this->facts();
		foreach ( $facts as $i => $fact ) {
			$facts[ $i ]['dimensions']['pagePath']  = 0 === $i ? '/?p=' . $post : '/?page_id=' . $page;
			$facts[ $i ]['dimensions']['hour']      = (string) ( $i % 3 );
			$facts[ $i ]['dimensions']['dayOfWeek'] = (string) ( $i % 2 );
		}
		$this->use_source( $facts );

		list( $status, $data ) = $this->get_report( 'site_summary', $this->last30() );
		$this->assertSame( 200, $status );
		$this->assertSame( 15, $data['summary']['0'], 'all-time page views' );
		$this->assertSame( 8, $data['summary']['1'], 'all-time sessions' );
		$this->assertSame( $posts_before + 1, $data['summary']['total_posts'], 'drafts do not count' );
		$this->assertSame( $pages_before + 1, $data['summary']['total_pages'] );
		$this->assertSame( $comments_before + 1, $data['summary']['total_comments'] );

		// Range views: 12. dayOfWeek 0 = sessions 0,2,4 → 3+2+4 = 9 views; 1 = 1+1+1 = 3.
		$this->assertEquals(
			array(
				array(
					'day'     => 0,
					'percent' => 75.0,
				),
				array(
					'day'     => 1,
					'percent' => 25.0,
				),
			),
			$data['popular_days']
		);
		$this->assertCount( 3, $data['popular_hours'] );
		$this->assertSame( 'About', $data['popular_page']['title'] );
		$this->assertEquals( 9, $data['popular_page']['pageviews'] );
		$this->assertSame( 'Most Read Post', $data['popular_post']['title'] );
		$this->assertEquals( 3, $data['popular_post']['pageviews'] );
		$this->assertSame( get_permalink( $post ), $data['popular_post']['url'] );
	}

	/**
	 * Most popular categories: empty while the dimensions module is off; with it on, the
	 * categories of the posts read, by their share of views — and the cached payload follows the
	 * module's switch.
	 */
	public function test_site_summary_categories_need_the_dimensions_module(): void {
		$this->act_as( 'administrator' );
		$news   = wp_insert_term( 'News', 'category' );
		$guides = wp_insert_term( 'Guides', 'category' );
		$this->assertIsArray( $news );
		$this->assertIsArray( $guides );
		$first  = self::factory_post( 'post', 'First' );
		$second = self::factory_post( 'post', 'Second' );
		wp_set_post_categories( $first, array( $news['term_id'] ) );
		wp_set_post_categories( $second, array( $news['term_id'], $guides['term_id'] ) );
		$facts = $this->facts();
		foreach ( $facts as $i => $fact ) {
			$facts[ $i ]['dimensions']['pagePath'] = 0 === $i ? '/?p=' . $second : '/?p=' . $first;
		}
		$this->use_source( $facts );

		list( , $data ) = $this->get_report( 'site_summary', $this->last30() );
		$this->assertSame( array(), $data['popular_categories'] );

		\MonsterInsights\Reports\Settings\Modules::set( 'dimensions', true );
		list( $status, $data ) = $this->get_report( 'site_summary', $this->last30() );
		$this->assertSame( 200, $status );
		// Range views: 12; session 0 (3 views) reads Second (News + Guides), the rest (9) First (News).
		// News 12 of 15 categorised views, Guides 3.
		$this->assertEquals(
			array(
				array(
					'title'   => 'News',
					'percent' => 80.0,
				),
				array(
					'title'   => 'Guides',
					'percent' => 20.0,
				),
			),
			$data['popular_categories']
		);
	}

	/**
	 * Creates a post.
	 *
	 * @param string $type   Post type.
	 * @param string $title  Title.
	 * @param string $status Status.
	 */
	private static function factory_post( string $type, string $title, string $status = 'publish' ): int {
		return (int) wp_insert_post(
			array(
				'post_type'   => $type,
				'post_title'  => $title,
				'post_status' => $status,
			)
		);
	}
}
