import { createReduxStore } from '@wordpress/data';

import * as actions from './actions';
import { reducer } from './reducer';
import * as resolvers from './resolvers';
import * as selectors from './selectors';

export const METRICS_STORE = 'monsterinsights-reports/metrics';

export const metricsStore = createReduxStore( METRICS_STORE, {
	reducer,
	actions,
	selectors,
	resolvers,
} );

export {
	canCheckMetric,
	metricCheckBlocker,
	metricLimitText,
	selectionToSave,
	toggleMetric,
	type MetricCheckBlocker,
} from './rules';
export type {
	IncludedMetric,
	MetricsState,
	SaveMetricsResponse,
	SaveMetricsResult,
} from './types';
