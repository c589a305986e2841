import { createSelector } from '@wordpress/data';

import { FALLBACK_METRIC, type MetricId } from '../reports/constants';
import { metricsResource } from './constants';
import type { MetricsState } from './types';

/**
 * Every metric with its checked flag, in the order of docs/product-rules.md#metrics; undefined
 * until loaded (its resolver loads them on first use).
 */
export const getIncludedMetrics = metricsResource.get;

/** Whether the metrics were received (loaded or seeded); no resolver. */
export const hasIncludedMetrics = metricsResource.received;

const FALLBACK: readonly MetricId[] = [ FALLBACK_METRIC ];

/**
 * The checked metric ids in the order of docs/product-rules.md#metrics; ['sessions'] when none is
 * checked or until the metrics are loaded. Its resolver loads the metrics.
 * The same array is returned while the metrics do not change.
 */
export const getSelectedMetricIds = createSelector(
	( state: MetricsState ): readonly MetricId[] => {
		const checked = ( state.value ?? [] )
			.filter( ( metric ) => metric.checked )
			.map( ( metric ) => metric.id );
		return checked.length > 0 ? checked : FALLBACK;
	},
	( state: MetricsState ) => [ state.value ]
);

/** Why loading the metrics failed, or null. */
export const getIncludedMetricsLoadError = metricsResource.loadError;

/** Whether a save is running. */
export const isSavingMetrics = metricsResource.saving;
