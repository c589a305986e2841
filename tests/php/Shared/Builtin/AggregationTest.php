<?php
/**
 * Ground truth: scripted hits in, exact sessions and rollups out.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * One scripted day in Europe/Berlin (2025-03-10, UTC+1) and the early hours of the next, with
 * every number worked out by hand in the comments of script().
 */
class AggregationTest extends BuiltinTestCase {

	private const DAY  = '2025-03-10';
	private const NEXT = '2025-03-11';

	/**
	 * The columns of the session-based rollups.
	 */
	private const COUNTS = array( 'sessions', 'visitors', 'new_visitors', 'pageviews', 'bounces', 'engaged_sessions', 'duration_sum' );

	/**
	 * The script: 17 hits by 8 visitor keys, 4 malformed lines, 1 repeated line, 2 blank lines.
	 *
	 * @return string[]
	 */
	public static function script(): array {
		Hits::reset();
		$d      = self::DAY . ' ';
		$n      = self::NEXT . ' ';
		$google = Hits::pageview(
			'a',
			$d . '10:00:00',
			'/',
			array(
				'r'  => 'https://www.google.com/search?q=x',
				'cc' => 'DE',
			)
		);
		return array(
			// A (Windows Chrome, DE). S1: organic search, "/" → "/about/", 2 page views, a scroll at 25%
			// (not interactive) and an outbound click (interactive), 300 s: engaged, no bounce, new.
			$google,
			Hits::event( 'a', $d . '10:00:30', 'scroll', array( 'percent' => 25 ), array( 'cc' => 'DE' ) ),
			Hits::pageview( 'a', $d . '10:02:00', '/about/', array( 'cc' => 'DE' ) ),
			Hits::event(
				'a',
				$d . '10:05:00',
				'outbound_click',
				array( 'url' => 'https://example.net/' ),
				array(
					'p'  => '/about/',
					'cc' => 'DE',
				)
			),
			// S2: 35 minutes later, direct: a new session, returning, one page: a bounce.
			Hits::pageview( 'a', $d . '10:40:00', '/contact/', array( 'cc' => 'DE' ) ),
			// S3: 10 minutes later but a new campaign: a new session (Email, campaign spring), returning;
			// a scroll at 25% is no interaction, 5 s: a bounce, not engaged.
			Hits::pageview(
				'a',
				$d . '10:50:00',
				'/?utm_source=newsletter',
				array(
					'us' => 'newsletter',
					'um' => 'email',
					'uc' => 'spring',
					'cc' => 'DE',
				)
			),
			Hits::event( 'a', $d . '10:50:05', 'scroll', array( 'percent' => 25 ), array( 'cc' => 'DE' ) ),
			'not json',
			// B (iPhone Safari, FR). S4: direct, "/" → "/blog/", 600 s.
			Hits::pageview(
				'b',
				$d . '12:00:00',
				'/',
				array(
					'ua' => Hits::IPHONE_SAFARI,
					'cc' => 'FR',
				)
			),
			Hits::pageview(
				'b',
				$d . '12:10:00',
				'/blog/',
				array(
					'ua' => Hits::IPHONE_SAFARI,
					'cc' => 'FR',
				)
			),
			'{"v":2,"id":"00000000000000000000000000000001","ts":1741600000,"t":"pageview","vk":"00000000000000000000000000000001","p":"/"}',
			// C (Android Chrome phone, DE). S5: from m.facebook.com at 23:59; after midnight the salt
			// changed (key c2, previous key c) and the session goes on: 2 page views, 120 s, counted
			// on its start day; the second page view counts on the next day.
			Hits::pageview(
				'c',
				$d . '23:59:00',
				'/blog/',
				array(
					'r'  => 'https://m.facebook.com/',
					'ua' => Hits::ANDROID_CHROME,
					'cc' => 'DE',
				)
			),
			Hits::pageview(
				'c2',
				$n . '00:01:00',
				'/',
				array(
					'vkp' => 'c',
					'ua'  => Hits::ANDROID_CHROME,
					'cc'  => 'DE',
				)
			),
			'',
			// E at 23:59:30 and F at 00:01 (Windows Chrome, no country): two days. Bounces, new.
			Hits::pageview( 'e', $d . '23:59:30', '/' ),
			Hits::pageview( 'f', $n . '00:01:00', '/about/' ),
			'{"v":1,"id":"00000000000000000000000000000002","ts":1741600000,"t":"pageview","vk":"not-a-key","p":"/"}',
			// G (iPad, US): from chatgpt.com, one page: AI Assistants, a bounce.
			Hits::pageview(
				'g',
				$d . '14:00:00',
				'/',
				array(
					'r'  => 'https://chatgpt.com/',
					'ua' => Hits::IPAD,
					'cc' => 'US',
				)
			),
			// H (macOS Firefox, US): a Google Ads click; a download 20 s later is interaction.
			Hits::pageview(
				'h',
				$d . '15:00:00',
				'/?gclid=abc',
				array(
					'r'  => 'https://www.google.com/',
					'ck' => 'gclid',
					'ua' => Hits::MAC_FIREFOX,
					'cc' => 'US',
				)
			),
			Hits::event(
				'h',
				$d . '15:00:20',
				'file_download',
				array( 'url' => 'https://example.org/a.pdf' ),
				array(
					'ua' => Hits::MAC_FIREFOX,
					'cc' => 'US',
				)
			),
			Hits::event( 'h', $d . '15:01:00', '', array() ),
			'   ',
			// C again next morning (key c2, previous c): a new session, returning (seen yesterday).
			Hits::pageview(
				'c2',
				$n . '09:00:00',
				'/',
				array(
					'vkp' => 'c',
					'ua'  => Hits::ANDROID_CHROME,
					'cc'  => 'DE',
				)
			),
			// The first line again (a retried send): skipped.
			$google,
		);
	}

