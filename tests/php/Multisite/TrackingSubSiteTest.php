<?php
/**
 * The tracker and collect.php on a sub-site of a network.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Multisite;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;
use MonsterInsights\Reports\Tests\Support\Tracking\CollectServer;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Each site has its own data dir, config and buffer; collect.php finds a sub-site's by its id.
 */
class TrackingSubSiteTest extends TestCase {

	use CollectServer;
	use Files;

	protected const REQUIRES = 'multisite';

	/**
	 * Data dirs of sub-sites made by the test, removed after it.
	 *
	 * @var string[]
	 */
	private array $site_dirs = array();

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
	 * Removes the sub-sites' uploads.
	 */
	protected function tear_down() {
		foreach ( $this->site_dirs as $dir ) {
			self::remove_tree( $dir );
		}
		parent::tear_down();
	}

	/**
	 * Creates a sub-site, switches to it and writes its config.
	 *
	 * @return int The site id.
	 */
	private function switch_to_new_site(): int {
		$site = $this->create_site();
		switch_to_blog( $site );
		$this->site_dirs[] = dirname( DataDir::path(), 2 ) . '/' . $site;
		$this->assertTrue( ConfigFile::write() );
		return $site;
	}

	/**
	 * A sub-site's data lives in its own uploads, and its tracker names it to collect.php.
	 */
	public function test_sub_site_has_its_own_data_dir_and_token() {
		$site = $this->switch_to_new_site();

		$this->assertMatchesRegularExpression( '#^' . preg_quote( WP_CONTENT_DIR . '/uploads/sites/' . $site . '/monsterinsights-reports-', '#' ) . '[0-9a-f]{32}$#', DataDir::path() );
		$sub_dir = DataDir::path();
		$this->assertSame( $site, TrackerScript::site_token() );
		$this->assertTrue( TrackerScript::raw_endpoint_available() );
		$this->assertStringEndsWith( '/collect.php?s=' . $site, TrackerScript::endpoint() );
		$this->assertSame( (string) $site, Config::load( DataDir::path() )->site_id );

		restore_current_blog();
		$this->assertSame( 1, TrackerScript::site_token() );
		$this->assertMatchesRegularExpression( '#^' . preg_quote( WP_CONTENT_DIR . '/uploads/monsterinsights-reports-', '#' ) . '[0-9a-f]{32}$#', DataDir::path() );
		$this->assertNotSame( basename( $sub_dir ), basename( DataDir::path() ) );
	}

	/**
	 * The endpoint writes a sub-site's hit into that site's buffer, and nowhere else.
	 */
	public function test_collect_php_writes_to_the_sub_site() {
		$site   = $this->switch_to_new_site();
		$buffer = DataDir::path() . '/' . Buffer::FILE;
		restore_current_blog();
		$main_before = self::json_lines( DataDir::path() . '/' . Buffer::FILE );

		$response = self::http(
			'POST',
			self::collect_path( 's=' . $site ),
			'{"t":"pageview","p":"/sub/"}',
			array(
				'User-Agent'   => 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
				'Content-Type' => 'text/plain;charset=UTF-8',
			)
		);

		$this->assertSame( 204, $response['status'] );
		$lines = self::json_lines( $buffer );
		$this->assertCount( 1, $lines );
		$this->assertSame( '/sub/', $lines[0]['p'] );
		$this->assertSame( $main_before, self::json_lines( DataDir::path() . '/' . Buffer::FILE ) );
	}

	/**
	 * A super admin with no role on a sub-site counts as an administrator there: not tracked.
	 */
	public function test_super_admin_is_not_tracked_on_sub_site() {
		$super = $this->create_user( 'subscriber' );
		grant_super_admin( $super );
		$this->switch_to_new_site();

		$this->assertTrue( TrackerScript::is_excluded_user( new \WP_User( $super ) ) );
		$this->assertFalse( TrackerScript::is_excluded_user( new \WP_User( $this->create_user( 'subscriber' ) ) ) );
	}
}
