import type { AppState, BootCapabilities, BootData, BootSite } from './types';

export function getBoot( state: AppState ): BootData | null {
	return state.boot;
}

export function getSite( state: AppState ): BootSite | undefined {
	return state.boot?.site;
}

/**
 * Whether the current user holds a capability; false until the boot data arrives.
 *
 * @param state      Store state.
 * @param capability One of the boot capabilities.
 */
export function userCan(
	state: AppState,
	capability: keyof BootCapabilities
): boolean {
	return state.boot?.user.capabilities[ capability ] ?? false;
}
