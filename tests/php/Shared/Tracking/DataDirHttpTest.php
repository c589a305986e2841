<?php
/**
 * Nothing in the data dir can be read over HTTP from PHP's built-in web server.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Salts;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Tests\Support\Tracking\CollectServer;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * `php -S` serves the test content dir's parent, as a web server with no rules for the plugin's
 * files would (no .htaccess, no nginx location): the real collect.php writes real hits, then
 * every file of the data dir and the dir itself are requested anonymously. A server that runs the
 * files answers an empty body; the hits, salts and config must not appear in any answer.
 */
class DataDirHttpTest extends TestCase {

	use CollectServer;
	use Files;

	/**
	 * A user agent no other test sends, to look for in the answers.
	 */
	private const AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 PrivacyProbe/7';

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
	 * The site's live buffer as it was before the test, null when there was none.
	 *
	 * @var string|null
	 */
	private ?string $saved_buffer = null;

	/**
	 * Sets the site's live buffer aside (the site's real data dir is served).
	 */
	protected function set_up() {
		parent::set_up();
		$file               = DataDir::path() . '/' . Buffer::FILE;
		$this->saved_buffer = is_file( $file ) ? (string) file_get_contents( $file ) : null;
		if ( null !== $this->saved_buffer ) {
			unlink( $file );
		}
	}

	/**
	 * Removes what the test wrote to the site's buffer and puts the old one back.
	 */
	protected function tear_down() {
		$buffer = new Buffer( DataDir::path() );
		foreach ( $buffer->claimed() as $file ) {
			if ( str_contains( (string) file_get_contents( $file ), 'PrivacyProbe' ) ) {
				$buffer->release( $file );
			}
		}
		if ( null !== $this->saved_buffer ) {
			file_put_contents( $buffer->path(), $this->saved_buffer );
		} elseif ( is_file( $buffer->path() ) ) {
			unlink( $buffer->path() );
		}
		parent::tear_down();
	}

	/**
	 * The URL path of a file under the served dir.
	 *
	 * @param string $path An absolute path under dirname( WP_CONTENT_DIR ).
	 */
	private static function url_path( string $path ): string {
		$root = dirname( WP_CONTENT_DIR );
		self::assertStringStartsWith( $root . '/', $path );
		return implode( '/', array_map( 'rawurlencode', explode( '/', substr( $path, strlen( $root ) ) ) ) );
	}

	/**
	 * Every file of the data dir (a claimed buffer, the live buffer, salts, their lock, config,
	 * index) and the dir's own URL answer without any of their contents.
	 */
	public function test_no_data_dir_file_is_readable_over_http() {
		$this->assertTrue( ConfigFile::write() );
		$path  = '/private-probe-' . bin2hex( random_bytes( 4 ) ) . '/';
		$agent = array(
			'User-Agent'     => self::AGENT,
			'Content-Type'   => 'text/plain;charset=UTF-8',
			'Sec-Fetch-Mode' => 'no-cors',
		);
		$this->assertSame( 204, self::http( 'POST', self::collect_path( 's=1' ), '{"t":"pageview","p":"' . $path . 'claimed/"}', $agent )['status'] );
		$claimed = ( new Buffer( DataDir::path() ) )->claim();
		$this->assertIsString( $claimed );
		$this->assertSame( 204, self::http( 'POST', self::collect_path( 's=1' ), '{"t":"pageview","p":"' . $path . 'live/"}', $agent )['status'] );

		$files = DataDir::files();
		$names = array_map( 'basename', $files );
		foreach ( array( Buffer::FILE, basename( $claimed ), 'config.php', 'index.php', Salts::FILE, Salts::LOCK ) as $name ) {
			$this->assertContains( $name, $names );
		}
		$live = self::json_lines( DataDir::path() . '/' . Buffer::FILE );
		$this->assertCount( 1, $live );
		$hit = $live[0];
		$this->assertSame( $path . 'live/', $hit['p'] );
		$secrets = array( $path, self::AGENT, 'PrivacyProbe', (string) $hit['vk'], (string) $hit['id'], '<?php' );
		foreach ( array_keys( (array) json_decode( (string) PrivateFile::read( DataDir::path() . '/' . Salts::FILE ), true ) ) as $day ) {
			$secrets[] = (string) $day;
		}
		$config    = (string) PrivateFile::read( DataDir::path() . '/config.php' );
		$secrets[] = trim( $config );
		$secrets[] = '"site_id"';

		foreach ( $files as $file ) {
			$response = self::http( 'GET', self::url_path( $file ) );
			$this->assertContains( $response['status'], array( 200, 403, 404 ), basename( $file ) );
			foreach ( $secrets as $secret ) {
				$this->assertStringNotContainsString( $secret, $response['body'], basename( $file ) . ' leaks ' . $secret );
			}
			$data = (string) PrivateFile::read( $file );
			if ( '' !== trim( $data ) ) {
				$this->assertStringNotContainsString( trim( $data ), $response['body'], basename( $file ) );
			}
		}

		// The control: the same server sends a file that is not PHP as it is, which is how the
		// buffer.jsonl of version 1.0 leaked.
		$control = dirname( DataDir::path() ) . '/monsterinsights-reports-probe-' . bin2hex( random_bytes( 4 ) ) . '.jsonl';
		file_put_contents( $control, (string) file_get_contents( DataDir::path() . '/' . Buffer::FILE ) );
		$served = self::http( 'GET', self::url_path( $control ) );
		unlink( $control );
		$this->assertSame( 200, $served['status'] );
		$this->assertStringContainsString( self::AGENT, $served['body'] );

		$listing = self::http( 'GET', self::url_path( DataDir::path() ) . '/' );
		foreach ( array_merge( $names, $secrets ) as $secret ) {
			$this->assertStringNotContainsString( $secret, $listing['body'], 'the dir lists ' . $secret );
		}
	}
}
