import type { SavedResourceState } from '../resource';

/**
 * The google source's connection as GET /monsterinsights-reports/v1/google answers it
 * (includes/REST/GoogleController.php): never a secret, only whether a PageSpeed key is stored.
 */
export interface GoogleConnection {
	scope: 'site' | 'network';
	/** How it signs in; empty when not connected. */
	auth: '' | 'service_account' | 'oauth';
	/** The service account's e-mail address. */
	client_email: string;
	/** The OAuth client's id. */
	client_id: string;
	/** The GA4 property's numeric id; empty until chosen. */
	property: string;
	property_name: string;
	account_name: string;
	/** The property's currency (ISO 4217, e.g. USD), read when it was chosen; empty when unknown. */
	currency: string;
	/** The property's reporting time zone (e.g. America/New_York); empty when unknown. */
	time_zone: string;
	/** The Search Console site; empty for none. */
	sc_site: string;
	has_psi_key: boolean;
	/** Google asked to sign in again. */
	reauth: boolean;
	/** It signs in and has a property: the source can be switched to google. */
	connected: boolean;
	connected_at: number;
	/** The site has no connection of its own and uses the network's. */
	uses_network: boolean;
	/** The redirect URI to register with an OAuth client. */
	redirect_uri: string;
}

/** A GA4 property the credentials can read (GET /google/properties). */
export interface GoogleProperty {
	account: string;
	account_name: string;
	property: string;
	name: string;
}

/** A Search Console site the credentials can read (GET /google/sites). */
export interface GoogleSite {
	site: string;
	permission: string;
}

/** What one API answered to "Test connection". */
export interface GoogleApiTest {
	ok: boolean;
	/** False when it is not set up (no property, no PageSpeed key). */
	configured: boolean;
	message: string;
}

/** What POST /google/test answers. */
export interface GoogleTestResult {
	analytics: GoogleApiTest;
	searchconsole: GoogleApiTest;
	pagespeed: GoogleApiTest;
}

/** What POST /google/select takes. */
export interface GoogleSelection {
	property: string;
	property_name?: string;
	sc_site?: string;
	/** A new PageSpeed key; empty or null keeps the stored one. */
	psi_key?: string | null;
	/** Deletes the stored PageSpeed key. */
	clear_psi?: boolean;
}

/** What POST /google/oauth/start takes. */
export interface OAuthStart {
	client_id: string;
	/** Empty keeps the secret stored for the same client. */
	client_secret: string;
	/** The screen the sign-in returns to. */
	return: 'settings' | 'setup-wizard';
}

export interface GoogleState extends SavedResourceState< GoogleConnection > {
	/** The properties; null until listed. */
	properties: GoogleProperty[] | null;
	/** The Search Console sites; null until listed. */
	sites: GoogleSite[] | null;
	/** Why listing the properties failed. */
	propertiesError: string | null;
	/** Why listing the sites failed. */
	sitesError: string | null;
	/** The last "Test connection" answer. */
	test: GoogleTestResult | null;
}
