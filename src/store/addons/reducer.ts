import type { AddonsAction } from './actions';
import type { AddonsState } from './types';

export const initialState: AddonsState = {
	addons: null,
	loadError: null,
	saving: [],
};

export function reducer(
	state: AddonsState = initialState,
	action: AddonsAction
): AddonsState {
	switch ( action.type ) {
		case 'RECEIVE_ADDONS':
			return { ...state, addons: action.addons, loadError: null };
		case 'RECEIVE_ADDONS_ERROR':
			return { ...state, loadError: action.error };
		case 'SET_ADDON_SAVING':
			return {
				...state,
				saving: action.saving
					? [ ...state.saving, action.key ]
					: state.saving.filter( ( key ) => key !== action.key ),
			};
		default:
			return state;
	}
}
