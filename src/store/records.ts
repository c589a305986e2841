/**
 * Immutable record helpers of the stores' reducers.
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
