import type { ReportsSettings, SettingsState } from './types';

/**
 * The settings; undefined until loaded (its resolver loads them on first use).
 *
 * @param state State.
 */
export function getSettings(
	state: SettingsState
): ReportsSettings | undefined {
	return state.settings ?? undefined;
}

/**
 * Whether the settings were received (loaded or seeded); no resolver.
 *
 * @param state State.
 */
export function hasSettings( state: SettingsState ): boolean {
	return state.settings !== null;
}

/**
 * Why loading the settings failed, or null.
 *
 * @param state State.
 */
export function getSettingsLoadError( state: SettingsState ): string | null {
	return state.loadError;
}

/**
 * Whether a save is running.
 *
 * @param state State.
 */
export function isSavingSettings( state: SettingsState ): boolean {
	return state.saving;
}

/**
 * Whether referral lists show site icons (decisions.md "Privacy"): the setting once loaded, off
 * before, so a list drawn before the settings arrive never asks the favicon service of a site
 * that turned it off. No resolver: the start-up sequence loads the settings.
 *
 * @param state State.
 */
export function showsReferralFavicons( state: SettingsState ): boolean {
	return state.settings?.referral_favicons ?? false;
}
