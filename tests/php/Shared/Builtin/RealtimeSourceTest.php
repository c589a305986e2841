<?php
/**
 * The builtin source's real-time answers from the raw rows.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\Support\Builtin\RealtimeScript;

/**
 * RealtimeScript's hits, aggregated; queries at its frozen now.
 */
class RealtimeSourceTest extends BuiltinTestCase {

	/**
	 * The frozen now.
	 *
	 * @var int
	 */
	private int $now;

	/**
	 * The script, aggregated.
	 */
	protected function set_up() {
		parent::set_up();
		$this->aggregate( RealtimeScript::lines( RealtimeScript::about_post() ) );
		$this->now = Hits::ts( RealtimeScript::NOW );
	}

	/**
	 * Removes what a test appended to the site's buffer.
	 */
	protected function tear_down() {
		$buffer = new Buffer( DataDir::path() );
		if ( is_file( $buffer->path() ) ) {
			wp_delete_file( $buffer->path() );
		}
		parent::tear_down();
	}

	/**
	 * A query's rows as "dimension values joined by |" => metrics.
	 *
	 * @param RealtimeQuery $query The query.
	 * @return array<string, array<string, int|float>>
	 */
	private function rows( RealtimeQuery $query ): array {
		$out = array();
		foreach ( ( new BuiltinSource() )->run_realtime( $query )->rows as $row ) {
			$out[ implode( '|', $row['dimensions'] ) ] = $row['metrics'];
		}
		return $out;
	}

	/**
	 * Active users: distinct visitors with a page view or an event in the minutes, before now.
	 */
	public function test_active_users_count_visitors_with_any_hit_in_the_minutes(): void {
		$source = new BuiltinSource();
		$users  = RealtimeQuery::ACTIVE_USERS;
		// Last 5 minutes: a (page views), c (an event only); b was 6 minutes ago, f is after now.
		$this->assertSame( array( $users => 2 ), $source->run_realtime( new RealtimeQuery( array( $users ), array(), $this->now, 4 ) )->totals );
		// Last 30 minutes: a, b, c.
		$this->assertSame( array( $users => 3 ), $source->run_realtime( new RealtimeQuery( array( $users ), array(), $this->now, 29 ) )->totals );
		// Last hour: d too; e was 2 hours ago.
		$this->assertSame( array( $users => 4 ), $source->run_realtime( new RealtimeQuery( array( $users ), array(), $this->now, 59 ) )->totals );
		// Minutes 5 to 29 ago: b and c (c's page view at 23:50).
		$this->assertSame( array( $users => 2 ), $source->run_realtime( new RealtimeQuery( array( $users ), array(), $this->now, 29, 5 ) )->totals );
	}

	/**
	 * Page views per minute ago, across midnight, with two digits as GA4 spells them.
	 */
	public function test_page_views_by_minutes_ago_across_midnight(): void {
		$this->assertSame(
			array(
				'00' => array( RealtimeQuery::SCREEN_PAGE_VIEWS => 1 ),
				'02' => array( RealtimeQuery::SCREEN_PAGE_VIEWS => 1 ),
				'06' => array( RealtimeQuery::SCREEN_PAGE_VIEWS => 1 ),
				'20' => array( RealtimeQuery::SCREEN_PAGE_VIEWS => 1 ),
				'40' => array( RealtimeQuery::SCREEN_PAGE_VIEWS => 1 ),
			),
			$this->rows( new RealtimeQuery( array( RealtimeQuery::SCREEN_PAGE_VIEWS ), array( RealtimeQuery::MINUTES_AGO ), $this->now, 59 ) )
		);
		// The minute boundary: 00:09:40 is 50 s before now (minute 0); 59 minutes ago ends at 23:11:31.
		$first = new RealtimeQuery( array( RealtimeQuery::SCREEN_PAGE_VIEWS ), array(), $this->now, 59 );
		$this->assertSame( Hits::ts( '2025-03-14 23:10:31' ), $first->first_second() );
		$this->assertSame( $this->now, $first->last_second() );
		$this->assertSame( 0, $first->minutes_ago( Hits::ts( '2025-03-15 00:09:40' ) ) );
		$this->assertSame( 1, $first->minutes_ago( Hits::ts( '2025-03-15 00:09:30' ) ) );
	}

