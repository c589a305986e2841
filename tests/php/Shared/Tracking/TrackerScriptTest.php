<?php
/**
 * Printing the tracker on the front end, and the config file collect.php reads.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Module;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * Who gets the tracker, with which settings, and where it posts.
 */
class TrackerScriptTest extends TestCase {

	use Files;

	/**
	 * Starts every test on an anonymous front-end request.
	 */
	protected function set_up() {
		parent::set_up();
		$this->assertFileExists( MONSTERINSIGHTS_REPORTS_DIR . 'build/tracker.asset.php', 'run `npm run build` before the PHP tests' );
		$GLOBALS['wp_query']     = new \WP_Query(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- A fresh main query.
		$GLOBALS['wp_the_query'] = $GLOBALS['wp_query']; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- As above.
	}

	/**
	 * Removes the scratch dirs.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * Runs wp_enqueue_scripts and prints the tracker's tag, '' when it is not enqueued.
	 */
	private function front_end_tag(): string {
		do_action( 'wp_enqueue_scripts' );
		if ( ! wp_script_is( TrackerScript::HANDLE, 'enqueued' ) ) {
			return '';
		}
		ob_start();
		wp_scripts()->do_items( array( TrackerScript::HANDLE ) );
		return (string) ob_get_clean();
	}

	/**
	 * The attributes of the printed tag.
	 *
	 * @param string $tag The tag.
	 * @return array<string, string>
	 */
	private static function attributes( string $tag ): array {
		$processor = new \WP_HTML_Tag_Processor( $tag );
		if ( ! $processor->next_tag( 'script' ) ) {
			return array();
		}
		$attributes = array();
		foreach ( (array) $processor->get_attribute_names_with_prefix( '' ) as $name ) {
			$value               = $processor->get_attribute( $name );
			$attributes[ $name ] = true === $value ? '' : (string) $value;
		}
		return $attributes;
	}

	/**
	 * Makes a post the main query's object.
	 *
	 * @param int $post_id The post.
	 */
	private function view_post( int $post_id ): void {
		$GLOBALS['wp_query']     = new \WP_Query( array( 'p' => $post_id ) ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- The main query.
		$GLOBALS['wp_the_query'] = $GLOBALS['wp_query']; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- As above.
	}

	/**
	 * An anonymous visitor gets the deferred tracker with its endpoint and the post ID.
	 */
	public function test_visitor_gets_the_tracker() {
		$post_id = wp_insert_post(
			array(
				'post_title'  => 'Hello',
				'post_status' => 'publish',
			)
		);
		$this->view_post( $post_id );

		$attributes = self::attributes( $this->front_end_tag() );

		$this->assertSame( TrackerScript::HANDLE . '-js', $attributes['id'] );
		$this->assertStringContainsString( '/build/tracker.js?ver=', $attributes['src'] );
		$this->assertArrayHasKey( 'defer', $attributes );
		$this->assertSame( (string) $post_id, $attributes['data-object'] );
		$this->assertSame( TrackerScript::endpoint(), $attributes['data-endpoint'] );
		$this->assertArrayNotHasKey( 'data-dnt', $attributes );
		$this->assertArrayNotHasKey( 'data-gpc', $attributes );
		// The default download extensions and affiliate paths.
		$this->assertSame( 'pdf|zip|rar|gz|doc|docx|xls|xlsx|ppt|pptx|csv|txt|mp3|mp4|mov|avi|dmg|exe|msi|apk|epub', $attributes['data-dl'] );
		$this->assertSame( '/go/|/recommend/', $attributes['data-af'] );
	}

	/**
	 * A logged-in visitor's role reaches the tag (data-u) while the Dimensions module is on and
	 * the report shows the logged-in status or the role; never for an anonymous visitor.
	 */
	public function test_user_role_reaches_the_tag() {
		$tag = function (): array {
			$GLOBALS['wp_scripts'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- A new page.
			return self::attributes( $this->front_end_tag() );
		};
		Modules::set( 'dimensions', true );
		$this->assertArrayNotHasKey( 'data-u', $tag(), 'anonymous' );

		$this->act_as( 'subscriber' );
		$this->assertSame( 'subscriber', $tag()['data-u'] );

		update_option( Settings::OPTION, array( 'custom_dimensions' => array( 'author', 'category' ) ) );
		$this->assertArrayNotHasKey( 'data-u', $tag(), 'neither dimension chosen' );

		update_option( Settings::OPTION, array( 'custom_dimensions' => array( 'logged_in' ) ) );
		$this->assertSame( 'subscriber', $tag()['data-u'] );

		Modules::set( 'dimensions', false );
		$this->assertArrayNotHasKey( 'data-u', $tag(), 'module off' );

		$user = wp_get_current_user();
		$user->set_role( '' );
		$this->assertSame( '-', TrackerScript::user_role( $user ) );
		$this->assertSame( '', TrackerScript::user_role( new \WP_User( 0 ) ) );
	}

	/**
	 * The site's download extensions and affiliate paths reach the tag as literal alternatives of a
	 * regular expression; an empty list as one that matches nothing.
	 */
	public function test_link_settings_reach_the_tag() {
		update_option(
			Settings::OPTION,
			array(
				'download_extensions' => array( 'PDF', 'epub' ),
				'affiliate_paths'     => array( '/out.go/', '/r+(x)/' ),
			)
		);
		$attributes = self::attributes( $this->front_end_tag() );
		$this->assertSame( 'pdf|epub', $attributes['data-dl'] );
		$this->assertSame( '/out\\.go/|/r\\+\\(x\\)/', $attributes['data-af'] );

		update_option(
			Settings::OPTION,
			array(
				'download_extensions' => array(),
				'affiliate_paths'     => array(),
			)
		);
		$attributes = TrackerScript::script_attributes( array( 'id' => TrackerScript::HANDLE . '-js' ) );
		$this->assertSame( '(?!)', $attributes['data-dl'] );
		$this->assertSame( '(?!)', $attributes['data-af'] );
	}

	/**
	 * Pages that are not a post send no object id.
	 */
	public function test_no_object_id_off_posts() {
		$attributes = self::attributes( $this->front_end_tag() );
		$this->assertArrayHasKey( 'data-endpoint', $attributes );
		$this->assertArrayNotHasKey( 'data-object', $attributes );
	}

	/**
	 * With the standard layout the tracker posts to collect.php with the site token, and the config
	 * file is there for it.
	 */
	public function test_endpoint_is_collect_php_when_it_can_find_the_config() {
		$this->front_end_tag();
		$this->assertFileExists( ConfigFile::path() );
		$this->assertTrue( TrackerScript::raw_endpoint_available() );
		$this->assertSame(
			plugins_url( 'collect.php', MONSTERINSIGHTS_REPORTS_FILE ) . '?s=' . TrackerScript::site_token(),
			TrackerScript::endpoint()
		);
		$this->assertStringEndsWith( '/wp-content/plugins/monsterinsights-reports/collect.php?s=1', TrackerScript::endpoint() );
	}

	/**
	 * When the site's uploads are elsewhere, collect.php cannot find them: the REST route is used.
	 */
	public function test_endpoint_falls_back_to_rest_elsewhere() {
		$dir = $this->scratch_dir();
		add_filter(
			'upload_dir',
			static function ( $uploads ) use ( $dir ) {
				$uploads['basedir'] = $dir;
				return $uploads;
			}
		);
		$attributes = self::attributes( $this->front_end_tag() );

		$this->assertStringStartsWith( $dir . '/monsterinsights-reports-', ConfigFile::path() );
		$this->assertFileExists( ConfigFile::path() );
		$this->assertFalse( TrackerScript::raw_endpoint_available() );
		$this->assertSame( rest_url( 'monsterinsights-reports/v1/collect' ), $attributes['data-endpoint'] );
	}

	/**
	 * Logged-in users are tracked unless their role is excluded: administrators by default.
	 */
	public function test_excluded_roles() {
		$this->act_as( 'subscriber' );
		$this->assertNotSame( '', $this->front_end_tag(), 'subscribers are tracked' );

		$GLOBALS['wp_scripts'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- A new page.
		$this->act_as( 'administrator' );
		$this->assertSame( '', $this->front_end_tag(), 'administrators are not tracked by default' );

		update_option( Settings::OPTION, array( 'excluded_roles' => array( 'editor', 'subscriber' ) ) );
		$GLOBALS['wp_scripts'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- A new page.
		$this->assertNotSame( '', $this->front_end_tag(), 'administrators are tracked when not excluded' );

		$GLOBALS['wp_scripts'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- A new page.
		$this->act_as( 'editor' );
		$this->assertSame( '', $this->front_end_tag() );
	}

	/**
	 * The tracker follows the active source: none chosen yet, or builtin.
	 */
	public function test_only_with_the_builtin_source() {
		foreach ( array(
			''        => true,
			'builtin' => true,
			'google'  => false,
			'demo'    => false,
		) as $source => $tracked ) {
			update_option( BootData::SOURCE_OPTION, $source );
			$GLOBALS['wp_scripts'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- A new page.
			$this->assertSame( $tracked, '' !== $this->front_end_tag(), 'source ' . $source );
		}
	}

	/**
	 * Feeds, previews and wp-admin get no tracker.
	 */
	public function test_not_on_feeds_previews_or_admin() {
		$GLOBALS['wp_query']->is_feed = true;
		$this->assertFalse( TrackerScript::should_track() );
		$GLOBALS['wp_query']->is_feed    = false;
		$GLOBALS['wp_query']->is_preview = true;
		$this->assertFalse( TrackerScript::should_track() );
		$GLOBALS['wp_query']->is_preview = false;
		$this->assertTrue( TrackerScript::should_track() );

		set_current_screen( 'dashboard' );
		$this->assertSame( '', $this->front_end_tag() );
	}

	/**
	 * The script tag tells the tracker when the site does not honour DNT or GPC.
	 */
	public function test_privacy_settings_reach_the_tag() {
		update_option(
			Settings::OPTION,
			array(
				'honor_dnt' => false,
				'honor_gpc' => false,
			)
		);
		$attributes = self::attributes( $this->front_end_tag() );
		$this->assertSame( '0', $attributes['data-dnt'] );
		$this->assertSame( '0', $attributes['data-gpc'] );
	}

	/**
	 * Settings are read with defaults, and unusable values are dropped.
	 */
	public function test_settings_defaults_and_normalisation() {
		delete_option( Settings::OPTION );
		$this->assertSame( Settings::defaults(), Settings::get() );
		$this->assertSame( array( 'administrator' ), Settings::get()['excluded_roles'] );
		$this->assertTrue( Settings::get()['honor_dnt'] );
		$this->assertTrue( Settings::get()['honor_gpc'] );

		update_option(
			Settings::OPTION,
			array(
				'excluded_ips'        => array( '10.0.0.0/8', 'not-an-ip', '2001:db8::/129', ' 192.0.2.1 ' ),
				'referrer_spam'       => array( 'https://Spam.example/path', 'bad host!', 'junk.example.' ),
				'country_header'      => 'CF-IPCountry: x',
				'honor_dnt'           => '0',
				'affiliate_paths'     => array( 'go/', '/go/', '/with space/', '/a|b/', '/recommend/' ),
				'download_extensions' => array( '.PDF', 'tar.gz', 'pdf', str_repeat( 'a', 11 ), 'mp3' ),
			)
		);
		$settings = Settings::get();
		$this->assertSame( array( '/go/', '/recommend/' ), $settings['affiliate_paths'] );
		$this->assertSame( array( 'pdf', 'mp3' ), $settings['download_extensions'] );
		$this->assertSame( array( '10.0.0.0/8', '192.0.2.1' ), $settings['excluded_ips'] );
		$this->assertSame( array( 'spam.example', 'junk.example' ), $settings['referrer_spam'] );
		$this->assertSame( '', $settings['country_header'] );
		$this->assertFalse( $settings['honor_dnt'] );
	}

	/**
	 * The config file follows the option: written when it changes, with the site's hosts, and its
	 * dir cannot be browsed.
	 */
	public function test_config_file_follows_the_option() {
		ConfigFile::delete();
		update_option(
			Settings::OPTION,
			array(
				'excluded_ips'   => array( '192.0.2.0/24' ),
				'country_header' => 'CF-IPCountry',
			)
		);
		$config = Config::load( DataDir::path() );
		$this->assertNotNull( $config );
		$this->assertSame( array( '192.0.2.0/24' ), $config->excluded_ips );
		$this->assertSame( 'CF-IPCountry', $config->country_header );
		$this->assertSame( (string) get_current_blog_id(), $config->site_id );
		$this->assertContains( (string) wp_parse_url( home_url(), PHP_URL_HOST ), $config->hosts );
		$this->assertFileExists( MONSTERINSIGHTS_REPORTS_DIR . 'build/data/bots.php' );
		$this->assertSame( realpath( MONSTERINSIGHTS_REPORTS_DIR . 'build/data/bots.php' ), realpath( $config->crawlers ) );
		$this->assertTrue( ConfigFile::is_current() );

		update_option( Settings::OPTION, array( 'excluded_ips' => array() ) );
		$this->assertSame( array(), Config::load( DataDir::path() )->excluded_ips );

		$this->assertStringStartsWith( "<?php exit; ?>\n{", (string) file_get_contents( DataDir::path() . '/config.php' ) );
		$this->assertSame( "<?php exit; ?>\n", file_get_contents( DataDir::path() . '/index.php' ) );
	}

	/**
	 * The admin_init hook rewrites a stale config file; the hourly cleanup is scheduled.
	 */
	public function test_admin_init_repairs_the_config_and_cron_is_scheduled() {
		ConfigFile::write();
		file_put_contents( ConfigFile::path(), "<?php return array();\n" );
		$this->assertFalse( ConfigFile::is_current() );
		ConfigFile::maybe_write();
		$this->assertTrue( ConfigFile::is_current() );

		$this->assertSame( 10, has_action( 'admin_init', array( ConfigFile::class, 'maybe_write' ) ) );
		$this->assertSame( 10, has_action( 'init', array( Module::class, 'schedule' ) ) );
		wp_clear_scheduled_hook( Module::CRON_HOOK );
		Module::schedule();
		$this->assertIsInt( wp_next_scheduled( Module::CRON_HOOK ) );
		$this->assertSame( 'hourly', wp_get_schedule( Module::CRON_HOOK ) );
	}
}
