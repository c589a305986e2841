import { write } from '../requests';
import type { ResourceAction, ThunkArgs } from '../resource';
import { ADDONS_PATH, addonsResource } from './constants';
import type { AddonKey, AddonsMap, SetAddonResult } from './types';

/** Stores the map (the resolver's and setAddonActive's answer; seeds tests). */
export const receiveAddons = addonsResource.receive;

/** Stores why loading the map failed. */
export const receiveAddonsError = addonsResource.receiveError;

/**
 * Marks a module's switch as running or finished.
 *
 * @param key    The module.
 * @param saving Whether its switch runs.
 */
export function setAddonSaving( key: AddonKey, saving: boolean ) {
	return { type: 'SET_ADDON_SAVING', key, saving } as const;
}

export type AddonsAction =
	| ResourceAction< AddonsMap >
	| ReturnType< typeof setAddonSaving >;

/** What this store's thunks receive. */
export type AddonsThunkArgs = ThunkArgs<
	AddonsAction,
	{ hasAddons: () => boolean }
>;

/**
 * Turns a module on or off ("Activate addon", docs/product-rules.md#modules) and stores the map the
 * server answers. Resolves to { success, addons } or { success: false, error }, never rejects.
 *
 * @param key    The module.
 * @param active On or off.
 */
export function setAddonActive( key: AddonKey, active: boolean ) {
	return async ( { dispatch }: AddonsThunkArgs ): Promise< SetAddonResult > =>
		write(
			( saving ) => dispatch( setAddonSaving( key, saving ) ),
			async () => ( {
				addons: await addonsResource.post(
					dispatch,
					{ active },
					( addons: AddonsMap ) => addons,
					`${ ADDONS_PATH }/${ key }`
				),
			} )
		);
}
