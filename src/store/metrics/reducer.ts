import { EMPTY_RESOURCE } from '../resource';
import type { MetricsAction } from './actions';
import { metricsResource } from './constants';
import type { MetricsState } from './types';

export const initialState: MetricsState = {
	...EMPTY_RESOURCE,
	saving: false,
};

export function reducer(
	state: MetricsState = initialState,
	action: MetricsAction
): MetricsState {
	if ( action.type === 'SET_SAVING_METRICS' ) {
		return { ...state, saving: action.saving };
	}
	return metricsResource.reduce( state, action );
}
