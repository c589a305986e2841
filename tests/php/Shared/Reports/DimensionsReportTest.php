<?php
/**
 * The Dimensions report on the builtin source: payload, tables route, gate, module, setting.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\CustomDimensions;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Rollups;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Berlin time (UTC+1 in March), 10–12 March 2025, on a site with:
 * - alpha: a post by Alice, in News, tagged php and plugins, published 15 January 2025;
 * - beta: a post by Bob, in News and Guides, tagged plugins, published 3 February 2025;
 * - gamma: a post by Alice, in Guides, no tag, published 20 February 2025;
 * - about: a page by Bob, published 1 December 2024;
 * - "/" and "/search/?s=x": no post.
 * Visitors: anonymous ones, an editor, a subscriber and a user without a role on the site. A view at
 * 00:30 on the 10th (23:30 UTC on the 9th) is in the range, one at 00:30 on the 13th (23:30 UTC on
 * the 12th) is not. The expected numbers are counted from SCRIPT in the test, and a few written
 * out by hand.
 */
class DimensionsReportTest extends BuiltinTestCase {

	private const ROUTE = '/monsterinsights-reports/v1/reports/dimensions';

	/**
	 * The page views: visitor, local time, path, post (a key of $posts, or ''), role sent ('' none).
	 */
	private const SCRIPT = array(
		array( 'early', '2025-03-10 00:30:00', '/gamma/', 'gamma', '' ),
		array( 'anon1', '2025-03-10 09:00:00', '/alpha/', 'alpha', '' ),
		array( 'anon1', '2025-03-10 09:05:00', '/beta/', 'beta', '' ),
		array( 'anon1', '2025-03-10 09:10:00', '/', '', '' ),
		array( 'ed', '2025-03-10 12:00:00', '/alpha/', 'alpha', 'editor' ),
		array( 'ed', '2025-03-10 12:03:00', '/gamma/', 'gamma', 'editor' ),
		array( 'ed', '2025-03-10 12:05:00', '/about/', 'about', 'editor' ),
		array( 'ed', '2025-03-11 08:00:00', '/beta/', 'beta', 'editor' ),
		array( 'anon2', '2025-03-11 23:30:00', '/beta/', 'beta', '' ),
		array( 'anon2', '2025-03-11 23:35:00', '/search/?s=x', '', '' ),
		array( 'sub', '2025-03-12 10:00:00', '/alpha/', 'alpha', 'subscriber' ),
		array( 'norole', '2025-03-12 11:00:00', '/', '', '-' ),
		array( 'late', '2025-03-13 00:30:00', '/alpha/', 'alpha', 'editor' ),
	);

	/**
	 * Post ids by key.
	 *
	 * @var array<string, int>
	 */
	private array $posts = array();

	/**
	 * What each post is: author, post type, categories, tags, month.
	 *
	 * @var array<string, array{author: string, type: string, categories: string[], tags: string[], month: string}>
	 */
	private array $meta = array(
		'alpha' => array(
			'author'     => 'Alice Author',
			'type'       => 'Post',
			'categories' => array( 'News' ),
			'tags'       => array( 'php', 'plugins' ),
			'month'      => '2025-01',
		),
		'beta'  => array(
			'author'     => 'Bob Writer',
			'type'       => 'Post',
			'categories' => array( 'News', 'Guides' ),
			'tags'       => array( 'plugins' ),
			'month'      => '2025-02',
		),
		'gamma' => array(
			'author'     => 'Alice Author',
			'type'       => 'Post',
			'categories' => array( 'Guides' ),
			'tags'       => array(),
			'month'      => '2025-02',
		),
		'about' => array(
			'author'     => 'Bob Writer',
			'type'       => 'Page',
			'categories' => array(),
			'tags'       => array(),
			'month'      => '2024-12',
		),
	);

	/**
	 * The licence level the filter answers.
	 *
	 * @var string
	 */
	private string $level = 'plus';

	/**
	 * The raw window: long until a test shortens it.
	 *
	 * @var int
	 */
	public int $window = 800;