	/**
	 * Pages by path with their post's title (else the path), most viewed first, ties in natural order.
	 */
	public function test_pages_have_titles_and_are_ranked(): void {
		$views = RealtimeQuery::SCREEN_PAGE_VIEWS;
		$this->assertSame(
			array(
				'/about/|About Us'    => array( $views => 2 ),
				'/|/'                 => array( $views => 1 ),
				'/pricing/|/pricing/' => array( $views => 1 ),
			),
			$this->rows( new RealtimeQuery( array( $views ), array( RealtimeQuery::PAGE_PATH, RealtimeQuery::SCREEN_NAME ), $this->now, 29, 0, $views ) )
		);
		$this->assertSame(
			array( '/about/|About Us' => array( $views => 2 ) ),
			$this->rows( new RealtimeQuery( array( $views ), array( RealtimeQuery::PAGE_PATH, RealtimeQuery::SCREEN_NAME ), $this->now, 29, 0, $views, 1 ) )
		);
	}

	/**
	 * The session's acquisition and place for each hit's visitor.
	 */
	public function test_sessions_give_source_landing_page_campaign_and_place(): void {
		$users = RealtimeQuery::ACTIVE_USERS;
		$this->assertSame(
			array(
				'(direct)|/about/|(not set)'  => array( $users => 1 ),
				'google.com|/|(not set)'      => array( $users => 1 ),
				'newsletter|/pricing/|spring' => array( $users => 1 ),
			),
			$this->rows( new RealtimeQuery( array( $users ), array( RealtimeQuery::SESSION_SOURCE, RealtimeQuery::LANDING_PAGE, RealtimeQuery::SESSION_CAMPAIGN ), $this->now, 29, 0, $users ) )
		);
		$this->assertSame(
			array(
				'||GB|United Kingdom'                => array( $users => 1 ),
				'Berlin|Berlin|DE|Germany'           => array( $users => 1 ),
				'New York|New York|US|United States' => array( $users => 1 ),
			),
			$this->rows( new RealtimeQuery( array( $users ), array( RealtimeQuery::CITY, RealtimeQuery::REGION, RealtimeQuery::COUNTRY_ID, RealtimeQuery::COUNTRY ), $this->now, 29, 0, $users ) )
		);
		$this->assertSame(
			array( 'organic' => array( $users => 1 ) ),
			$this->rows( new RealtimeQuery( array( $users ), array( RealtimeQuery::SESSION_MEDIUM ), $this->now, 1 ) )
		);
		// Left out before the limit: direct visits from the referrals, places without a city; the
		// totals still count them.
		$this->assertSame(
			array( 'google.com|/|(not set)' => array( $users => 1 ) ),
			$this->rows( new RealtimeQuery( array( $users ), array( RealtimeQuery::SESSION_SOURCE, RealtimeQuery::LANDING_PAGE, RealtimeQuery::SESSION_CAMPAIGN ), $this->now, 29, 0, $users, 1, array( RealtimeQuery::SESSION_SOURCE => '(direct)' ) ) )
		);
		$cities = ( new BuiltinSource() )->run_realtime( new RealtimeQuery( array( $users ), array( RealtimeQuery::CITY, RealtimeQuery::REGION, RealtimeQuery::COUNTRY_ID, RealtimeQuery::COUNTRY ), $this->now, 29, 0, $users, 10, array( RealtimeQuery::CITY => '' ) ) );
		$this->assertSame( array( 'Berlin', 'New York' ), array_map( static fn( array $row ): string => $row['dimensions'][ RealtimeQuery::CITY ], $cities->rows ) );
		$this->assertSame( array( $users => 3 ), $cities->totals );
	}

