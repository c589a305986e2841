import type {
	AppFlags,
	AppState,
	BootCapabilities,
	BootData,
	BootShop,
	BootSite,
	DateQuery,
	Level,
} from './types';

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

export function getRoute( state: AppState ): string {
	return state.route;
}

export function getDateQuery( state: AppState ): DateQuery | null {
	return state.dateQuery;
}

export function getFlags( state: AppState ): AppFlags {
	return state.flags;
}

/**
 * Why the active source refused to answer, or null.
 *
 * @param state Store state.
 */
export function getAuthProblem( state: AppState ): string | null {
	return state.authProblem;
}

/**
 * The licence level; lite until the boot data says otherwise.
 *
 * @param state Store state.
 */
export function getLevel( state: AppState ): Level {
	return state.boot?.licence.level ?? 'lite';
}

/**
 * The site's shop, or null without one (docs/product-rules.md#modules): eCommerce columns, metrics
 * and cards show only with one.
 *
 * @param state Store state.
 */
export function getShop( state: AppState ): BootShop | null {
	return state.boot?.shop ?? null;
}