	/**
	 * The posts, the script aggregated, the module on, an administrator with a plus licence.
	 */
	protected function set_up() {
		parent::set_up();
		Hits::reset();
		$alice = $this->author( 'alice', 'Alice Author' );
		$bob   = $this->author( 'bob', 'Bob Writer' );
		$news  = (int) wp_insert_term( 'News', 'category' )['term_id'];
		$guide = (int) wp_insert_term( 'Guides', 'category' )['term_id'];
		$made  = array(
			'alpha' => array( $alice, 'post', '2025-01-15 10:00:00', array( $news ), array( 'php', 'plugins' ) ),
			'beta'  => array( $bob, 'post', '2025-02-03 10:00:00', array( $news, $guide ), array( 'plugins' ) ),
			'gamma' => array( $alice, 'post', '2025-02-20 10:00:00', array( $guide ), array() ),
			'about' => array( $bob, 'page', '2024-12-01 10:00:00', array(), array() ),
		);
		foreach ( $made as $key => $post ) {
			$this->posts[ $key ] = (int) wp_insert_post(
				array(
					'post_author'   => $post[0],
					'post_type'     => $post[1],
					'post_date'     => $post[2],
					'post_status'   => 'publish',
					'post_title'    => ucfirst( $key ),
					'post_category' => $post[3],
					'tags_input'    => $post[4],
				),
				true
			);
			$this->assertGreaterThan( 0, $this->posts[ $key ] );
		}
		$lines = array();
		foreach ( self::SCRIPT as $view ) {
			$extra   = array(
				'o' => '' === $view[3] ? 0 : $this->posts[ $view[3] ],
				'u' => $view[4],
			);
			$lines[] = Hits::pageview( $view[0], $view[1], $view[2], $extra );
		}
		// Events count in no dimension.
		$lines[] = Hits::event( 'anon1', '2025-03-10 09:01:00', 'scroll', array( 'percent' => 50 ), array( 'p' => '/alpha/' ) );
		$this->aggregate( $lines );

		Modules::set( 'dimensions', true );
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		add_filter( 'monsterinsights_reports_raw_days', fn(): int => $this->window );
		add_filter( 'monsterinsights_reports_licence_level', fn() => $this->level );
		$this->act_as( 'administrator' );
	}

	/**
	 * A user who writes.
	 *
	 * @param string $login        Login.
	 * @param string $display_name Display name.
	 */
	private function author( string $login, string $display_name ): int {
		$id = wp_insert_user(
			array(
				'user_login'   => $login . wp_rand(),
				'user_pass'    => wp_generate_password(),
				'display_name' => $display_name,
				'role'         => 'author',
			)
		);
		$this->assertIsInt( $id );
		return $id;
	}

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
	 * A table's rows as label → views, in the payload's order.
	 *
	 * @param array<string, mixed> $table A table of the payload.
	 * @return array<string, int>
	 */
	private static function views( array $table ): array {
		$out = array();
		foreach ( $table['rows'] as $row ) {
			$out[ (string) $row['label'] ] = $row['pageview'];
		}
		return $out;
	}

	/**
	 * The views of each dimension's labels, counted from the script: the views in the range, by
	 * each value of the viewed post (or of the role sent).
	 *
	 * @return array<string, array<string, int>>
	 */
	private function expected(): array {
		$out = array_fill_keys( CustomDimensions::keys(), array() );
		$add = static function ( array &$counts, string $label ): void {
			$counts[ $label ] = ( $counts[ $label ] ?? 0 ) + 1;
		};
		foreach ( self::SCRIPT as $view ) {
			$day = substr( $view[1], 0, 10 );
			if ( $day < self::REPORT_RANGE['start'] || $day > self::REPORT_RANGE['end'] ) {
				continue;
			}
			$add( $out['logged_in'], '' === $view[4] ? 'Logged out' : 'Logged in' );
			$add(
				$out['user_role'],
				array(
					''           => 'Logged out',
					'-'          => 'No role',
					'editor'     => 'Editor',
					'subscriber' => 'Subscriber',
				)[ $view[4] ]
			);
			if ( '' === $view[3] ) {
				continue;
			}
			$meta = $this->meta[ $view[3] ];
			$add( $out['author'], $meta['author'] );
			$add( $out['post_type'], $meta['type'] );
			$add( $out['published_at'], $meta['month'] );
			foreach ( $meta['categories'] as $category ) {
				$add( $out['category'], $category );
			}
			foreach ( $meta['tags'] as $tag ) {
				$add( $out['tags'], $tag );
			}
		}
		foreach ( $out as &$counts ) {
			arsort( $counts );
		}
		return $out;
	}

