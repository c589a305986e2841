import apiFetch from '@wordpress/api-fetch';

/**
 * Whether a value looks like a fetch Response (something with a json() method).
 *
 * @param value Anything.
 */
function isResponse(
	value: unknown
): value is { json: () => Promise< unknown > } {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof ( value as { json?: unknown } ).json === 'function'
	);
}

/**
 * GETs a list whose path asks for every row (per_page=-1) and answers its JSON.
 *
 * api-fetch's fetch-all middleware rewrites any path holding `per_page=-1` to per_page=100 and,
 * as these routes answer an object ({ items, pagination }) rather than an array, would return
 * the first 100 rows only. It stays out of requests that opt out of parsing, so this parses the
 * answer itself. A refusal rejects as api-fetch's parsed errors do: with the WP_Error's JSON
 * ({ code, message, data }), or api-fetch's own fetch_error / invalid_json.
 *
 * @param path The api-fetch path.
 */
export async function fetchAll< T >( path: string ): Promise< T > {
	let response: unknown;
	try {
		response = await apiFetch( { path, parse: false } );
	} catch ( error ) {
		throw await readError( error );
	}
	if ( ! isResponse( response ) ) {
		throw { code: 'invalid_json', message: '' };
	}
	try {
		return ( await response.json() ) as T;
	} catch {
		throw { code: 'invalid_json', message: '' };
	}
}

/**
 * The parsed body of an error response, or the error itself when it is not a response.
 *
 * @param error What api-fetch rejected with.
 */
async function readError( error: unknown ): Promise< unknown > {
	if ( ! isResponse( error ) ) {
		return error;
	}
	try {
		return await error.json();
	} catch {
		return { code: 'invalid_json', message: '' };
	}
}
