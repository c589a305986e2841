/**
 * The request bodies the stores share: a GET whose answer (or failure) is stored, and a write with
 * its saving flag that resolves to { success, … } or { success: false, error }.
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