	/**
	 * Aggregates the script in one chunk or in chunks of 3 lines: the same result.
	 *
	 * @return array<string, array{0: int}>
	 */
	public function chunk_sizes(): array {
		return array(
			'one chunk'       => array( 500 ),
			'chunks of three' => array( 3 ),
		);
	}

	/**
	 * The run's counters.
	 *
	 * @dataProvider chunk_sizes
	 * @param int $chunk Lines per chunk.
	 */
	public function test_counts_hits_malformed_lines_and_repeats( int $chunk ) {
		$result = $this->aggregate( self::script(), $chunk )->to_array();

		$this->assertSame( 22, $result['lines'] );
		$this->assertSame( 17, $result['processed'] );
		$this->assertSame( 4, $result['malformed'] );
		$this->assertSame( 1, $result['duplicates'] );
		$this->assertSame( 0, $result['expired'] );
		$this->assertSame( 10, $result['sessions'] );
		$this->assertSame( 1, $result['files'] );
		$this->assertSame( array( self::DAY, self::NEXT ), $result['days'] );
		$this->assertTrue( $result['complete'] );
		$this->assertSame( 1, count( $this->files->released ) );
		$this->assertSame( 13, (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) );
		$this->assertSame( 4, (int) Db::value( 'SELECT COUNT(*) FROM {events}' ) );
	}

