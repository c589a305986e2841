<?php
/**
 * GET/POST monsterinsights-reports/v1/promos/{card}, GET …/seo-plugin, POST …/seo-plugin/install
 * and POST …/seo-plugin/activate.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Privacy;
use MonsterInsights\Reports\Promos\Promos;
use MonsterInsights\Reports\Promos\SeoPlugin;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Each user's dismissals, the capabilities, and the SEO plugin's install and activation from a
 * local zip (tests/fixtures/seo-plugin, zipped here) through the
 * `monsterinsights_reports_seo_plugin_package` filter, without asking the plugin directory; a failed install
 * or activation answers the spec's text and leaves nothing active.
 */
class PromoRoutesTest extends TestCase {

	private const ROUTE = '/monsterinsights-reports/v1';

	private const INSTALL_FAILED = 'Installation Failed. Please refresh and try again.';

	private const ACTIVATION_FAILED = 'Activation Failed. Please refresh and try again.';

	/**
	 * Folders made by the test, removed after it.
	 *
	 * @var string[]
	 */
	private array $made = array();

	/**
	 * The URLs the site asked for (each answered with an error).
	 *
	 * @var string[]
	 */
	private array $requests = array();

	/**
	 * No HTTP request leaves the site: the package is the filter's.
	 */
	protected function set_up() {
		parent::set_up();
		$this->requests = array();
		add_filter(
			'pre_http_request',
			function ( $pre, $args, $url ) {
				$this->requests[] = (string) $url;
				return new \WP_Error( 'http_request_not_executed', 'No HTTP in this test.' );
			},
			10,
			3
		);
		// WordPress's own update checks after an install (the site's business, not the route's).
		remove_all_actions( 'upgrader_process_complete' );
		$this->remove_installed();
	}

	/**
	 * Removes the plugins the test installed and the zips it made (the files are not in the
	 * transaction).
	 */
	protected function tear_down() {
		// The package is the filter's: the plugin directory is never asked.
		$this->assertSame( array(), preg_grep( '#/plugins/info/#', $this->requests ), 'the plugin directory was asked' );
		$this->remove_installed();
		foreach ( $this->made as $path ) {
			self::remove( $path );
		}
		$this->made = array();
		parent::tear_down();
	}

	/**
	 * Removes the SEO plugin's folders and the stranger's from the plugins folder.
	 */
	private function remove_installed(): void {
		foreach ( array_merge( SeoPlugin::BASENAMES, array( 'not-seo/not-seo.php' ) ) as $basename ) {
			self::remove( WP_PLUGIN_DIR . '/' . dirname( $basename ) );
		}
		wp_clean_plugins_cache( false );
	}

