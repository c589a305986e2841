<?php
/**
 * Site Health's test of the aggregation: it runs (WP-Cron) and is not behind.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin\SiteHealth;

use MonsterInsights\Reports\Admin\SiteHealth;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Scheduler;

defined( 'ABSPATH' ) || exit;

/**
 * The every-minute aggregation runs and is not behind.
 */
final class AggregationCheck {

	/**
	 * The every-minute aggregation runs and is not behind.
	 *
	 * @param int|null $now Unix time; now by default.
	 * @return array<string, mixed>
	 */
	public static function run( ?int $now = null ): array {
		$now    = $now ?? time();
		$last   = get_option( Aggregator::LAST_RUN_OPTION );
		$last   = is_array( $last ) ? $last : array();
		$time   = (int) ( $last['time'] ?? 0 );
		$next   = wp_next_scheduled( Scheduler::AGGREGATE_HOOK );
		$format = get_option( 'date_format' ) . ' ' . get_option( 'time_format' );
		$help   = sprintf(
			'<a href="%s">%s</a>',
			esc_url( 'https://developer.wordpress.org/plugins/cron/hooking-wp-cron-into-the-system-task-scheduler/' ),
			esc_html__( 'How to run WP-Cron from a real cron job', 'monsterinsights-reports' )
		);

		if ( isset( $last['error'] ) && is_string( $last['error'] ) ) {
			return Result::make(
				'aggregation',
				'critical',
				__( 'The Insights aggregation failed', 'monsterinsights-reports' ),
				sprintf(
					/* translators: 1: date and time, 2: an error message. */
					esc_html__( 'Its last run, on %1$s, stopped with this error: %2$s. New visits are kept and processed once it runs again.', 'monsterinsights-reports' ),
					esc_html( (string) wp_date( $format, $time ) ),
					'<code>' . esc_html( $last['error'] ) . '</code>'
				)
			);
		}
		$overdue = false !== $next && $next < $now - SiteHealth::STALLED_AFTER;
		$old     = $time > 0 && $time < $now - SiteHealth::STALLED_AFTER;
		if ( $overdue || $old ) {
			$since = $overdue ? (int) $next : $time;
			return Result::make(
				'aggregation',
				'critical',
				__( 'The Insights aggregation is not running', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: date and time. */
					esc_html__( 'The scheduled task that moves new visits into the reports every minute has not run since %s: WP-Cron seems to be disabled or stuck. Visits are still collected and processed whenever the reports page loads. Run WordPress cron from a system cron job, or schedule "wp monsterinsights-reports aggregate" every minute.', 'monsterinsights-reports' ),
					esc_html( (string) wp_date( $format, $since ) )
				),
				$help
			);
		}
		if ( false === $next ) {
			return Result::make(
				'aggregation',
				'recommended',
				__( 'The Insights aggregation is not scheduled', 'monsterinsights-reports' ),
				esc_html__( 'The every-minute task is missing; it is put back the next time an administrator opens wp-admin. Until then, visits are processed when the reports page loads.', 'monsterinsights-reports' ),
				$help
			);
		}
		if ( $time > 0 && empty( $last['complete'] ) ) {
			return Result::make(
				'aggregation',
				'recommended',
				__( 'The Insights aggregation is behind', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: date and time. */
					esc_html__( 'Its last run, on %s, could not process every new visit in its time; the next runs continue. If this stays, the site receives more visits than it can process: see the buffer test below.', 'monsterinsights-reports' ),
					esc_html( (string) wp_date( $format, $time ) )
				)
			);
		}
		return Result::make(
			'aggregation',
			'good',
			__( 'The Insights aggregation runs', 'monsterinsights-reports' ),
			$time > 0
				? sprintf(
					/* translators: %s: date and time. */
					esc_html__( 'New visits are moved into the reports every minute; the last run was on %s.', 'monsterinsights-reports' ),
					esc_html( (string) wp_date( $format, $time ) )
				)
				: esc_html__( 'New visits are moved into the reports every minute; the first run is scheduled.', 'monsterinsights-reports' )
		);
	}
}
