/**
 * The request bodies the stores share: a GET whose answer (or failure) is stored, a keyed GET asked
 * once per key, and a write with its saving flag that resolves to { success, … } or
 * { success: false, error }.
 */
import apiFetch from '@wordpress/api-fetch';

import { errorText } from './errors';

/**
 * GETs a path and dispatches what it answered, or the error text of its failure.
 *
 * @param dispatch The store's dispatch.
 * @param path     The REST path.
 * @param received Makes the action storing the answer.
 * @param failed   Makes the action storing the error text.
 */
export async function loadInto< T, A >(
	dispatch: ( action: A ) => unknown,
	path: string,
	received: ( answer: T ) => A,
	failed: ( error: string ) => A
): Promise< void > {
	try {
		dispatch( received( await apiFetch< T >( { path } ) ) );
	} catch ( error ) {
		dispatch( failed( errorText( error ) ) );
	}
}

/** What a write resolves to: success with what it stored, or the error text. */
export type WriteResult< R extends object > =
	| ( { success: true } & R )
	| { success: false; error: string };

/**
 * Runs a write with its saving flag on; never rejects.
 *
 * @param setSaving Sets the saving flag.
 * @param run       The write: resolves to what it stored.
 */
export async function write< R extends object >(
	setSaving: ( saving: boolean ) => void,
	run: () => Promise< R >
): Promise< WriteResult< R > > {
	setSaving( true );
	try {
		return { success: true, ...( await run() ) };
	} catch ( error ) {
		return { success: false, error: errorText( error ) };
	} finally {
		setSaving( false );
	}
}

/**
 * A keyed GET of a store (a report, a table page, a notes list): how its key's state is read, how
 * it asks the server, and how its start and its answer are stored.
 */
export interface KeyedRequest< T, E > {
	/** An answer is stored for the key (and still current). */
	has: () => boolean;
	/** A request for the key is in flight. */
	loading: () => boolean;
	/** The last request for the key failed. */
	failed: () => boolean;
	/** The token of the latest request for the key. */
	latest: () => number | undefined;
	/** Asks the server. */
	fetch: () => Promise< T >;
	/** The stored form of a failure. */
	error: ( failure: unknown ) => E;
	start: ( token: number ) => void;
	receive: ( answer: T, token: number ) => void;
	fail: ( error: E, token: number ) => void;
}

let lastToken = 0;

/**
 * Fetches a keyed GET unless its answer is stored: a store's resolver.
 *
 * The data registry runs a resolver once per argument list; argument lists that mean the same
 * request share one key, so this fetches only when nothing (current) is stored for the key and no
 * request for it is in flight. For an in-flight request it waits until that one settles, so
 * resolveSelect and hasFinishedResolution behave the same for every equivalent argument list. An
 * answer to a request that was superseded while it ran (an invalidation or a write forgot it, and
 * it may be out of date) is dropped; the registry may already count the resolution as finished,
 * so nobody would ask again: this asks again itself.
 *
 * @param subscribe The registry's subscribe.
 * @param request   The request.
 */
export async function fetchKeyed< T, E >(
	subscribe: ( listener: () => void ) => () => void,
	request: KeyedRequest< T, E >
): Promise< void > {
	for (;;) {
		if ( request.has() ) {
			return;
		}
		if ( request.loading() ) {
			await new Promise< void >( ( resolve ) => {
				const unsubscribe = subscribe( () => {
					if ( ! request.loading() ) {
						unsubscribe();
						resolve();
					}
				} );
			} );
			if ( request.failed() ) {
				return;
			}
			continue;
		}
		const token = ++lastToken;
		request.start( token );
		let answer: { ok: true; value: T } | { ok: false; error: E };
		try {
			answer = { ok: true, value: await request.fetch() };
		} catch ( failure ) {
			answer = { ok: false, error: request.error( failure ) };
		}
		if ( request.latest() !== token ) {
			continue;
		}
		if ( answer.ok ) {
			request.receive( answer.value, token );
		} else {
			request.fail( answer.error, token );
		}
		return;
	}
}
