import apiFetch from '@wordpress/api-fetch';

import type { DateQuery } from '../app/types';
import type { ReportsThunkArgs } from './actions';
import { toReportError } from './errors';
import { reportPath } from './query';

let lastToken = 0;

/**
 * Fetches GET /monsterinsights-reports/v1/reports/{name}?start&end[&compare_start&compare_end].
 *
 * The data registry runs a resolver once per argument list; queries that differ only in their
 * preset share one request key, so this resolver fetches only when nothing is stored for the key
 * and no request for it is in flight. For an in-flight request it waits until that one settles, so
 * resolveSelect and hasFinishedResolution behave the same for every equivalent query.
 *
 * @param name  Report name.
 * @param query The date query.
 */
export function getReport( name: string, query: DateQuery ) {
	return async ( {
		dispatch,
		select,
		registry,
	}: ReportsThunkArgs ): Promise< void > => {
		if ( select.hasReport( name, query ) ) {
			return;
		}
		if ( select.isReportLoading( name, query ) ) {
			await new Promise< void >( ( resolve ) => {
				const unsubscribe = registry.subscribe( () => {
					if ( ! select.isReportLoading( name, query ) ) {
						unsubscribe();
						resolve();
					}
				} );
			} );
			return;
		}
		const token = ++lastToken;
		dispatch.startReportRequest( name, query, token );
		let payload: unknown;
		try {
			payload = await apiFetch( { path: reportPath( name, query ) } );
		} catch ( error ) {
			dispatch.handleReportError(
				name,
				query,
				toReportError( error ),
				token
			);
			return;
		}
		dispatch.receiveReport( name, query, payload, token );
	};
}
