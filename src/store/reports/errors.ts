import { isLevel } from '../../lib/tiers';
import type { ReportError } from './types';

/**
 * Codes of the 400 answers that say what the site lacks for a report, not that it failed: no shop
 * (an eCommerce report), no source that reads Search Console (the builtin source), no Search
 * Console site chosen or a site Google does not let the account read (the Queries report). The
 * screen shows the server's text in an info notice, with no error dialog.
 */
export const NOTICE_CODES: readonly string[] = [
	'no_shop',
	'no_search_console',
	'no_search_console_site',
	'no_search_console_access',
];

/**
 * Whether an error is one of those notices.
 *
 * @param error The error, if any.
 */
export function isNoticeError(
	error: ReportError | null | undefined
): boolean {
	return !! error && NOTICE_CODES.includes( error.code );
}

/**
 * Reads an api-fetch rejection (the route's WP_Error as JSON, or api-fetch's own fetch_error and
 * invalid_json) as a ReportError.
 *
 * @param error What api-fetch rejected with.
 */
export function toReportError( error: unknown ): ReportError {
	const record =
		typeof error === 'object' && error !== null
			? ( error as Record< string, unknown > )
			: {};
	const data =
		typeof record.data === 'object' && record.data !== null
			? ( record.data as Record< string, unknown > )
			: {};
	const result: ReportError = {
		code: typeof record.code === 'string' ? record.code : 'unknown_error',
		message: typeof record.message === 'string' ? record.message : '',
	};
	if ( typeof data.status === 'number' ) {
		result.status = data.status;
	}
	if ( isLevel( data.level ) ) {
		result.level = data.level;
	}
	if ( typeof data.feature === 'string' ) {
		result.feature = data.feature;
	}
	if ( typeof data.reason === 'string' && data.reason !== '' ) {
		result.reason = data.reason;
	}
	return result;
}
