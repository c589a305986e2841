<?php
/**
 * `LEVEL=pro npm start`'s licence key (bin/demo/mu-plugins/monsterinsights-reports-demo-licence.php).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Demo;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Tests\Support\LicenceKeys;
use MonsterInsights\Reports\Tests\TestCase;

// phpcs:disable WordPress.WP.AlternativeFunctions -- The scratch file.

/**
 * The key bin/start.sh leaves in the site folder is activated once, then the file is renamed so a
 * key entered later in the licence panel stays.
 */
class DemoLicenceTest extends TestCase {

	use LicenceKeys;

	protected const REQUIRES = 'single-site';

	/**
	 * The scratch file.
	 *
	 * @var string
	 */
	private string $file;

	/**
	 * The must-use plugin (loaded within a test: the hooks it adds, such as its trust in the e2e
	 * key pair, are taken away after each test), and a scratch file name.
	 */
	protected function set_up() {
		parent::set_up();
		require_once dirname( __DIR__, 4 ) . '/bin/demo/mu-plugins/monsterinsights-reports-demo-licence.php';
		$this->file = get_temp_dir() . 'mir-demo-licence-' . wp_generate_password( 8, false ) . '.json';
	}

	/**
	 * Removes what the test left.
	 */
	protected function tear_down() {
		foreach ( array( $this->file, $this->file . '.done' ) as $file ) {
			if ( file_exists( $file ) ) {
				unlink( $file );
			}
		}
		parent::tear_down();
	}

	/**
	 * The file's key becomes the site's licence, once.
	 */
	public function test_activates_the_key_once(): void {
		$this->assertSame( 'lite', Licence::level() );
		$key = $this->mint( 'pro' );
		file_put_contents( $this->file, (string) wp_json_encode( array( 'key' => $key ) ) );

		$this->assertSame( $key, monsterinsights_reports_demo_licence( $this->file ) );
		$this->assertSame( $key, get_option( Licence::SITE_OPTION ) );
		$this->assertSame( 'pro', Licence::level() );
		$this->assertFileDoesNotExist( $this->file );
		$this->assertFileExists( $this->file . '.done' );

		// The owner's own key later stays: the file is spent.
		$own = $this->mint( 'plus' );
		update_option( Licence::SITE_OPTION, $own );
		$this->assertSame( '', monsterinsights_reports_demo_licence( $this->file ) );
		$this->assertSame( 'plus', Licence::level() );
	}

	/**
	 * A file without a key changes nothing.
	 */
	public function test_a_file_without_a_key_changes_nothing(): void {
		file_put_contents( $this->file, '{"key": 7}' );
		$this->assertSame( '', monsterinsights_reports_demo_licence( $this->file ) );
		$this->assertFalse( get_option( Licence::SITE_OPTION ) );
		$this->assertSame( 'lite', Licence::level() );
	}
}
