import { EMPTY_RESOURCE } from '../resource';
import type { AddonsAction } from './actions';
import { addonsResource } from './constants';
import type { AddonsState } from './types';

export const initialState: AddonsState = {
	...EMPTY_RESOURCE,
	saving: [],
};

export function reducer(
	state: AddonsState = initialState,
	action: AddonsAction
): AddonsState {
	if ( action.type === 'SET_ADDON_SAVING' ) {
		return {
			...state,
			saving: action.saving
				? [ ...state.saving, action.key ]
				: state.saving.filter( ( key ) => key !== action.key ),
		};
	}
	return addonsResource.reduce( state, action );
}
