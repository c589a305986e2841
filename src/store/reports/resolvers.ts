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
 * resolveSelect and hasFinishedResolution behave the same for every equivalent query. A request
 * an invalidation forgot while it ran is dropped and asked again.
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
		for (;;) {
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
				if ( select.getReportError( name, query ) ) {
					return;
				}
				continue;
			}
			const token = ++lastToken;
			dispatch.startReportRequest( name, query, token );
			let payload: unknown;
			let failure: ReturnType< typeof toReportError > | null = null;
			try {
				payload = await apiFetch( { path: reportPath( name, query ) } );
			} catch ( error ) {
				failure = toReportError( error );
			}
			if ( select.getReportRequest( name, query ) !== token ) {
				// An invalidation forgot this request while it ran (its answer may be out of
				// date). The registry may count this resolution as finished already, so nobody
				// would ask again: ask again here.
				continue;
			}
			if ( failure ) {
				dispatch.handleReportError( name, query, failure, token );
			} else {
				dispatch.receiveReport( name, query, payload, token );
			}
			return;
		}
	};
}
