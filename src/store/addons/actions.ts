import apiFetch from '@wordpress/api-fetch';

import { write } from '../requests';
import { ADDONS_PATH } from './constants';
import type { AddonKey, AddonsMap, SetAddonResult } from './types';

/**
 * Stores the map (the resolver's and setAddonActive's answer; seeds tests).
 *
 * @param addons The map.
 */
export function receiveAddons( addons: AddonsMap ) {
	return { type: 'RECEIVE_ADDONS', addons } as const;
}

/**
 * Stores why loading the map failed.
 *
 * @param error The error text.
 */
export function receiveAddonsError( error: string ) {
	return { type: 'RECEIVE_ADDONS_ERROR', error } as const;
}

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
	| ReturnType< typeof receiveAddons >
	| ReturnType< typeof receiveAddonsError >
	| ReturnType< typeof setAddonSaving >;

/** What this store's thunks receive. */
export interface AddonsThunkArgs {
	dispatch: ( action: AddonsAction ) => unknown;
	select: { hasAddons: () => boolean };
}

/**
 * Turns a module on or off ("Activate addon", decisions.md) and stores the map the server
 * answers. Resolves to { success, addons } or { success: false, error }, never rejects.
 *
 * @param key    The module.
 * @param active On or off.
 */
export function setAddonActive( key: AddonKey, active: boolean ) {
	return async ( { dispatch }: AddonsThunkArgs ): Promise< SetAddonResult > =>
		write(
			( saving ) => dispatch( setAddonSaving( key, saving ) ),
			async () => {
				const addons = await apiFetch< AddonsMap >( {
					path: `${ ADDONS_PATH }/${ key }`,
					method: 'POST',
					data: { active },
				} );
				dispatch( receiveAddons( addons ) );
				return { addons };
			}
		);
}
