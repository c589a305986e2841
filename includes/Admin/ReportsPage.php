<?php
/**
 * The reports admin page: menu entry, root element and the app's assets.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Plugin;

defined( 'ABSPATH' ) || exit;

/**
 * Registers `admin.php?page=monsterinsights_reports` and loads the app there.
 */
final class ReportsPage {

	public const SLUG          = 'monsterinsights_reports';
	public const ROOT_ID       = 'monsterinsights-reports';
	public const SCRIPT_HANDLE = 'monsterinsights-reports';

	/**
	 * Core scripts that core packages list as dependencies but that the app never reaches, dropped
	 * from those packages' dependencies on this page only: wp-components needs wp-date (with
	 * moment, ≈ 59 KB gzipped) only for its date and time pickers and wp-rich-text only for
	 * Autocomplete, none of which the app uses; wp-url needs wp-polyfill (≈ 14 KB) only in browsers
	 * older than those WordPress supports; jQuery needs jQuery Migrate (≈ 5 KB) only for code
	 * written for jQuery 1 and 2 (the APIs jQuery 3 removed), which neither the app nor the admin
	 * scripts WordPress prints here (common, hoverIntent, heartbeat, admin bar) use. A script that
	 * uses them itself still gets them through its own dependencies; a third-party script that
	 * calls a jQuery 1 API without declaring jquery-migrate would fail on this page only.
	 */
	public const UNUSED_CORE_DEPENDENCIES = array(
		'wp-components' => array( 'wp-date', 'wp-rich-text' ),
		'wp-url'        => array( 'wp-polyfill' ),
		'jquery'        => array( 'jquery-migrate' ),
	);

	/**
	 * The hook suffix WordPress gave the page.
	 *
	 * @var string
	 */
	private string $hook_suffix = '';

	/**
	 * Adds the top-level menu and its items: Reports, User Journey (while its module is on), AI
	 * Insights, Conversations AI, Settings.
	 */
	public function register(): void {
		$suffix = add_menu_page(
			__( 'Insights Reports', 'monsterinsights-reports' ),
			__( 'Insights', 'monsterinsights-reports' ),
			Capabilities::VIEW,
			self::SLUG,
			array( $this, 'render' ),
			'dashicons-chart-bar',
			3
		);
		add_submenu_page(
			self::SLUG,
			__( 'Insights Reports', 'monsterinsights-reports' ),
			__( 'Reports', 'monsterinsights-reports' ),
			Capabilities::VIEW,
			self::SLUG,
			array( $this, 'render' )
		);
		// The User Journey report's own item while its module is on; the app highlights it on its route.
		if ( \MonsterInsights\Reports\Settings\Modules::is_active( 'user-journey' ) ) {
			add_submenu_page(
				self::SLUG,
				__( 'User Journey Report', 'monsterinsights-reports' ),
				__( 'User Journey', 'monsterinsights-reports' ),
				Capabilities::VIEW,
				self::SLUG . '#/user-journey-report',
				'__return_null'
			);
		}
		// AI Insights (pro; the app shows the upsell below): the app highlights it on its route.
		add_submenu_page(
			self::SLUG,
			__( 'AI Insights', 'monsterinsights-reports' ),
			__( 'AI Insights', 'monsterinsights-reports' ),
			Capabilities::VIEW,
			self::SLUG . '#/ai-insights',
			'__return_null'
		);
		// Conversations AI (pro; the app shows the upsell below): highlighted on its chat routes.
		add_submenu_page(
			self::SLUG,
			__( 'Conversations AI', 'monsterinsights-reports' ),
			__( 'Conversations AI', 'monsterinsights-reports' ),
			Capabilities::VIEW,
			self::SLUG . '#/ai-insights/chat',
			'__return_null'
		);
		add_submenu_page(
			self::SLUG,
			__( 'Insights Settings', 'monsterinsights-reports' ),
			__( 'Settings', 'monsterinsights-reports' ),
			Capabilities::SAVE,
			self::SLUG . '#/settings',
			'__return_null'
		);
		$this->hook_suffix = (string) $suffix;
	}

	/**
	 * Adds the network admin page (network licence and the network's defaults) on a network
	 * where the plugin is network-activated.
	 */
	public function register_network(): void {
		if ( ! \MonsterInsights\Reports\Activation::is_network_active() ) {
			return;
		}
		$suffix            = add_menu_page(
			__( 'Insights Network Settings', 'monsterinsights-reports' ),
			__( 'Insights', 'monsterinsights-reports' ),
			'manage_network_options',
			self::SLUG,
			array( $this, 'render' ),
			'dashicons-chart-bar',
			3
		);
		$this->hook_suffix = (string) $suffix;
	}

