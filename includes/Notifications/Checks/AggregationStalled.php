<?php
/**
 * Check: the builtin source's aggregation stopped running (WP-Cron stuck).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Notifications\Checks;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Notifications\Check;
use MonsterInsights\Reports\Notifications\Notification;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Scheduler;

defined( 'ABSPATH' ) || exit;

/**
 * Warns when the builtin source is active and aggregation has not run for over an hour: either
 * the every-minute WP-Cron event is overdue by more than an hour (WP-Cron is disabled or its
 * loopback request fails; the reports page's own run on load hides this from the last-run time),
 * or the last recorded run is over an hour old.
 */
final class AggregationStalled implements Check {

	public const ID = 'aggregation-stalled';

	/**
	 * Seconds without a run after which aggregation counts as stalled.
	 */
	public const THRESHOLD = HOUR_IN_SECONDS;

	/**
	 * Where WordPress explains how to run WP-Cron from the system's task scheduler.
	 */
	public const HELP_URL = 'https://developer.wordpress.org/plugins/cron/hooking-wp-cron-into-the-system-task-scheduler/';

	/**
	 * Since when aggregation has not run (Unix time), or null when it runs or the builtin source is
	 * not active.
	 *
	 * @param int $now Unix time.
	 */
	public static function stalled_since( int $now ): ?int {
		if ( BuiltinSource::KEY !== (string) get_option( BootData::SOURCE_OPTION, '' ) ) {
			return null;
		}
		$next = wp_next_scheduled( Scheduler::AGGREGATE_HOOK );
		if ( false !== $next && $next < $now - self::THRESHOLD ) {
			return (int) $next;
		}
		$last = get_option( Aggregator::LAST_RUN_OPTION );
		$time = is_array( $last ) ? (int) ( $last['time'] ?? 0 ) : 0;
		if ( $time > 0 && $time < $now - self::THRESHOLD ) {
			return $time;
		}
		return null;
	}

	/**
	 * The notification, while aggregation is stalled.
	 *
	 * @param int $now     Unix time.
	 * @param int $user_id The user.
	 */
	public function run( int $now, int $user_id ): ?Notification {
		$since = self::stalled_since( $now );
		if ( null === $since ) {
			return null;
		}
		$when = wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $since );
		return new Notification(
			self::ID,
			'warning',
			__( 'New visits are not being processed', 'monsterinsights-reports' ),
			sprintf(
				/* translators: %s: date and time of the last run. */
				__( 'The scheduled task that moves new visits into your reports every minute has not run since %s, so WP-Cron seems to be disabled or stuck. Visits are still collected, and they are processed whenever this page loads. To fix it, run WordPress cron from a real system cron job, or schedule the WP-CLI command "wp monsterinsights-reports aggregate" every minute.', 'monsterinsights-reports' ),
				(string) $when
			),
			$since,
			array(
				array(
					'label'   => __( 'How to set up a real cron job', 'monsterinsights-reports' ),
					'url'     => self::HELP_URL,
					'primary' => true,
				),
			)
		);
	}
}