	/**
	 * Every session: splitting, landing and exit, counts, duration, bounce, engagement, new vs
	 * returning, channel, source, device, midnight.
	 *
	 * @dataProvider chunk_sizes
	 * @param int $chunk Lines per chunk.
	 */
	public function test_sessions( int $chunk ) {
		$this->aggregate( self::script(), $chunk );

		$columns  = array( 'day', 'hour', 'landing', 'exit_path', 'pageviews', 'events', 'interactive', 'duration', 'bounced', 'engaged', 'is_new', 'channel', 'source', 'medium', 'campaign', 'device_category', 'browser', 'os', 'country' );
		$expected = array(
			array( self::DAY, 10, '/', '/about/', 2, 2, 1, 300, 0, 1, 1, 'Organic Search', 'google.com', 'organic', '', 'desktop', 'Chrome', 'Windows', 'DE' ),
			array( self::DAY, 10, '/contact/', '/contact/', 1, 0, 0, 0, 1, 0, 0, 'Direct', '(direct)', '(none)', '', 'desktop', 'Chrome', 'Windows', 'DE' ),
			array( self::DAY, 10, '/', '/', 1, 1, 0, 5, 1, 0, 0, 'Email', 'newsletter', 'email', 'spring', 'desktop', 'Chrome', 'Windows', 'DE' ),
			array( self::DAY, 12, '/', '/blog/', 2, 0, 0, 600, 0, 1, 1, 'Direct', '(direct)', '(none)', '', 'mobile', 'Mobile Safari', 'iOS', 'FR' ),
			array( self::DAY, 14, '/', '/', 1, 0, 0, 0, 1, 0, 1, 'AI Assistants', 'chatgpt.com', 'referral', '', 'tablet', 'Mobile Safari', 'iOS', 'US' ),
			array( self::DAY, 15, '/', '/', 1, 1, 1, 20, 0, 1, 1, 'Paid Search', 'google', 'cpc', '', 'desktop', 'Firefox', 'Mac OS X', 'US' ),
			array( self::DAY, 23, '/blog/', '/', 2, 0, 0, 120, 0, 1, 1, 'Organic Social', 'm.facebook.com', 'referral', '', 'mobile', 'Chrome Mobile', 'Android', 'DE' ),
			array( self::DAY, 23, '/', '/', 1, 0, 0, 0, 1, 0, 1, 'Direct', '(direct)', '(none)', '', 'desktop', 'Chrome', 'Windows', '' ),
			array( self::NEXT, 0, '/about/', '/about/', 1, 0, 0, 0, 1, 0, 1, 'Direct', '(direct)', '(none)', '', 'desktop', 'Chrome', 'Windows', '' ),
			array( self::NEXT, 9, '/', '/', 1, 0, 0, 0, 1, 0, 0, 'Direct', '(direct)', '(none)', '', 'mobile', 'Chrome Mobile', 'Android', 'DE' ),
		);
		$actual   = array_map(
			static fn( array $session ): array => array_values( array_intersect_key( array_merge( array_flip( $columns ), $session ), array_flip( $columns ) ) ),
			$this->sessions()
		);
		$this->assertSame( $expected, $actual );

		// The session that crossed midnight learned the new key.
		$sessions = $this->sessions();
		$this->assertSame( Hit::key_int( Hits::key( 'c' ) ), $sessions[6]['visitor'] );
		$this->assertSame( Hit::key_int( Hits::key( 'c2' ) ), $sessions[6]['visitor_next'] );
	}

	/**
	 * The site rollup of both days.
	 *
	 * @dataProvider chunk_sizes
	 * @param int $chunk Lines per chunk.
	 */
	public function test_site_rollup( int $chunk ) {
		$this->aggregate( self::script(), $chunk );

		$this->assertSame(
			array(
				'sessions'         => 8,
				'visitors'         => 6,
				'new_visitors'     => 6,
				'pageviews'        => 10,
				'bounces'          => 4,
				'engaged_sessions' => 4,
				'duration_sum'     => 1045,
				'new_sessions'     => 6,
				'events'           => 4,
			),
			$this->site_day( self::DAY )
		);
		$this->assertSame(
			array(
				'sessions'         => 2,
				'visitors'         => 2,
				'new_visitors'     => 1,
				'pageviews'        => 3,
				'bounces'          => 2,
				'engaged_sessions' => 0,
				'duration_sum'     => 0,
				'new_sessions'     => 1,
				'events'           => 0,
			),
			$this->site_day( self::NEXT )
		);
	}

