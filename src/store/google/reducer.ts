import { EMPTY_RESOURCE } from '../resource';
import type { GoogleAction } from './actions';
import { siteGoogleResource } from './constants';
import type { GoogleState } from './types';

export const INITIAL: GoogleState = {
	...EMPTY_RESOURCE,
	saving: false,
	properties: null,
	sites: null,
	propertiesError: null,
	sitesError: null,
	test: null,
};

/**
 * The connection (the resource's reducer), the lists of what it can read and the last test. A
 * new sign-in (a different auth, client or e-mail) forgets the lists and the test.
 *
 * @param state  State.
 * @param action An action.
 */
export function reducer(
	state: GoogleState = INITIAL,
	action: GoogleAction
): GoogleState {
	switch ( action.type ) {
		case 'SET_SAVING':
			return { ...state, saving: action.saving };
		case 'RECEIVE': {
			const before = state.value;
			const after = action.value;
			const signIn = ( value: typeof after | null ) =>
				value
					? `${ value.auth }|${ value.client_email }|${ value.client_id }`
					: '';
			const changed =
				before !== null && signIn( before ) !== signIn( after );
			const next = siteGoogleResource.reduce( state, action );
			return changed
				? {
						...next,
						properties: null,
						sites: null,
						propertiesError: null,
						sitesError: null,
						test: null,
				  }
				: next;
		}
		case 'RECEIVE_ERROR':
			return siteGoogleResource.reduce( state, action );
		case 'RECEIVE_GOOGLE_LISTS':
			return {
				...state,
				properties: action.properties,
				sites: action.sites,
				propertiesError: action.propertiesError,
				sitesError: action.sitesError,
			};
		case 'RECEIVE_GOOGLE_TEST':
			return { ...state, test: action.test };
		default:
			return state;
	}
}
