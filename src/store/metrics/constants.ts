import { resource } from '../resource';
import type { IncludedMetric } from './types';

export const METRICS_PATH = '/monsterinsights-reports/v1/metrics';

/** The user's metrics: loaded by getIncludedMetrics, replaced by what saveIncludedMetrics answers. */
export const metricsResource = resource<
	IncludedMetric[],
	'hasIncludedMetrics'
>( METRICS_PATH, 'hasIncludedMetrics' );
