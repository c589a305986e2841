<?php
/**
 * The Publishers report on the builtin source: landing and exit pages, link clicks, scroll depth.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\REST\CsvResponse;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\LinkRollups;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Berlin time. In the range, 10–12 March 2025:
 * - a (10th): 09:00 "/" from Google; 09:01 outbound click to partner.example; 09:02 "/guide/" (the
 *   post "The Guide"); scrolls 25 then 50 there; 09:04 downloads guide.pdf; 09:05 affiliate click
 *   /go/hosting/. Lands on "/", leaves from "/guide/", 300 s.
 * - b (10th): 14:00 "/guide/"; scrolls 25, 50, 75; 14:01:40 guide.pdf; 14:02 partner.example;
 *   14:02:30 news.example.net. Lands and leaves on "/guide/", 150 s, not a bounce (it clicked).
 * - c (11th): 10:00 "/" only: a bounce, 0 s.
 * - a2 (11th): 11:00 "/guide/"; affiliate clicks /go/hosting/ and /recommend/book?x=1; scrolls to
 *   100; 11:03 "/pricing/", scrolls 25 there. Lands on "/guide/", leaves from "/pricing/", 210 s.
 * - d (12th): 23:50 "/"; 23:55 downloads cdn.example/pack.zip; 00:05 on the 13th scrolls 50: that
 *   scroll is the 13th's (in UTC it would still be the 12th). Lands and leaves on "/", 900 s.
 * In the compare range, 7–9 March: e (8th) lands on "/", clicks partner.example, leaves from
 * "/guide/"; f (9th) "/guide/" only.
 *
 * So: landing "/" 3 entrances, (300 + 0 + 900) / 3 = 400 s, 1 bounce in 3, vs 1 → +200 %;
 * "/guide/" 2, (150 + 210) / 2 = 180 s, no bounce, vs 1 → +100 %. Exits: "/guide/" 2 of 3 page
 * views, "/" 2 of 3, "/pricing/" 1 of 1. Outbound: partner 2, news 1. Downloads: guide.pdf 2,
 * pack.zip 1. Affiliate: /go/hosting/ 2, /recommend/book 1. Scroll: a on /guide/ 50, b 75, a2 100
 * on /guide/ and 25 on /pricing/ → 250 / 4 = 62.5.
 */
class PublisherReportTest extends BuiltinTestCase {

	private const ROUTE = '/monsterinsights-reports/v1/reports/publisher';

