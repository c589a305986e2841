<?php
/**
 * Uninstall removes the data dirs and the users' settings, on every site.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Feedback\FeatureFeedback;
use MonsterInsights\Reports\Notifications\Notifications;
use MonsterInsights\Reports\REST\MetricsController;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;
use MonsterInsights\Reports\Uninstaller;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * Each site's uploads point at a scratch dir of its own; on a network the test adds a sub-site.
 * The uninstaller's DROP TABLEs are made harmless by the harness (see SingleSite UninstallTest).
 */
class UninstallDataTest extends TestCase {

	use Files;

	/**
	 * The scratch dir holding every site's uploads.
	 *
	 * @var string
	 */
	private string $root = '';

	/**
	 * Per-site scratch uploads.
	 */
	protected function set_up() {
		parent::set_up();
		$root       = $this->scratch_dir();
		$this->root = $root;
		add_filter(
			'upload_dir',
			static function ( $dirs ) use ( $root ) {
				$dirs['basedir'] = $root . '/uploads-' . get_current_blog_id();
				return $dirs;
			}
		);
	}

	/**
	 * Removes the scratch dirs.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * Gives the current site a data dir with a config, a buffered hit, a claimed file and salts,
	 * the folder of version 1.0, and a second `monsterinsights-reports-*` folder.
	 *
	 * @return string[] The folders.
	 */
	private function fill_site(): array {
		delete_option( DataDir::OPTION );
		$this->assertTrue( ConfigFile::write() );
		$buffer = new Buffer( DataDir::path() );
		$this->assertTrue( $buffer->append( array( 'id' => 'a' ) ) );
		$this->assertIsString( $buffer->claim() );
		$this->assertTrue( $buffer->append( array( 'id' => 'b' ) ) );
		file_put_contents( DataDir::path() . '/salts.php', "<?php exit; ?>\n{}" );

		$uploads = DataDir::uploads_dir();
		$legacy  = $uploads . '/monsterinsights-reports';
		$stray   = $uploads . '/monsterinsights-reports-' . str_repeat( '0', 32 );
		foreach ( array( $legacy, $stray ) as $dir ) {
			mkdir( $dir, 0777, true );
			file_put_contents( $dir . '/buffer.jsonl', "{\"id\":\"old\"}\n" );
		}
		file_put_contents( $legacy . '/.htaccess', "Require all denied\n" );
		$this->assertCount( 5, DataDir::files() );
		return array( DataDir::path(), $legacy, $stray );
	}

	/**
	 * Every data dir of every site is deleted (the current one, the folder of version 1.0, any
	 * other, one outside the web root), with every user's metric selection, notification
	 * dismissals and feature feedback; other user meta and other folders of uploads stay.
	 */
	public function test_uninstall_removes_data_dirs_and_user_meta() {
		$user = $this->create_user( 'administrator' );
		update_user_meta( $user, MetricsController::META, array( 'sessions', 'bounce_rate' ) );
		update_user_option(
			$user,
			Notifications::META,
			array(
				'no_source' => array(
					'time' => 1,
					'hash' => 'x',
				),
			)
		);
		update_user_option(
			$user,
			FeatureFeedback::META,
			array(
				'exceptions' => array(
					'rating'  => 4,
					'message' => 'Useful.',
					'date'    => '2026-03-01T09:00:00Z',
				),
			)
		);
		update_user_meta( $user, 'nickname', 'kept' );

		$dirs = $this->fill_site();
		mkdir( DataDir::uploads_dir() . '/2025/03', 0777, true );
		file_put_contents( DataDir::uploads_dir() . '/2025/03/photo.jpg', 'jpeg' );

		$outside = $this->scratch_dir();
		add_filter( 'monsterinsights_reports_data_root', static fn (): string => $outside );
		$this->assertTrue( ConfigFile::write() );
		$dirs[] = DataDir::path();
		$this->assertSame( $outside . '/site-' . get_current_blog_id(), DataDir::path() );

		$sub_option = '';
		if ( is_multisite() ) {
			$site = $this->create_site();
			switch_to_blog( $site );
			remove_all_filters( 'monsterinsights_reports_data_root' );
			$dirs       = array_merge( $dirs, $this->fill_site() );
			$sub_option = $GLOBALS['wpdb']->get_blog_prefix() . Notifications::META;
			update_user_option(
				$user,
				Notifications::META,
				array(
					'stalled' => array(
						'time' => 2,
						'hash' => 'y',
					),
				)
			);
			$this->assertNotFalse( get_user_option( Notifications::META, $user ) );
			add_filter( 'monsterinsights_reports_data_root', static fn (): string => $outside );
			restore_current_blog();
		}
		foreach ( $dirs as $dir ) {
			$this->assertDirectoryExists( $dir );
		}

		Uninstaller::run();

		foreach ( $dirs as $dir ) {
			$this->assertDirectoryDoesNotExist( $dir );
		}
		$this->assertFileExists( $this->root . '/uploads-' . get_current_blog_id() . '/2025/03/photo.jpg' );
		$this->assertFalse( metadata_exists( 'user', $user, MetricsController::META ) );
		$this->assertFalse( get_user_option( Notifications::META, $user ) );
		$this->assertFalse( metadata_exists( 'user', $user, $GLOBALS['wpdb']->get_blog_prefix() . Notifications::META ) );
		$this->assertFalse( get_user_option( FeatureFeedback::META, $user ) );
		$this->assertFalse( metadata_exists( 'user', $user, $GLOBALS['wpdb']->get_blog_prefix() . FeatureFeedback::META ) );
		if ( '' !== $sub_option ) {
			$this->assertFalse( metadata_exists( 'user', $user, $sub_option ) );
		}
		$this->assertSame( 'kept', get_user_meta( $user, 'nickname', true ) );
		$this->assertFalse( get_option( DataDir::OPTION ) );
	}
}
