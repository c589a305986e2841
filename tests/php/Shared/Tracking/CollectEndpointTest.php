<?php
/**
 * The collector endpoint, collect.php, over HTTP without WordPress.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;
use MonsterInsights\Reports\Tests\Support\Tracking\CollectServer;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * The real endpoint, served by PHP's web server from the test content dir, finds the (main) site's
 * config on its own and writes to the site's buffer.
 */
class CollectEndpointTest extends TestCase {

	use CollectServer;
	use Files;

	private const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

	/**
	 * The buffer as it was before the test, null when there was none.
	 *
	 * @var string|null
	 */
	private ?string $saved_buffer = null;

	/**
	 * Starts the web server.
	 */
	public static function set_up_before_class() {
		parent::set_up_before_class();
		self::start_collect_server();
	}

	/**
	 * Stops the web server.
	 */
	public static function tear_down_after_class() {
		self::stop_collect_server();
		parent::tear_down_after_class();
	}

	/**
	 * Writes the site's config and sets its buffer aside.
	 */
	protected function set_up() {
		parent::set_up();
		$this->assertTrue( ConfigFile::write() );
		$file               = DataDir::path() . '/' . Buffer::FILE;
		$this->saved_buffer = is_file( $file ) ? (string) file_get_contents( $file ) : null;
		if ( null !== $this->saved_buffer ) {
			unlink( $file );
		}
	}

	/**
	 * Puts the site's buffer back as it was.
	 */
	protected function tear_down() {
		$file = DataDir::path() . '/' . Buffer::FILE;
		if ( null !== $this->saved_buffer ) {
			file_put_contents( $file, $this->saved_buffer );
		} elseif ( is_file( $file ) ) {
			unlink( $file );
		}
		parent::tear_down();
	}

	/**
	 * Posts a body to collect.php as a browser's beacon does.
	 *
	 * @param string                $body    The body.
	 * @param array<string, string> $headers Extra headers.
	 * @param string                $query   The query string.
	 * @return array{status: int, headers: string, body: string}
	 */
	private static function beacon( string $body, array $headers = array(), string $query = 's=1' ): array {
		return self::http(
			'POST',
			self::collect_path( $query ),
			$body,
			array_merge(
				array(
					'User-Agent'     => self::CHROME,
					'Content-Type'   => 'text/plain;charset=UTF-8',
					'Sec-Fetch-Mode' => 'no-cors',
				),
				$headers
			)
		);
	}

	/**
	 * The site's buffer lines.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private static function lines(): array {
		return self::json_lines( DataDir::path() . '/' . Buffer::FILE );
	}

	/**
	 * Included by other code (here WordPress, whose ABSPATH is defined), collect.php returns at
	 * once: no status, no header, nothing written, and the including request goes on.
	 */
	public function test_included_by_wordpress_it_does_nothing() {
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$returned                  = include WP_PLUGIN_DIR . '/monsterinsights-reports/collect.php';
		unset( $_SERVER['REQUEST_METHOD'] );

		$this->assertNull( $returned );
		$this->assertSame( array(), self::lines() );
	}

