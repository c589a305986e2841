import { loadInto } from '../requests';
import {
	receiveSettings,
	receiveSettingsError,
	type SettingsThunkArgs,
	type SettingsAction,
} from './actions';
import { SETTINGS_PATH } from './constants';
import type { ReportsSettings } from './types';

/** Loads the settings with GET /monsterinsights-reports/v1/settings, unless received. */
export function getSettings() {
	return async ( {
		dispatch,
		select,
	}: SettingsThunkArgs ): Promise< void > => {
		if ( ! select.hasSettings() ) {
			await loadInto< ReportsSettings, SettingsAction >(
				dispatch,
				SETTINGS_PATH,
				receiveSettings,
				receiveSettingsError
			);
		}
	};
}
