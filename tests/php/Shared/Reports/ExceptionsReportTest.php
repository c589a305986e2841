<?php
/**
 * The Exceptions report on the builtin source: detection over the rollups, payload, delete route,
 * gate.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Exceptions\Runner;
use MonsterInsights\Reports\Analysis\Exceptions\Series;
use MonsterInsights\Reports\Analysis\Exceptions\SeriesCategory;
use MonsterInsights\Reports\Analysis\Exceptions\SeriesKind;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Exceptions\Store;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Scheduler;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\FakeShop;

/**
 * Rollups written by hand, Berlin time, Monday 6 January to Friday 14 March 2025 (now is Saturday
 * 15 March, noon), every day with a small wobble of −1, 0 or +1 by day index (i mod 3 − 1):
 *
 * - Organic Search: sessions by weekday 120, 133, 125, 110, 100, 60, 55 (Monday first) plus the
 *   wobble, page views twice the sessions, half the sessions bounce — but 300 sessions on Tuesday
 *   25 February and 412 on Tuesday 11 March (the usual Tuesday is 133: 3.1×);
 * - campaign spring_sale: 100 sessions a day plus the wobble, but 40 on Thursday 13 March (60 %
 *   below the usual 100);
 * - landing page /pricing/: 100 entrances a day, 40 bounces, but 75 on Monday 10 March;
 * - a tiny Referral channel (4 sessions a day, 12 on Tuesday 11 March) never flags;
 * - the site's sessions (rollup_site) are the three added up: 237 on a usual Tuesday, 405 on 25
 *   February, 524 on 11 March (both exceptions too); 153 on 13 March is 28 % below the usual 214,
 *   under the 40 % an exception needs.
 */
class ExceptionsReportTest extends BuiltinTestCase {

	use FakeShop;

	private const ROUTE = '/monsterinsights-reports/v1/reports/exceptions';

	private const FIRST_DAY = '2025-01-06';

	private const LAST_DAY = '2025-03-14';

	/**
	 * The licence level the filter answers.
	 *
	 * @var string
	 */
	private string $level = 'agency';

	/**
	 * Writes the rollups, the builtin source, an administrator with an agency licence, now frozen.
	 */
	protected function set_up() {
		parent::set_up();
		delete_option( Runner::CHECKED_OPTION );
		delete_option( Aggregator::LAST_RUN_OPTION );
		$this->write_rollups();
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		$this->level = 'agency';
		add_filter( 'monsterinsights_reports_licence_level', fn() => $this->level );
		add_filter( 'monsterinsights_reports_now', static fn(): int => Hits::ts( self::NOW ) );
	}

	/**
	 * The days of the data, with their index from the first.
	 *
	 * @return array<int, string>
	 */
	private static function days(): array {
		$days = array();
		$at   = (int) strtotime( self::FIRST_DAY . ' 12:00:00 UTC' );
		$last = (int) strtotime( self::LAST_DAY . ' 12:00:00 UTC' );
		for ( ; $at <= $last; $at += DAY_IN_SECONDS ) {
			$days[] = gmdate( 'Y-m-d', $at );
		}
		return $days;
	}