	/**
	 * Hits only the collector has buffered count at once, read from the buffer: nothing is
	 * aggregated, stored or moved by the answer; a hit buffered later counts in the next answer.
	 */
	public function test_buffered_hits_count_without_being_stored(): void {
		$now        = time();
		$buffer     = new Buffer( (string) DataDir::ensure() );
		Hits::$zone = wp_timezone_string();
		$local      = static fn( int $ts ): string => ( new \DateTimeImmutable( '@' . $ts ) )->setTimezone( wp_timezone() )->format( 'Y-m-d H:i:s' );
		$this->assertTrue( $buffer->append( (array) json_decode( Hits::pageview( 'g', $local( $now - 60 ), '/contact/', array( 'cc' => 'IT' ) ), true ) ) );
		clearstatcache();
		$size = (int) filesize( $buffer->path() );

		$source = new BuiltinSource();
		$users  = RealtimeQuery::ACTIVE_USERS;
		$views  = RealtimeQuery::SCREEN_PAGE_VIEWS;
		$query  = new RealtimeQuery( array( $users ), array( RealtimeQuery::COUNTRY_ID, RealtimeQuery::LANDING_PAGE, RealtimeQuery::SESSION_SOURCE ), $now, 4 );
		$this->assertSame( array( 'IT|/contact/|(direct)' => array( $users => 1 ) ), self::keyed( $source->run_realtime( $query )->rows ) );
		// /contact/ is a path no aggregation stored yet.
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {paths} WHERE path = %s', array( '/contact/' ) ) );
		$this->assertSame( 0, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews} WHERE ts = %d', array( $now - 60 ) ) );
		$this->assertSame( array(), $buffer->claimed() );
		clearstatcache();
		$this->assertSame( $size, (int) filesize( $buffer->path() ) );

		// A second page view of g continues g's session; h is a new visitor.
		$this->assertTrue( $buffer->append( (array) json_decode( Hits::pageview( 'g', $local( $now - 40 ), '/', array( 'cc' => 'IT' ) ), true ) ) );
		$this->assertTrue( $buffer->append( (array) json_decode( Hits::pageview( 'h', $local( $now - 30 ), '/contact/' ), true ) ) );
		$this->assertSame( array( $users => 2 ), $source->run_realtime( new RealtimeQuery( array( $users ), array(), $now, 4 ) )->totals );
		$this->assertSame(
			array(
				'/contact/' => array( $views => 2 ),
				'/'         => array( $views => 1 ),
			),
			self::keyed( $source->run_realtime( new RealtimeQuery( array( $views ), array( RealtimeQuery::PAGE_PATH ), $now, 4, 0, $views ) )->rows )
		);
		$this->assertSame(
			array(
				'/contact/' => array( $users => 2 ),
			),
			self::keyed( $source->run_realtime( new RealtimeQuery( array( $users ), array( RealtimeQuery::LANDING_PAGE ), $now, 4, 0, $users ) )->rows )
		);
	}

	/**
	 * Rows as "dimension values joined by |" => metrics.
	 *
	 * @param array<int, array{dimensions: array<string, string>, metrics: array<string, int|float>}> $rows Rows.
	 * @return array<string, array<string, int|float>>
	 */
	private static function keyed( array $rows ): array {
		$out = array();
		foreach ( $rows as $row ) {
			$out[ implode( '|', $row['dimensions'] ) ] = $row['metrics'];
		}
		return $out;
	}

	/**
	 * Bad queries are refused.
	 */
	public function test_queries_are_validated(): void {
		$bad = array(
			static fn() => new RealtimeQuery( array( 'sessions' ), array(), 0 ),
			static fn() => new RealtimeQuery( array( RealtimeQuery::ACTIVE_USERS ), array( 'date' ), 0 ),
			static fn() => new RealtimeQuery( array( RealtimeQuery::ACTIVE_USERS ), array(), 0, 60 ),
			static fn() => new RealtimeQuery( array( RealtimeQuery::ACTIVE_USERS ), array(), 0, 3, 4 ),
			static fn() => new RealtimeQuery( array( RealtimeQuery::ACTIVE_USERS ), array(), 0, 29, 0, RealtimeQuery::SCREEN_PAGE_VIEWS ),
			static fn() => new RealtimeQuery( array(), array(), 0 ),
			static fn() => new RealtimeQuery( array( RealtimeQuery::ACTIVE_USERS ), array( RealtimeQuery::CITY ), 0, 29, 0, '', 0, array( RealtimeQuery::COUNTRY => 'DE' ) ),
		);
		foreach ( $bad as $i => $make ) {
			try {
				$make();
				$this->fail( "Query $i was accepted." );
			} catch ( \InvalidArgumentException $e ) {
				$this->assertNotSame( '', $e->getMessage() );
			}
		}
	}
}
