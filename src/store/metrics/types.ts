/**
 * The user's included metrics (docs/product-rules.md#metrics): GET/POST
 * /monsterinsights-reports/v1/metrics. includes/REST/MetricsController.php describes the same
 * shape as a JSON schema.
 */
import type { MetricId } from '../reports/constants';
import type { SavedResourceState } from '../resource';

export interface IncludedMetric {
	id: MetricId;
	/** Translated label. */
	name: string;
	checked: boolean;
	isPro: boolean;
}

/** The answer of POST /metrics. */
export interface SaveMetricsResponse {
	success: true;
	metrics: IncludedMetric[];
}

/** What saveIncludedMetrics resolves to: success, or the server's error text for the toast. */
export type SaveMetricsResult =
	| { success: true; metrics: IncludedMetric[] }
	| { success: false; error: string };

/** The metrics (null until loaded), the load's error text and whether a save runs. */
export type MetricsState = SavedResourceState< IncludedMetric[] >;
