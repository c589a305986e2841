import type { AppFlags, BootData, DateQuery } from './types';

export function receiveBoot( boot: BootData ) {
	return { type: 'RECEIVE_BOOT', boot } as const;
}

/**
 * Sets the active route (a hash path such as "/" or "/publishers").
 *
 * @param route The route.
 */
export function setRoute( route: string ) {
	return { type: 'SET_ROUTE', route } as const;
}

/**
 * Sets the date state of the reports.
 *
 * @param dateQuery The dates.
 */
export function setDateQuery( dateQuery: DateQuery ) {
	return { type: 'SET_DATE_QUERY', dateQuery } as const;
}

/**
 * Changes some of the app flags.
 *
 * @param flags The flags to change.
 */
export function setFlags( flags: Partial< AppFlags > ) {
	return { type: 'SET_FLAGS', flags } as const;
}

export type AppAction =
	| ReturnType< typeof receiveBoot >
	| ReturnType< typeof setRoute >
	| ReturnType< typeof setDateQuery >
	| ReturnType< typeof setFlags >;
