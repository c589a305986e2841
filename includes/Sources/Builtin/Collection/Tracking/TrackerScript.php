<?php
/**
 * Prints the public tracker on the front end.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Tracking;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\REST\CollectController;
use MonsterInsights\Reports\Settings\CustomDimensions;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Body;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Endpoint;

defined( 'ABSPATH' ) || exit;

/**
 * Enqueues build/tracker.js (deferred, no dependencies) on public pages and gives it its settings
 * as data attributes of its script tag (see src/tracker/track.ts): the endpoint, the post ID,
 * whether Do Not Track and Global Privacy Control are honoured, the download extensions and
 * affiliate paths as regular-expression alternatives, and — while the Dimensions report shows the
 * logged-in status or the user role — the logged-in visitor's role (`data-u`).
 *
 * `data-u` is printed on pages rendered for a logged-in user, which page caches do not serve to
 * others; a visitor who is not logged in gets none and counts as Logged out.
 *
 * While the Forms or the Media module is on, build/events.js follows it (deferred, after it): form
 * impressions and conversions (`data-f="1"`), media plays, watch time and completions (`data-m="1"`),
 * sent through the tracker's `monsterinsightsReports.track()`. The tracker itself stays small.
 *
 * The tracker is printed while the active source is the built-in one, and also while no source
 * was chosen yet (the option is empty until the setup wizard runs), so the built-in reports have
 * data from the day the plugin is activated. Choosing another source (google) stops it.
 */
final class TrackerScript {

	/**
	 * The script handle; WordPress gives the tag the id `<handle>-js`.
	 */
	public const HANDLE = 'monsterinsights-reports-tracker';

	/**
	 * The form and media events' script handle.
	 */
	public const EVENTS_HANDLE = 'monsterinsights-reports-events';

	/**
	 * The modules whose events build/events.js sends, by the data attribute that turns them on.
	 */
	public const EVENT_MODULES = array(
		'data-f' => 'forms',
		'data-m' => 'media',
	);

	/**
	 * The sources under which the built-in tracker runs.
	 */
	public const SOURCES = array( '', 'builtin' );

	/**
	 * Enqueues the tracker when this request should be tracked. Action `wp_enqueue_scripts`.
	 */
	public static function enqueue(): void {
		if ( ! self::should_track() ) {
			return;
		}
		ConfigFile::ensure_exists();
		self::enqueue_build( self::HANDLE, 'tracker', array() );
	}

	/**
	 * Enqueues a public script of build/ (deferred, in the head) with its asset manifest's version;
	 * nothing when the build is missing.
	 *
	 * @param string   $handle       The handle.
	 * @param string   $name         The entry: build/<name>.js.
	 * @param string[] $dependencies Handles it runs after.
	 */
	public static function enqueue_build( string $handle, string $name, array $dependencies ): void {
		$asset_file = MONSTERINSIGHTS_REPORTS_DIR . 'build/' . $name . '.asset.php';
		if ( ! is_readable( $asset_file ) ) {
			return;
		}
		/**
		 * The asset manifest written by the build.
		 *
		 * @var array{dependencies: string[], version: string} $asset
		 */
		$asset = require $asset_file;
		wp_enqueue_script(
			$handle,
			MONSTERINSIGHTS_REPORTS_URL . 'build/' . $name . '.js',
			$dependencies,
			$asset['version'],
			array(
				'strategy'  => 'defer',
				'in_footer' => false,
			)
		);
		self::enqueue_events();
	}

	/**
	 * Enqueues build/events.js after the tracker while the Forms or the Media module is on.
	 */
	private static function enqueue_events(): void {
		$asset_file = MONSTERINSIGHTS_REPORTS_DIR . 'build/events.asset.php';
		if ( array() === self::event_modules() || ! is_readable( $asset_file ) ) {
			return;
		}
		/**
		 * The asset manifest written by the build.
		 *
		 * @var array{dependencies: string[], version: string} $asset
		 */
		$asset = require $asset_file;
		wp_enqueue_script(
			self::EVENTS_HANDLE,
			MONSTERINSIGHTS_REPORTS_URL . 'build/events.js',
			array( self::HANDLE ),
			$asset['version'],
			array(
				'strategy'  => 'defer',
				'in_footer' => false,
			)
		);
	}

	/**
	 * The data attributes of the event modules that are on (see EVENT_MODULES).
	 *
	 * @return string[]
	 */
	public static function event_modules(): array {
		return array_keys( array_filter( self::EVENT_MODULES, static fn( string $module ): bool => Modules::is_active( $module ) ) );
	}

