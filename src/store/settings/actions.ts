import { write } from '../requests';
import {
	setSaving,
	type ResourceAction,
	type SavingAction,
	type ThunkArgs,
} from '../resource';
import { settingsResource } from './constants';
import type {
	ReportsSettings,
	SaveSettingsResult,
	SettingsChanges,
} from './types';

/** Stores the settings (the resolver's and saveSettings' answer; seeds tests). */
export const receiveSettings = settingsResource.receive;

/** Stores why loading the settings failed. */
export const receiveSettingsError = settingsResource.receiveError;

/** Marks a save as running or finished. */
export const setSavingSettings = setSaving;

export type SettingsAction = ResourceAction< ReportsSettings > | SavingAction;

/** What this store's thunks receive. */
export type SettingsThunkArgs = ThunkArgs<
	SettingsAction,
	{ hasSettings: () => boolean }
>;

/**
 * Saves some settings with POST /monsterinsights-reports/v1/settings and stores the answer.
 * Resolves to { success: true, settings } or { success: false, error } with the server's error
 * text (for instance the refused field), never rejects.
 *
 * @param changes The settings to change.
 */
export function saveSettings( changes: SettingsChanges ) {
	return async ( {
		dispatch,
	}: SettingsThunkArgs ): Promise< SaveSettingsResult > =>
		write(
			( saving ) => dispatch( setSavingSettings( saving ) ),
			async () => ( {
				settings: await settingsResource.post(
					dispatch,
					changes,
					( settings: ReportsSettings ) => settings
				),
			} )
		);
}
