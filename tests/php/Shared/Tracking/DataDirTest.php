<?php
/**
 * The site's private data dir: its name, its files, and how collect.php finds it.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Endpoint;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * Each test points the site's uploads at a scratch dir of its own.
 */
class DataDirTest extends TestCase {

	use Files;

	private const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

	/**
	 * The scratch uploads basedir.
	 *
	 * @var string
	 */
	private string $uploads = '';

	/**
	 * Scratch uploads, and no data dir name remembered.
	 */
	protected function set_up() {
		parent::set_up();
		$this->use_uploads( $this->scratch_dir() );
		delete_option( DataDir::OPTION );
	}

	/**
	 * Removes the scratch dirs.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * Points the site's uploads at a dir.
	 *
	 * @param string $dir The dir.
	 */
	private function use_uploads( string $dir ): void {
		$this->uploads = $dir;
		remove_all_filters( 'upload_dir' );
		add_filter(
			'upload_dir',
			static function ( $uploads ) use ( $dir ) {
				$uploads['basedir'] = $dir;
				$uploads['baseurl'] = 'https://example.org/files';
				return $uploads;
			}
		);
	}

	/**
	 * The dir's name is `monsterinsights-reports-` and 32 random hex digits, remembered in an
	 * option; found again on disk when the option is lost; another site (uploads) gets another.
	 */
	public function test_name_is_random_remembered_and_found_again() {
		$path = DataDir::path();
		$name = basename( $path );
		$this->assertMatchesRegularExpression( '/^monsterinsights-reports-[0-9a-f]{32}$/', $name );
		$this->assertSame( $this->uploads . '/' . $name, $path );
		$this->assertSame( $name, get_option( DataDir::OPTION ) );
		$this->assertSame( $path, DataDir::path() );
		$this->assertSame( 'https://example.org/files/' . $name . '/', DataDir::url() );
		$this->assertDirectoryDoesNotExist( $path );

		$this->assertSame( $path, DataDir::ensure() );
		$this->assertSame( array( $path . '/index.php' ), DataDir::files() );
		$this->assertSame( PrivateFile::GUARD, file_get_contents( $path . '/index.php' ) );

		delete_option( DataDir::OPTION );
		$this->assertSame( $path, DataDir::path(), 'found on disk again' );
		$this->assertSame( $name, get_option( DataDir::OPTION ) );

		delete_option( DataDir::OPTION );
		$this->use_uploads( $this->scratch_dir() );
		$other = basename( DataDir::path() );
		$this->assertMatchesRegularExpression( '/^monsterinsights-reports-[0-9a-f]{32}$/', $other );
		$this->assertNotSame( $name, $other );
	}

	/**
	 * After real collection (config, salts and their lock, a claimed buffer and a live one) every
	 * file of the dir is a `.php` file whose first line is the exit guard.
	 */
	public function test_every_file_is_a_guarded_php_file() {
		$this->assertTrue( ConfigFile::write() );
		$buffer    = new Buffer( DataDir::path() );
		$collector = new Collector( ConfigFile::build(), $buffer );
		$server    = array(
			'REQUEST_METHOD'      => 'POST',
			'REMOTE_ADDR'         => '203.0.113.9',
			'HTTP_USER_AGENT'     => self::CHROME,
			'CONTENT_TYPE'        => 'text/plain;charset=UTF-8',
			'HTTP_SEC_FETCH_MODE' => 'no-cors',
		);
		$this->assertSame( 204, $collector->handle( $server, '{"t":"pageview","p":"/first/"}', microtime( true ) ) );
		$claimed = $buffer->claim();
		$this->assertIsString( $claimed );
		$this->assertSame( 204, $collector->handle( $server, '{"t":"pageview","p":"/second/"}', microtime( true ) ) );

		$names = array_map( 'basename', DataDir::files() );
		foreach ( array( 'buffer.php', basename( $claimed ), 'config.php', 'index.php', 'salts-lock.php', 'salts.php' ) as $name ) {
			$this->assertContains( $name, $names );
		}
		$this->assertMatchesRegularExpression( '/^claimed-\d{10}\.\d{6}-[0-9a-f]{8}\.php$/', basename( $claimed ) );
		// The collector's other files (its rate limiter's table, …) follow the same rule.
		foreach ( DataDir::files() as $file ) {
			$this->assertMatchesRegularExpression( '/^[a-z0-9.-]+\.php$/', basename( $file ) );
			$this->assertStringStartsWith( PrivateFile::GUARD, (string) file_get_contents( $file ), basename( $file ) );
		}
		$this->assertSame( '/first/', self::json_lines( $claimed )[0]['p'] );
		$this->assertSame( '/second/', self::json_lines( $buffer->path() )[0]['p'] );
		// The config is read back as data, never run.
		$this->assertSame( (string) get_current_blog_id(), ( \MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config::load( DataDir::path() ) )->site_id );
	}

