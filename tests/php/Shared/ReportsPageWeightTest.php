<?php
/**
 * What the reports page loads: only the scripts the app uses.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\ReportsPage;
use MonsterInsights\Reports\Plugin;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The reports page leaves out core scripts the app never reaches; other admin pages keep them.
 */
class ReportsPageWeightTest extends TestCase {

	/**
	 * Every script the page would print, dependencies resolved.
	 *
	 * @return string[]
	 */
	private function resolved_scripts(): array {
		$scripts = wp_scripts();
		$scripts->all_deps( $scripts->queue );
		return $scripts->to_do;
	}

	/**
	 * Runs admin_menu as an administrator and enqueues the reports page.
	 */
	private function enqueue_reports_page(): void {
		$this->assertFileIsReadable( MONSTERINSIGHTS_REPORTS_DIR . 'build/reports.asset.php', 'run `npm run build` before the PHP tests' );
		$this->act_as( 'administrator' );
		do_action( 'admin_menu', '' );
		$page = Plugin::instance()->reports_page();
		$page->enqueue( $page->hook_suffix() );
	}

	/**
	 * On the reports page: the app and its packages, without wp-date, moment, wp-rich-text,
	 * wp-polyfill, the media modal or the emoji script.
	 */
	public function test_reports_page_loads_only_what_the_app_uses() {
		$this->assertSame( 10, has_action( 'admin_print_scripts', 'print_emoji_detection_script' ) );

		$this->enqueue_reports_page();

		$todo = $this->resolved_scripts();
		foreach ( array( 'monsterinsights-reports', 'wp-components', 'wp-data', 'wp-api-fetch', 'wp-url', 'react-dom', 'wp-compose' ) as $handle ) {
			$this->assertContains( $handle, $todo );
		}
		foreach ( array( 'wp-date', 'moment', 'wp-rich-text', 'wp-polyfill', 'media-views', 'backbone', 'jquery-ui-sortable', 'mediaelement-core', 'plupload', 'lodash' ) as $handle ) {
			$this->assertNotContains( $handle, $todo, "$handle is not loaded" );
		}
		$this->assertNotContains( 'wp-date', wp_scripts()->registered['wp-components']->deps );
		$this->assertNotContains( 'wp-polyfill', wp_scripts()->registered['wp-url']->deps );
		$this->assertFalse( has_action( 'admin_print_scripts', 'print_emoji_detection_script' ) );
	}

	/**
	 * The admin scripts WordPress prints on every page (admin-header.php enqueues common; its
	 * jquery dependency) come without jQuery Migrate here, and with it on other pages.
	 */
	public function test_jquery_comes_without_migrate_on_the_reports_page_only() {
		$this->enqueue_reports_page();
		wp_enqueue_script( 'common' );

		$todo = $this->resolved_scripts();

		foreach ( array( 'common', 'jquery', 'jquery-core', 'hoverIntent', 'utils' ) as $handle ) {
			$this->assertContains( $handle, $todo );
		}
		$this->assertNotContains( 'jquery-migrate', $todo );
		$this->assertSame( array( 'jquery-core' ), wp_scripts()->registered['jquery']->deps );
	}

	/**
	 * A script on the page that needs one of them itself still gets it.
	 */
	public function test_a_script_that_needs_them_still_gets_them() {
		$this->enqueue_reports_page();
		wp_enqueue_script( 'another-plugin', 'https://example.org/another.js', array( 'wp-date', 'wp-rich-text', 'jquery-migrate' ), '1', true );

		$todo = $this->resolved_scripts();

		foreach ( array( 'wp-date', 'moment', 'wp-rich-text', 'jquery-migrate' ) as $handle ) {
			$this->assertContains( $handle, $todo );
		}
		$this->assertLessThan( array_search( 'another-plugin', $todo, true ), array_search( 'wp-date', $todo, true ) );
	}

	/**
	 * Any other admin page is left as WordPress has it.
	 */
	public function test_other_pages_keep_core_dependencies() {
		$this->act_as( 'administrator' );
		do_action( 'admin_menu', '' );
		Plugin::instance()->reports_page()->enqueue( 'index.php' );
		wp_enqueue_script( 'wp-components' );
		wp_enqueue_script( 'wp-url' );
		wp_enqueue_script( 'common' );

		$todo = $this->resolved_scripts();

		foreach ( array( 'wp-date', 'moment', 'wp-rich-text', 'wp-polyfill', 'jquery-migrate' ) as $handle ) {
			$this->assertContains( $handle, $todo );
		}
		$this->assertSame( 10, has_action( 'admin_print_scripts', 'print_emoji_detection_script' ) );
		$this->assertSame( array( 'wp-date', 'wp-rich-text' ), array_values( array_intersect( ReportsPage::UNUSED_CORE_DEPENDENCIES['wp-components'], wp_scripts()->registered['wp-components']->deps ) ) );
	}
}
