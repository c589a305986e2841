<?php
/**
 * The product's metric ids and their GA4 names.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Metric;

defined( 'ABSPATH' ) || exit;

/**
 * Metric ids (docs/product-rules.md#metrics) mapped to Query metrics, with the maths shared by
 * reports.
 */
final class Metrics {

	/**
	 * Metric id → GA4 metric. average_revenue_per_session has no GA4 metric of its own: it is
	 * totalRevenue / sessions.
	 */
	public const IDS = array(
		'sessions'                    => Metric::SESSIONS,
		'pageviews'                   => Metric::SCREEN_PAGE_VIEWS,
		'totalusers'                  => Metric::TOTAL_USERS,
		'pageviews_per_user'          => Metric::SCREEN_PAGE_VIEWS_PER_USER,
		'average_session_duration'    => Metric::AVERAGE_SESSION_DURATION,
		'bounce_rate'                 => Metric::BOUNCE_RATE,
		'revenue_sales'               => Metric::TOTAL_REVENUE,
		'average_revenue_per_user'    => Metric::AVERAGE_REVENUE_PER_USER,
		'average_revenue_per_session' => Metric::TOTAL_REVENUE,
		'new_users'                   => Metric::NEW_USERS,
		'ecommerce_purchases'         => Metric::ECOMMERCE_PURCHASES,
		'engagement_rate'             => Metric::ENGAGEMENT_RATE,
		'sessions_per_user'           => Metric::SESSIONS_PER_USER,
	);

	/**
	 * Pro-only metric ids: the revenue and purchase ones.
	 */
	public const PRO = array(
		'revenue_sales',
		'average_revenue_per_user',
		'average_revenue_per_session',
		'ecommerce_purchases',
	);

	/**
	 * Every GA4 metric the metric ids need.
	 *
	 * @return string[]
	 */
	public static function query_metrics(): array {
		return array_values( array_unique( array_values( self::IDS ) ) );
	}

	/**
	 * The value of a metric id from a row of GA4 metrics.
	 *
	 * @param string                   $id      Metric id.
	 * @param array<string, int|float> $metrics GA4 metrics.
	 */
	public static function value( string $id, array $metrics ): int|float {
		if ( 'average_revenue_per_session' === $id ) {
			$sessions = (float) ( $metrics[ Metric::SESSIONS ] ?? 0 );
			return $sessions > 0 ? round( (float) ( $metrics[ Metric::TOTAL_REVENUE ] ?? 0 ) / $sessions, 2 ) : 0;
		}
		return $metrics[ self::IDS[ $id ] ] ?? 0;
	}

	/**
	 * Percent change from $before to $now, rounded to 2 decimals: 0 when both are 0, null when there
	 * is nothing before to compare with (a change from nothing has no percentage; the app shows it
	 * as "--" rather than a misleading 0 %).
	 *
	 * @param int|float $now    The value now.
	 * @param int|float $before The value before.
	 */
	public static function change( int|float $now, int|float $before ): ?float {
		if ( 0.0 === (float) $before ) {
			return 0.0 === (float) $now ? 0.0 : null;
		}
		return round( ( (float) $now - (float) $before ) / abs( (float) $before ) * 100, 2 );
	}

	/**
	 * A share in percent, 2 decimals.
	 *
	 * @param int|float $part  The part.
	 * @param int|float $whole The whole.
	 */
	public static function percent( int|float $part, int|float $whole ): float {
		return (float) $whole > 0 ? round( (float) $part / (float) $whole * 100, 2 ) : 0.0;
	}
}
