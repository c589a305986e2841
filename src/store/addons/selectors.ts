import type { AddonKey, AddonsMap, AddonsState } from './types';

/**
 * The modules map; undefined until loaded (its resolver loads it on first use).
 *
 * @param state State.
 */
export function getAddons( state: AddonsState ): AddonsMap | undefined {
	return state.addons ?? undefined;
}

/**
 * Whether the map was received; no resolver.
 *
 * @param state State.
 */
export function hasAddons( state: AddonsState ): boolean {
	return state.addons !== null;
}

/**
 * Whether a module is on; false while the map is not loaded. Reads the map without loading it.
 *
 * @param state State.
 * @param key   The module.
 */
export function isAddonActive( state: AddonsState, key: AddonKey ): boolean {
	return state.addons?.[ key ]?.active ?? false;
}

/**
 * Why loading the map failed, or null.
 *
 * @param state State.
 */
export function getAddonsLoadError( state: AddonsState ): string | null {
	return state.loadError;
}

/**
 * Whether a module's switch is running.
 *
 * @param state State.
 * @param key   The module.
 */
export function isAddonSaving( state: AddonsState, key: AddonKey ): boolean {
	return state.saving.includes( key );
}
