import { siteGoogleResource } from './constants';
import type { GoogleState } from './types';

/** The connection; undefined until loaded (its resolver loads it on first use). */
export const getGoogleConnection = siteGoogleResource.get;

/** Whether the connection was received; no resolver. */
export const hasGoogleConnection = siteGoogleResource.received;

/** Why loading the connection failed, or null. */
export const getGoogleConnectionError = siteGoogleResource.loadError;

/** Whether a write or a test runs. */
export const isSavingGoogle = siteGoogleResource.saving;

/**
 * The properties the credentials can read; null until listed (loadGoogleLists).
 *
 * @param state State.
 */
export function getGoogleProperties( state: GoogleState ) {
	return state.properties;
}

/**
 * The Search Console sites the credentials can read; null until listed.
 *
 * @param state State.
 */
export function getGoogleSites( state: GoogleState ) {
	return state.sites;
}

/**
 * Why listing the properties failed, or null.
 *
 * @param state State.
 */
export function getGooglePropertiesError( state: GoogleState ) {
	return state.propertiesError;
}

/**
 * Why listing the Search Console sites failed, or null.
 *
 * @param state State.
 */
export function getGoogleSitesError( state: GoogleState ) {
	return state.sitesError;
}

/**
 * What the last "Test connection" answered, or null.
 *
 * @param state State.
 */
export function getGoogleTest( state: GoogleState ) {
	return state.test;
}
