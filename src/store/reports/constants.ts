/**
 * The overview's metric ids (docs/product-rules.md#metrics), in that order, with their labels.
 * includes/Reports/Metrics.php (IDS, PRO) and includes/REST/MetricsController.php list the same ids
 * and labels.
 */
import { __ } from '@wordpress/i18n';

import { METRIC_IDS, type MetricId } from '../../lib/metricIds';
import type { DimensionKey } from './types';

// The ids are the helpers' (src/lib/metricIds.ts); the store's users keep importing them from here.
export { METRIC_IDS, type MetricId };

/** Pro-only metrics: the revenue and purchase ones. */
export const PRO_METRICS: readonly MetricId[] = [
	'revenue_sales',
	'average_revenue_per_user',
	'average_revenue_per_session',
	'ecommerce_purchases',
];

/** At most this many metrics may be checked (docs/product-rules.md#metrics). */
export const MAX_METRICS = 7;

/** The metric saved and shown when none is checked. */
export const FALLBACK_METRIC: MetricId = 'sessions';

/**
 * Whether a value is a metric id.
 *
 * @param value Anything.
 */
export function isMetricId( value: unknown ): value is MetricId {
	return (
		typeof value === 'string' &&
		( METRIC_IDS as readonly string[] ).includes( value )
	);
}

/**
 * Whether a metric needs a pro licence.
 *
 * @param id Metric id.
 */
export function isProMetric( id: string ): boolean {
	return ( PRO_METRICS as readonly string[] ).includes( id );
}

/**
 * The translated label of a metric id. A function rather than a constant so the label follows
 * translations loaded after this module.
 *
 * @param id Metric id.
 */
export function metricLabel( id: MetricId ): string {
	switch ( id ) {
		case 'sessions':
			return __( 'Sessions', 'monsterinsights-reports' );
		case 'pageviews':
			return __( 'Pageviews', 'monsterinsights-reports' );
		case 'totalusers':
			return __( 'Total Users', 'monsterinsights-reports' );
		case 'pageviews_per_user':
			return __( 'Pageviews per User', 'monsterinsights-reports' );
		case 'average_session_duration':
			return __( 'Avg. Session Duration', 'monsterinsights-reports' );
		case 'bounce_rate':
			return __( 'Bounce Rate', 'monsterinsights-reports' );
		case 'revenue_sales':
			return __( 'Revenue', 'monsterinsights-reports' );
		case 'average_revenue_per_user':
			return __( 'Avg. Revenue per User', 'monsterinsights-reports' );
		case 'average_revenue_per_session':
			return __( 'Avg. Revenue per Session', 'monsterinsights-reports' );
		case 'new_users':
			return __( 'New Users', 'monsterinsights-reports' );
		case 'ecommerce_purchases':
			return __( 'Ecommerce Purchases', 'monsterinsights-reports' );
		case 'engagement_rate':
			return __( 'Engagement Rate', 'monsterinsights-reports' );
		case 'sessions_per_user':
			return __( 'Sessions per User', 'monsterinsights-reports' );
	}
}

/** Every metric id with its label and whether it is pro-only, in order. */
export function metricDefinitions(): Array< {
	id: MetricId;
	label: string;
	isPro: boolean;
} > {
	return METRIC_IDS.map( ( id ) => ( {
		id,
		label: metricLabel( id ),
		isPro: isProMetric( id ),
	} ) );
}

/** The custom dimensions in display order (includes/Settings/CustomDimensions.php). */
export const DIMENSION_KEYS: readonly DimensionKey[] = [
	'author',
	'post_type',
	'category',
	'tags',
	'published_at',
	'logged_in',
	'user_role',
];
