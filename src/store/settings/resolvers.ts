import apiFetch from '@wordpress/api-fetch';

import { errorText } from '../errors';
import {
	receiveSettings,
	receiveSettingsError,
	type SettingsThunkArgs,
} from './actions';
import { SETTINGS_PATH } from './constants';
import type { ReportsSettings } from './types';

/** Loads the settings with GET /monsterinsights-reports/v1/settings, unless received. */
export function getSettings() {
	return async ( {
		dispatch,
		select,
	}: SettingsThunkArgs ): Promise< void > => {
		if ( select.hasSettings() ) {
			return;
		}
		try {
			dispatch(
				receiveSettings(
					await apiFetch< ReportsSettings >( { path: SETTINGS_PATH } )
				)
			);
		} catch ( error ) {
			dispatch( receiveSettingsError( errorText( error ) ) );
		}
	};
}
