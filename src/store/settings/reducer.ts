import { EMPTY_RESOURCE } from '../resource';
import type { SettingsAction } from './actions';
import { settingsResource } from './constants';
import type { SettingsState } from './types';

export const initialState: SettingsState = {
	...EMPTY_RESOURCE,
	saving: false,
};

export function reducer(
	state: SettingsState = initialState,
	action: SettingsAction
): SettingsState {
	if ( action.type === 'SET_SAVING_SETTINGS' ) {
		return { ...state, saving: action.saving };
	}
	return settingsResource.reduce( state, action );
}