	/**
	 * Writes the rollups the class comment describes.
	 */
	private function write_rollups(): void {
		$week = array( 120, 133, 125, 110, 100, 60, 55 );
		Db::insert_rows( 'paths', array( 'id', 'hash', 'path' ), array( array( 7, md5( '/pricing/' ), '/pricing/' ) ) );
		Db::insert_rows( 'campaigns', array( 'id', 'hash', 'name' ), array( array( 3, md5( 'spring_sale' ), 'spring_sale' ) ) );
		$site      = array();
		$sources   = array();
		$campaigns = array();
		$pages     = array();
		foreach ( self::days() as $i => $day ) {
			$wobble   = $i % 3 - 1;
			$sessions = $week[ $i % 7 ] + $wobble;
			if ( '2025-02-25' === $day ) {
				$sessions = 300;
			} elseif ( '2025-03-11' === $day ) {
				$sessions = 412;
			}
			$referral  = '2025-03-11' === $day ? 12 : 4;
			$sources[] = array( $day, 1, 'organic', 'Organic Search', $sessions, $sessions, 0, 2 * $sessions, intdiv( $sessions, 2 ), 0, 0 );
			$sources[] = array( $day, 2, 'referral', 'Referral', $referral, $referral, 0, $referral, 0, 0, 0 );

			$campaign    = '2025-03-13' === $day ? 40 : 100 + $wobble;
			$campaigns[] = array( $day, 3, $campaign, $campaign, 0, $campaign, 0, 0, 0 );
			$pages[]     = array( $day, 7, 100, 100, 100, 100, '2025-03-10' === $day ? 75 : 40 );
			$site[]      = array( $day, $sessions + $referral + $campaign );
		}
		$counts = array( 'sessions', 'visitors', 'new_visitors', 'pageviews', 'bounces', 'engaged_sessions', 'duration_sum' );
		Db::insert_rows( 'rollup_site', array( 'day', 'sessions' ), $site );
		Db::insert_rows( 'rollup_sources', array_merge( array( 'day', 'source_id', 'medium', 'channel' ), $counts ), $sources );
		Db::insert_rows( 'rollup_campaigns', array_merge( array( 'day', 'campaign_id' ), $counts ), $campaigns );
		Db::insert_rows( 'rollup_pages', array( 'day', 'path_id', 'pageviews', 'visitors', 'entrances', 'entrance_visitors', 'bounces' ), $pages );
	}

	/**
	 * A request's status and data as JSON would carry them.
	 *
	 * @param string               $method Method.
	 * @param string               $route  Route.
	 * @param array<string, mixed> $params Parameters.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function call( string $method, string $route, array $params = array() ): array {
		$response = $this->rest( $method, $route, $params );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true ) );
	}

	/**
	 * The report of 1–14 March.
	 *
	 * @param array<string, mixed> $params More parameters.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function report( array $params = array() ): array {
		return $this->call(
			'GET',
			self::ROUTE,
			$params + array(
				'start' => '2025-03-01',
				'end'   => '2025-03-14',
			)
		);
	}

	/**
	 * The first load finds the exceptions: newest first, exact descriptions, categories, recurring.
	 */
	public function test_first_load_lists_the_exceptions_newest_first(): void {
		list( $status, $data ) = $this->report();
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$items = array_map(
			static function ( array $item ): array {
				unset( $item['id'] );
				return $item;
			},
			$data['items']
		);
		$this->assertSame(
			array(
				array(
					'category'    => 'marketing',
					'time'        => '2025-03-13',
					'recurring'   => false,
					'resolved'    => false,
					'description' => 'Sessions from the spring_sale campaign were 40 on Thursday, March 13, 2025, 60% below the usual 100 for a Thursday.',
				),
				array(
					'category'    => 'engagement',
					'time'        => '2025-03-11',
					'recurring'   => true,
					'resolved'    => false,
					'description' => 'Sessions were 524 on Tuesday, March 11, 2025, 2.2× the usual 237 for a Tuesday.',
				),
				array(
					'category'    => 'engagement',
					'time'        => '2025-03-11',
					'recurring'   => true,
					'resolved'    => false,
					'description' => 'Sessions from Organic Search were 412 on Tuesday, March 11, 2025, 3.1× the usual 133 for a Tuesday.',
				),
				array(
					'category'    => 'engagement',
					'time'        => '2025-03-11',
					'recurring'   => true,
					'resolved'    => false,
					'description' => 'Page views from Organic Search were 824 on Tuesday, March 11, 2025, 3.1× the usual 266 for a Tuesday.',
				),
				array(
					'category'    => 'engagement',
					'time'        => '2025-03-10',
					'recurring'   => false,
					'resolved'    => false,
					'description' => 'Bounce rate on /pricing/ rose to 75.0% on Monday, March 10, 2025, from the usual 40.0% for a Monday.',
				),
			),
			$items
		);
		$this->assertSame(
			array(
				'page'     => 1,
				'pages'    => 1,
				'per_page' => 20,
				'total'    => 5,
			),
			$data['pagination']
		);
		$this->assertTrue( $data['detects'], 'the builtin source detects exceptions' );
		$this->assertSame( self::LAST_DAY, get_option( Runner::CHECKED_OPTION ) );

		// The earlier spike, outside the range above: the first of its series, so not recurring.
		list( , $wider ) = $this->report( array( 'start' => '2025-02-20' ) );
		$this->assertSame( 8, $wider['pagination']['total'] );
		$this->assertSame( array_fill( 0, 3, '2025-02-25' ), array_slice( array_column( $wider['items'], 'time' ), 5 ) );
		$this->assertSame( array( false, false, false ), array_slice( array_column( $wider['items'], 'recurring' ), 5 ) );
		$this->assertSame(
			array(
				'Sessions were 405 on Tuesday, February 25, 2025, 1.7× the usual 237 for a Tuesday.',
				'Sessions from Organic Search were 300 on Tuesday, February 25, 2025, 2.3× the usual 133 for a Tuesday.',
				'Page views from Organic Search were 600 on Tuesday, February 25, 2025, 2.3× the usual 266 for a Tuesday.',
			),
			array_slice( array_column( $wider['items'], 'description' ), 5 )
		);
	}

