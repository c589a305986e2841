import { __ } from '@wordpress/i18n';

/**
 * The text to show for an api-fetch rejection: the server's WP_Error message, api-fetch's own
 * message for a network failure, else "Please try again." (spec 1 §8).
 *
 * @param error What api-fetch rejected with.
 */
export function errorText( error: unknown ): string {
	if ( typeof error === 'object' && error !== null && 'message' in error ) {
		const { message } = error as { message: unknown };
		if ( typeof message === 'string' && message !== '' ) {
			return message;
		}
	}
	return __( 'Please try again.', 'monsterinsights-reports' );
}
