import { __ } from '@wordpress/i18n';

/**
 * The text to show for an api-fetch rejection: the server's WP_Error message, api-fetch's own
 * message for a network failure, else "Please try again."
 * (docs/product-rules.md#dialogs-and-toasts).
 *
 * @param error What api-fetch rejected with.
 */
export function errorText( error: unknown ): string {
	const details = invalidParamMessages( error );
	if ( details.length > 0 ) {
		return details.join( ' ' );
	}
	if ( typeof error === 'object' && error !== null && 'message' in error ) {
		const { message } = error as { message: unknown };
		if ( typeof message === 'string' && message !== '' ) {
			return message;
		}
	}
	return __( 'Please try again.', 'monsterinsights-reports' );
}

/**
 * The per-field messages of a `rest_invalid_param` error (WordPress puts them in `data.params`,
 * keyed by parameter, while its `message` only lists the names); empty for any other error.
 *
 * @param error What api-fetch rejected with.
 */
export function invalidParamMessages( error: unknown ): string[] {
	if (
		typeof error !== 'object' ||
		error === null ||
		( error as { code?: unknown } ).code !== 'rest_invalid_param'
	) {
		return [];
	}
	const data = ( error as { data?: unknown } ).data;
	const params =
		typeof data === 'object' && data !== null
			? ( data as { params?: unknown } ).params
			: undefined;
	if ( typeof params !== 'object' || params === null ) {
		return [];
	}
	return Object.values( params ).filter(
		( message ): message is string =>
			typeof message === 'string' && message !== ''
	);
}
