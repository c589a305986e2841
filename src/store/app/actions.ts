import { buildHash } from '../../lib/hash';
import { replaceHash } from './location';
import type { AppFlags, BootData, DateQuery } from './types';

export function receiveBoot( boot: BootData ) {
	return { type: 'RECEIVE_BOOT', boot } as const;
}

/**
 * Sets the active route (a hash path such as "/" or "/publishers"). Only the hash router sets it,
 * from the URL's hash.
 *
 * @param route The route.
 */
export function setRoute( route: string ) {
	return { type: 'SET_ROUTE', route } as const;
}

/**
 * Sets the date state of the reports. Only the hash router sets it, from the URL's hash: to show
 * other dates, use showDates().
 *
 * @param dateQuery The dates.
 */
export function setDateQuery( dateQuery: DateQuery ) {
	return { type: 'SET_DATE_QUERY', dateQuery } as const;
}

/** What showDates() needs of the app store. */
interface ShowDatesArgs {
	select: { getRoute: () => string };
}

/**
 * Shows the reports for other dates: writes them into the URL's hash (the same history entry),
 * from where the hash router puts the dates the hash stands for into the store — a lite licence's
 * fixed range, say, whatever was asked. One path, one way: picker → hash → store → requests.
 *
 * @param dateQuery The dates asked for.
 */
export function showDates( dateQuery: DateQuery ) {
	return ( { select }: ShowDatesArgs ): void => {
		replaceHash( buildHash( select.getRoute(), dateQuery ) );
	};
}

/**
 * Changes some of the app flags.
 *
 * @param flags The flags to change.
 */
export function setFlags( flags: Partial< AppFlags > ) {
	return { type: 'SET_FLAGS', flags } as const;
}

/**
 * Records why the active source refused to answer (or null once it answers again): the reports
 * area shows the not-connected screen with it.
 *
 * @param reason Google's words, or null.
 */
export function setAuthProblem( reason: string | null ) {
	return { type: 'SET_AUTH_PROBLEM', reason } as const;
}

export type AppAction =
	| ReturnType< typeof receiveBoot >
	| ReturnType< typeof setRoute >
	| ReturnType< typeof setDateQuery >
	| ReturnType< typeof setFlags >
	| ReturnType< typeof setAuthProblem >;
