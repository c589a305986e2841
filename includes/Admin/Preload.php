<?php
/**
 * The REST answers the reports page prints with the app, so its first screen needs no request.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\Tiers;
use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\REST\Controller;

defined( 'ABSPATH' ) || exit;

/**
 * Builds the preloaded answers, as the block editor does (wp-admin/edit-form-blocks.php): each path
 * answered in process by `rest_preload_api_request()` for the current user, keyed by the path the
 * app's stores ask for, and handed to `apiFetch.createPreloadingMiddleware()` by the app (src/boot.ts).
 * The middleware uses each answer once; later loads reach the server.
 *
 * The paths are those of the app's start-up (src/app/startUp.ts: add-ons, settings, notifications)
 * and, on a connected site, those of its default route — the Overview for the default dates (the
 * last 30 days, ending yesterday): the user's metric selection, the overview report and the site
 * summary, each report only when the licence includes it. Neither needs a shop: like the app, which
 * asks early for no eCommerce report (tier feature `ecommerce`, NeedsShop) while the site has none,
 * the page prints no answer that could only be 400 no_shop. The server never sees the URL's hash: the
 * app drops the report answers when the hash shows another route or other dates, and asks for that
 * route's report at once instead (src/app/firstScreen.ts).
 */
final class Preload {

	/**
	 * The paths of the start-up loads, relative to the namespace (src/store/{addons,settings,notifications}/constants.ts).
	 */
	public const START_UP = array( 'addons', 'settings', 'notifications' );

	/**
	 * The path of the user's metric selection, relative to the namespace (src/store/metrics/constants.ts).
	 */
	public const METRICS = 'metrics';

	/**
	 * The reports of the default route, the Overview, in the order its screen asks for them.
	 */
	public const DEFAULT_REPORTS = array( 'overview', 'site_summary' );

	/**
	 * The lazily loaded script group of the default route's screen (build/chunk-groups.php).
	 */
	public const DEFAULT_SCREEN = 'report-overview';

	/**
	 * The paths to preload for the current user on the reports page, in order: none on the network
	 * admin screen or for a user who may not view the reports, the start-up loads otherwise, and on
	 * a connected site the default route's metrics and reports.
	 *
	 * @return string[]
	 */
	public static function paths(): array {
		if ( is_network_admin() || ! current_user_can( Capabilities::VIEW ) ) {
			return array();
		}
		$paths = array_map( array( self::class, 'path' ), self::START_UP );
		if ( '' === (string) get_option( BootData::SOURCE_OPTION, '' ) ) {
			// Not connected: the app shows the not-connected screen, no report.
			return $paths;
		}
		$paths[]       = self::path( self::METRICS );
		$level         = Licence::level();
		list( $range ) = DateRange::default_ranges();
		foreach ( self::DEFAULT_REPORTS as $report ) {
			if ( Tiers::allows( $level, $report ) ) {
				$paths[] = self::report_path( $report, $range );
			}
		}
		return $paths;
	}

	/**
	 * The preloaded answers, keyed by path: those of paths() that answered 200 (a refusal is left
	 * to the app's own request, which shows it as it would without preloading).
	 *
	 * @return array<string, array{body: mixed, headers: array<string, string>}>
	 */
	public static function data(): array {
		$paths = self::paths();
		if ( empty( $paths ) ) {
			return array();
		}
		/**
		 * The answers core's preloading builds.
		 *
		 * @var array<string, array{body: mixed, headers: array<string, string>}> $data
		 */
		$data = array_reduce( $paths, 'rest_preload_api_request', array() );
		return $data;
	}

	/**
	 * The inline script that hands the answers to the app: `window.monsterinsightsReportsPreload`.
	 */
	public static function script(): string {
		$data = self::data();
		// An empty map is an object for the app, not a list.
		return 'window.monsterinsightsReportsPreload = ' . ( empty( $data ) ? '{}' : wp_json_encode( $data ) ) . ';';
	}

