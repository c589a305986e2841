<?php
/**
 * The reports admin page.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Admin\ReportsPage;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Plugin;
use MonsterInsights\Reports\Tests\TestCase;
use MonsterInsights\Reports\Tests\WPDieException;

/**
 * Menu entry, root element, and the app's assets.
 */
class ReportsPageTest extends TestCase {

	/**
	 * The menu globals admin_menu fills.
	 */
	private const MENU_GLOBALS = array( 'menu', 'submenu', 'admin_page_hooks', '_registered_pages', '_parent_pages', '_wp_real_parent_file', '_wp_submenu_nopriv', '_wp_menu_nopriv' );

	/**
	 * Starts with empty menus.
	 */
	protected function set_up() {
		parent::set_up();
		$this->reset_menus();
	}

	/**
	 * Leaves empty menus.
	 */
	protected function tear_down() {
		$this->reset_menus();
		parent::tear_down();
	}

	/**
	 * Empties the menu globals.
	 */
	private function reset_menus(): void {
		foreach ( self::MENU_GLOBALS as $name ) {
			$GLOBALS[ $name ] = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- Test isolation.
		}
	}

	/**
	 * The page service.
	 */
	private function page(): ReportsPage {
		return Plugin::instance()->reports_page();
	}

	/**
	 * Runs admin_menu as an administrator and returns the page's hook suffix.
	 */
	private function register_as_admin(): string {
		$this->act_as( 'administrator' );
		do_action( 'admin_menu', '' );
		return $this->page()->hook_suffix();
	}

	/**
	 * The build the page loads; the PHP tests need `npm run build` to have run.
	 *
	 * @return array{dependencies: string[], version: string}
	 */
	private function asset(): array {
		$file = MONSTERINSIGHTS_REPORTS_DIR . 'build/reports.asset.php';
		$this->assertFileIsReadable( $file, 'build/reports.asset.php is missing: run `npm run build` before the PHP tests.' );
		return require $file;
	}

	/**
	 * Menu entries as admin_menu left them, keyed by slug.
	 *
	 * @return array<string, array<int, string>>
	 */
	private function top_level_menu(): array {
		$items = array();
		foreach ( $GLOBALS['menu'] as $item ) {
			$items[ $item[2] ] = $item;
		}
		return $items;
	}

	/**
	 * The admin_menu action registers the top-level page and its Reports item, gated by the view capability.
	 */
	public function test_admin_menu_registers_page() {
		$suffix = $this->register_as_admin();

		$this->assertSame( 'toplevel_page_monsterinsights_reports', $suffix );
		$menu = $this->top_level_menu();
		$this->assertArrayHasKey( ReportsPage::SLUG, $menu );
		$this->assertSame( Capabilities::VIEW, $menu[ ReportsPage::SLUG ][1] );
		$this->assertSame( 'dashicons-chart-bar', $menu[ ReportsPage::SLUG ][6] );

		$this->assertSame( ReportsPage::SLUG, $GLOBALS['submenu'][ ReportsPage::SLUG ][0][2] );
		$this->assertSame( Capabilities::VIEW, $GLOBALS['submenu'][ ReportsPage::SLUG ][0][1] );

		$this->assertSame( 10, has_action( $suffix, array( $this->page(), 'render' ) ) );
		$this->assertSame( 'http://' . WP_TESTS_DOMAIN . '/wp-admin/admin.php?page=monsterinsights_reports', menu_page_url( ReportsPage::SLUG, false ) );

		set_current_screen( $suffix );
		$this->assertSame( $suffix, get_current_screen()->id );
		$this->assertTrue( is_admin() );
	}

	/**
	 * With the User Journey module on, the menu has a User Journey item linking to its route.
	 */
	public function test_admin_menu_has_the_user_journey_while_its_module_is_on() {
		$this->register_as_admin();
		$this->assertSame( array( ReportsPage::SLUG, ReportsPage::SLUG . '#/ai-insights', ReportsPage::SLUG . '#/ai-insights/chat', ReportsPage::SLUG . '#/settings' ), array_column( $GLOBALS['submenu'][ ReportsPage::SLUG ], 2 ) );

		\MonsterInsights\Reports\Settings\Modules::set( 'user-journey', true );
		foreach ( self::MENU_GLOBALS as $name ) {
			$GLOBALS[ $name ] = array();
		}
		$this->register_as_admin();
		$items = $GLOBALS['submenu'][ ReportsPage::SLUG ];
		$this->assertSame( array( ReportsPage::SLUG, ReportsPage::SLUG . '#/user-journey-report', ReportsPage::SLUG . '#/ai-insights', ReportsPage::SLUG . '#/ai-insights/chat', ReportsPage::SLUG . '#/settings' ), array_column( $items, 2 ) );
		$this->assertSame( array( 'User Journey', Capabilities::VIEW ), array_slice( $items[1], 0, 2 ) );
		$this->assertSame( array( 'AI Insights', Capabilities::VIEW ), array_slice( $items[2], 0, 2 ) );
		$this->assertSame( array( 'Conversations AI', Capabilities::VIEW ), array_slice( $items[3], 0, 2 ) );
	}

