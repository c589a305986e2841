<?php
/**
 * The Real-Time report on the builtin source: payload, its gate, never cached.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\Builtin\RealtimeScript;

/**
 * RealtimeScript's hits at its frozen now (the `monsterinsights_reports_now` filter), Berlin time:
 * aggregated, or still in the collector's buffer, or partly each — the same numbers every way.
 */
class RealtimeReportTest extends BuiltinTestCase {

	private const ROUTE = '/monsterinsights-reports/v1/reports/realtime';

	/**
	 * The licence level the filter answers.
	 *
	 * @var string
	 */
	private string $level = 'plus';

	/**
	 * The frozen now.
	 *
	 * @var int
	 */
	private int $now;

	/**
	 * The builtin source, an administrator with a plus licence, now frozen; the script aggregated.
	 */
	protected function set_up() {
		parent::set_up();
		$this->now = Hits::ts( RealtimeScript::NOW );
		add_filter( 'monsterinsights_reports_now', fn() => $this->now );
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', fn() => $this->level );
	}

	/**
	 * Removes the buffer files a test wrote into the site's data dir.
	 */
	protected function tear_down() {
		$buffer = new Buffer( DataDir::path() );
		foreach ( array_merge( $buffer->claimed(), array( $buffer->path() ) ) as $path ) {
			if ( is_file( $path ) ) {
				wp_delete_file( $path );
			}
		}
		parent::tear_down();
	}

	/**
	 * Where the script's hits are, by case: all aggregated; all in the live buffer, none
	 * aggregated; or split — some aggregated, a claimed file whose first line (a hit already
	 * stored) is before its cursor and whose other lines are not stored (among them a's second page
	 * view and c's event, which continue sessions that are stored), and the live buffer.
	 *
	 * @return array<string, array{0: string}>
	 */
	public static function places(): array {
		return array(
			'aggregated'         => array( 'aggregated' ),
			'in the buffer'      => array( 'buffered' ),
			'stored and pending' => array( 'split' ),
		);
	}

	/**
	 * Puts the script's hits where a case wants them.
	 *
	 * @param string $place aggregated, buffered or split.
	 */
	private function load( string $place ): void {
		list( $a1, $a2, $b, $c_view, $c_event, $d, $e, $f ) = RealtimeScript::lines( RealtimeScript::about_post() );
		if ( 'aggregated' === $place ) {
			$this->aggregate( array( $a1, $a2, $b, $c_view, $c_event, $d, $e, $f ) );
			return;
		}
		$buffer = new Buffer( (string) DataDir::ensure() );
		$live   = array( $a1, $a2, $b, $c_view, $c_event, $d, $e, $f );
		if ( 'split' === $place ) {
			$this->aggregate( array( $a1, $b, $d, $c_view ) );
			$claimed = Buffer::claimed_path( $buffer->dir(), 1741993830.5, 'abcdef01' );
			$stored  = PrivateFile::GUARD . $c_view . "\n";
			file_put_contents( $claimed, $stored . $c_event . "\n" . $a2 . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- A buffer file, as the collector writes it.
			Db::insert_rows( 'cursors', array( 'file', 'position', 'days' ), array( array( basename( $claimed ), strlen( $stored ), '[]' ) ) );
			$live = array( $e, $f );
		}
		foreach ( $live as $line ) {
			$this->assertTrue( $buffer->append( (array) json_decode( $line, true ) ) );
		}
	}

	/**
	 * GETs the report: status and data as JSON carries them.
	 *
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function get(): array {
		$response = $this->rest( 'GET', self::ROUTE );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true ) );
	}

	/**
	 * Every part of the payload, exactly, wherever the hits are: read from the tables and the
	 * buffer without storing anything.
	 *
	 * @dataProvider places
	 * @param string $place Where the hits are.
	 */
	public function test_payload_has_exact_numbers( string $place ): void {
		$this->load( $place );
		$stored                = (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) + (int) Db::value( 'SELECT COUNT(*) FROM {events}' );
		list( $status, $data ) = $this->get();
		$this->assertSame( $stored, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) + (int) Db::value( 'SELECT COUNT(*) FROM {events}' ), 'The report stored nothing.' );
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$this->assertSame( array( 'now', 'toppages', 'referrals', 'countries', 'cities', 'pageviewsovertime' ), array_keys( $data ) );

		// a and c (through its event) in the last 5 minutes.
		$this->assertSame( 2, $data['now'] );
		// 4 page views in the last 30 minutes: About Us twice, "/" and "/pricing/" once.
		$this->assertEquals(
			array(
				array(
					'title'   => 'About Us',
					'count'   => 2,
					'percent' => 50,
				),
				array(
					'title'   => '/',
					'count'   => 1,
					'percent' => 25,
				),
				array(
					'title'   => '/pricing/',
					'count'   => 1,
					'percent' => 25,
				),
			),
			$data['toppages']
		);
		// 3 active users in the last 30 minutes; b came direct.
		$this->assertEquals(
			array(
				array(
					'source'   => 'google.com',
					'path'     => '/',
					'campaign' => '(not set)',
					'count'    => 1,
					'percent'  => 33.33,
				),
				array(
					'source'   => 'newsletter',
					'path'     => '/pricing/',
					'campaign' => 'spring',
					'count'    => 1,
					'percent'  => 33.33,
				),
			),
			$data['referrals']
		);
		$this->assertEquals(
			array(
				array(
					'name'    => 'Germany',
					'iso'     => 'DE',
					'count'   => 1,
					'percent' => 33.33,
				),
				array(
					'name'    => 'United Kingdom',
					'iso'     => 'GB',
					'count'   => 1,
					'percent' => 33.33,
				),
				array(
					'name'    => 'United States',
					'iso'     => 'US',
					'count'   => 1,
					'percent' => 33.33,
				),
			),
			$data['countries']
		);
		// c has no city.
		$this->assertSame(
			array(
				array(
					'city'   => 'Berlin',
					'region' => 'Berlin',
					'name'   => 'Germany',
					'iso'    => 'DE',
					'count'  => 1,
				),
				array(
					'city'   => 'New York',
					'region' => 'New York',
					'name'   => 'United States',
					'iso'    => 'US',
					'count'  => 1,
				),
			),
			$data['cities']
		);
	}

