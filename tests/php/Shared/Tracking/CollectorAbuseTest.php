<?php
/**
 * The collector refuses abuse cheaply: a rate limit per visitor, only real post ids, typed fields.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\ObjectIds;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\RateLimit;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ObjectIdsFile;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * Rate limit, object ids, parameter types.
 */
class CollectorAbuseTest extends TestCase {

	use Files;

	private const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

	/**
	 * The data dir of the test.
	 *
	 * @var string
	 */
	private string $dir = '';

	/**
	 * A data dir per test.
	 */
	protected function set_up() {
		parent::set_up();
		$this->dir = $this->scratch_dir();
	}

	/**
	 * Removes the scratch dirs.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * Runs the handler.
	 *
	 * @param array<string, mixed>|string $body The body.
	 * @param int                         $now  Unix time.
	 * @param string                      $ip   The visitor's address.
	 * @return array{0: int, 1: string} The status and the reason.
	 */
	private function collect( $body, int $now = 1773144000, string $ip = '203.0.113.77' ): array {
		$config    = Config::from_array(
			array(
				'site_id'  => '1',
				'hosts'    => array( 'example.org' ),
				'crawlers' => MONSTERINSIGHTS_REPORTS_DIR . 'build/data/bots.php',
			)
		);
		$collector = new Collector( $config, new Buffer( $this->dir ) );
		$status    = $collector->handle(
			array(
				'REQUEST_METHOD'      => 'POST',
				'REMOTE_ADDR'         => $ip,
				'HTTP_USER_AGENT'     => self::CHROME,
				'HTTP_SEC_FETCH_MODE' => 'no-cors',
			),
			is_string( $body ) ? $body : (string) wp_json_encode( $body ),
			(float) $now
		);
		return array( $status, $collector->reason() );
	}

	/**
	 * A post.
	 *
	 * @param string $status Its status.
	 */
	private static function post( string $status ): int {
		return (int) wp_insert_post(
			array(
				'post_title'  => 'A ' . $status,
				'post_status' => $status,
			)
		);
	}

	/**
	 * The hit lines written so far.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function lines(): array {
		return self::json_lines( ( new Buffer( $this->dir ) )->path() );
	}

	/**
	 * 120 hits a minute from one visitor are written; more are dropped and counted; another visitor
	 * and the next minute are not affected.
	 */
	public function test_rate_limit_per_visitor_and_minute() {
		$minute = 1773144000; // 12:00:00 UTC.
		$body   = array(
			't' => 'pageview',
			'p' => '/',
		);
		for ( $i = 0; $i < RateLimit::MAX_PER_MINUTE; $i++ ) {
			$this->assertSame( array( 204, '' ), $this->collect( $body, $minute + intdiv( $i, 3 ) ) );
		}
		$this->assertSame( array( 204, 'rate_limited' ), $this->collect( $body, $minute + 59 ) );
		$this->assertSame( array( 204, 'rate_limited' ), $this->collect( $body, $minute + 59 ) );
		$this->assertSame( array( 204, '' ), $this->collect( $body, $minute + 59, '203.0.113.78' ), 'another visitor' );
		$this->assertSame( array( 204, '' ), $this->collect( $body, $minute + 60 ), 'the next minute' );

		$this->assertCount( RateLimit::MAX_PER_MINUTE + 2, $this->lines() );
		$this->assertSame(
			array(
				'dropped' => 2,
				'last'    => $minute + 59,
			),
			( new RateLimit( $this->dir ) )->dropped()
		);
		$file = (string) file_get_contents( $this->dir . '/' . RateLimit::FILE );
		$this->assertStringStartsWith( "<?php exit; ?>\n", $file, 'prints nothing when a web server runs it' );
		$this->assertSame( strlen( "<?php exit; ?>\n" ) + 16 + 16 * RateLimit::SLOTS + 16 + 16 * RateLimit::IP_SLOTS, strlen( $file ) );
	}

	/**
	 * Runs the handler for a visitor of a user agent of its own.
	 *
	 * @param string      $user_agent The user agent.
	 * @param int         $now        Unix time.
	 * @param string      $ip         The address.
	 * @param Config|null $config     The config; the test's when null.
	 * @return string The reason ('' when written).
	 */
	private function collect_as( string $user_agent, int $now, string $ip = '203.0.113.77', ?Config $config = null ): string {
		$collector = new Collector(
			$config ?? Config::from_array(
				array(
					'site_id'  => '1',
					'crawlers' => MONSTERINSIGHTS_REPORTS_DIR . 'build/data/bots.php',
				)
			),
			new Buffer( $this->dir )
		);
		$collector->handle(
			array(
				'REQUEST_METHOD'      => 'POST',
				'REMOTE_ADDR'         => $ip,
				'HTTP_USER_AGENT'     => $user_agent,
				'HTTP_SEC_FETCH_MODE' => 'no-cors',
			),
			'{"t":"pageview","p":"/"}',
			(float) $now
		);
		return $collector->reason();
	}

	/**
	 * A user agent of its own for each number.
	 *
	 * @param int $n The number.
	 */
	private static function user_agent( int $n ): string {
		return 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.' . $n . '.0 Safari/537.36';
	}