	/**
	 * Page views and sessions by local hour (23:59 and 00:01 are two days).
	 */
	public function test_hours_rollup() {
		$this->aggregate( self::script() );

		$hours = array(
			self::DAY  => array(
				10 => array( 4, 3 ),
				12 => array( 2, 1 ),
				14 => array( 1, 1 ),
				15 => array( 1, 1 ),
				23 => array( 2, 2 ),
			),
			self::NEXT => array(
				0 => array( 2, 1 ),
				9 => array( 1, 1 ),
			),
		);
		foreach ( $hours as $day => $expected ) {
			$actual = array();
			foreach ( Db::rows( 'SELECT hour, pageviews, sessions FROM {rollup_hours} WHERE day = %s ORDER BY hour', array( $day ) ) as $row ) {
				$actual[ (int) $row['hour'] ] = array( (int) $row['pageviews'], (int) $row['sessions'] );
			}
			$this->assertSame( $expected, $actual, $day );
		}
	}

	/**
	 * Pages: views, visitors, entrances (landing pages), their bounces, engagement and duration,
	 * exits.
	 */
	public function test_pages_rollup() {
		$this->aggregate( self::script() );

		$only = array( 'pageviews', 'visitors', 'entrances', 'entrance_visitors', 'bounces', 'engaged_sessions', 'duration_sum', 'exits' );
		$row  = static fn( int ...$values ): array => array_combine( $only, $values );
		$join = 'JOIN {paths} p ON p.id = r.path_id';

		$this->assertSame(
			array(
				'/'         => $row( 6, 5, 6, 5, 3, 3, 925, 5 ),
				'/about/'   => $row( 1, 1, 0, 0, 0, 0, 0, 1 ),
				'/blog/'    => $row( 2, 2, 1, 1, 0, 1, 120, 1 ),
				'/contact/' => $row( 1, 1, 1, 1, 1, 0, 0, 1 ),
			),
			$this->rollup( 'rollup_pages', self::DAY, 'p.path', $join, $only )
		);
		$this->assertSame(
			array(
				'/'       => $row( 2, 2, 1, 1, 1, 0, 0, 1 ),
				'/about/' => $row( 1, 1, 1, 1, 1, 0, 0, 1 ),
			),
			$this->rollup( 'rollup_pages', self::NEXT, 'p.path', $join, $only )
		);
	}

	/**
	 * Sources with their medium and channel; campaigns.
	 */
	public function test_sources_and_campaigns_rollups() {
		$this->aggregate( self::script() );

		$row = static fn( int ...$values ): array => array_combine( self::COUNTS, $values );
		$this->assertSame(
			array(
				'(direct)|(none)|Direct'                 => $row( 3, 3, 2, 4, 2, 1, 600 ),
				'chatgpt.com|referral|AI Assistants'     => $row( 1, 1, 1, 1, 1, 0, 0 ),
				'google.com|organic|Organic Search'      => $row( 1, 1, 1, 2, 0, 1, 300 ),
				'google|cpc|Paid Search'                 => $row( 1, 1, 1, 1, 0, 1, 20 ),
				'm.facebook.com|referral|Organic Social' => $row( 1, 1, 1, 2, 0, 1, 120 ),
				'newsletter|email|Email'                 => $row( 1, 1, 0, 1, 1, 0, 5 ),
			),
			$this->rollup( 'rollup_sources', self::DAY, "CONCAT(s.name, '|', r.medium, '|', r.channel)", 'JOIN {sources} s ON s.id = r.source_id', self::COUNTS )
		);
		$this->assertSame(
			array( '(direct)|(none)|Direct' => $row( 2, 2, 1, 2, 2, 0, 0 ) ),
			$this->rollup( 'rollup_sources', self::NEXT, "CONCAT(s.name, '|', r.medium, '|', r.channel)", 'JOIN {sources} s ON s.id = r.source_id', self::COUNTS )
		);
		$this->assertSame(
			array( 'spring|newsletter|email' => $row( 1, 1, 0, 1, 1, 0, 5 ) ),
			$this->rollup( 'rollup_campaigns', self::DAY, "CONCAT(c.name, '|', c.source, '|', c.medium)", 'JOIN {campaigns} c ON c.id = r.campaign_id', self::COUNTS )
		);
	}

