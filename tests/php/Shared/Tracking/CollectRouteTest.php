<?php
/**
 * POST monsterinsights-reports/v1/collect, the REST fallback of collect.php.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The route runs the same collector: 204 with no body when written or dropped, 400 with a code and
 * a message when malformed.
 */
class CollectRouteTest extends TestCase {

	use Files;

	private const ROUTE = '/monsterinsights-reports/v1/collect';

	private const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

	/**
	 * The uploads basedir of the test.
	 *
	 * @var string
	 */
	private string $uploads = '';

	/**
	 * Points the site's uploads at a scratch dir, so the buffer is the test's own.
	 */
	protected function set_up() {
		parent::set_up();
		$this->uploads = $this->scratch_uploads();
	}

	/**
	 * Removes the scratch dirs.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * Posts a raw body as the tracker does.
	 *
	 * @param string                $body    The body.
	 * @param array<string, string> $headers Extra headers.
	 * @param string                $method  The method.
	 */
	private function post( string $body, array $headers = array(), string $method = 'POST' ): \WP_REST_Response {
		$request = new \WP_REST_Request( $method, self::ROUTE );
		$request->set_body( $body );
		$request->set_header( 'content-type', 'text/plain;charset=UTF-8' );
		$request->set_header( 'user-agent', self::CHROME );
		$request->set_header( 'sec-fetch-mode', 'no-cors' );
		foreach ( $headers as $name => $value ) {
			$request->set_header( $name, $value );
		}
		return rest_do_request( $request );
	}

	/**
	 * The lines of the test site's buffer.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function lines(): array {
		return self::json_lines( DataDir::path() . '/' . Buffer::FILE );
	}

	/**
	 * The route is registered for POST only, and is public by design.
	 */
	public function test_route_is_public_and_post_only() {
		$routes = rest_get_server()->get_routes();
		$this->assertArrayHasKey( self::ROUTE, $routes );
		$this->assertCount( 1, $routes[ self::ROUTE ] );
		$this->assertSame( array( 'POST' => true ), $routes[ self::ROUTE ][0]['methods'] );
		$this->assertSame( '__return_true', $routes[ self::ROUTE ][0]['permission_callback'] );

		$this->assertSame( 404, $this->post( '', array(), 'GET' )->get_status() );
	}

	/**
	 * An anonymous page view answers 204 with no body and lands in the site's buffer, whose dir is
	 * created with its guards.
	 */
	public function test_pageview_is_written() {
		$response = $this->post( '{"t":"pageview","p":"/hello/?utm_source=news","o":3,"r":"https://www.bing.com/"}' );

		$this->assertSame( 204, $response->get_status() );
		$this->assertNull( $response->get_data() );
		$lines = $this->lines();
		$this->assertCount( 1, $lines );
		$this->assertSame( '/hello/', $lines[0]['p'] );
		$this->assertSame( 'news', $lines[0]['us'] );
		$this->assertSame( 3, $lines[0]['o'] );
		$this->assertSame( 'https://www.bing.com/', $lines[0]['r'] );
		$this->assertSame( self::CHROME, $lines[0]['ua'] );
		$this->assertStringStartsWith( $this->uploads . '/monsterinsights-reports-', DataDir::path() );
		$this->assertSame( "<?php exit; ?>\n", file_get_contents( DataDir::path() . '/index.php' ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
	}

	/**
	 * A logged-in visitor without a nonce is collected too (the route needs no user).
	 */
	public function test_logged_in_visitor_is_collected() {
		$this->act_as( 'subscriber' );
		$this->assertSame( 204, $this->post( '{"t":"event","p":"/","en":"signup","ep":{"plan":"pro"}}' )->get_status() );
		$this->assertSame( array( 'plan' => 'pro' ), $this->lines()[0]['ep'] );
	}

	/**
	 * A malformed hit is a 400 with a code and a readable message, and writes nothing.
	 */
	public function test_malformed_is_400() {
		$response = $this->post( '{"t":"pageview","p":"no-slash"}' );

		$this->assertSame( 400, $response->get_status() );
		$error = $response->as_error();
		$this->assertInstanceOf( \WP_Error::class, $error );
		$this->assertSame( 'monsterinsights_reports_invalid_hit', $error->get_error_code() );
		$this->assertStringContainsString( 'malformed_path', $error->get_error_message() );
		$this->assertSame( array(), $this->lines() );

		$this->assertSame( 400, $this->post( 'not json' )->get_status() );
		$this->assertSame( array(), $this->lines() );
	}

	/**
	 * An oversized body is a 413.
	 */
	public function test_oversized_is_413() {
		$response = $this->post( '{"t":"pageview","p":"/' . str_repeat( 'a', 9000 ) . '"}' );
		$this->assertSame( 413, $response->get_status() );
		$this->assertSame( 'monsterinsights_reports_hit_too_large', $response->as_error()->get_error_code() );
		$this->assertSame( array(), $this->lines() );
	}

	/**
	 * Bots, prefetches and opted-out visitors get the same 204 and are not written.
	 */
	public function test_dropped_hits_answer_204_and_write_nothing() {
		$body = '{"t":"pageview","p":"/"}';
		$this->assertSame( 204, $this->post( $body, array( 'user-agent' => 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' ) )->get_status() );
		$this->assertSame( 204, $this->post( $body, array( 'sec-purpose' => 'prefetch' ) )->get_status() );
		$this->assertSame( 204, $this->post( $body, array( 'sec-gpc' => '1' ) )->get_status() );
		$this->assertSame( 204, $this->post( $body, array( 'sec-fetch-mode' => 'navigate' ) )->get_status() );
		$this->assertSame( 204, $this->post( $body, array( 'user-agent' => '' ) )->get_status() );
		$this->assertSame( array(), $this->lines() );

		update_option( 'monsterinsights_reports_tracking', array( 'excluded_ips' => array( '127.0.0.0/8' ) ) );
		$this->assertSame( 204, $this->post( $body )->get_status() );
		$this->assertSame( array(), $this->lines() );
	}
}