	/**
	 * The files of the default route's screen, relative to build/, for `<link rel="preload">`: its
	 * scripts (the screen's chunk group of build/chunk-groups.php) and its stylesheet (the
	 * `-rtl.css` mirror in a right-to-left language, as src/lib/rtl-chunk-styles.ts picks it). None
	 * when no report is preloaded (the app then shows no report first), or without a build.
	 *
	 * @return array<int, array{file: string, as: string}>
	 */
	public static function screen_files(): array {
		$reports = array_filter( self::paths(), static fn( string $path ): bool => str_contains( $path, '/reports/' ) );
		$groups  = MONSTERINSIGHTS_REPORTS_DIR . 'build/chunk-groups.php';
		if ( empty( $reports ) || ! is_readable( $groups ) ) {
			return array();
		}
		$manifest = require $groups;
		$scripts  = is_array( $manifest ) && is_array( $manifest[ self::DEFAULT_SCREEN ] ?? null ) ? $manifest[ self::DEFAULT_SCREEN ] : array();
		$files    = array();
		foreach ( $scripts as $script ) {
			if ( is_string( $script ) && str_ends_with( $script, '.js' ) ) {
				$files[] = array(
					'file' => $script,
					'as'   => 'script',
				);
			}
		}
		$style = self::DEFAULT_SCREEN . ( is_rtl() ? '-rtl' : '' ) . '.css';
		if ( is_readable( MONSTERINSIGHTS_REPORTS_DIR . 'build/' . $style ) ) {
			$files[] = array(
				'file' => $style,
				'as'   => 'style',
			);
		}
		return $files;
	}

	/**
	 * Puts the default route's screen on the page: its scripts deferred in the footer (webpack
	 * chunks that register their modules whenever they run, so the app's import of the screen finds
	 * them installed instead of fetching them after its first render) and its stylesheet in the head
	 * (at the URL webpack's runtime looks for, without a version query, so it adds no second one),
	 * and, through admin_head, `<link rel="preload">` for the scripts, so the browser fetches them
	 * from the top of the page.
	 *
	 * @param string $handle The app's handle; the screen's files are named after it.
	 */
	public static function enqueue_screen( string $handle ): void {
		$files = self::screen_files();
		if ( empty( $files ) ) {
			return;
		}
		foreach ( $files as $file ) {
			$name = $handle . '-' . sanitize_key( basename( $file['file'], '.' . pathinfo( $file['file'], PATHINFO_EXTENSION ) ) );
			$url  = MONSTERINSIGHTS_REPORTS_URL . 'build/' . $file['file'];
			if ( 'script' === $file['as'] ) {
				wp_enqueue_script(
					$name,
					$url,
					array(),
					null, // phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion -- The file name carries its hash; webpack's runtime asks for it without a query.
					array(
						'in_footer' => true,
						'strategy'  => 'defer',
					)
				);
				continue;
			}
			// In a right-to-left language screen_files() names the mirror already.
			wp_enqueue_style( $name, $url, array(), null ); // phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion -- webpack's runtime finds the stylesheet by its exact URL.
		}
		add_action( 'admin_head', array( self::class, 'print_screen_links' ) );
	}

	/**
	 * Prints `<link rel="preload">` for the default route's screen scripts (admin_head), so the
	 * browser fetches them with the top of the page. The URLs are those webpack's runtime asks for:
	 * the build folder and the file name, no query.
	 */
	public static function print_screen_links(): void {
		foreach ( self::screen_files() as $file ) {
			if ( 'script' !== $file['as'] ) {
				continue;
			}
			printf(
				'<link rel="preload" href="%s" as="%s" />' . "\n",
				esc_url( MONSTERINSIGHTS_REPORTS_URL . 'build/' . $file['file'] ),
				esc_attr( $file['as'] )
			);
		}
	}

	/**
	 * A path of the plugin's namespace.
	 *
	 * @param string $route The route under the namespace.
	 */
	private static function path( string $route ): string {
		return '/' . Controller::NAMESPACE . '/' . $route;
	}

	/**
	 * A report's path for a range, as the app builds it (src/store/reports/query.ts reportPath).
	 *
	 * @param string    $report The report.
	 * @param DateRange $range  The range.
	 */
	private static function report_path( string $report, DateRange $range ): string {
		return add_query_arg(
			array(
				'start' => $range->start_ymd(),
				'end'   => $range->end_ymd(),
			),
			self::path( 'reports/' . rawurlencode( $report ) )
		);
	}
}