	/**
	 * 600 hits from one address with 600 user agents in a minute (600 sessions by visitor key):
	 * the first RateLimit::MAX_VISITORS_PER_IP are written, the other 500 dropped and counted apart
	 * from the per-visitor drops. The visitors let in keep sending in that minute, another address
	 * is not affected, and the next minute the address starts afresh.
	 */
	public function test_rotating_user_agents_meet_the_per_address_ceiling() {
		$minute  = 1773144000; // 12:00:00 UTC.
		$reasons = array();
		for ( $i = 0; $i < 600; $i++ ) {
			$reasons[] = $this->collect_as( self::user_agent( $i ), $minute + intdiv( $i, 11 ) );
		}
		$this->assertSame( 100, RateLimit::MAX_VISITORS_PER_IP );
		$this->assertSame( array_fill( 0, 100, '' ), array_slice( $reasons, 0, 100 ) );
		$this->assertSame( array_fill( 0, 500, 'rate_limited' ), array_slice( $reasons, 100 ) );
		$this->assertCount( 100, $this->lines() );
		$this->assertCount( 100, array_unique( array_column( $this->lines(), 'vk' ) ) );
		$this->assertSame(
			array(
				'dropped' => 500,
				'last'    => $minute + 54,
			),
			( new RateLimit( $this->dir ) )->dropped_per_ip()
		);
		$this->assertSame(
			array(
				'dropped' => 0,
				'last'    => 0,
			),
			( new RateLimit( $this->dir ) )->dropped(),
			'the per-visitor count is apart'
		);

		// A visitor let in this minute keeps going (people behind one NAT are not cut mid-visit);
		// the 101st still is not let in; another address is not affected.
		$this->assertSame( '', $this->collect_as( self::user_agent( 5 ), $minute + 59 ) );
		$this->assertSame( 'rate_limited', $this->collect_as( self::user_agent( 100 ), $minute + 59 ) );
		$this->assertSame( '', $this->collect_as( self::user_agent( 100 ), $minute + 59, '203.0.113.78' ) );
		// The next minute: a new count.
		$this->assertSame( '', $this->collect_as( self::user_agent( 599 ), $minute + 60 ) );
		$this->assertCount( 103, $this->lines() );
		$this->assertSame( 501, ( new RateLimit( $this->dir ) )->dropped_per_ip()['dropped'] );

		// The address is in the file neither as text nor packed.
		$file = (string) file_get_contents( $this->dir . '/' . RateLimit::FILE );
		$this->assertStringNotContainsString( '203.0.113.77', $file );
		$this->assertStringNotContainsString( (string) inet_pton( '203.0.113.77' ), $file );
	}

	/**
	 * The ceiling comes from the filter through the config; 0 turns it off.
	 */
	public function test_per_address_ceiling_filter() {
		$this->assertSame( RateLimit::MAX_VISITORS_PER_IP, ConfigFile::build()->visitors_per_ip );
		$ceiling = static fn (): int => 3;
		add_filter( 'monsterinsights_reports_rate_limit_visitors_per_ip', $ceiling );
		$config  = ConfigFile::build();
		remove_filter( 'monsterinsights_reports_rate_limit_visitors_per_ip', $ceiling );
		$this->assertSame( 3, $config->visitors_per_ip );
		$config = Config::from_array( json_decode( $config->to_json(), true ) );
		$this->assertSame( 3, $config->visitors_per_ip );

		$reasons = array();
		for ( $i = 0; $i < 5; $i++ ) {
			$reasons[] = $this->collect_as( self::user_agent( $i ), 1773144000, '203.0.113.77', $config );
		}
		$this->assertSame( array( '', '', '', 'rate_limited', 'rate_limited' ), $reasons );

		$off = Config::from_array( array( 'visitors_per_ip' => 0 ) + $config->to_array() );
		for ( $i = 0; $i < 150; $i++ ) {
			$this->assertSame( '', $this->collect_as( self::user_agent( 1000 + $i ), 1773144120, '203.0.113.77', $off ) );
		}
		$this->assertCount( 153, $this->lines() );
	}

	/**
	 * A rate-limit file of the size before the per-address ceiling grows to the new layout and keeps
	 * its per-visitor counts; its per-address drops read as none.
	 */
	public function test_older_file_grows() {
		$minute = 1773144000;
		for ( $i = 0; $i < 3; $i++ ) {
			$this->collect_as( self::CHROME, $minute );
		}
		$path = $this->dir . '/' . RateLimit::FILE;
		$old  = strlen( "<?php exit; ?>\n" ) + 16 + 16 * RateLimit::SLOTS;
		$file = fopen( $path, 'r+b' );
		ftruncate( $file, $old );
		fclose( $file );
		$this->assertSame( 0, ( new RateLimit( $this->dir ) )->dropped_per_ip()['dropped'] );
		clearstatcache();

		for ( $i = 3; $i < RateLimit::MAX_PER_MINUTE + 1; $i++ ) {
			$this->collect_as( self::CHROME, $minute );
		}
		$this->assertSame( 1, ( new RateLimit( $this->dir ) )->dropped()['dropped'], 'the count went on from 3' );
		clearstatcache();
		$this->assertSame( $old + 16 + 16 * RateLimit::IP_SLOTS, filesize( $path ) );
	}

