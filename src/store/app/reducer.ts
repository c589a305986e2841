import type { AppAction } from './actions';
import type { AppState } from './types';

export const initialState: AppState = {
	boot: null,
	route: '/',
	dateQuery: null,
	flags: {
		blur: false,
		noauth: false,
		reauth: false,
		isLoaded: false,
		blocked: false,
		stale: false,
	},
	authProblem: null,
};

export function reducer(
	state: AppState = initialState,
	action: AppAction
): AppState {
	switch ( action.type ) {
		case 'RECEIVE_BOOT':
			return { ...state, boot: action.boot };
		case 'SET_ROUTE':
			return { ...state, route: action.route };
		case 'SET_DATE_QUERY':
			return { ...state, dateQuery: action.dateQuery };
		case 'SET_FLAGS':
			return { ...state, flags: { ...state.flags, ...action.flags } };
		case 'SET_AUTH_PROBLEM':
			return { ...state, authProblem: action.reason };
		default:
			return state;
	}
}
