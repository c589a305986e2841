/**
 * A fake REST server for store tests: api-fetch's fetch handler replaced by a function of the
 * request. Prefer seeding stores with their receive* actions; use this where the request itself is
 * under test (resolvers, saves, errors).
 */
import apiFetch from '@wordpress/api-fetch';
import { removeQueryArgs } from '@wordpress/url';

export interface ApiCall {
	/** Path with its query, less the _locale=user api-fetch adds. */
	path: string;
	method: string;
	data?: unknown;
}

/**
 * Answers every api-fetch request with `answer( call )` (a value, or a rejected promise for an
 * error), recording the calls.
 *
 * @param answer What the server answers.
 * @return The calls, in order; the array fills as requests arrive.
 */
export function mockApi(
	answer: ( call: ApiCall ) => unknown | Promise< unknown >
): ApiCall[] {
	const calls: ApiCall[] = [];
	apiFetch.setFetchHandler( async ( options ) => {
		const call: ApiCall = {
			path: removeQueryArgs( options.path ?? '', '_locale' ),
			method: options.method ?? 'GET',
		};
		if ( options.data !== undefined ) {
			call.data = options.data;
		}
		calls.push( call );
		if ( options.parse === false ) {
			// Unparsed requests get (or are refused with) a Response-like object, as api-fetch
			// answers them.
			return Promise.resolve( answer( call ) ).then(
				( value ) => asResponse( value, 200 ),
				( error: unknown ) => {
					throw asResponse( error, errorStatus( error ) );
				}
			);
		}
		return answer( call );
	} );
	return calls;
}

/**
 * A Response-like answer with a JSON body.
 *
 * @param body   The body.
 * @param status HTTP status.
 */
function asResponse( body: unknown, status: number ) {
	return { status, ok: status < 300, json: async () => body };
}

/**
 * The HTTP status of a WP_Error body (data.status), else 500.
 *
 * @param error The error body.
 */
function errorStatus( error: unknown ): number {
	const data =
		typeof error === 'object' && error !== null
			? ( error as { data?: { status?: unknown } } ).data
			: undefined;
	return typeof data?.status === 'number' ? data.status : 500;
}

/**
 * Refuses every request (the stores then see an error) and records its path, so a test can assert
 * that nothing was requested.
 *
 * @param requested Where to record the paths; a new array by default.
 * @return The paths requested, in order.
 */
export function forbidApi( requested: string[] = [] ): string[] {
	apiFetch.setFetchHandler( async ( options ) => {
		requested.push( options.path ?? '' );
		throw new Error( `Unexpected request: ${ options.path ?? '' }` );
	} );
	return requested;
}

/**
 * A WP_Error as the REST API sends it and api-fetch rejects with.
 *
 * @param code    Error code.
 * @param message Message.
 * @param data    Data, status included.
 */
export function restError(
	code: string,
	message: string,
	data: Record< string, unknown > = {}
): Promise< never > {
	return Promise.reject( { code, message, data } );
}

export interface Deferred< T > {
	promise: Promise< T >;
	resolve: ( value: T ) => void;
	reject: ( reason: unknown ) => void;
}

/** A promise settled from outside, to hold a response back. */
export function deferred< T >(): Deferred< T > {
	let resolve: ( value: T ) => void = () => {};
	let reject: ( reason: unknown ) => void = () => {};
	const promise = new Promise< T >( ( res, rej ) => {
		resolve = res;
		reject = rej;
	} );
	return { promise, resolve, reject };
}

/**
 * Forbids every request in each test of the file (see forbidApi()).
 *
 * @return The paths requested during the current test.
 */
export function forbidApiInEachTest(): string[] {
	const requested: string[] = [];
	beforeEach( () => {
		requested.length = 0;
		forbidApi( requested );
	} );
	return requested;
}

/** Lets pending promises and resolver timers run. */
export function flush(): Promise< void > {
	return new Promise( ( resolve ) => setTimeout( resolve, 0 ) );
}
