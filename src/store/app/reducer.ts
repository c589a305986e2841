import type { AppAction } from './actions';
import type { AppState } from './types';

export const initialState: AppState = { boot: null };

export function reducer(
	state: AppState = initialState,
	action: AppAction
): AppState {
	switch ( action.type ) {
		case 'RECEIVE_BOOT':
			return { ...state, boot: action.boot };
		default:
			return state;
	}
}