	/**
	 * Countries and devices.
	 */
	public function test_countries_and_devices_rollups() {
		$this->aggregate( self::script() );

		$row = static fn( int ...$values ): array => array_combine( self::COUNTS, $values );
		$this->assertSame(
			array(
				''   => $row( 1, 1, 1, 1, 1, 0, 0 ),
				'DE' => $row( 4, 2, 2, 6, 2, 2, 425 ),
				'FR' => $row( 1, 1, 1, 2, 0, 1, 600 ),
				'US' => $row( 2, 2, 2, 2, 1, 1, 20 ),
			),
			$this->rollup( 'rollup_countries', self::DAY, 'r.country', '', self::COUNTS )
		);
		$this->assertSame(
			array(
				''   => $row( 1, 1, 1, 1, 1, 0, 0 ),
				'DE' => $row( 1, 1, 0, 1, 1, 0, 0 ),
			),
			$this->rollup( 'rollup_countries', self::NEXT, 'r.country', '', self::COUNTS )
		);
		$this->assertSame(
			array(
				'desktop|Chrome|Windows'       => $row( 4, 2, 2, 5, 3, 1, 305 ),
				'desktop|Firefox|Mac OS X'     => $row( 1, 1, 1, 1, 0, 1, 20 ),
				'mobile|Chrome Mobile|Android' => $row( 1, 1, 1, 2, 0, 1, 120 ),
				'mobile|Mobile Safari|iOS'     => $row( 1, 1, 1, 2, 0, 1, 600 ),
				'tablet|Mobile Safari|iOS'     => $row( 1, 1, 1, 1, 1, 0, 0 ),
			),
			$this->rollup( 'rollup_devices', self::DAY, "CONCAT(r.device_category, '|', r.browser, '|', r.os)", '', self::COUNTS )
		);
	}

	/**
	 * Events by name.
	 */
	public function test_events_rollup() {
		$this->aggregate( self::script() );

		$this->assertSame(
			array(
				'file_download'  => array(
					'events'   => 1,
					'sessions' => 1,
					'visitors' => 1,
				),
				'outbound_click' => array(
					'events'   => 1,
					'sessions' => 1,
					'visitors' => 1,
				),
				'scroll'         => array(
					'events'   => 2,
					'sessions' => 2,
					'visitors' => 1,
				),
			),
			$this->rollup( 'rollup_events', self::DAY, 'r.name', '', array( 'events', 'sessions', 'visitors' ) )
		);
	}

	/**
	 * A session continues across runs: the second run finds it open in the table.
	 */
	public function test_a_session_continues_in_a_later_run() {
		$this->aggregate( array( Hits::pageview( 'a', self::DAY . ' 10:00:00', '/' ) ) );
		$this->aggregate( array( Hits::pageview( 'a', self::DAY . ' 10:20:00', '/next/' ) ) );
		$this->aggregate( array( Hits::pageview( 'a', self::DAY . ' 10:51:00', '/later/' ) ) );

		$sessions = $this->sessions();
		$this->assertCount( 2, $sessions );
		$this->assertSame( array( '/', '/next/', 2, 1200, 1 ), array( $sessions[0]['landing'], $sessions[0]['exit_path'], $sessions[0]['pageviews'], $sessions[0]['duration'], $sessions[0]['is_new'] ) );
		$this->assertSame( array( '/later/', 0 ), array( $sessions[1]['landing'], $sessions[1]['is_new'] ) );
		$this->assertSame( 2, $this->site_day( self::DAY )['sessions'] );
		$this->assertSame( 3, $this->site_day( self::DAY )['pageviews'] );
	}

