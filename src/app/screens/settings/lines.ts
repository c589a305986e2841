/**
 * Lists typed one entry per line (excluded IPs, referrer spam hosts).
 */

/**
 * The non-empty, trimmed lines of a text.
 *
 * @param text The text.
 */
export function linesOf( text: string ): string[] {
	return text
		.split( /\r?\n/ )
		.map( ( line ) => line.trim() )
		.filter( ( line ) => line !== '' );
}

/**
 * A list as one entry per line.
 *
 * @param list The entries.
 */
export function textOf( list: readonly string[] ): string {
	return list.join( '\n' );
}
