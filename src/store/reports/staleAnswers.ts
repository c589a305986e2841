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
 * Whether a value is a fetch Response (by its shape: a test's fetch handler may answer parsed
 * data, and not every environment has the Response class).
 *
 * @param value The value.
 */
function isResponse( value: unknown ): value is Response {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof ( value as Response ).json === 'function' &&
		typeof ( value as Response ).headers?.get === 'function'
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
		// Without fetch's Response class (a test's DOM) answers cannot be read raw: left alone.
		if (
			typeof Response !== 'function' ||
			options.parse === false ||
			! isReportRequest( options )
		) {
			return next( options );
		}
		let response: unknown;
		try {
			response = await next( { ...options, parse: false } );
		} catch ( error ) {
			throw isResponse( error ) ? await failure( error ) : error;
		}
		if ( ! isResponse( response ) ) {
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
