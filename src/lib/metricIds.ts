/**
 * The overview's metric ids (docs/product-rules.md#metrics), in that order. The formatting helpers
 * key on them; the reports store (src/store/reports/constants.ts) adds their labels and rules.
 */
export const METRIC_IDS = [
	'sessions',
	'pageviews',
	'totalusers',
	'pageviews_per_user',
	'average_session_duration',
	'bounce_rate',
	'revenue_sales',
	'average_revenue_per_user',
	'average_revenue_per_session',
	'new_users',
	'ecommerce_purchases',
	'engagement_rate',
	'sessions_per_user',
] as const;

export type MetricId = ( typeof METRIC_IDS )[ number ];

/**
 * The revenue and purchase metrics: offered only while the site has a shop (the boot data's
 * shop), as they are only while the licence is pro.
 */
export const SHOP_METRIC_IDS: readonly MetricId[] = [
	'revenue_sales',
	'average_revenue_per_user',
	'average_revenue_per_session',
	'ecommerce_purchases',
];

/**
 * Whether a metric id is a revenue or purchase metric.
 *
 * @param id A metric id.
 */
export function isShopMetric( id: string ): boolean {
	return ( SHOP_METRIC_IDS as readonly string[] ).includes( id );
}