	/**
	 * Detection is idempotent: running again, or over the same days again, writes nothing new.
	 */
	public function test_detection_is_idempotent(): void {
		$runner = new Runner();
		$this->assertSame( 8, $runner->run( '2025-03-15' ) );
		$this->assertSame( 0, $runner->run( '2025-03-15' ) );
		delete_option( Runner::CHECKED_OPTION );
		$this->assertSame( 0, $runner->run( '2025-03-15' ) );
		$this->assertSame( '8', Db::value( 'SELECT COUNT(*) FROM {exceptions} WHERE deleted = %d', array( 0 ) ) );
	}

	/**
	 * A run judges at most the days it is given and the next run goes on from there; today is
	 * never judged (not complete).
	 */
	public function test_runs_are_bounded_and_go_on(): void {
		$runner = new Runner();
		$this->assertSame( 0, $runner->run( '2025-03-15', 50 ) ); // 6 January – 24 February: nothing yet.
		$this->assertSame( '2025-02-24', get_option( Runner::CHECKED_OPTION ) );
		$this->assertSame( 8, $runner->run( '2025-03-15', 50 ) );
		$this->assertSame( self::LAST_DAY, get_option( Runner::CHECKED_OPTION ) );
		$this->assertSame( 0, $runner->run( '2025-03-15', 50 ) );

		// Long after (the event stopped): never further back than the lookback.
		$this->assertSame( 0, $runner->run( '2025-09-01', 5 ) );
		$this->assertSame( '2025-06-05', get_option( Runner::CHECKED_OPTION ) ); // 1 September − 92 days + 4.
	}

	/**
	 * A day is judged only once an aggregation run that emptied the buffer began after it ended:
	 * a stalled aggregation is no drop.
	 */
	public function test_days_wait_for_the_aggregation(): void {
		update_option(
			Aggregator::LAST_RUN_OPTION,
			array(
				'time'     => Hits::ts( '2025-03-12 10:00:00' ),
				'complete' => true,
			)
		);
		$runner = new Runner();
		$runner->run( '2025-03-15' );
		$this->assertSame( '2025-03-11', get_option( Runner::CHECKED_OPTION ) );
		$this->assertSame( array(), Db::col( 'SELECT day FROM {exceptions} WHERE day > %s', array( '2025-03-11' ) ) );

		// A run stopped by its time budget on the 14th vouches for the 12th.
		update_option(
			Aggregator::LAST_RUN_OPTION,
			array(
				'time'     => Hits::ts( '2025-03-14 00:30:00' ),
				'complete' => false,
			)
		);
		$runner->run( '2025-03-15' );
		$this->assertSame( '2025-03-12', get_option( Runner::CHECKED_OPTION ) );

		update_option(
			Aggregator::LAST_RUN_OPTION,
			array(
				'time'     => Hits::ts( '2025-03-15 00:01:00' ),
				'complete' => true,
			)
		);
		$runner->run( '2025-03-15' );
		$this->assertSame( self::LAST_DAY, get_option( Runner::CHECKED_OPTION ) );
		$this->assertSame( array( '2025-03-13' ), Db::col( 'SELECT day FROM {exceptions} WHERE day > %s', array( '2025-03-11' ) ) );
	}