	/**
	 * Page views of each of the last 30 minutes, oldest first, with trend points against the 30
	 * minutes before.
	 *
	 * @dataProvider places
	 * @param string $place Where the hits are.
	 */
	public function test_page_views_per_minute( string $place ): void {
		$this->load( $place );
		list( , $data ) = $this->get();
		$graph          = $data['pageviewsovertime'];

		$labels = array();
		for ( $ago = 29; $ago > 0; $ago-- ) {
			$labels[] = '-' . $ago . ' min';
		}
		$labels[] = 'now';
		$this->assertSame( $labels, $graph['labels'] );

		// Minutes ago 20 (c), 6 (b), 2 (a "/") and 0 (a "/about/") are at 29 - ago.
		$points = array_fill( 0, 30, 0 );
		foreach ( array( 20, 6, 2, 0 ) as $ago ) {
			$points[ 29 - $ago ] = 1;
		}
		$this->assertSame( $points, $graph['datapoints'] );

		$this->assertSame( $this->now - 29 * 60, $graph['timestamps'][0] );
		$this->assertSame( $this->now, $graph['timestamps'][29] );
		$this->assertCount( 30, $graph['timestamps'] );

		// A minute with a view and none 30 minutes before: null; 10 minutes ago had none and
		// 40 minutes ago (d) one: -100; both empty: 0.
		$trend = array_fill( 0, 30, 0 );
		foreach ( array( 20, 6, 2, 0 ) as $ago ) {
			$trend[ 29 - $ago ] = null;
		}
		$trend[ 29 - 10 ] = -100;
		$this->assertEquals( $trend, $graph['trendpoints'] );
		$this->assertNull( $graph['trendpoints'][29] );
	}

	/**
	 * Never cached: the next minute's answer is the next minute's, with the same data version.
	 */
	public function test_each_request_answers_for_its_own_now(): void {
		$this->load( 'aggregated' );
		list( , $first ) = $this->get();
		$this->assertSame( 2, $first['now'] );

		// Ten minutes later, a and c have left; b left long ago.
		$this->now      += 10 * MINUTE_IN_SECONDS;
		list( , $later ) = $this->get();
		$this->assertSame( 0, $later['now'] );
		$this->assertSame( 1, $later['pageviewsovertime']['datapoints'][ 29 - 10 ] );
	}

	/**
	 * Nothing in the minutes: zeros and empty lists.
	 */
	public function test_quiet_site_has_zeros_and_empty_lists(): void {
		$this->load( 'aggregated' );
		$this->now             = Hits::ts( '2025-03-16 12:00:00' );
		list( $status, $data ) = $this->get();
		$this->assertSame( 200, $status );
		$this->assertSame( 0, $data['now'] );
		foreach ( array( 'toppages', 'referrals', 'countries', 'cities' ) as $list ) {
			$this->assertSame( array(), $data[ $list ], $list );
		}
		$this->assertSame( array_fill( 0, 30, 0 ), $data['pageviewsovertime']['datapoints'] );
	}

	/**
	 * Real time is a plus report: basic gets 403 upgrade_required with the level needed.
	 */
	public function test_basic_licence_is_refused(): void {
		$this->level           = 'basic';
		list( $status, $data ) = $this->get();
		$this->assertSame( 403, $status );
		$this->assertSame( 'upgrade_required', $data['code'] );
		$this->assertSame( 'plus', $data['data']['level'] );
		$this->assertSame( 'realtime', $data['data']['feature'] );
	}

	/**
	 * Titles, ordered keys and types as the route's schema declares them.
	 */
	public function test_payload_validates_against_the_route_schema(): void {
		$this->load( 'aggregated' );
		$schema         = $this->rest( 'OPTIONS', self::ROUTE )->get_data()['schema'];
		list( , $data ) = $this->get();
		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, 'realtime' ) );
		$this->assertSame( array_keys( $schema['properties'] ), array_keys( $data ) );
	}
}
