import apiFetch from '@wordpress/api-fetch';

import { errorText } from '../errors';
import { write, type WriteResult } from '../requests';
import {
	setSaving,
	type ResourceAction,
	type SavingAction,
	type ThunkArgs,
} from '../resource';
import { GOOGLE_PATH, googleResource } from './constants';
import type {
	GoogleConnection,
	GoogleProperty,
	GoogleSelection,
	GoogleSite,
	GoogleTestResult,
	OAuthStart,
} from './types';

/** Stores the connection (the resolver's and every write's answer; seeds tests). */
export const receiveGoogleConnection = googleResource.receive;

/** Stores why loading the connection failed. */
export const receiveGoogleConnectionError = googleResource.receiveError;

/**
 * Stores the lists of what the credentials can read, or why each could not be listed.
 *
 * @param lists                 The lists.
 * @param lists.properties      The properties (empty when they could not be listed).
 * @param lists.sites           The Search Console sites (empty when they could not be listed).
 * @param lists.propertiesError Why listing the properties failed, or null.
 * @param lists.sitesError      Why listing the sites failed, or null.
 */
export function receiveGoogleLists( lists: {
	properties: GoogleProperty[];
	sites: GoogleSite[];
	propertiesError: string | null;
	sitesError: string | null;
} ) {
	return { type: 'RECEIVE_GOOGLE_LISTS' as const, ...lists };
}

/**
 * Stores what "Test connection" answered.
 *
 * @param test The answer.
 */
export function receiveGoogleTest( test: GoogleTestResult | null ) {
	return { type: 'RECEIVE_GOOGLE_TEST' as const, test };
}

export type GoogleAction =
	| ResourceAction< GoogleConnection >
	| SavingAction
	| ReturnType< typeof receiveGoogleLists >
	| ReturnType< typeof receiveGoogleTest >;

/** What this store's thunks receive. */
export type GoogleThunkArgs = ThunkArgs<
	GoogleAction,
	{ hasGoogleConnection: () => boolean }
>;

/** What a write of the connection resolves to. */
export type GoogleWriteResult = WriteResult< { connection: GoogleConnection } >;

/**
 * POSTs to a route of the connection and stores the connection it answers.
 *
 * @param path The route, after /google.
 * @param data The body.
 */
function writeConnection( path: string, data: unknown ) {
	return async ( {
		dispatch,
	}: GoogleThunkArgs ): Promise< GoogleWriteResult > =>
		write(
			( saving ) => dispatch( setSaving( saving ) ),
			async () => ( {
				connection: await googleResource.post(
					dispatch,
					data,
					( answer: GoogleConnection ) => answer,
					GOOGLE_PATH + path
				),
			} )
		);
}

/**
 * Connects with a pasted service account key (POST /google/service-account): Google is asked for
 * a token first, and the server stores nothing when it refuses. Never rejects.
 *
 * @param key The key file's text.
 */
export function connectServiceAccount( key: string ) {
	return writeConnection( '/service-account', { key } );
}

/**
 * Chooses the property, the Search Console site and the PageSpeed key (POST /google/select).
 *
 * @param selection The choices.
 */
export function selectGoogle( selection: GoogleSelection ) {
	return writeConnection( '/select', selection );
}

/**
 * Starts the OAuth sign-in (POST /google/oauth/start); resolves to Google's authorize URL, where
 * the caller sends the browser. Never rejects.
 *
 * @param start The client and the screen to return to.
 */
export function startGoogleOAuth( start: OAuthStart ) {
	return async ( {
		dispatch,
	}: GoogleThunkArgs ): Promise< WriteResult< { url: string } > > =>
		write(
			( saving ) => dispatch( setSaving( saving ) ),
			async () => {
				const answer = await apiFetch< { url: string } >( {
					path: `${ GOOGLE_PATH }/oauth/start`,
					method: 'POST',
					data: start,
				} );
				return { url: answer.url };
			}
		);
}

/**
 * Disconnects (DELETE /google): the server deletes the secrets and settings; an active google
 * source becomes "not connected". Never rejects.
 */
export function disconnectGoogle() {
	return async ( {
		dispatch,
	}: GoogleThunkArgs ): Promise< GoogleWriteResult > =>
		write(
			( saving ) => dispatch( setSaving( saving ) ),
			async () => {
				const connection = await apiFetch< GoogleConnection >( {
					path: GOOGLE_PATH,
					method: 'DELETE',
				} );
				dispatch( receiveGoogleConnection( connection ) );
				dispatch( receiveGoogleTest( null ) );
				return { connection };
			}
		);
}

/**
 * Lists the properties and the Search Console sites the credentials can read, side by side; a
 * list that fails is empty with its error text.
 */
export function loadGoogleLists() {
	return async ( { dispatch }: GoogleThunkArgs ): Promise< void > => {
		const list = async < T >(
			route: string
		): Promise< [ T[], string | null ] > => {
			try {
				return [
					await apiFetch< T[] >( { path: GOOGLE_PATH + route } ),
					null,
				];
			} catch ( error ) {
				return [ [], errorText( error ) ];
			}
		};
		const [ [ properties, propertiesError ], [ sites, sitesError ] ] =
			await Promise.all( [
				list< GoogleProperty >( '/properties' ),
				list< GoogleSite >( '/sites' ),
			] );
		dispatch(
			receiveGoogleLists( {
				properties,
				sites,
				propertiesError,
				sitesError,
			} )
		);
	};
}

/**
 * Calls each API once (POST /google/test) and stores what each answered. Never rejects.
 */
export function testGoogle() {
	return async ( {
		dispatch,
	}: GoogleThunkArgs ): Promise<
		WriteResult< { test: GoogleTestResult } >
	> =>
		write(
			( saving ) => dispatch( setSaving( saving ) ),
			async () => {
				const test = await apiFetch< GoogleTestResult >( {
					path: `${ GOOGLE_PATH }/test`,
					method: 'POST',
				} );
				dispatch( receiveGoogleTest( test ) );
				return { test };
			}
		);
}