	/**
	 * A post id is kept only when it is a published post's, as WordPress wrote them.
	 */
	public function test_object_ids_must_be_published_posts() {
		$published = self::post( 'publish' );
		$draft     = self::post( 'draft' );
		file_put_contents( $this->dir . '/' . ObjectIds::FILE, ObjectIds::GUARD . ObjectIds::bitmap( ObjectIdsFile::ids() ) );

		foreach ( array( $published, $draft, 987654321, 0 ) as $id ) {
			$this->assertSame(
				array( 204, '' ),
				$this->collect(
					array(
						't' => 'pageview',
						'p' => '/x/',
						'o' => $id,
					)
				)
			);
		}
		$this->assertSame( array( $published, 0, 0, 0 ), array_column( $this->lines(), 'o' ) );
	}

	/**
	 * Publishing, unpublishing and deleting rewrite the ids once per request.
	 */
	public function test_ids_file_follows_posts() {
		$objects = new ObjectIds( dirname( ObjectIdsFile::path() ) );
		$post    = self::post( 'draft' );
		ObjectIdsFile::write();
		$this->assertFalse( $objects->has( $post ) );

		wp_publish_post( $post );
		$this->assertFalse( $objects->has( $post ), 'written when the request ends' );
		ObjectIdsFile::write_pending();
		$this->assertTrue( $objects->has( $post ) );

		wp_update_post(
			array(
				'ID'          => $post,
				'post_status' => 'draft',
			)
		);
		ObjectIdsFile::write_pending();
		$this->assertFalse( $objects->has( $post ) );
		$this->assertStringStartsWith( ObjectIds::GUARD, (string) file_get_contents( ObjectIdsFile::path() ) );
	}

	/**
	 * Arrays and objects where a string or a number belongs are a 400, never a PHP warning.
	 *
	 * @dataProvider wrong_types
	 *
	 * @param array<string, mixed> $body   The body.
	 * @param string               $reason The reason.
	 */
	public function test_every_field_is_type_checked( array $body, string $reason ) {
		$this->assertSame( array( 400, $reason ), $this->collect( $body ) );
		$this->assertSame( array(), $this->lines() );
	}

	/**
	 * Bodies with a field of the wrong type.
	 *
	 * @return array<string, array{0: array<string, mixed>, 1: string}>
	 */
	public function wrong_types(): array {
		$view  = array(
			't' => 'pageview',
			'p' => '/',
		);
		$event = array(
			't'  => 'event',
			'p'  => '/',
			'en' => 'x',
		);
		return array(
			't as a list'     => array( array( 't' => array( 'pageview' ) ) + $view, 'malformed_type' ),
			'p as a list'     => array( array( 'p' => array( '/' ) ) + $view, 'malformed_path' ),
			'p as an object'  => array( array( 'p' => array( 'a' => '/' ) ) + $view, 'malformed_path' ),
			'o as a list'     => array( array( 'o' => array( 1 ) ) + $view, 'malformed_object' ),
			'o as a boolean'  => array( array( 'o' => true ) + $view, 'malformed_object' ),
			'o too large'     => array( array( 'o' => '99999999999999999999' ) + $view, 'malformed_object' ),
			'r as a list'     => array( array( 'r' => array( 'https://a.example/' ) ) + $view, 'malformed_referrer' ),
			'us as a list'    => array( array( 'us' => array( 'x' ) ) + $view, 'malformed_utm' ),
			'ux as an object' => array( array( 'ux' => array( 'a' => 'b' ) ) + $view, 'malformed_utm' ),
			'ck as a list'    => array( array( 'ck' => array( 'gclid' ) ) + $view, 'malformed_click_id' ),
			'en on a view'    => array( array( 'en' => array( 'x' ) ) + $view, 'malformed_event_name' ),
			'en as a list'    => array( array( 'en' => array( 'x' ) ) + $event, 'malformed_event_name' ),
			'ep value a list' => array( array( 'ep' => array( 'search' => array( 'a' ) ) ) + $event, 'malformed_event_props' ),
		);
	}

	/**
	 * The REST fallback with query parameters of the wrong type, such as search[]: the body is all
	 * it reads, and a bad body is a 400.
	 */
	public function test_rest_fallback_ignores_query_arrays() {
		$request = new \WP_REST_Request( 'POST', '/monsterinsights-reports/v1/collect' );
		$request->set_query_params(
			array(
				'search' => array( 'a', 'b' ),
				's'      => array( '1' ),
			)
		);
		$request->set_header( 'User-Agent', self::CHROME );
		$request->set_body( (string) wp_json_encode( array( 'p' => array( '/' ) ) + array( 't' => 'pageview' ) ) );
		$response = rest_do_request( $request );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'monsterinsights_reports_invalid_hit', $response->get_data()['code'] );
	}
}