	/**
	 * The same source again (a reload of the landing page) does not split a session; a different
	 * referrer does.
	 */
	public function test_only_a_different_source_splits_a_session() {
		$this->aggregate(
			array(
				Hits::pageview( 'a', self::DAY . ' 10:00:00', '/', array( 'r' => 'https://www.bing.com/' ) ),
				Hits::pageview( 'a', self::DAY . ' 10:01:00', '/', array( 'r' => 'https://www.bing.com/' ) ),
				Hits::pageview( 'a', self::DAY . ' 10:02:00', '/a/' ),
				Hits::pageview( 'a', self::DAY . ' 10:03:00', '/b/', array( 'r' => 'https://example.org/post' ) ),
			)
		);

		$sessions = $this->sessions();
		$this->assertCount( 2, $sessions );
		$this->assertSame( array( 'bing.com', 3, 'Organic Search' ), array( $sessions[0]['source'], $sessions[0]['pageviews'], $sessions[0]['channel'] ) );
		$this->assertSame( array( 'example.org', 1, 'Referral', 0 ), array( $sessions[1]['source'], $sessions[1]['pageviews'], $sessions[1]['channel'], $sessions[1]['is_new'] ) );
	}

	/**
	 * Without the previous day's key, a visitor after midnight is a new visitor in a new session.
	 */
	public function test_new_vs_returning_only_within_the_salt_window() {
		$this->aggregate(
			array(
				Hits::pageview( 'x', self::DAY . ' 23:50:00', '/' ),
				Hits::pageview( 'x2', self::NEXT . ' 00:05:00', '/' ),
			)
		);

		$sessions = $this->sessions();
		$this->assertCount( 2, $sessions );
		$this->assertSame( array( 1, 1 ), array( $sessions[0]['is_new'], $sessions[1]['is_new'] ) );
		$this->assertSame( 1, $this->site_day( self::DAY )['sessions'] );
		$this->assertSame( 1, $this->site_day( self::NEXT )['sessions'] );
	}

	/**
	 * Hits older than the retention period are dropped and counted, so no pruned day is recomputed.
	 */
	public function test_hits_older_than_the_retention_period_are_dropped() {
		update_option( 'monsterinsights_reports_retention_months', 1 );

		$result = $this->aggregate(
			array(
				Hits::pageview( 'a', '2025-02-14 23:00:00', '/' ),
				Hits::pageview( 'a', '2025-02-15 10:00:00', '/' ),
			)
		)->to_array();

		$this->assertSame( array( 1, 1 ), array( $result['expired'], $result['processed'] ) );
		$this->assertSame( array( '2025-02-15' ), $result['days'] );
	}

	/**
	 * The aggregated action carries the days; a run with nothing to do fires nothing.
	 */
	public function test_fires_the_aggregated_action_with_the_days() {
		$calls = array();
		add_action(
			'monsterinsights_reports_aggregated',
			static function ( array $days ) use ( &$calls ): void {
				$calls[] = $days;
			}
		);

		$this->aggregate( self::script() );
		$this->aggregator()->run();

		$this->assertSame( array( array( self::DAY, self::NEXT ) ), $calls );
	}

	/**
	 * A visitor who opens a second page within the second of the first: the hits of a second keep
	 * their order of arrival. Ordered by their random ids instead, the second page (no external
	 * referrer) could come first and start a Direct session, and the first, from a search engine, a
	 * second session of its own.
	 */
	public function test_pages_of_one_second_keep_their_order_of_arrival() {
		$this->aggregate(
			array(
				Hits::pageview(
					'quick',
					self::DAY . ' 12:00:00',
					'/',
					array(
						'id' => str_repeat( 'f', 32 ),
						'r'  => 'https://www.google.com/',
					)
				),
				Hits::pageview( 'quick', self::DAY . ' 12:00:00', '/about/', array( 'id' => str_repeat( '0', 32 ) ) ),
			)
		);
		$sessions = $this->sessions();
		$this->assertCount( 1, $sessions );
		$this->assertSame( 2, $sessions[0]['pageviews'] );
		$this->assertSame( 'google.com', $sessions[0]['source'] );
		$this->assertSame( '/', $sessions[0]['landing'] );
		$this->assertSame( '/about/', $sessions[0]['exit_path'] );
	}
}
