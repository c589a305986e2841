import type { GoogleConnection, GoogleProperty, GoogleSite } from '../types';

/**
 * The connection as GET /google answers it on a site that has none, with some fields changed.
 *
 * @param changes The fields to change.
 */
export function googleWith(
	changes: Partial< GoogleConnection > = {}
): GoogleConnection {
	return {
		scope: 'site',
		auth: '',
		client_email: '',
		client_id: '',
		property: '',
		property_name: '',
		account_name: '',
		currency: '',
		time_zone: '',
		sc_site: '',
		has_psi_key: false,
		reauth: false,
		connected: false,
		connected_at: 0,
		uses_network: false,
		redirect_uri:
			'http://example.org/wp-admin/admin.php?page=monsterinsights_reports',
		...changes,
	};
}

/** The service account of the fake Google server's fixture. */
export const CLIENT_EMAIL =
	'reports@fake-reports-project.iam.gserviceaccount.com';

/**
 * A site signed in with the fixture's service account, without a property yet.
 *
 * @param changes The fields to change.
 */
export function signedInGoogle(
	changes: Partial< GoogleConnection > = {}
): GoogleConnection {
	return googleWith( {
		auth: 'service_account',
		client_email: CLIENT_EMAIL,
		...changes,
	} );
}

/**
 * A complete connection: the fixture's service account and property 300000001.
 *
 * @param changes The fields to change.
 */
export function connectedGoogle(
	changes: Partial< GoogleConnection > = {}
): GoogleConnection {
	return signedInGoogle( {
		property: '300000001',
		property_name: 'example.com - GA4',
		account_name: 'Example Company',
		currency: 'USD',
		time_zone: 'America/New_York',
		sc_site: 'https://example.com/',
		connected: true,
		connected_at: 1764892800,
		...changes,
	} );
}

/** The properties of the fake Google server's account summaries. */
export const PROPERTIES: GoogleProperty[] = [
	{
		account: '200000001',
		account_name: 'Example Company',
		property: '300000001',
		name: 'example.com - GA4',
	},
	{
		account: '200000001',
		account_name: 'Example Company',
		property: '300000002',
		name: 'shop.example.com - GA4',
	},
	{
		account: '200000002',
		account_name: 'Side Project',
		property: '300000003',
		name: 'blog.example.org',
	},
];

/** The Search Console sites of the fake Google server. */
export const SITES: GoogleSite[] = [
	{ site: 'https://example.com/', permission: 'siteowner' },
	{ site: 'sc-domain:example.com', permission: 'sitefulluser' },
];