	/**
	 * Every table has the exact views of each label, most viewed first; the map lists the seven
	 * dimensions, all enabled by default.
	 */
	public function test_views_per_label(): void {
		list( $status, $data ) = $this->get( self::ROUTE );
		$this->assertSame( 200, $status );
		$this->assertSame( CustomDimensions::keys(), array_keys( $data['dimensions'] ) );
		foreach ( $data['dimensions'] as $key => $dimension ) {
			$this->assertSame( $key, $dimension['id'] );
			$this->assertTrue( $dimension['enabled'] );
			$this->assertNotSame( '', $dimension['label'] );
		}
		$this->assertSame( 'Author', $data['dimensions']['author']['name'] );

		$expected = $this->expected();
		foreach ( CustomDimensions::keys() as $key ) {
			$this->assertNull( $data[ $key ]['error'], $key );
			$this->assertSame( array( 'label', 'pageview' ), array_column( $data[ $key ]['columns'], 'id' ), $key );
			$this->assertSame( 'Views', $data[ $key ]['columns'][1]['label'] );
			$this->assertEquals( $expected[ $key ], self::views( $data[ $key ] ), $key );
			$this->assertSame( array_values( $expected[ $key ] ), array_values( self::views( $data[ $key ] ) ), $key . ': most viewed first' );
		}

		// The same, by hand.
		$this->assertSame(
			array(
				'Alice Author' => 5,
				'Bob Writer'   => 4,
			),
			self::views( $data['author'] )
		);
		$this->assertSame(
			array(
				'Post' => 8,
				'Page' => 1,
			),
			self::views( $data['post_type'] )
		);
		$this->assertSame(
			array(
				'News'   => 6,
				'Guides' => 5,
			),
			self::views( $data['category'] )
		);
		$this->assertSame(
			array(
				'plugins' => 6,
				'php'     => 3,
			),
			self::views( $data['tags'] )
		);
		$this->assertSame(
			array(
				'2025-02' => 5,
				'2025-01' => 3,
				'2024-12' => 1,
			),
			self::views( $data['published_at'] )
		);
		$this->assertSame(
			array(
				'Logged in'  => 6,
				'Logged out' => 6,
			),
			self::views( $data['logged_in'] )
		);
		$this->assertSame(
			array(
				'Logged out' => 6,
				'Editor'     => 4,
				'No role'    => 1,
				'Subscriber' => 1,
			),
			self::views( $data['user_role'] )
		);
	}

	/**
	 * Each table answers the tables route: search, order, paging.
	 */
	public function test_tables_route(): void {
		list( $status, $page ) = $this->get(
			self::ROUTE . '/tables/user_role',
			array(
				'orderby'  => 'label',
				'order'    => 'asc',
				'per_page' => 2,
				'page'     => 2,
			)
		);
		$this->assertSame( 200, $status );
		$this->assertSame( 4, $page['total'] );
		$this->assertSame(
			array(
				'No role'    => 1,
				'Subscriber' => 1,
			),
			self::views( $page )
		);
		list( , $page ) = $this->get( self::ROUTE . '/tables/category', array( 'search' => 'guid' ) );
		$this->assertSame( array( 'Guides' => 5 ), self::views( $page ) );
	}

	/**
	 * Compaction deletes the raw rows of the older days; every table stays the same, and a later
	 * aggregation recomputes only the days that keep their rows.
	 */
	public function test_numbers_are_identical_after_compaction(): void {
		$ranges = array(
			self::REPORT_RANGE,
			array(
				'start' => '2025-03-01',
				'end'   => '2025-03-14',
			),
			array(
				'start' => '2025-03-11',
				'end'   => '2025-03-13',
			),
		);
		$before = array();
		foreach ( $ranges as $range ) {
			$before[] = $this->get( self::ROUTE, $range )[1];
		}
		$this->window = 2;
		Compaction::run( Hits::ts( self::NOW ) );
		// The newest session is on the 13th: the mark stops the day before it.
		$this->assertSame( '2025-03-12', Compaction::compacted_before() );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews} WHERE day < %s', array( '2025-03-12' ) ) );
		$this->assertSame( 3, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );

