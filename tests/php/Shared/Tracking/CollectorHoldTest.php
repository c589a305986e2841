<?php
/**
 * A collector held for a batch of requests (the seeder's): the same checks and lines, one lock.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\RateLimit;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Salts;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * Collector::hold() keeps the buffer and the rate-limit file locked and the salts in memory until
 * end_hold(): what it answers and writes is what the same requests get one by one.
 */
class CollectorHoldTest extends TestCase {

	use Files;

	private const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

	/**
	 * 23:58:00 in Berlin on 10 March 2026 (22:58 UTC): the requests go on past local midnight.
	 */
	private const START = 1773183480;

	/**
	 * Removes the scratch dirs.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * A collector on a data dir.
	 *
	 * @param string $dir The data dir.
	 */
	private static function collector( string $dir ): Collector {
		return new Collector(
			Config::from_array(
				array(
					'site_id'  => '1',
					'hosts'    => array( 'example.org' ),
					'crawlers' => MONSTERINSIGHTS_REPORTS_DIR . 'build/data/bots.php',
					'timezone' => 'Europe/Berlin',
				)
			),
			new Buffer( $dir )
		);
	}

	/**
	 * The requests: two visitors across local midnight, a bot, a malformed body, and one visitor
	 * over the rate limit.
	 *
	 * @return array<int, array{0: array<string, mixed>, 1: string, 2: int}> $_SERVER, body, time.
	 */
	private static function requests(): array {
		$server   = static fn( string $ip, string $agent = self::CHROME ): array => array(
			'REQUEST_METHOD'      => 'POST',
			'REMOTE_ADDR'         => $ip,
			'HTTP_USER_AGENT'     => $agent,
			'HTTP_SEC_FETCH_MODE' => 'no-cors',
		);
		$pageview = static fn( string $path ): string => (string) wp_json_encode(
			array(
				't' => 'pageview',
				'p' => $path,
			)
		);
		$requests = array();
		for ( $i = 0; $i < 6; $i++ ) {
			$requests[] = array( $server( '203.0.113.' . ( 10 + $i % 2 ) ), $pageview( '/page-' . $i . '/' ), self::START + 50 * $i );
		}
		$requests[] = array( $server( '203.0.113.30', 'Googlebot/2.1 (+http://www.google.com/bot.html)' ), $pageview( '/' ), self::START + 60 );
		$requests[] = array( $server( '203.0.113.31' ), '{not json', self::START + 61 );
		for ( $i = 0; $i <= RateLimit::MAX_PER_MINUTE + 1; $i++ ) {
			$requests[] = array( $server( '203.0.113.40' ), $pageview( '/busy/' ), self::START + 300 + intdiv( $i, 4 ) );
		}
		return $requests;
	}

	/**
	 * Runs the requests; answers and reasons, in order.
	 *
	 * @param Collector $collector The collector.
	 * @return string[]
	 */
	private static function send_all( Collector $collector ): array {
		$answers = array();
		foreach ( self::requests() as list( $server, $body, $time ) ) {
			$answers[] = $collector->handle( $server, $body, (float) $time ) . ' ' . $collector->reason();
		}
		return $answers;
	}

