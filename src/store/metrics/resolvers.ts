import apiFetch from '@wordpress/api-fetch';

import { errorText } from '../errors';
import {
	receiveIncludedMetrics,
	receiveIncludedMetricsError,
	type MetricsThunkArgs,
} from './actions';
import { METRICS_PATH } from './constants';
import type { IncludedMetric } from './types';

/** Loads the user's metrics with GET /monsterinsights-reports/v1/metrics, unless received. */
export function getIncludedMetrics() {
	return async ( {
		dispatch,
		select,
	}: MetricsThunkArgs ): Promise< void > => {
		if ( select.hasIncludedMetrics() ) {
			return;
		}
		try {
			dispatch(
				receiveIncludedMetrics(
					await apiFetch< IncludedMetric[] >( { path: METRICS_PATH } )
				)
			);
		} catch ( error ) {
			dispatch( receiveIncludedMetricsError( errorText( error ) ) );
		}
	};
}

/** getSelectedMetricIds reads the same data: its first use loads it the same way. */
export function getSelectedMetricIds() {
	return async ( { resolveSelect }: MetricsThunkArgs ): Promise< void > => {
		await resolveSelect.getIncludedMetrics();
	};
}