		// A view after the ranges.
		$this->aggregate( array( Hits::pageview( 'later', '2025-03-15 10:00:00', '/alpha/', array( 'o' => $this->posts['alpha'] ) ) ) );
		Rollups::recompute( array( '2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13' ) );
		$after = array();
		foreach ( $ranges as $range ) {
			$after[] = $this->get( self::ROUTE, $range )[1];
		}
		$this->assertSame( $before, $after );
	}

	/**
	 * The report needs the dimensions feature (plus): basic gets 403 upgrade_required on the
	 * payload, the tables and the CSV.
	 */
	public function test_below_plus_is_refused(): void {
		$this->level = 'basic';
		foreach ( array( self::ROUTE, self::ROUTE . '/tables/author', self::ROUTE . '/tables/author/csv' ) as $route ) {
			$response = $this->rest( 'GET', $route, self::REPORT_RANGE );
			$this->assertSame( 403, $response->get_status(), $route );
			$this->assertSame( 'upgrade_required', $response->as_error()->get_error_code(), $route );
		}
	}

	/**
	 * With the module off, each enabled dimension says it is not set up (the
	 * MISSING_CUSTOM_DIMENSION error, with its name) and has no rows; no sample data.
	 */
	public function test_module_off(): void {
		Modules::set( 'dimensions', false );
		list( $status, $data ) = $this->get( self::ROUTE );
		$this->assertSame( 200, $status );
		foreach ( CustomDimensions::keys() as $key ) {
			$this->assertSame( array(), $data[ $key ]['rows'], $key );
			$this->assertSame( 0, $data[ $key ]['total'], $key );
			$this->assertSame(
				array(
					'code' => 'MISSING_CUSTOM_DIMENSION',
					'data' => $data['dimensions'][ $key ]['name'],
				),
				$data[ $key ]['error'],
				$key
			);
		}
		$this->assertSame( 'User Role', $data['user_role']['error']['data'] );
	}

	/**
	 * The setting chooses the dimensions: a valid list is saved and the report follows it (the
	 * others are disabled and empty); unknown keys, repeats and too many entries are refused with
	 * 400 rest_invalid_param, and nothing is saved.
	 */
	public function test_setting(): void {
		$this->assertSame( CustomDimensions::keys(), Settings::get()['custom_dimensions'] );
		$route = '/monsterinsights-reports/v1/settings';
		$bad   = array(
			array( 'author', 'weather' ),
			array( 'author', 'author' ),
			array( 'author', 7 ),
			array( array( 'author' ) ),
			array_merge( CustomDimensions::keys(), array( 'author' ) ),
		);
		foreach ( $bad as $value ) {
			$response = $this->rest(
				'POST',
				$route,
				array(
					'tracking' => array(
						'custom_dimensions' => $value,
						'honor_dnt'         => false,
					),
				)
			);
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $value ) );
			$this->assertSame( 'rest_invalid_param', $response->as_error()->get_error_code() );
			$this->assertFalse( get_option( Settings::OPTION ), 'nothing saved' );
		}

		$response = $this->rest( 'POST', $route, array( 'tracking' => array( 'custom_dimensions' => array( 'user_role', 'author' ) ) ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array( 'author', 'user_role' ), $response->get_data()['tracking']['custom_dimensions'] );
		$this->assertSame( array( 'author', 'user_role' ), Settings::get()['custom_dimensions'] );

		list( , $data ) = $this->get( self::ROUTE );
		$enabled        = array_keys( array_filter( array_column( $data['dimensions'], 'enabled', 'id' ) ) );
		$this->assertSame( array( 'author', 'user_role' ), $enabled );
		$this->assertSame( 9, array_sum( self::views( $data['author'] ) ) );
		$this->assertSame( array(), $data['category']['rows'] );

		// None at all is a valid choice.
		$this->assertSame( 200, $this->rest( 'POST', $route, array( 'tracking' => array( 'custom_dimensions' => array() ) ) )->get_status() );
		$this->assertSame( array(), Settings::get()['custom_dimensions'] );
	}

	/**
	 * The aggregator checks a buffer line's role again: anything but a role slug (or "-") counts
	 * as Logged out, and an event's role counts nowhere.
	 */
	public function test_a_malformed_role_in_the_buffer_counts_as_logged_out(): void {
		$this->aggregate(
			array(
				Hits::pageview( 'odd', '2025-03-14 10:00:00', '/', array( 'u' => 'Editor; DROP' ) ),
				Hits::pageview( 'odd', '2025-03-14 10:01:00', '/', array( 'u' => array( 'editor' ) ) ),
				Hits::event( 'odd', '2025-03-14 10:02:00', 'signup', array(), array( 'u' => 'editor' ) ),
			)
		);
		$this->assertSame(
			array(
				array(
					'day'       => '2025-03-14',
					'role'      => '',
					'pageviews' => '2',
				),
			),
			Db::rows( 'SELECT day, role, pageviews FROM {rollup_roles} WHERE day = %s', array( '2025-03-14' ) )
		);
	}

	/**
	 * Page views stored before schema version 6 do not know the visitor's login state: they count
	 * in no row of the role rollup, while every other rollup keeps counting them.
	 */
	public function test_page_views_from_before_version_6_count_in_no_role(): void {
		Db::query( 'UPDATE {pageviews} SET role = %s WHERE day = %s', array( Tables::ROLE_UNKNOWN, '2025-03-10' ) );
		Rollups::recompute( array( '2025-03-10' ) );
		list( , $data ) = $this->get( self::ROUTE );
		$this->assertSame(
			array(
				'Logged out' => 2,
				'Editor'     => 1,
				'No role'    => 1,
				'Subscriber' => 1,
			),
			self::views( $data['user_role'] )
		);
		$this->assertSame( 9, array_sum( self::views( $data['author'] ) ) );
	}
}
