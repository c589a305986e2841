import apiFetch from '@wordpress/api-fetch';

import { errorText } from '../errors';
import { write, type WriteResult } from '../requests';
import {
	setSaving,
	type ResourceAction,
	type SavingAction,
	type ThunkArgs,
} from '../resource';
import { googleResource, siteGoogleResource } from './constants';
import type {
	GoogleConnection,
	GoogleProperty,
	GoogleSelection,
	GoogleSite,
	GoogleTestResult,
	OAuthStart,
} from './types';

/** Stores the connection (the resolver's and every write's answer; seeds tests). */
export const receiveGoogleConnection = siteGoogleResource.receive;

/** Stores why loading the connection failed. */
export const receiveGoogleConnectionError = siteGoogleResource.receiveError;

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
 * The writes and lists of a scope's connection, against its REST path (/google for the site's,
 * /google/network for the network's).
 *
 * @param base The REST path of the connection (constants.ts googlePath()).
 */
export function googleThunks( base: string ) {
	const stored = googleResource( base );

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
					connection: await stored.post(
						dispatch,
						data,
						( answer: GoogleConnection ) => answer,
						base + path
					),
				} )
			);
	}

	/**
	 * Connects with a pasted service account key (POST …/service-account): Google is asked for
	 * a token first, and the server stores nothing when it refuses. Never rejects.
	 *
	 * @param key The key file's text.
	 */
	function connectServiceAccount( key: string ) {
		return writeConnection( '/service-account', { key } );
	}

	/**
	 * Chooses the property, the Search Console site and the PageSpeed key (POST …/select).
	 *
	 * @param selection The choices.
	 */
	function selectGoogle( selection: GoogleSelection ) {
		return writeConnection( '/select', selection );
	}

	/**
	 * Starts the OAuth sign-in (POST …/oauth/start); resolves to Google's authorize URL, where
	 * the caller sends the browser. Never rejects.
	 *
	 * @param start The client and the screen to return to.
	 */
	function startGoogleOAuth( start: OAuthStart ) {
		return async ( {
			dispatch,
		}: GoogleThunkArgs ): Promise< WriteResult< { url: string } > > =>
			write(
				( saving ) => dispatch( setSaving( saving ) ),
				async () => {
					const answer = await apiFetch< { url: string } >( {
						path: `${ base }/oauth/start`,
						method: 'POST',
						data: start,
					} );
					return { url: answer.url };
				}
			);
	}

	/**
	 * Disconnects (DELETE …): the server deletes the secrets and settings; an active google
	 * source becomes "not connected". Never rejects.
	 */
	function disconnectGoogle() {
		return async ( {
			dispatch,
		}: GoogleThunkArgs ): Promise< GoogleWriteResult > =>
			write(
				( saving ) => dispatch( setSaving( saving ) ),
				async () => {
					const connection = await apiFetch< GoogleConnection >( {
						path: base,
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
	function loadGoogleLists() {
		return async ( { dispatch }: GoogleThunkArgs ): Promise< void > => {
			const list = async < T >(
				route: string
			): Promise< [ T[], string | null ] > => {
				try {
					return [
						await apiFetch< T[] >( { path: base + route } ),
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
	 * Calls each API once (POST …/test) and stores what each answered. Never rejects.
	 */
	function testGoogle() {
		return async ( {
			dispatch,
		}: GoogleThunkArgs ): Promise<
			WriteResult< { test: GoogleTestResult } >
		> =>
			write(
				( saving ) => dispatch( setSaving( saving ) ),
				async () => {
					const test = await apiFetch< GoogleTestResult >( {
						path: `${ base }/test`,
						method: 'POST',
					} );
					dispatch( receiveGoogleTest( test ) );
					return { test };
				}
			);
	}

	return {
		connectServiceAccount,
		selectGoogle,
		startGoogleOAuth,
		disconnectGoogle,
		loadGoogleLists,
		testGoogle,
	};
}
