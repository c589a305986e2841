/**
 * The code of an api-fetch rejection (a WP_Error's code, api-fetch's fetch_error…), or
 * 'unknown_error'. Its readable text is the shared errorText (../errors).
 *
 * @param error What api-fetch rejected with.
 */
export function noteErrorCode( error: unknown ): string {
	if ( typeof error === 'object' && error !== null && 'code' in error ) {
		const { code } = error as { code: unknown };
		if ( typeof code === 'string' && code !== '' ) {
			return code;
		}
	}
	return 'unknown_error';
}
