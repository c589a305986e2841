import type { SettingsAction } from './actions';
import type { SettingsState } from './types';

export const initialState: SettingsState = {
	settings: null,
	loadError: null,
	saving: false,
};

export function reducer(
	state: SettingsState = initialState,
	action: SettingsAction
): SettingsState {
	switch ( action.type ) {
		case 'RECEIVE_SETTINGS':
			return { ...state, settings: action.settings, loadError: null };
		case 'RECEIVE_SETTINGS_ERROR':
			return { ...state, loadError: action.error };
		case 'SET_SAVING_SETTINGS':
			return { ...state, saving: action.saving };
		default:
			return state;
	}
}
