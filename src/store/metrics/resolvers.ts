import { loadInto } from '../requests';
import {
	receiveIncludedMetrics,
	receiveIncludedMetricsError,
	type MetricsThunkArgs,
	type MetricsAction,
} from './actions';
import { METRICS_PATH } from './constants';
import type { IncludedMetric } from './types';

/** Loads the user's metrics with GET /monsterinsights-reports/v1/metrics, unless received. */
export function getIncludedMetrics() {
	return async ( {
		dispatch,
		select,
	}: MetricsThunkArgs ): Promise< void > => {
		if ( ! select.hasIncludedMetrics() ) {
			await loadInto< IncludedMetric[], MetricsAction >(
				dispatch,
				METRICS_PATH,
				receiveIncludedMetrics,
				receiveIncludedMetricsError
			);
		}
	};
}

/** getSelectedMetricIds reads the same data: its first use loads it the same way. */
export function getSelectedMetricIds() {
	return async ( { resolveSelect }: MetricsThunkArgs ): Promise< void > => {
		await resolveSelect.getIncludedMetrics();
	};
}
