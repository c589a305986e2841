import { settingsResource } from './constants';
import type { SettingsState } from './types';

/** The settings; undefined until loaded (its resolver loads them on first use). */
export const getSettings = settingsResource.get;

/** Whether the settings were received (loaded or seeded); no resolver. */
export const hasSettings = settingsResource.received;

/** Why loading the settings failed, or null. */
export const getSettingsLoadError = settingsResource.loadError;

/** Whether a save is running. */
export const isSavingSettings = settingsResource.saving;

/**
 * Whether referral lists show site icons (docs/product-rules.md#privacy): the setting once loaded,
 * off before, so a list drawn before the settings arrive never asks the favicon service of a site
 * that turned it off. No resolver: the start-up sequence loads the settings.
 *
 * @param state State.
 */
export function showsReferralFavicons( state: SettingsState ): boolean {
	return state.value?.referral_favicons ?? false;
}
