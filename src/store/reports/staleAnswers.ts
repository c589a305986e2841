import type { APIFetchMiddleware } from '@wordpress/api-fetch';

import { REST_NAMESPACE } from './query';

/**
 * The header of a report answer built from Google's last answers because its quota ran out
 * (includes/REST/ReportsController.php STALE_HEADER).
 */
export const STALE_HEADER = 'X-MonsterInsights-Reports-Stale';

/**
 * Whether a request is a GET of the report routes.
 *
 * @param options The request's options.
 */
function isReportRequest( options: Parameters< APIFetchMiddleware >[ 0 ] ) {
	const path = options.path ?? options.url ?? '';
	return (
		( options.method ?? 'GET' ).toUpperCase() === 'GET' &&
		path.includes( `${ REST_NAMESPACE }/reports/` )
	);
}

/**
 * Reads a failed answer as api-fetch would have (its WP_Error JSON), else api-fetch's invalid_json.
 *
 * @param response The failed answer.
 */
async function failure( response: Response ): Promise< unknown > {
	try {
		return await response.json();
	} catch {
		return {
			code: 'invalid_json',
			message: 'The response is not a valid JSON response.',
		};
	}
}

/**
 * An api-fetch middleware for the report routes: it reads their answers itself, to see the stale
 * header, and calls onStale when an answer has it; callers still get the parsed JSON (or, for a
 * failure, the parsed error), as without it.
 *
 * @param onStale Called for each stale answer.
 */
export function staleAnswersMiddleware(
	onStale: () => void
): APIFetchMiddleware {
	return async ( options, next ) => {
		if ( options.parse === false || ! isReportRequest( options ) ) {
			return next( options );
		}
		let response: unknown;
		try {
			response = await next( { ...options, parse: false } );
		} catch ( error ) {
			throw error instanceof Response ? await failure( error ) : error;
		}
		if ( ! ( response instanceof Response ) ) {
			return response;
		}
		if ( response.headers.get( STALE_HEADER ) ) {
			onStale();
		}
		if ( ! response.ok ) {
			throw await failure( response );
		}
		return response.status === 204 ? null : response.json();
	};
}
