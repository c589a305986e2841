/**
 * Immutable record helpers of the stores' reducers, and the bookkeeping of keyed requests (only the
 * latest request of a key may answer).
 */

/**
 * A copy of a record without one key; the record itself when it has no such key.
 *
 * @param record The record.
 * @param key    The key to drop.
 */
export function without< T >(
	record: Record< string, T >,
	key: string
): Record< string, T > {
	if ( ! ( key in record ) ) {
		return record;
	}
	const copy = { ...record };
	delete copy[ key ];
	return copy;
}

/** The part of a store's state that follows keyed requests: the token of each running one. */
export interface KeyedRequests {
	requests: Record< string, number >;
}

/**
 * The state with a request for a key started; a later request for the key supersedes it.
 *
 * @param state State.
 * @param key   Request key.
 * @param token The request's token.
 */
export function started< S extends KeyedRequests >(
	state: S,
	key: string,
	token: number
): S {
	return { ...state, requests: { ...state.requests, [ key ]: token } };
}

/**
 * The state after an answer for a key: the request done and the changes made, if the answer
 * belongs to the latest request of its key. Seeded answers (no token) always do; an answer to a
 * superseded or forgotten request does not, and leaves the state as it is.
 *
 * @param state   State.
 * @param key     Request key.
 * @param token   The answer's token.
 * @param changes What the answer changes.
 */
export function answered< S extends KeyedRequests >(
	state: S,
	key: string,
	token: number | undefined,
	changes: Partial< S >
): S {
	if ( token !== undefined && state.requests[ key ] !== token ) {
		return state;
	}
	return { ...state, requests: without( state.requests, key ), ...changes };
}
