import { isLevel } from '../../lib/tiers';
import type { ReportError } from './types';

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
