import { createSelector } from '@wordpress/data';

import { FALLBACK_METRIC, type MetricId } from '../reports/constants';
import type { IncludedMetric, MetricsState } from './types';

/**
 * Every metric with its checked flag, in the spec's order; undefined until loaded (its resolver
 * loads them on first use).
 *
 * @param state State.
 */
export function getIncludedMetrics(
	state: MetricsState
): IncludedMetric[] | undefined {
	return state.metrics ?? undefined;
}

/**
 * Whether the metrics were received (loaded or seeded); no resolver.
 *
 * @param state State.
 */
export function hasIncludedMetrics( state: MetricsState ): boolean {
	return state.metrics !== null;
}

const FALLBACK: readonly MetricId[] = [ FALLBACK_METRIC ];

/**
 * The checked metric ids in the spec's order; ['sessions'] when none is checked or until the
 * metrics are loaded (spec 1 §9: fallback metric sessions). Its resolver loads the metrics.
 * The same array is returned while the metrics do not change.
 */
export const getSelectedMetricIds = createSelector(
	( state: MetricsState ): readonly MetricId[] => {
		const checked = ( state.metrics ?? [] )
			.filter( ( metric ) => metric.checked )
			.map( ( metric ) => metric.id );
		return checked.length > 0 ? checked : FALLBACK;
	},
	( state: MetricsState ) => [ state.metrics ]
);

/**
 * Why loading the metrics failed, or null.
 *
 * @param state State.
 */
export function getIncludedMetricsLoadError(
	state: MetricsState
): string | null {
	return state.loadError;
}

/**
 * Whether a save is running.
 *
 * @param state State.
 */
export function isSavingMetrics( state: MetricsState ): boolean {
	return state.saving;
}
