<?php
/**
 * When the aggregation and the pruning run.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Admin\ReportsPage;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;

defined( 'ABSPATH' ) || exit;

/**
 * WP-Cron: aggregation every minute (a schedule of its own), pruning daily; both scheduled on
 * activation and, when missing, on admin_init, and cleared on deactivation and uninstall. The
 * reports page also runs an aggregation when it loads (load-{hook_suffix}), bounded by a short
 * time budget and never waiting for a run that holds the lock, so the reports it then asks for
 * include the last minute. WP-CLI runs it on demand (CLI\Command).
 */
final class Scheduler {

	public const AGGREGATE_HOOK = 'monsterinsights_reports_aggregate';
	public const PRUNE_HOOK     = 'monsterinsights_reports_prune';
	public const SCHEDULE       = 'monsterinsights_reports_every_minute';

	/**
	 * The daily event that finds the exceptions of the days completed since (Exceptions\Runner).
	 */
	public const EXCEPTIONS_HOOK = 'monsterinsights_reports_find_exceptions';

	/**
	 * Seconds a cron run may start chunks for.
	 */
	public const CRON_BUDGET = 40.0;

	/**
	 * Seconds the reports page load may spend aggregating.
	 */
	public const PAGE_LOAD_BUDGET = 2.0;

	/**
	 * Batches per table a daily prune deletes at most.
	 */
	public const PRUNE_BATCHES = 50;

	/**
	 * A scheduler for the reports page.
	 *
	 * @param ReportsPage $page The reports page, whose load triggers an aggregation.
	 */
	public function __construct( private ReportsPage $page ) {
	}

	/**
	 * Registers the hooks.
	 */
	public function register(): void {
		add_filter( 'cron_schedules', array( self::class, 'add_schedule' ) ); // phpcs:ignore WordPress.WP.CronInterval.CronSchedulesInterval -- Every minute is the requirement.
		add_action( self::AGGREGATE_HOOK, array( self::class, 'aggregate_from_cron' ) );
		add_action( self::PRUNE_HOOK, array( self::class, 'prune_from_cron' ) );
		add_action( self::EXCEPTIONS_HOOK, array( self::class, 'find_exceptions_from_cron' ) );
		add_action( 'admin_init', array( self::class, 'maintain' ) );
		add_action( 'admin_notices', array( Migrations::class, 'failure_notice' ) );
		add_action( 'admin_menu', array( $this, 'hook_page_load' ), 20 );
		add_filter( 'wpmu_drop_tables', array( self::class, 'site_tables' ), 10, 2 );
	}

	/**
	 * Adds the every-minute schedule. Its label is translated only from `init` on: another plugin
	 * may read the schedules earlier (WooCommerce's Jetpack connection does, on plugins_loaded),
	 * and loading translations then is too early for WordPress 6.7+.
	 *
	 * @param array<string, array{interval: int, display: string}> $schedules The schedules.
	 * @return array<string, array{interval: int, display: string}>
	 */
	public static function add_schedule( $schedules ) {
		$schedules                   = (array) $schedules;
		$schedules[ self::SCHEDULE ] = array(
			'interval' => MINUTE_IN_SECONDS,
			'display'  => did_action( 'init' ) ? __( 'Every minute (Insights Reports)', 'monsterinsights-reports' ) : 'Every minute (Insights Reports)',
		);
		return $schedules;
	}

	/**
	 * Schedules both events on the current site, unless they are.
	 */
	public static function schedule(): void {
		if ( ! has_filter( 'cron_schedules', array( self::class, 'add_schedule' ) ) ) {
			add_filter( 'cron_schedules', array( self::class, 'add_schedule' ) ); // phpcs:ignore WordPress.WP.CronInterval.CronSchedulesInterval -- See register().
		}
		if ( false === wp_next_scheduled( self::AGGREGATE_HOOK ) ) {
			wp_schedule_event( time(), self::SCHEDULE, self::AGGREGATE_HOOK );
		}
		if ( false === wp_next_scheduled( self::PRUNE_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::PRUNE_HOOK );
		}
		if ( false === wp_next_scheduled( self::EXCEPTIONS_HOOK ) ) {
			wp_schedule_event( time() + 2 * HOUR_IN_SECONDS, 'daily', self::EXCEPTIONS_HOOK );
		}
	}