	/**
	 * Adds the tracker's settings to its script tag. Filter `wp_script_attributes`.
	 *
	 * @param array<string, string|bool> $attributes The tag's attributes.
	 * @return array<string, string|bool>
	 */
	public static function script_attributes( $attributes ) {
		if ( is_array( $attributes ) && self::EVENTS_HANDLE . '-js' === ( $attributes['id'] ?? '' ) ) {
			foreach ( self::event_modules() as $attribute ) {
				$attributes[ $attribute ] = '1';
			}
			return $attributes;
		}
		if ( ! is_array( $attributes ) || self::HANDLE . '-js' !== ( $attributes['id'] ?? '' ) ) {
			return $attributes;
		}
		$attributes['data-endpoint'] = esc_url_raw( self::endpoint() );
		$object                      = self::object_id();
		if ( 0 !== $object ) {
			$attributes['data-object'] = (string) $object;
		}
		$settings = Settings::get();
		if ( ! $settings['honor_dnt'] ) {
			$attributes['data-dnt'] = '0';
		}
		if ( ! $settings['honor_gpc'] ) {
			$attributes['data-gpc'] = '0';
		}
		$attributes['data-dl'] = self::alternatives( $settings['download_extensions'] );
		$attributes['data-af'] = self::alternatives( $settings['affiliate_paths'] );
		$role                  = self::user_role( wp_get_current_user() );
		if ( '' !== $role && CustomDimensions::records_user() ) {
			$attributes['data-u'] = $role;
		}
		return $attributes;
	}

	/**
	 * A list as the alternatives of a JavaScript regular expression, each entry matched literally
	 * (extensions are letters and digits; paths have their special characters escaped, and never
	 * "|"); "(?!)", which matches nothing, for an empty list.
	 *
	 * @param string[] $entries The entries.
	 */
	public static function alternatives( array $entries ): string {
		return array() === $entries ? '(?!)' : implode( '|', array_map( static fn( string $entry ): string => preg_quote( $entry, '#' ), $entries ) );
	}

	/**
	 * Whether the current request is a public page view to track.
	 */
	public static function should_track(): bool {
		if ( is_admin() || is_feed() || is_robots() || is_trackback() || is_embed() || is_preview() || is_customize_preview() ) {
			return false;
		}
		if ( ! in_array( (string) get_option( BootData::SOURCE_OPTION, '' ), self::SOURCES, true ) ) {
			return false;
		}
		if ( self::is_excluded_user( wp_get_current_user() ) ) {
			return false;
		}
		/**
		 * Filters whether the built-in tracker is printed on the current page.
		 *
		 * @param bool $track Whether to track. Default true on public pages for visitors.
		 */
		return (bool) apply_filters( 'monsterinsights_reports_track_request', true );
	}

	/**
	 * Whether a user is logged in with a role that is not tracked. On a network, a super admin counts
	 * as an administrator on every site.
	 *
	 * @param \WP_User $user The user.
	 */
	public static function is_excluded_user( \WP_User $user ): bool {
		if ( ! $user->exists() ) {
			return false;
		}
		$excluded = Settings::get()['excluded_roles'];
		if ( array() !== array_intersect( (array) $user->roles, $excluded ) ) {
			return true;
		}
		return is_multisite() && is_super_admin( $user->ID ) && in_array( 'administrator', $excluded, true );
	}

	/**
	 * What a page view says of its visitor (the collector's `u`): '' when not logged in, else the
	 * user's first role on this site as a slug, "-" without one (or with a role whose slug the
	 * collector would refuse).
	 *
	 * @param \WP_User $user The user.
	 */
	public static function user_role( \WP_User $user ): string {
		if ( ! $user->exists() ) {
			return '';
		}
		$role = (string) ( array_values( (array) $user->roles )[0] ?? '' );
		return 1 === preg_match( Body::ROLE_PATTERN, $role ) && '-' !== $role ? $role : '-';
	}

	/**
	 * The post ID of the page (any post type, the posts page included); 0 for archives, search,
	 * 404 and everything else.
	 */
	public static function object_id(): int {
		$object = get_queried_object();
		return $object instanceof \WP_Post ? (int) $object->ID : 0;
	}

	/**
	 * Where the tracker posts: collect.php when it can find this site's config on its own, the REST
	 * route otherwise.
	 */
	public static function endpoint(): string {
		$url = self::raw_endpoint_available()
			? add_query_arg( 's', self::site_token(), plugins_url( 'collect.php', MONSTERINSIGHTS_REPORTS_FILE ) )
			: rest_url( CollectController::route() );
		/**
		 * Filters the URL the tracker posts hits to.
		 *
		 * @param string $url collect.php, or the REST route `monsterinsights-reports/v1/collect`.
		 */
		return (string) apply_filters( 'monsterinsights_reports_collect_endpoint', $url );
	}

	/**
	 * The `s` parameter of collect.php: 1 for a single site or a network's main site, else the blog id.
	 */
	public static function site_token(): int {
		return is_main_site() ? 1 : get_current_blog_id();
	}

	/**
	 * Whether collect.php, finding the data dir from its own location as Endpoint does, reaches
	 * this site's config file.
	 */
	public static function raw_endpoint_available(): bool {
		$plugin_dir = WP_PLUGIN_DIR . '/' . dirname( plugin_basename( MONSTERINSIGHTS_REPORTS_FILE ) );
		$dir        = Endpoint::data_dir( dirname( $plugin_dir, 2 ), self::site_token() );
		$expected   = null === $dir ? false : realpath( $dir . '/' . Config::FILE );
		return false !== $expected && realpath( ConfigFile::path() ) === $expected;
	}
}