	/**
	 * From the command line, collect.php does nothing and prints nothing.
	 */
	public function test_from_the_command_line_it_does_nothing() {
		$output = array();
		exec( 'php ' . escapeshellarg( WP_PLUGIN_DIR . '/monsterinsights-reports/collect.php' ) . ' 2>&1', $output, $status ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec -- Runs the file as the command line would.

		$this->assertSame( 0, $status );
		$this->assertSame( array(), $output );
		$this->assertSame( array(), self::lines() );
	}

	/**
	 * A request for another script that includes collect.php is not served by it: 404, nothing
	 * written.
	 */
	public function test_included_by_another_script_it_answers_404() {
		$dir    = WP_PLUGIN_DIR . '/monsterinsights-reports';
		$script = dirname( WP_CONTENT_DIR ) . '/' . basename( WP_CONTENT_DIR ) . '/mir-include-collect.php';
		file_put_contents( $script, '<?php include ' . var_export( $dir . '/collect.php', true ) . ';' ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export -- Writes a PHP literal.
		try {
			$response = self::http( 'POST', '/' . basename( WP_CONTENT_DIR ) . '/mir-include-collect.php?s=1', '{"t":"pageview","p":"/"}', array( 'User-Agent' => self::CHROME ) );
		} finally {
			unlink( $script );
		}

		$this->assertSame( 404, $response['status'] );
		$this->assertSame( array(), self::lines() );
	}

	/**
	 * The tracker on this site is pointed at this very file.
	 */
	public function test_tracker_posts_here() {
		$this->assertTrue( TrackerScript::raw_endpoint_available() );
		$this->assertStringEndsWith( '/plugins/monsterinsights-reports/collect.php?s=1', TrackerScript::endpoint() );
	}

	/**
	 * A page view answers 204 with no body, and one line lands in the site's buffer, without the
	 * visitor's address.
	 */
	public function test_pageview_is_written() {
		// A published post's id is kept (the collector reads the ids WordPress wrote).
		$post = wp_insert_post(
			array(
				'post_title'  => 'Hello',
				'post_status' => 'publish',
			)
		);
		\MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ObjectIdsFile::write();
		$response = self::beacon( '{"t":"pageview","p":"/hello/?utm_medium=social&gclid=abc","o":' . $post . ',"r":"https://news.example/"}' );

		$this->assertSame( 204, $response['status'] );
		$this->assertSame( '', $response['body'] );
		$this->assertStringContainsString( 'Cache-Control: no-store', $response['headers'] );
		$lines = self::lines();
		$this->assertCount( 1, $lines );
		$this->assertSame( '/hello/', $lines[0]['p'] );
		$this->assertSame( 'social', $lines[0]['um'] );
		$this->assertSame( 'gclid', $lines[0]['ck'] );
		$this->assertSame( $post, $lines[0]['o'] );
		$this->assertSame( self::CHROME, $lines[0]['ua'] );
		$this->assertStringNotContainsString( '127.0.0.1', (string) file_get_contents( DataDir::path() . '/' . Buffer::FILE ) );
	}

	/**
	 * Only POST is served.
	 */
	public function test_get_is_405() {
		$response = self::http( 'GET', self::collect_path( 's=1' ) );
		$this->assertSame( 405, $response['status'] );
		$this->assertStringContainsString( 'Allow: POST', $response['headers'] );
		$this->assertSame( '', $response['body'] );
	}

	/**
	 * Malformed: 400 with no body; dropped: 204; neither writes.
	 */
	public function test_rejections_write_nothing() {
		$malformed = self::beacon( '{"t":"pageview"}' );
		$this->assertSame( 400, $malformed['status'] );
		$this->assertSame( '', $malformed['body'] );

		$this->assertSame( 204, self::beacon( '{"t":"pageview","p":"/"}', array( 'User-Agent' => 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' ) )['status'] );
		$this->assertSame( 204, self::beacon( '{"t":"pageview","p":"/"}', array( 'Sec-Purpose' => 'prefetch' ) )['status'] );
		$this->assertSame( 413, self::beacon( '{"t":"pageview","p":"/' . str_repeat( 'x', 10000 ) . '"}' )['status'] );
		$this->assertSame( array(), self::lines() );
	}

	/**
	 * A site whose data dir does not exist, or a site token that is not a number, is a 404.
	 *
	 * @dataProvider unknown_sites
	 *
	 * @param string $query The query string.
	 */
	public function test_unknown_site_is_404( string $query ) {
		$this->assertSame( 404, self::beacon( '{"t":"pageview","p":"/"}', array(), $query )['status'] );
		$this->assertSame( array(), self::lines() );
	}

	/**
	 * Site tokens that name no site.
	 *
	 * @return array<string, array{string}>
	 */
	public function unknown_sites(): array {
		return array(
			'no such site' => array( 's=987654' ),
			'zero'         => array( 's=0' ),
			'a path'       => array( 's=../../x' ),
			'an array'     => array( 's[]=1' ),
		);
	}
}