	/**
	 * The collector endpoint finds the dir from the content dir with one glob: the data dir with a config;
	 * none when there is none, or when two claim to be it. WordPress then posts to the REST route.
	 */
	public function test_collect_php_finds_the_dir_by_glob() {
		$content = $this->scratch_dir();
		$this->use_uploads( $content . '/uploads' );
		$this->assertNull( Endpoint::data_dir( $content, 1 ) );

		$this->assertTrue( ConfigFile::write() );
		mkdir( $content . '/uploads/monsterinsights-reports-notrandom' );
		mkdir( $content . '/uploads/' . Endpoint::LEGACY_DIR_NAME );
		file_put_contents( $content . '/uploads/' . Endpoint::LEGACY_DIR_NAME . '/config.php', '' );
		$this->assertSame( DataDir::path(), Endpoint::data_dir( $content, 1 ) );
		$this->assertNull( Endpoint::data_dir( $content, 2 ), 'a sub-site looks in uploads/sites/2' );

		$twin = $content . '/uploads/monsterinsights-reports-' . str_repeat( 'a', 32 );
		mkdir( $twin );
		$this->assertSame( DataDir::path(), Endpoint::data_dir( $content, 1 ), 'a dir without a config is not a candidate' );
		copy( ConfigFile::path(), $twin . '/config.php' );
		$this->assertNull( Endpoint::data_dir( $content, 1 ) );

		$sub = $content . '/uploads/sites/7/monsterinsights-reports-' . str_repeat( 'b', 32 );
		mkdir( $sub, 0777, true );
		copy( ConfigFile::path(), $sub . '/config.php' );
		$this->assertSame( $sub, Endpoint::data_dir( $content, 7 ) );
	}

	/**
	 * A folder outside the web root (the constant, or its filter): one `site-<id>` folder per site;
	 * collect.php cannot know it, so the tracker posts to the REST route.
	 */
	public function test_a_folder_outside_the_web_root() {
		$root = $this->scratch_dir();
		add_filter( 'monsterinsights_reports_data_root', static fn (): string => $root . '/' );

		$this->assertSame( $root . '/site-' . get_current_blog_id(), DataDir::path() );
		$this->assertNull( DataDir::url() );
		$this->assertTrue( ConfigFile::write() );
		$this->assertFileExists( $root . '/site-' . get_current_blog_id() . '/config.php' );
		$this->assertFalse( TrackerScript::raw_endpoint_available() );
		$this->assertSame( rest_url( 'monsterinsights-reports/v1/collect' ), TrackerScript::endpoint() );

		remove_all_filters( 'monsterinsights_reports_data_root' );
		add_filter( 'monsterinsights_reports_data_root', static fn (): string => 'relative/path' );
		$this->assertStringStartsWith( $this->uploads . '/monsterinsights-reports-', DataDir::path(), 'a relative path is ignored' );
	}
}
