import { write } from '../requests';
import {
	setSaving,
	type ResourceAction,
	type SavingAction,
	type ThunkArgs,
} from '../resource';
import { metricsResource } from './constants';
import type {
	IncludedMetric,
	SaveMetricsResponse,
	SaveMetricsResult,
} from './types';

/** Stores the user's metrics (the resolver's and saveIncludedMetrics' answer; seeds tests). */
export const receiveIncludedMetrics = metricsResource.receive;

/** Stores why loading the metrics failed. */
export const receiveIncludedMetricsError = metricsResource.receiveError;

/** Marks a save as running or finished. */
export const setSavingMetrics = setSaving;

export type MetricsAction = ResourceAction< IncludedMetric[] > | SavingAction;

/** What this store's thunks receive. */
export type MetricsThunkArgs = ThunkArgs<
	MetricsAction,
	{ hasIncludedMetrics: () => boolean }
> & {
	resolveSelect: { getIncludedMetrics: () => Promise< unknown > };
};

/**
 * Saves the user's selection with POST /monsterinsights-reports/v1/metrics (selected_metrics: the
 * ids, comma-separated) and stores the answer. The server refuses unknown ids, more than 7 and
 * pro-only metrics without pro, and saves sessions when none is left.
 *
 * Resolves to { success: true, metrics } or { success: false, error } with the server's error
 * text for the error toast; never rejects.
 *
 * @param ids The metric ids to check.
 */
export function saveIncludedMetrics( ids: readonly string[] ) {
	return async ( {
		dispatch,
	}: MetricsThunkArgs ): Promise< SaveMetricsResult > =>
		write(
			( saving ) => dispatch( setSavingMetrics( saving ) ),
			async () => ( {
				metrics: await metricsResource.post(
					dispatch,
					{ selected_metrics: ids.join( ',' ) },
					( answer: SaveMetricsResponse ) => answer.metrics
				),
			} )
		);
}