	/**
	 * Clears both events on the current site.
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::AGGREGATE_HOOK );
		wp_clear_scheduled_hook( self::PRUNE_HOOK );
		wp_clear_scheduled_hook( self::EXCEPTIONS_HOOK );
	}

	/**
	 * Deactivation hook: clears the events, on every site when network-deactivated.
	 *
	 * @param bool $network_wide Whether the plugin is network-deactivated.
	 */
	public static function deactivate( $network_wide = false ): void {
		if ( is_multisite() && $network_wide ) {
			\MonsterInsights\Reports\Activation::for_each_site( array( self::class, 'unschedule' ) );
			return;
		}
		self::unschedule();
	}

	/**
	 * On admin_init: migrates the schema when the code is newer and puts back missing events.
	 */
	public static function maintain(): void {
		Migrations::maybe_migrate();
		self::schedule();
	}

	/**
	 * The cron event: one bounded run.
	 */
	public static function aggregate_from_cron(): void {
		self::run_safely( self::CRON_BUDGET );
	}

	/**
	 * The daily cron event: prunes raw rows past the retention period, and rolls up the shop's
	 * complete days (an aggregation run does after each run with hits; a shop's orders and steps
	 * come without them too).
	 */
	public static function prune_from_cron(): void {
		Migrations::maybe_migrate();
		Retention::prune( time(), self::PRUNE_BATCHES );
		Shop\EventRollups::on_aggregated();
		Shop\DayRollups::on_aggregated();
	}

	/**
	 * The daily cron event: finds the exceptions of the complete days not judged yet.
	 */
	public static function find_exceptions_from_cron(): void {
		Migrations::maybe_migrate();
		Exceptions\Runner::from_cron();
	}

	/**
	 * On admin_menu (after the page registered): runs an aggregation when the reports page loads.
	 */
	public function hook_page_load(): void {
		$suffix = $this->page->hook_suffix();
		if ( '' !== $suffix ) {
			add_action( 'load-' . $suffix, array( self::class, 'aggregate_on_page_load' ) );
		}
	}

	/**
	 * The reports page is loading: a short run, for users who may see the reports.
	 */
	public static function aggregate_on_page_load(): void {
		if ( ! current_user_can( Capabilities::VIEW ) ) {
			return;
		}
		/**
		 * Filters the seconds the reports page load may spend aggregating.
		 *
		 * @param float $budget Seconds; 0 turns the page-load run off.
		 */
		$budget = (float) apply_filters( 'monsterinsights_reports_page_load_budget', self::PAGE_LOAD_BUDGET );
		if ( $budget > 0 ) {
			self::run_safely( $budget );
		}
	}

	/**
	 * Adds the site's tables to those WordPress drops with a deleted site.
	 *
	 * @param string[] $tables  Table names.
	 * @param int      $site_id The site.
	 * @return string[]
	 */
	public static function site_tables( $tables, $site_id = 0 ): array {
		global $wpdb;
		$tables = (array) $tables;
		$prefix = $wpdb->get_blog_prefix( (int) $site_id ) . Tables::PREFIX;
		foreach ( Tables::TABLES as $name ) {
			$tables[ Tables::PREFIX . $name ] = $prefix . $name;
		}
		return $tables;
	}

	/**
	 * Runs the aggregator; an error is recorded in the last-run option instead of breaking the
	 * request (a page load, a cron run).
	 *
	 * @param float $budget Seconds.
	 */
	public static function run_safely( float $budget ): void {
		try {
			Aggregator::for_current_site()->run( $budget );
		} catch ( \Throwable $error ) {
			update_option(
				Aggregator::LAST_RUN_OPTION,
				array(
					'time'  => time(),
					'error' => $error->getMessage(),
				),
				false
			);
		}
	}
}