	private const PARTNER = 'https://partner.example/offer?ref=1';
	private const NEWS    = 'https://news.example.net/story';
	private const PDF     = 'https://example.org/files/guide.pdf';
	private const ZIP     = 'https://cdn.example/pack.zip';
	private const HOSTING = 'https://example.org/go/hosting/';
	private const BOOK    = 'https://example.org/recommend/book?x=1';

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
		$guide = wp_insert_post(
			array(
				'post_title'  => 'The Guide',
				'post_status' => 'publish',
				'post_type'   => 'page',
			)
		);
		Hits::reset();
		$event = static fn( string $visitor, string $local, string $name, array $props, string $path ): string => Hits::event( $visitor, $local, $name, $props, array( 'p' => $path ) );
		$g     = array( 'o' => $guide );
		$this->aggregate(
			array(
				Hits::pageview( 'a', '2025-03-10 09:00:00', '/', array( 'r' => 'https://www.google.com/search?q=x' ) ),
				$event( 'a', '2025-03-10 09:01:00', 'outbound_click', array( 'url' => self::PARTNER ), '/' ),
				Hits::pageview( 'a', '2025-03-10 09:02:00', '/guide/', $g ),
				$event( 'a', '2025-03-10 09:03:00', 'scroll', array( 'percent' => 25 ), '/guide/' ),
				$event( 'a', '2025-03-10 09:03:30', 'scroll', array( 'percent' => 50 ), '/guide/' ),
				$event( 'a', '2025-03-10 09:04:00', 'file_download', array( 'url' => self::PDF ), '/guide/' ),
				$event( 'a', '2025-03-10 09:05:00', 'affiliate_click', array( 'url' => self::HOSTING ), '/guide/' ),

				Hits::pageview( 'b', '2025-03-10 14:00:00', '/guide/', $g ),
				$event( 'b', '2025-03-10 14:00:40', 'scroll', array( 'percent' => 25 ), '/guide/' ),
				$event( 'b', '2025-03-10 14:01:00', 'scroll', array( 'percent' => 50 ), '/guide/' ),
				$event( 'b', '2025-03-10 14:01:20', 'scroll', array( 'percent' => 75 ), '/guide/' ),
				$event( 'b', '2025-03-10 14:01:40', 'file_download', array( 'url' => self::PDF ), '/guide/' ),
				$event( 'b', '2025-03-10 14:02:00', 'outbound_click', array( 'url' => self::PARTNER ), '/guide/' ),
				$event( 'b', '2025-03-10 14:02:30', 'outbound_click', array( 'url' => self::NEWS ), '/guide/' ),

				Hits::pageview( 'c', '2025-03-11 10:00:00', '/' ),

				Hits::pageview( 'a2', '2025-03-11 11:00:00', '/guide/', $g ),
				$event( 'a2', '2025-03-11 11:00:30', 'affiliate_click', array( 'url' => self::HOSTING ), '/guide/' ),
				$event( 'a2', '2025-03-11 11:01:00', 'affiliate_click', array( 'url' => self::BOOK ), '/guide/' ),
				$event( 'a2', '2025-03-11 11:02:00', 'scroll', array( 'percent' => 100 ), '/guide/' ),
				Hits::pageview( 'a2', '2025-03-11 11:03:00', '/pricing/' ),
				$event( 'a2', '2025-03-11 11:03:30', 'scroll', array( 'percent' => 25 ), '/pricing/' ),

				Hits::pageview( 'd', '2025-03-12 23:50:00', '/' ),
				$event( 'd', '2025-03-12 23:55:00', 'file_download', array( 'url' => self::ZIP ), '/' ),
				Hits::event(
					'd-next',
					'2025-03-13 00:05:00',
					'scroll',
					array( 'percent' => 50 ),
					array(
						'p'   => '/',
						'vkp' => 'd',
					)
				),

				Hits::pageview( 'e', '2025-03-08 10:00:00', '/' ),
				$event( 'e', '2025-03-08 10:00:20', 'outbound_click', array( 'url' => self::PARTNER ), '/' ),
				Hits::pageview( 'e', '2025-03-08 10:01:00', '/guide/', $g ),
				Hits::pageview( 'f', '2025-03-09 12:00:00', '/guide/', $g ),
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
		return $this->get_json( $route, $params + self::REPORT_RANGE );
	}

	/**
	 * The rows of a table page without their links.
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
	 * Every block with exact numbers, compared with 7–9 March.
	 */
	public function test_payload_with_compare(): void {
		list( $status, $data ) = $this->get( self::ROUTE, self::REPORT_COMPARE );
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$this->assertSame( array( 'landingpages', 'exitpages', 'outboundlinks', 'affiliatelinks', 'downloadlinks', 'scroll', 'age', 'gender', 'interest', 'available' ), array_keys( $data ) );
		// Age, gender and interests are Google signals': hidden on the builtin source, never invented.
		$none = array(
			'labels'   => array(),
			'data'     => array(),
			'percents' => array(),
			'compare'  => null,
		);
		$this->assertSame( array( $none, $none, $none ), array( $data['age'], $data['gender'], $data['interest'] ) );
		$this->assertSame(
			array(
				'exitpages'    => true,
				'scroll'       => true,
				'demographics' => false,
			),
			$data['available']
		);

		$landing = $data['landingpages'];
		$this->assertSame( array( 'title', 'entrances', 'duration', 'bounce', 'change' ), array_column( $landing['columns'], 'id' ) );
		$this->assertSame( array( 'text', 'number', 'duration', 'percent', 'change' ), array_column( $landing['columns'], 'type' ) );
		$this->assertSame( array( 'Page Title', 'Entrances', 'Average Duration', 'Bounce Rate', 'Change' ), array_column( $landing['columns'], 'label' ) );
		$this->assertEquals(
			array(
				array(
					'title'     => '/',
					'entrances' => 3,
					'duration'  => 400,
					'bounce'    => 33.33,
					'change'    => 200,
				),
				array(
					'title'     => 'The Guide',
					'entrances' => 2,
					'duration'  => 180,
					'bounce'    => 0,
					'change'    => 100,
				),
			),
			self::cells( $landing )
		);
		$this->assertSame( array( home_url( '/' ), home_url( '/guide/' ) ), array_column( $landing['rows'], 'url' ) );

		$exits = $data['exitpages'];
		$this->assertSame( array( 'title', 'exits', 'pageviews', 'exitrate' ), array_column( $exits['columns'], 'id' ) );
		$this->assertEquals(
			array(
				array(
					'title'     => '/',
					'exits'     => 2,
					'pageviews' => 3,
					'exitrate'  => 66.67,
				),
				array(
					'title'     => 'The Guide',
					'exits'     => 2,
					'pageviews' => 3,
					'exitrate'  => 66.67,
				),
				array(
					'title'     => '/pricing/',
					'exits'     => 1,
					'pageviews' => 1,
					'exitrate'  => 100,
				),
			),
			self::cells( $exits )
		);

		$this->assertSame( array( 'title', 'clicks' ), array_column( $data['outboundlinks']['columns'], 'id' ) );
		$this->assertEquals(
			array(
				array(
					'title'  => self::PARTNER,
					'clicks' => 2,
				),
				array(
					'title'  => self::NEWS,
					'clicks' => 1,
				),
			),
			self::cells( $data['outboundlinks'] )
		);
		$this->assertSame( array( 'title', 'link', 'clicks' ), array_column( $data['affiliatelinks']['columns'], 'id' ) );
		$this->assertEquals(
			array(
				array(
					'title'  => '/go/hosting/',
					'link'   => self::HOSTING,
					'clicks' => 2,
				),
				array(
					'title'  => '/recommend/book',
					'link'   => self::BOOK,
					'clicks' => 1,
				),
			),
			self::cells( $data['affiliatelinks'] )
		);
		$this->assertEquals(
			array(
				array(
					'title'  => self::PDF,
					'clicks' => 2,
				),
				array(
					'title'  => self::ZIP,
					'clicks' => 1,
				),
			),
			self::cells( $data['downloadlinks'] )
		);
		// The affiliate link's path links to its URL; a URL cell links by itself.
		$this->assertSame( array( self::HOSTING, self::BOOK ), array_column( $data['affiliatelinks']['rows'], 'url' ) );
		$this->assertSame( array(), array_column( $data['downloadlinks']['rows'], 'url' ) );
		$this->assertEquals( array( 'average' => 62.5 ), $data['scroll'] );
	}

	/**
	 * Without a compare range the change is null; other ranges give their own numbers.
	 */
	public function test_without_compare_and_other_ranges(): void {
		list( , $data ) = $this->get( self::ROUTE );
		$this->assertSame( array( null, null ), array_column( $data['landingpages']['rows'], 'change' ) );

		// The 13th alone: d's scroll after midnight, no session, no click.
		list( , $data ) = $this->get(
			self::ROUTE,
			array(
				'start' => '2025-03-13',
				'end'   => '2025-03-13',
			)
		);
		$this->assertEquals( array( 'average' => 50 ), $data['scroll'] );
		$this->assertSame( 0, $data['outboundlinks']['total'] );
		$this->assertSame( 0, $data['landingpages']['total'] );

		// The compare range alone: e's click, its exit from "/guide/" and f's.
		list( , $data ) = $this->get(
			self::ROUTE,
			array(
				'start' => '2025-03-07',
				'end'   => '2025-03-09',
			)
		);
		$this->assertSame( array( self::PARTNER ), array_column( $data['outboundlinks']['rows'], 'title' ) );
		$this->assertSame( array( 1 ), array_column( $data['outboundlinks']['rows'], 'clicks' ) );
		$this->assertSame( array( 'The Guide' ), array_column( $data['exitpages']['rows'], 'title' ) );
		$this->assertSame( array( 2 ), array_column( $data['exitpages']['rows'], 'exits' ) );
		$this->assertEquals( array( 'average' => 0 ), $data['scroll'] );
	}

	/**
	 * The link rollups: one row per day, kind and link with clicks and the sessions that clicked;
	 * the scroll rollup per day; each URL once in the lookup.
	 */
	public function test_rollup_rows(): void {
		$rows = Db::rows( 'SELECT r.day, r.kind, l.url, r.clicks, r.sessions FROM {rollup_links} r JOIN {links} l ON l.id = r.link_id ORDER BY r.day, r.kind, l.url' );
		$this->assertSame(
			array(
				array( '2025-03-08', 'outbound', self::PARTNER, '1', '1' ),
				array( '2025-03-10', 'affiliate', self::HOSTING, '1', '1' ),
				array( '2025-03-10', 'download', self::PDF, '2', '2' ),
				array( '2025-03-10', 'outbound', self::NEWS, '1', '1' ),
				array( '2025-03-10', 'outbound', self::PARTNER, '2', '2' ),
				array( '2025-03-11', 'affiliate', self::HOSTING, '1', '1' ),
				array( '2025-03-11', 'affiliate', self::BOOK, '1', '1' ),
				array( '2025-03-12', 'download', self::ZIP, '1', '1' ),
			),
			array_map( 'array_values', $rows )
		);
		$this->assertSame( 6, (int) Db::value( 'SELECT COUNT(*) FROM {links}' ) );
		$this->assertSame(
			array(
				array( '2025-03-10', '2', '125' ),
				array( '2025-03-11', '2', '125' ),
				array( '2025-03-13', '1', '50' ),
			),
			array_map( 'array_values', Db::rows( 'SELECT day, views, depth_sum FROM {rollup_scroll} ORDER BY day' ) )
		);
	}

	/**
	 * The tables route and the CSV of a link table.
	 */
	public function test_tables_and_csv(): void {
		list( $status, $page ) = $this->get( self::ROUTE . '/tables/affiliatelinks', array( 'search' => 'BOOK' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( array( '/recommend/book' ), array_column( $page['rows'], 'title' ) );

		list( , $page ) = $this->get(
			self::ROUTE . '/tables/exitpages',
			array(
				'orderby' => 'exitrate',
				'order'   => 'desc',
			)
		);
		$this->assertSame( array( '/pricing/', '/', 'The Guide' ), array_column( $page['rows'], 'title' ) );

		$response = $this->rest( 'GET', self::ROUTE . '/tables/downloadlinks/csv', self::REPORT_RANGE );
		$this->assertInstanceOf( CsvResponse::class, $response );
		$this->assertSame( 'attachment; filename="monsterinsights-reports-publisher-downloadlinks-2025-03-10-2025-03-12.csv"', $response->get_headers()['Content-Disposition'] );
		$this->assertSame( "\xEF\xBB\xBFFile,Clicks\n" . self::PDF . ',2' . "\n" . self::ZIP . ',1' . "\n", $response->to_csv() );
	}

	/**
	 * Rollup rows of affiliate clicks whose URL is not http(s) (written before the collector and
	 * the rollups refused them, and the day never recomputed since) keep their row and text, but
	 * such a row has no url to link: only an http(s) URL gets one.
	 */
	public function test_a_link_that_is_not_http_gets_no_url(): void {
		$this->aggregate(
			array(
				Hits::pageview( 'h', '2025-03-14 10:00:00', '/' ),
				Hits::event( 'h', '2025-03-14 10:01:00', 'affiliate_click', array( 'url' => self::HOSTING ), array( 'p' => '/' ) ),
			)
		);
		$unsafe = array(
			'javascript:alert(1)'  => 3,
			' JAVASCRIPT:alert(2)' => 2,
			'data:text/html,x'     => 1,
		);
		$ids    = \MonsterInsights\Reports\Sources\Builtin\Aggregation\Lookups::links( array_keys( $unsafe ) );
		$rows   = array();
		foreach ( $unsafe as $url => $clicks ) {
			$rows[] = array( '2025-03-14', LinkRollups::KINDS['affiliate_click'], $ids[ $url ], $clicks, 1 );
		}
		Db::insert_rows( 'rollup_links', array( 'day', 'kind', 'link_id', 'clicks', 'sessions' ), $rows );
		BuiltinSource::bump_data_version();
		list( $status, $data ) = $this->get(
			self::ROUTE,
			array(
				'start' => '2025-03-14',
				'end'   => '2025-03-14',
			)
		);
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$this->assertSame(
			array(
				array(
					'title'  => 'alert(1)',
					'link'   => 'javascript:alert(1)',
					'clicks' => 3,
				),
				array(
					'title'  => ' JAVASCRIPT:alert(2)',
					'link'   => ' JAVASCRIPT:alert(2)',
					'clicks' => 2,
				),
				array(
					'title'  => '/go/hosting/',
					'link'   => self::HOSTING,
					'clicks' => 1,
					'url'    => self::HOSTING,
				),
				array(
					'title'  => 'text/html,x',
					'link'   => 'data:text/html,x',
					'clicks' => 1,
				),
			),
			$data['affiliatelinks']['rows']
		);
	}

	/**
	 * Below plus, the report is locked.
	 */
	public function test_basic_licence_is_refused(): void {
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
			self::REPORT_RANGE + self::REPORT_COMPARE,
			array(
				'start' => '2025-03-07',
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

		// A later aggregation recomputes the days that keep their rows, and none before them.
		$this->aggregate( array( Hits::pageview( 'g', '2025-03-14 10:00:00', '/' ) ) );
		$after = array();
		foreach ( $ranges as $range ) {
			$after[] = $this->get( self::ROUTE, $range )[1];
		}
		$this->assertSame( $before, $after );
	}

	/**
	 * Schema 5 computes the link and scroll rollups of the days that still have their events.
	 */
	public function test_migration_computes_the_days_with_events(): void {
		$expected = array();
		foreach ( LinkRollups::TABLES as $table ) {
			$expected[ $table ] = $this->table_rows( $table );
			Db::query( 'DELETE FROM {' . $table . '}' );
		}
		update_option( Tables::VERSION_OPTION, 4, false );
		Migrations::migrate();
		$this->assertSame( Tables::VERSION, Tables::installed_version() );
		foreach ( LinkRollups::TABLES as $table ) {
			$this->assertSame( $expected[ $table ], $this->table_rows( $table ), $table );
		}
	}
}