	/**
	 * Removes a file or a folder with everything in it.
	 *
	 * @param string $path The path.
	 */
	private static function remove( string $path ): void {
		if ( is_link( $path ) || is_file( $path ) ) {
			unlink( $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink
			return;
		}
		if ( ! is_dir( $path ) ) {
			return;
		}
		foreach ( (array) scandir( $path ) as $name ) {
			if ( '.' !== $name && '..' !== $name ) {
				self::remove( $path . '/' . $name );
			}
		}
		rmdir( $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir
	}

	/**
	 * A zip of one plugin folder: the fixture's, or one written here.
	 *
	 * @param string $folder The plugin's folder name in the zip.
	 * @param string $code   The plugin file's code after its header; the fixture's file when ''.
	 * @return string The zip's path.
	 */
	private function zip( string $folder = 'all-in-one-seo-pack', string $code = '' ): string {
		require_once ABSPATH . 'wp-admin/includes/class-pclzip.php';
		$source = get_temp_dir() . 'mir-seo-plugin-' . wp_generate_password( 8, false );
		mkdir( $source . '/' . $folder, 0777, true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_mkdir
		$this->made[] = $source;
		$file         = $source . '/' . $folder . '/all_in_one_seo_pack.php';
		if ( '' === $code ) {
			copy( MONSTERINSIGHTS_REPORTS_TESTS_ROOT . '/tests/fixtures/seo-plugin/all-in-one-seo-pack/all_in_one_seo_pack.php', $file );
		} else {
			file_put_contents( $file, "<?php\n/**\n * Plugin Name: Test plugin\n */\n" . $code ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
		}
		$zip          = $source . '.zip';
		$this->made[] = $zip;
		$archive      = new \PclZip( $zip );
		$this->assertNotSame( 0, $archive->create( $source . '/' . $folder, PCLZIP_OPT_REMOVE_PATH, $source ), $archive->errorInfo( true ) );
		return $zip;
	}

	/**
	 * The SEO plugin's package is a path, for the rest of the test.
	 *
	 * @param string $package The zip (or a path that does not exist).
	 */
	private static function package( string $package ): void {
		add_filter( 'monsterinsights_reports_seo_plugin_package', static fn(): string => $package );
	}

	/**
	 * An administrator who may install plugins (a super admin on a network).
	 */
	private function installer(): int {
		$user = $this->act_as( 'administrator' );
		if ( is_multisite() ) {
			grant_super_admin( $user );
		}
		return $user;
	}

	/**
	 * Sends a request as the current user; the status and the data as JSON would carry it.
	 *
	 * @param string               $method HTTP method.
	 * @param string               $path   Path after the namespace.
	 * @param array<string, mixed> $params Parameters.
	 * @return array{0: int, 1: mixed}
	 */
	private function call( string $method, string $path, array $params = array() ): array {
		$response = $this->rest( $method, self::ROUTE . $path, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * The status the routes answer, as expected.
	 *
	 * @param bool   $success   Whether an install or activation just succeeded.
	 * @param bool   $installed Whether installed.
	 * @param bool   $active    Whether active.
	 * @param bool   $can       Whether the user may install and activate.
	 * @param string $folder    The folder of the edition installed.
	 * @return array<string, mixed>
	 */
	private static function status( bool $success, bool $installed, bool $active, bool $can = true, string $folder = 'all-in-one-seo-pack' ): array {
		return array(
			'success'      => $success,
			'slug'         => 'all-in-one-seo-pack',
			'name'         => 'All in One SEO',
			'installed'    => $installed,
			'active'       => $active,
			'basename'     => $folder . '/all_in_one_seo_pack.php',
			'can_install'  => $can,
			'can_activate' => $can,
		);
	}

	/**
	 * The active plugins of the current site.
	 *
	 * @return string[]
	 */
	private static function active_plugins(): array {
		$plugins = array_values( (array) get_option( 'active_plugins', array() ) );
		sort( $plugins );
		return $plugins;
	}

	/**
	 * An editor (no report capability) is refused every route; a user who sees the reports but may
	 * not install or activate plugins reads the status, dismisses cards, and is refused the install
	 * and the activation.
	 */
	public function test_capabilities(): void {
		$this->act_as( 'editor' );
		$this->package( $this->zip() );
		foreach (
			array(
				array( 'GET', '/promos/competitor-keywords', array() ),
				array( 'POST', '/promos/competitor-keywords', array( 'dismissed' => true ) ),
				array( 'GET', '/promos/seo-plugin', array() ),
				array( 'POST', '/promos/seo-plugin', array() ),
				array( 'GET', '/seo-plugin', array() ),
				array( 'POST', '/seo-plugin/install', array( 'slug' => 'all-in-one-seo-pack' ) ),
				array( 'POST', '/seo-plugin/activate', array( 'basename' => 'all-in-one-seo-pack/all_in_one_seo_pack.php' ) ),
			) as $request
		) {
			list( $status, $data ) = $this->call( ...$request );
			$this->assertSame( 403, $status, $request[0] . ' ' . $request[1] );
			$this->assertSame( 'rest_forbidden', $data['code'] );
		}
		$this->assertSame( array(), get_user_meta( get_current_user_id(), Promos::META ) );

		wp_get_current_user()->add_cap( Capabilities::VIEW );
		$this->assertSame( array( 200, self::status( false, false, false, false ) ), $this->call( 'GET', '/seo-plugin' ) );
		$this->assertSame(
			array(
				200,
				array(
					'card'      => 'seo-plugin',
					'dismissed' => 'yes',
				),
			),
			$this->call( 'POST', '/promos/seo-plugin', array( 'dismissed' => true ) )
		);
		list( $status, $data ) = $this->call( 'POST', '/seo-plugin/install', array( 'slug' => 'all-in-one-seo-pack' ) );
		$this->assertSame( array( 403, 'rest_forbidden', 'Sorry, you are not allowed to install plugins on this site.' ), array( $status, $data['code'], $data['message'] ) );
		list( $status, $data ) = $this->call( 'POST', '/seo-plugin/activate', array( 'basename' => 'all-in-one-seo-pack/all_in_one_seo_pack.php' ) );
		$this->assertSame( array( 403, 'rest_forbidden', 'Sorry, you are not allowed to activate plugins on this site.' ), array( $status, $data['code'], $data['message'] ) );
		$this->assertDirectoryDoesNotExist( WP_PLUGIN_DIR . '/all-in-one-seo-pack' );
	}

	/**
	 * Each user's dismissals are their own: dismissing a card leaves the other card and the other
	 * user's as they were; a card shown again is "no" again; the privacy tools export and erase them.
	 */
	public function test_dismissals_are_per_user(): void {
		$other = $this->create_user( 'administrator' );
		$this->installer();
		$no  = static fn( string $card ): array => array(
			200,
			array(
				'card'      => $card,
				'dismissed' => 'no',
			),
		);
		$yes = static fn( string $card ): array => array(
			200,
			array(
				'card'      => $card,
				'dismissed' => 'yes',
			),
		);
		$this->assertSame( $no( 'competitor-keywords' ), $this->call( 'GET', '/promos/competitor-keywords' ) );
		$this->assertSame( $no( 'seo-plugin' ), $this->call( 'GET', '/promos/seo-plugin' ) );

		// Dismissing is the POST's default.
		$this->assertSame( $yes( 'competitor-keywords' ), $this->call( 'POST', '/promos/competitor-keywords' ) );
		$this->assertSame( $yes( 'competitor-keywords' ), $this->call( 'GET', '/promos/competitor-keywords' ) );
		$this->assertSame( $no( 'seo-plugin' ), $this->call( 'GET', '/promos/seo-plugin' ) );
		$this->assertSame( array( 'competitor-keywords' ), get_user_meta( get_current_user_id(), Promos::META, true ) );

		$me = get_current_user_id();
		wp_set_current_user( $other );
		$this->assertSame( $no( 'competitor-keywords' ), $this->call( 'GET', '/promos/competitor-keywords' ) );
		$this->assertSame( $yes( 'seo-plugin' ), $this->call( 'POST', '/promos/seo-plugin', array( 'dismissed' => true ) ) );

		wp_set_current_user( $me );
		$this->assertSame( $no( 'seo-plugin' ), $this->call( 'GET', '/promos/seo-plugin' ) );
		$this->assertSame( $no( 'competitor-keywords' ), $this->call( 'POST', '/promos/competitor-keywords', array( 'dismissed' => false ) ) );
		$this->assertSame( array(), get_user_meta( $me, Promos::META ) );
		$this->assertSame( array( 'seo-plugin' ), get_user_meta( $other, Promos::META, true ) );

		// The user's preferences in WordPress's privacy tools: exported, then erased.
		$email  = get_userdata( $other )->user_email;
		$fields = Privacy::export_preferences( $email )['data'][0]['data'] ?? array();
		$this->assertContains(
			array(
				'name'  => 'Dismissed promo cards',
				'value' => 'seo-plugin',
			),
			$fields
		);
		$this->assertTrue( Privacy::erase_preferences( $email )['items_removed'] );
		$this->assertSame( array(), get_user_meta( $other, Promos::META ) );

		list( $status, $data ) = $this->call( 'POST', '/promos/other-card' );
		$this->assertSame( array( 400, 'rest_invalid_param' ), array( $status, $data['code'] ) );
	}

	/**
	 * The local zip installs the plugin inactive, then activation switches it on: the status says
	 * so at each step, and the plugin directory was never asked (tear_down checks).
	 */
	public function test_installs_and_activates_the_local_zip(): void {
		$this->installer();
		$this->package( $this->zip() );
		$before = self::active_plugins();
		$this->assertSame( array( 200, self::status( false, false, false ) ), $this->call( 'GET', '/seo-plugin' ) );

		$this->assertSame( array( 200, self::status( true, true, false ) ), $this->call( 'POST', '/seo-plugin/install', array( 'slug' => 'all-in-one-seo-pack' ) ) );
		$this->assertFileExists( WP_PLUGIN_DIR . '/all-in-one-seo-pack/all_in_one_seo_pack.php' );
		$this->assertSame( $before, self::active_plugins(), 'installing never activates' );
		$this->assertSame( array( 200, self::status( false, true, false ) ), $this->call( 'GET', '/seo-plugin' ) );

		// Installed already: the install answers success without touching it.
		$this->assertSame( array( 200, self::status( true, true, false ) ), $this->call( 'POST', '/seo-plugin/install', array( 'slug' => 'all-in-one-seo-pack' ) ) );

		$this->assertSame( array( 200, self::status( true, true, true ) ), $this->call( 'POST', '/seo-plugin/activate', array( 'basename' => 'all-in-one-seo-pack/all_in_one_seo_pack.php' ) ) );
		$after = array_merge( $before, array( 'all-in-one-seo-pack/all_in_one_seo_pack.php' ) );
		sort( $after );
		$this->assertSame( $after, self::active_plugins() );
		$this->assertTrue( defined( 'MONSTERINSIGHTS_REPORTS_TEST_SEO_PLUGIN' ), 'the plugin was loaded by its activation' );
		$this->assertSame( array( 200, self::status( false, true, true ) ), $this->call( 'GET', '/seo-plugin' ) );
	}

	/**
	 * A package that is not a zip, and a package that is another plugin, answer the spec's text;
	 * nothing is left installed or active.
	 */
	public function test_install_failures(): void {
		$this->installer();
		$before       = self::active_plugins();
		$broken       = get_temp_dir() . 'mir-broken-package-' . wp_generate_password( 8, false ) . '.zip';
		$this->made[] = $broken;
		file_put_contents( $broken, 'not a zip' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
		self::package( $broken );
		list( $status, $data ) = $this->call( 'POST', '/seo-plugin/install', array( 'slug' => 'all-in-one-seo-pack' ) );
		$this->assertSame( array( 500, 'installation_failed', self::INSTALL_FAILED ), array( $status, $data['code'], $data['message'] ) );
		$this->assertNotSame( '', $data['data']['reason'] );
		$this->assertDirectoryDoesNotExist( WP_PLUGIN_DIR . '/all-in-one-seo-pack' );

		remove_all_filters( 'monsterinsights_reports_seo_plugin_package' );
		self::package( $this->zip( 'not-seo' ) );
		list( $status, $data ) = $this->call( 'POST', '/seo-plugin/install', array( 'slug' => 'all-in-one-seo-pack' ) );
		$this->assertSame( array( 500, 'installation_failed', self::INSTALL_FAILED, 'The package is not the SEO plugin.' ), array( $status, $data['code'], $data['message'], $data['data']['reason'] ) );
		$this->assertDirectoryDoesNotExist( WP_PLUGIN_DIR . '/not-seo' );
		$this->assertSame( $before, self::active_plugins() );
		$this->assertSame( array( 200, self::status( false, false, false ) ), $this->call( 'GET', '/seo-plugin' ) );

		list( $status, $data ) = $this->call( 'POST', '/seo-plugin/install', array( 'slug' => 'another-plugin' ) );
		$this->assertSame( array( 400, 'rest_invalid_param' ), array( $status, $data['code'] ) );
	}

	/**
	 * Activating a plugin that is not installed, or one that prints output while it loads (which
	 * WordPress reports after switching it on), answers the spec's text and leaves it inactive.
	 */
	public function test_activation_failures(): void {
		$this->installer();
		$before                = self::active_plugins();
		list( $status, $data ) = $this->call( 'POST', '/seo-plugin/activate', array( 'basename' => 'all-in-one-seo-pack/all_in_one_seo_pack.php' ) );
		$this->assertSame( array( 500, 'activation_failed', self::ACTIVATION_FAILED ), array( $status, $data['code'], $data['message'] ) );

		// The pro edition's folder: a file of its own, loaded by nothing before in this process.
		self::package( $this->zip( 'all-in-one-seo-pack-pro', "echo 'Unexpected output';\n" ) );
		$this->assertSame( 200, $this->call( 'POST', '/seo-plugin/install', array( 'slug' => 'all-in-one-seo-pack' ) )[0] );
		list( $status, $data ) = $this->call( 'POST', '/seo-plugin/activate', array( 'basename' => 'all-in-one-seo-pack-pro/all_in_one_seo_pack.php' ) );
		$this->assertSame( array( 500, 'activation_failed', self::ACTIVATION_FAILED ), array( $status, $data['code'], $data['message'] ) );
		$this->assertStringContainsString( 'unexpected output', $data['data']['reason'] );
		$this->assertSame( $before, self::active_plugins(), 'nothing is left active' );
		$this->assertSame( array( 200, self::status( false, true, false, true, 'all-in-one-seo-pack-pro' ) ), $this->call( 'GET', '/seo-plugin' ) );

		list( $status, $data ) = $this->call( 'POST', '/seo-plugin/activate', array( 'basename' => 'hello.php' ) );
		$this->assertSame( array( 400, 'rest_invalid_param' ), array( $status, $data['code'] ) );
	}
}