	/**
	 * Held or not, the same answers, the same buffer lines but for their random hit ids (visitor
	 * keys included: both data dirs start with the same salts) and the same count of rate-limited
	 * hits.
	 */
	public function test_same_answers_lines_and_drops_as_one_by_one() {
		$one_by_one = $this->scratch_dir();
		$held       = $this->scratch_dir();
		$salts      = new Salts( $one_by_one, 'Europe/Berlin' );
		$salts->for_time( self::START );
		$salts->for_time( self::START + DAY_IN_SECONDS );
		copy( $salts->path(), ( new Salts( $held ) )->path() );

		$expected = self::send_all( self::collector( $one_by_one ) );

		$collector = self::collector( $held );
		$collector->hold();
		$answers = self::send_all( $collector );
		$collector->end_hold();

		$this->assertSame( $expected, $answers );
		$this->assertSame( array( '204 bot', '400 malformed_body' ), array_slice( $answers, 6, 2 ) );
		$this->assertSame( array( '204 rate_limited', '204 rate_limited' ), array_slice( $answers, -2 ) );
		$lines = self::json_lines( ( new Buffer( $held ) )->path() );
		$this->assertCount( 6 + RateLimit::MAX_PER_MINUTE, $lines );
		// Every field but the hit's random id.
		$without_id = static fn( array $lines ): array => array_map( static fn( array $line ): array => array_diff_key( $line, array( 'id' => true ) ), $lines );
		$this->assertSame( $without_id( self::json_lines( ( new Buffer( $one_by_one ) )->path() ) ), $without_id( $lines ) );
		$this->assertCount( count( $lines ), array_unique( array_column( $lines, 'id' ) ) );
		$this->assertSame( 2, ( new RateLimit( $held ) )->dropped()['dropped'] );
		$this->assertSame( ( new RateLimit( $one_by_one ) )->dropped(), ( new RateLimit( $held ) )->dropped() );
	}

	/**
	 * While held, the buffer and the rate-limit file stay locked (another writer would wait) and
	 * every line is on disk at once; end_hold() unlocks them.
	 */
	public function test_files_locked_while_held_and_unlocked_after() {
		$dir       = $this->scratch_dir();
		$collector = self::collector( $dir );
		$requests  = self::requests();
		$collector->hold();
		$collector->handle( $requests[0][0], $requests[0][1], (float) $requests[0][2] );

		$this->assertCount( 1, self::json_lines( ( new Buffer( $dir ) )->path() ) );
		$this->assertFalse( self::can_lock( ( new Buffer( $dir ) )->path() ), 'The buffer is locked while held.' );
		$this->assertFalse( self::can_lock( $dir . '/' . RateLimit::FILE ), 'The rate-limit file is locked while held.' );

		$collector->end_hold();
		$this->assertTrue( self::can_lock( ( new Buffer( $dir ) )->path() ) );
		$this->assertTrue( self::can_lock( $dir . '/' . RateLimit::FILE ) );
		// One by one again: each request locks and unlocks.
		$collector->handle( $requests[1][0], $requests[1][1], (float) $requests[1][2] );
		$this->assertTrue( self::can_lock( ( new Buffer( $dir ) )->path() ) );
		$this->assertCount( 2, self::json_lines( ( new Buffer( $dir ) )->path() ) );
	}

	/**
	 * The salts are read once while held: a salt this process adds is kept and written, and the
	 * file is not read again (removing it changes nothing until end_hold()).
	 */
	public function test_salts_read_once_while_held() {
		$dir   = $this->scratch_dir();
		$salts = new Salts( $dir, 'Europe/Berlin' );
		$salts->hold();
		$first = $salts->for_time( self::START );
		$next  = $salts->for_time( self::START + DAY_IN_SECONDS );
		// The new day's salt was written, and yesterday's is the first one.
		$this->assertSame( $first['current'], $next['previous'] );
		$this->assertCount( 2, ( new Salts( $dir, 'Europe/Berlin' ) )->days() );

		unlink( $salts->path() );
		$this->assertSame( $next, $salts->for_time( self::START + DAY_IN_SECONDS ) );

		$salts->end_hold();
		$this->assertNotSame( $next['current'], $salts->for_time( self::START + DAY_IN_SECONDS )['current'] );
	}

	/**
	 * Whether another handle can take the file's exclusive lock at once.
	 *
	 * @param string $path The file.
	 */
	private static function can_lock( string $path ): bool {
		$handle = fopen( $path, 'rb' );
		if ( false === $handle ) {
			return false;
		}
		$locked = flock( $handle, LOCK_EX | LOCK_NB );
		if ( $locked ) {
			flock( $handle, LOCK_UN );
		}
		fclose( $handle );
		return $locked;
	}
}
