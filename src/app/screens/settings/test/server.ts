/**
 * A fake REST server for the settings screens: answers by method and path, records every call,
 * and refuses any route a test did not declare (so an unexpected request fails the test).
 */
import apiFetch from '@wordpress/api-fetch';
import { store as noticesStore } from '@wordpress/notices';
import { removeQueryArgs } from '@wordpress/url';

import { TOAST_CONTEXT } from '../../../../components/Toast';
import type { LicenceState } from '../LicencePanel';
import { restError, type ApiCall } from '../../../../store/test/api';
import type { TestRegistry } from '../../../../../tests/js/registry';

export const SETTINGS = '/monsterinsights-reports/v1/settings';
export const ADDONS = '/monsterinsights-reports/v1/addons';
export const LICENCE = '/monsterinsights-reports/v1/licence';
export const NETWORK_LICENCE = '/monsterinsights-reports/v1/licence/network';
export const NETWORK_SETTINGS = '/monsterinsights-reports/v1/network/settings';
export const GOOGLE = '/monsterinsights-reports/v1/google';
export const NETWORK_GOOGLE = '/monsterinsights-reports/v1/google/network';

/** `METHOD path` → the answer (a value, or a rejected promise such as restError's). */
export type Routes = Record< string, ( call: ApiCall ) => unknown >;

/**
 * Serves the routes; anything else is a 404, which the test sees as a failure. A request's method
 * is the one the server sees: api-fetch sends DELETE as POST with X-HTTP-Method-Override.
 *
 * @param routes The routes.
 * @return The calls, in order.
 */
export function serve( routes: Routes ): ApiCall[] {
	const calls: ApiCall[] = [];
	apiFetch.setFetchHandler( async ( options ) => {
		const headers = ( options.headers ?? {} ) as Record< string, string >;
		const call: ApiCall = {
			path: removeQueryArgs( options.path ?? '', '_locale' ),
			method:
				headers[ 'X-HTTP-Method-Override' ] ?? options.method ?? 'GET',
		};
		if ( options.data !== undefined ) {
			call.data = options.data;
		}
		calls.push( call );
		const handler = routes[ `${ call.method } ${ call.path }` ];
		if ( ! handler ) {
			return restError(
				'rest_no_route',
				`No route for ${ call.method } ${ call.path } in this test.`,
				{ status: 404 }
			);
		}
		return handler( call );
	} );
	return calls;
}

/**
 * The calls other than GETs: what the screen changed.
 *
 * @param calls Every call.
 */
export function writes( calls: ApiCall[] ): ApiCall[] {
	return calls.filter( ( call ) => call.method !== 'GET' );
}

/**
 * A licence state as GET /licence answers it.
 *
 * @param changes Fields to replace.
 */
export function licenceWith(
	changes: Partial< LicenceState > = {}
): LicenceState {
	return {
		level: 'lite',
		source: 'none',
		site: null,
		network: null,
		...changes,
	};
}

/**
 * The stored site licence of a pro key as the routes describe it.
 *
 * @param changes Fields to replace.
 */
export function proKey(
	changes: Partial< NonNullable< LicenceState[ 'site' ] > > = {}
): NonNullable< LicenceState[ 'site' ] > {
	return {
		key_masked: 'eyJrZX…QECg',
		key_id: 'e2e-test',
		level: 'pro',
		issued_to: 'Example Ltd',
		expires: null,
		network: false,
		status: 'valid',
		message: 'The licence key is valid.',
		...changes,
	};
}

/**
 * The toasts shown, as [status, text].
 *
 * @param registry The registry.
 */
export function toasts( registry: TestRegistry ): Array< [ string, string ] > {
	return (
		registry.select( noticesStore ).getNotices( TOAST_CONTEXT ) as Array< {
			status: string;
			content: string;
		} >
	 ).map( ( notice ) => [ notice.status, notice.content ] );
}