	/**
	 * A user without the capability gets no page callback.
	 */
	public function test_admin_menu_gives_subscriber_no_page() {
		$this->act_as( 'subscriber' );
		do_action( 'admin_menu', '' );

		$this->assertFalse( has_action( 'toplevel_page_monsterinsights_reports', array( $this->page(), 'render' ) ) );
		$this->assertFalse( user_can( get_current_user_id(), $this->top_level_menu()[ ReportsPage::SLUG ][1] ) );
	}

	/**
	 * The page prints the app's root element.
	 */
	public function test_render_prints_root_element() {
		$this->register_as_admin();

		ob_start();
		$this->page()->render();
		$html = (string) ob_get_clean();

		$this->assertStringContainsString( '<div id="monsterinsights-reports"></div>', $html );
		$this->assertStringContainsString( '<noscript>', $html );
	}

	/**
	 * A subscriber who reaches the page gets a 403 wp_die(), and no page.
	 */
	public function test_render_dies_for_subscriber() {
		$this->act_as( 'subscriber' );
		$this->throw_on_wp_die();

		ob_start();
		try {
			$this->page()->render();
			$this->fail( 'render() did not die' );
		} catch ( WPDieException $e ) {
			$this->assertSame( 403, $e->getCode() );
			$this->assertStringContainsString( 'not allowed', $e->getMessage() );
		} finally {
			$html = (string) ob_get_clean();
		}
		$this->assertSame( '', $html );
	}

	/**
	 * On its own page, the app's script is enqueued with the build's dependencies, in the footer,
	 * with the boot data before it and the plugin's translations.
	 */
	public function test_enqueue_on_reports_page() {
		$asset  = $this->asset();
		$suffix = $this->register_as_admin();
		$this->assertSame( 10, has_action( 'admin_enqueue_scripts', array( $this->page(), 'enqueue' ) ) );

		$this->page()->enqueue( $suffix );

		$handle = ReportsPage::SCRIPT_HANDLE;
		$this->assertSame( 'monsterinsights-reports', $handle );
		$this->assertTrue( wp_script_is( $handle, 'enqueued' ) );
		$script = wp_scripts()->registered[ $handle ];
		foreach ( $asset['dependencies'] as $dependency ) {
			$this->assertContains( $dependency, $script->deps );
			$this->assertTrue( wp_script_is( $dependency, 'registered' ), "$dependency is a registered script" );
		}
		$this->assertSame( $asset['version'], $script->ver );
		$this->assertSame( 'http://' . WP_TESTS_DOMAIN . '/wp-content/plugins/monsterinsights-reports/build/reports.js', $script->src );
		$this->assertSame( 1, wp_scripts()->get_data( $handle, 'group' ), 'in the footer' );

		$this->assertSame( 'monsterinsights-reports', $script->textdomain );
		$this->assertSame( MONSTERINSIGHTS_REPORTS_DIR . 'languages', $script->translations_path );

		// WP_Scripts::add_inline_script() seeds the list with false.
		$before = array_values( array_filter( (array) wp_scripts()->get_data( $handle, 'before' ), 'is_string' ) );
		$this->assertCount( 2, $before );
		$prefix = 'window.monsterinsightsReportsBoot = ';
		$this->assertStringStartsWith( $prefix, $before[0] );
		$this->assertStringEndsWith( ';', $before[0] );
		$boot = json_decode( substr( $before[0], strlen( $prefix ), -1 ), true );
		$this->assertIsArray( $boot );
		$this->assertSame( BootData::SECTIONS, array_keys( $boot ) );
		$this->assertSame( get_current_user_id(), $boot['user']['id'] );
		// Then the preloaded answers (PreloadTest tests them): no source yet, so the start-up loads.
		$prefix = 'window.monsterinsightsReportsPreload = ';
		$this->assertStringStartsWith( $prefix, $before[1] );
		$this->assertStringEndsWith( ';', $before[1] );
		$preload = json_decode( substr( $before[1], strlen( $prefix ), -1 ), true );
		$this->assertIsArray( $preload );
		$this->assertSame(
			array( '/monsterinsights-reports/v1/addons', '/monsterinsights-reports/v1/settings', '/monsterinsights-reports/v1/notifications' ),
			array_keys( $preload )
		);

		$this->assertSame( is_readable( MONSTERINSIGHTS_REPORTS_DIR . 'build/reports.css' ), wp_style_is( $handle, 'enqueued' ) );
	}

	/**
	 * Any other admin page gets nothing.
	 */
	public function test_enqueue_elsewhere_does_nothing() {
		$this->asset();
		$this->register_as_admin();

		$this->page()->enqueue( 'index.php' );
		$this->page()->enqueue( 'toplevel_page_something_else' );

		$this->assertFalse( wp_script_is( ReportsPage::SCRIPT_HANDLE, 'registered' ) );
		$this->assertFalse( wp_style_is( ReportsPage::SCRIPT_HANDLE, 'registered' ) );
		$this->assertFalse( has_action( 'admin_notices', array( $this->page(), 'missing_build_notice' ) ) );
	}
}
