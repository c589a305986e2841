import type { MetricsThunkArgs } from './actions';
import { metricsResource } from './constants';

/** Loads the user's metrics with GET /monsterinsights-reports/v1/metrics, unless received. */
export const getIncludedMetrics = metricsResource.load;

/** getSelectedMetricIds reads the same data: its first use loads it the same way. */
export function getSelectedMetricIds() {
	return async ( { resolveSelect }: MetricsThunkArgs ): Promise< void > => {
		await resolveSelect.getIncludedMetrics();
	};
}
