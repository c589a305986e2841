import { addonsResource } from './constants';
import type { AddonKey, AddonsState } from './types';

/** The modules map; undefined until loaded (its resolver loads it on first use). */
export const getAddons = addonsResource.get;

/** Whether the map was received; no resolver. */
export const hasAddons = addonsResource.received;

/**
 * Whether a module is on; false while the map is not loaded. Reads the map without loading it.
 *
 * @param state State.
 * @param key   The module.
 */
export function isAddonActive( state: AddonsState, key: AddonKey ): boolean {
	return state.value?.[ key ]?.active ?? false;
}

/** Why loading the map failed, or null. */
export const getAddonsLoadError = addonsResource.loadError;

/**
 * Whether a module's switch is running.
 *
 * @param state State.
 * @param key   The module.
 */
export function isAddonSaving( state: AddonsState, key: AddonKey ): boolean {
	return state.saving.includes( key );
}