	/**
	 * Deleting hides an exception for good: not listed, not recreated when the days are judged
	 * again; an unknown or deleted id is a 404 with a code.
	 */
	public function test_delete_hides_for_good(): void {
		list( , $data ) = $this->report();
		$id             = $data['items'][2]['id'];

		list( $status, $deleted ) = $this->call( 'DELETE', '/monsterinsights-reports/v1/exceptions/' . $id );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				'deleted' => true,
				'id'      => $id,
			),
			$deleted
		);

		list( , $after ) = $this->report();
		$this->assertSame( 4, $after['pagination']['total'] );
		$this->assertNotContains( $id, array_column( $after['items'], 'id' ) );

		// Judge every day again: the deleted exception stays deleted.
		delete_option( Runner::CHECKED_OPTION );
		$this->assertSame( 0, ( new Runner() )->run( '2025-03-15' ) );
		list( , $again ) = $this->report();
		$this->assertSame( array_column( $after['items'], 'description' ), array_column( $again['items'], 'description' ) );

		list( $status, $error ) = $this->call( 'DELETE', '/monsterinsights-reports/v1/exceptions/' . $id );
		$this->assertSame( 404, $status );
		$this->assertSame( 'rest_exception_not_found', $error['code'] );
		$this->assertSame( 'There is no exception with this ID.', $error['message'] );
		list( $status, $error ) = $this->call( 'DELETE', '/monsterinsights-reports/v1/exceptions/999999' );
		$this->assertSame( 404, $status );
		$this->assertSame( 'rest_exception_not_found', $error['code'] );
	}

	/**
	 * Pages: per_page from 20, 50, 100, 200, 500 (anything else is a 400 rest_invalid_param);
	 * pages count the rows; the store pages newest first.
	 */
	public function test_paging(): void {
		list( $status, $data ) = $this->report( array( 'per_page' => 50 ) );
		$this->assertSame( 200, $status );
		$this->assertSame( 50, $data['pagination']['per_page'] );
		list( , $data ) = $this->report( array( 'page' => 2 ) );
		$this->assertSame( array(), $data['items'] );
		$this->assertSame( 2, $data['pagination']['page'] );
		$this->assertSame( 1, $data['pagination']['pages'] );

		foreach ( array( 30, 0, 'x' ) as $bad ) {
			list( $status, $error ) = $this->report( array( 'per_page' => $bad ) );
			$this->assertSame( 400, $status );
			$this->assertSame( 'rest_invalid_param', $error['code'] );
		}
		list( $status, $error ) = $this->report( array( 'page' => 0 ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $error['code'] );

		$store = new Store();
		$page  = $store->page( '2025-02-01', '2025-03-14', 2, 4 );
		$this->assertSame( 8, $page['total'] );
		$this->assertSame( array( '2025-03-10', '2025-02-25', '2025-02-25', '2025-02-25' ), array_column( $page['rows'], 'day' ) );
	}

	/**
	 * Below agency the report and the delete route answer 403 upgrade_required (agency); a user who
	 * cannot view the reports cannot delete, nor can one who may view them but not change anything
	 * (deleting hides an exception for every user, for good).
	 */
	public function test_gate(): void {
		( new Runner() )->run( '2025-03-15' );
		$id = (int) Db::value( 'SELECT MIN(id) FROM {exceptions} WHERE id > %d', array( 0 ) );
		foreach ( array( 'lite', 'basic', 'plus', 'pro' ) as $level ) {
			$this->level            = $level;
			list( $status, $error ) = $this->report();
			$this->assertSame( 403, $status, $level );
			$this->assertSame( 'upgrade_required', $error['code'] );
			$this->assertSame( 'agency', $error['data']['level'] );
			list( $status, $error ) = $this->call( 'DELETE', '/monsterinsights-reports/v1/exceptions/' . $id );
			$this->assertSame( 403, $status, $level );
			$this->assertSame( 'upgrade_required', $error['code'] );
		}
		$this->level = 'agency';
		$this->act_as( 'subscriber' );
		list( $status, $error ) = $this->call( 'DELETE', '/monsterinsights-reports/v1/exceptions/' . $id );
		$this->assertSame( 403, $status );
		$this->assertSame( 'rest_forbidden', $error['code'] );
		$this->assertSame( '0', Db::value( 'SELECT deleted FROM {exceptions} WHERE id = %d', array( $id ) ) );

		$this->act_as( 'editor' );
		wp_get_current_user()->add_cap( Capabilities::VIEW );
		list( $status ) = $this->report();
		$this->assertSame( 200, $status, 'a viewer sees the report' );
		list( $status, $error ) = $this->call( 'DELETE', '/monsterinsights-reports/v1/exceptions/' . $id );
		$this->assertSame( 403, $status );
		$this->assertSame( 'rest_forbidden', $error['code'] );
		$this->assertSame( '0', Db::value( 'SELECT deleted FROM {exceptions} WHERE id = %d', array( $id ) ) );
	}

	/**
	 * A module that records orders adds eCommerce series through the filter.
	 */
	public function test_ecommerce_series_from_a_module(): void {
		add_filter(
			'monsterinsights_reports_exception_series',
			static function ( array $series ): array {
				$revenue = array();
				foreach ( self::days() as $day ) {
					$revenue[ $day ] = '2025-03-12' === $day ? 2500.0 : 1000.0;
				}
				$series[] = new Series( SeriesCategory::Ecommerce, Series::REVENUE, '', SeriesKind::Count, $revenue );
				return $series;
			}
		);
		list( , $data ) = $this->report();
		$ecommerce      = array_values( array_filter( $data['items'], static fn( array $item ): bool => 'ecommerce' === $item['category'] ) );
		$this->assertCount( 1, $ecommerce );
		$this->assertSame( 'Revenue was 2,500.00 on Wednesday, March 12, 2025, 2.5× the usual 1,000.00 for a Wednesday.', $ecommerce[0]['description'] );

		// With a shop (faked through the detection's filter: no shop plugin in this suite), in its
		// currency.
		$this->fake_shop( 'edd' );
		list( , $data ) = $this->report();
		$ecommerce      = array_values( array_filter( $data['items'], static fn( array $item ): bool => 'ecommerce' === $item['category'] ) );
		$this->assertSame( "Revenue was 2,500.00\u{00A0}€ on Wednesday, March 12, 2025, 2.5× the usual 1,000.00\u{00A0}€ for a Wednesday.", $ecommerce[0]['description'] );
	}

	/**
	 * The daily cron event is scheduled and hooked.
	 */
	public function test_daily_event(): void {
		Scheduler::schedule();
		$this->assertSame( 'daily', wp_get_schedule( Scheduler::EXCEPTIONS_HOOK ) );
		$this->assertNotFalse( has_action( Scheduler::EXCEPTIONS_HOOK ) );
		do_action( Scheduler::EXCEPTIONS_HOOK ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- The plugin's own hook.
		$this->assertSame( self::LAST_DAY, get_option( Runner::CHECKED_OPTION ) );
		$this->assertSame( '8', Db::value( 'SELECT COUNT(*) FROM {exceptions} WHERE id > %d', array( 0 ) ) );
	}
}
