import type { NotificationsAction } from './actions';
import type { NotificationsState } from './types';

export const initialState: NotificationsState = {
	payload: null,
	loading: false,
	loadError: null,
	dismissing: [],
	dismissError: null,
};

export function reducer(
	state: NotificationsState = initialState,
	action: NotificationsAction
): NotificationsState {
	switch ( action.type ) {
		case 'RECEIVE_NOTIFICATIONS':
			return {
				...state,
				payload: action.payload,
				loading: false,
				loadError: null,
			};
		case 'START_LOADING_NOTIFICATIONS':
			return { ...state, loading: true, loadError: null };
		case 'RECEIVE_NOTIFICATIONS_ERROR':
			return { ...state, loading: false, loadError: action.error };
		case 'SET_DISMISSING': {
			const others = state.dismissing.filter(
				( id ) => id !== action.id
			);
			return {
				...state,
				dismissing: action.running ? [ ...others, action.id ] : others,
			};
		}
		case 'RECEIVE_DISMISS_ERROR':
			return { ...state, dismissError: action.error };
		default:
			return state;
	}
}