	/**
	 * The hook suffix of the page, empty before admin_menu.
	 */
	public function hook_suffix(): string {
		return $this->hook_suffix;
	}

	/**
	 * Prints the page: the app's root element, and a message when scripts cannot run.
	 */
	public function render(): void {
		if ( ! current_user_can( is_network_admin() ? 'manage_network_options' : Capabilities::VIEW ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to view these reports.', 'monsterinsights-reports' ), 403 );
		}
		echo '<div class="wrap monsterinsights-reports-wrap">';
		echo '<h1 class="screen-reader-text">' . esc_html__( 'Insights Reports', 'monsterinsights-reports' ) . '</h1>';
		printf( '<div id="%s"></div>', esc_attr( self::ROOT_ID ) );
		echo '<noscript><div class="notice notice-error"><p>' . esc_html__( 'The reports need JavaScript. Please enable it in your browser.', 'monsterinsights-reports' ) . '</p></div></noscript>';
		echo '</div>';
	}

	/**
	 * Enqueues the app on the reports page only.
	 *
	 * @param string $hook_suffix The current admin page.
	 */
	public function enqueue( string $hook_suffix ): void {
		if ( '' === $this->hook_suffix || $hook_suffix !== $this->hook_suffix ) {
			return;
		}
		$asset_file = MONSTERINSIGHTS_REPORTS_DIR . 'build/reports.asset.php';
		if ( ! is_readable( $asset_file ) ) {
			add_action( 'admin_notices', array( $this, 'missing_build_notice' ) );
			return;
		}
		/**
		 * The asset manifest written by the build.
		 *
		 * @var array{dependencies: string[], version: string} $asset
		 */
		$asset = require $asset_file;

		wp_enqueue_script(
			self::SCRIPT_HANDLE,
			MONSTERINSIGHTS_REPORTS_URL . 'build/reports.js',
			$asset['dependencies'],
			$asset['version'],
			array( 'in_footer' => true )
		);
		wp_add_inline_script(
			self::SCRIPT_HANDLE,
			'window.monsterinsightsReportsBoot = ' . wp_json_encode( BootData::build() ) . ';',
			'before'
		);
		// The answers the first screen needs, so it shows its numbers without a request.
		wp_add_inline_script( self::SCRIPT_HANDLE, Preload::script(), 'before' );
		// And the scripts and stylesheet of its screen, loaded with the page.
		Preload::enqueue_screen( self::SCRIPT_HANDLE );
		wp_set_script_translations( self::SCRIPT_HANDLE, Plugin::TEXT_DOMAIN, MONSTERINSIGHTS_REPORTS_DIR . 'languages' );
		// With the translations of the lazily loaded screens.
		ScriptTranslations::register();
		// No wp_enqueue_media(): the site notes form loads the media modal when it is asked for
		// (REST/MediaLibraryController), so the reports carry only the scripts they use.
		$this->drop_unused_core_scripts();

		if ( is_readable( MONSTERINSIGHTS_REPORTS_DIR . 'build/reports.css' ) ) {
			wp_enqueue_style(
				self::SCRIPT_HANDLE,
				MONSTERINSIGHTS_REPORTS_URL . 'build/reports.css',
				array( 'wp-components' ),
				$asset['version']
			);
			wp_style_add_data( self::SCRIPT_HANDLE, 'rtl', 'replace' );
		}
	}

	/**
	 * Leaves out of this page what WordPress would load that the app does not use: the
	 * dependencies of UNUSED_CORE_DEPENDENCIES and the emoji detection script (the reports show
	 * text, and every browser WordPress supports draws emoji itself).
	 */
	private function drop_unused_core_scripts(): void {
		$scripts = wp_scripts();
		foreach ( self::UNUSED_CORE_DEPENDENCIES as $handle => $unused ) {
			if ( isset( $scripts->registered[ $handle ] ) ) {
				$scripts->registered[ $handle ]->deps = array_values( array_diff( $scripts->registered[ $handle ]->deps, $unused ) );
			}
		}
		remove_action( 'admin_print_scripts', 'print_emoji_detection_script' );
	}

	/**
	 * Tells the administrator that the app has not been built.
	 */
	public function missing_build_notice(): void {
		echo '<div class="notice notice-error"><p>' . esc_html__( 'The reports app has not been built. Run "npm run build" in the plugin folder.', 'monsterinsights-reports' ) . '</p></div>';
	}
}
