import type { MetricsAction } from './actions';
import type { MetricsState } from './types';

export const initialState: MetricsState = {
	metrics: null,
	loadError: null,
	saving: false,
};

export function reducer(
	state: MetricsState = initialState,
	action: MetricsAction
): MetricsState {
	switch ( action.type ) {
		case 'RECEIVE_INCLUDED_METRICS':
			return { ...state, metrics: action.metrics, loadError: null };
		case 'RECEIVE_INCLUDED_METRICS_ERROR':
			return { ...state, loadError: action.error };
		case 'SET_SAVING_METRICS':
			return { ...state, saving: action.saving };
		default:
			return state;
	}
}
