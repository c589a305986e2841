import { expect, test, type Locator, type Page } from '../fixtures';
import { readFile } from 'fs/promises';
import path from 'path';
import { crc32 } from 'zlib';

import {
	E2E_ROUTES,
	FAKE_GOOGLE_URL,
	fakeGoogle,
	fakeGoogleRequests,
} from '../site';
import {
	REPORTS_PATH,
	apiFetch,
	app,
	infoBoxValue,
	seriousAxeFindings,
	storageStatePath,
} from '../utils';

/**
 * The network's Google connection on a multisite network (issue "The google source", Connect:
 * "a network connection that sub-sites without their own use"): the super admin connects the
 * network in network admin against the fake Google server, by the OAuth round trip (which comes
 * back to the network admin page) and by a service account key; a sub-site without a connection
 * of its own then says it uses the network's, switches to google and its Overview shows the
 * property's numbers by the fake's formula.
 *
 * Runs only on the multisite e2e site, and alone there (tests/e2e/playwright.config.ts):
 * E2E_MULTISITE=1 (bin/serve-e2e.sh: a subdirectory network, the plugin network-activated, the
 * sub-site /sub/).
 */

const FIXTURES = path.join( __dirname, '../../fake-google/fixtures' );
const PROPERTY = '300000001';
const NETWORK_PATH = '/wp-admin/network/admin.php?page=monsterinsights_reports';
const SUB_REPORTS_PATH = `/sub${ REPORTS_PATH }`;
const ARTIFACTS = path.join( __dirname, '../../../artifacts/e2e' );

test.describe.configure( { mode: 'serial' } );
test.use( { storageState: storageStatePath( 'admin' ) } );

/**
 * Puts the network back as bin/serve-e2e.sh made it, for a run on a server that is reused: no
 * network connection, no source on the sub-site.
 *
 * @param page A page of the administrator.
 */
async function resetNetwork( page: Page ): Promise< void > {
	await page.goto( NETWORK_PATH );
	await page.evaluate( async () => {
		const wp = (
			window as unknown as {
				wp: { apiFetch: ( o: unknown ) => Promise< unknown > };
			}
		 ).wp;
		await wp.apiFetch( {
			path: '/monsterinsights-reports/v1/google/network',
			method: 'DELETE',
		} );
	} );
	await page.goto( SUB_REPORTS_PATH );
	await apiFetch( page, {
		path: `${ E2E_ROUTES }/source`,
		method: 'POST',
		data: { source: '' },
	} );
}

test.beforeAll( async ( { browser } ) => {
	await fakeGoogle( '/__reset' );
	const context = await browser.newContext( {
		storageState: storageStatePath( 'admin' ),
	} );
	await resetNetwork( await context.newPage() );
	await context.close();
} );

/**
 * The network's Connect Google Analytics panel.
 *
 * @param page The page.
 */
function networkPanel( page: Page ): Locator {
	return app( page ).getByRole( 'region', {
		name: 'Connect Google Analytics for the network',
	} );
}

/**
 * The fake's sessions of the property on some days: the sum of crc32 % 1000 per day
 * (docs/development.md, "The fake Google server").
 *
 * @param days Y-m-d days.
 */
function sessions( days: string[] ): number {
	return days.reduce(
		( sum, day ) =>
			sum + ( crc32( `${ PROPERTY }|sessions|${ day }||` ) % 1000 ),
		0
	);
}

/**
 * The days from start to end.
 *
 * @param start Y-m-d.
 * @param end   Y-m-d.
 */
function daysFrom( start: string, end: string ): string[] {
	const days: string[] = [];
	for (
		let day = new Date( `${ start }T00:00:00Z` );
		day.toISOString().slice( 0, 10 ) <= end;
		day = new Date( day.getTime() + 86_400_000 )
	) {
		days.push( day.toISOString().slice( 0, 10 ) );
	}
	return days;
}

test( 'the network’s OAuth sign-in comes back to the network admin page', async ( {
	page,
} ) => {
	const client = JSON.parse(
		await readFile( path.join( FIXTURES, 'oauth-client.json' ), 'utf8' )
	) as { web: { client_id: string; client_secret: string } };
	await page.goto( NETWORK_PATH );
	const panel = networkPanel( page );
	await expect( panel ).toBeVisible();
	await panel.getByRole( 'radio', { name: 'OAuth client' } ).check();
	// The redirect URI to register is the network admin page.
	await expect(
		panel.getByText( new URL( NETWORK_PATH, page.url() ).toString(), {
			exact: true,
		} )
	).toBeVisible();
	await panel
		.getByRole( 'textbox', { name: 'Client ID' } )
		.fill( client.web.client_id );
	await panel.getByLabel( 'Client secret' ).fill( client.web.client_secret );
	const authorize = page.waitForRequest( ( request ) =>
		request.url().startsWith( `${ FAKE_GOOGLE_URL }/o/oauth2/v2/auth?` )
	);
	await panel.getByRole( 'button', { name: 'Sign in with Google' } ).click();
	const asked = new URL( ( await authorize ).url() ).searchParams;
	expect( asked.get( 'redirect_uri' ) ).toBe(
		new URL( NETWORK_PATH, page.url() ).toString()
	);

	// Back on the network admin page, signed in, without the code in the URL.
	await expect( page ).toHaveURL(
		new RegExp(
			'/wp-admin/network/admin\\.php\\?page=monsterinsights_reports#/settings\\?google=connected$'
		)
	);
	await expect(
		panel.getByText( 'Signed in with Google. Now choose the property.' )
	).toBeVisible();
	await expect(
		panel.getByText(
			`Signed in with Google through the OAuth client ${ client.web.client_id }.`
		)
	).toBeVisible();
	const tokens = ( await fakeGoogleRequests() ).filter(
		( request ) => request.path === '/token'
	);
	expect( tokens ).toHaveLength( 1 );
	expect(
		new URLSearchParams( tokens[ 0 ]?.body ).get( 'redirect_uri' )
	).toBe( new URL( NETWORK_PATH, page.url() ).toString() );

	await panel.getByRole( 'button', { name: 'Disconnect' } ).click();
	await expect( panel.getByRole( 'status' ) ).toHaveText(
		'The network’s Google Analytics connection is disconnected. Its credentials were deleted. Sites that used it are not connected until the network or the site connects again.'
	);
} );

test( 'connects the network by a service account key; a sub-site without its own connection reports on its property', async ( {
	page,
} ) => {
	await fakeGoogle( '/__reset' );
	await page.setViewportSize( { width: 1280, height: 900 } );
	await page.goto( NETWORK_PATH );
	const panel = networkPanel( page );
	await expect(
		panel.getByText(
			'Sites of the network that have no Google connection of their own use this one: their reports read the property chosen here. A site’s administrator can still connect the site to Google in its own settings.'
		)
	).toBeVisible();
	await panel
		.getByRole( 'textbox', { name: 'Service account key (JSON)' } )
		.fill(
			await readFile(
				path.join( FIXTURES, 'service-account.json' ),
				'utf8'
			)
		);
	await panel
		.getByRole( 'button', { name: 'Connect with this key' } )
		.click();
	await expect(
		panel.getByText(
			'Signed in with the service account reports@fake-reports-project.iam.gserviceaccount.com.'
		)
	).toBeVisible();
	await panel
		.getByRole( 'combobox', { name: 'Google Analytics 4 property' } )
		.selectOption( PROPERTY );
	await panel
		.getByRole( 'combobox', { name: 'Search Console site' } )
		.selectOption( 'https://example.com/' );
	await panel.getByRole( 'button', { name: 'Save Google settings' } ).click();
	await expect( panel.getByRole( 'status' ) ).toHaveText(
		'Google settings saved. The network’s sites without a connection of their own report on this property.'
	);

	await expect(
		panel.getByText(
			'Property currency: USD. Time zone: America/New_York.'
		)
	).toBeVisible();

	// Test connection: yesterday's sessions of the property, by the fake's formula.
	const yesterday = new Date( Date.now() - 86_400_000 )
		.toISOString()
		.slice( 0, 10 );
	const count = sessions( [ yesterday ] );
	await panel.getByRole( 'button', { name: 'Test connection' } ).click();
	await expect(
		panel
			.getByRole( 'list', { name: 'What each Google API answered' } )
			.getByRole( 'listitem' )
	).toHaveText( [
		// The fake was reset: this is the property's first report today, 5 of 200,000 tokens.
		`Google Analytics 4: OK — ${ count.toLocaleString( 'en-US' ) } ${
			count === 1 ? 'session' : 'sessions'
		} yesterday; 199,995 quota tokens left today`,
		'Search Console: OK — 3 sites readable',
		'PageSpeed Insights: Not configured — Not configured: add a PageSpeed Insights API key for lab audits.',
	] );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
	// The network screen at 1280 and 600 px, in a viewport tall enough for all of it (wp-admin's
	// fixed bar would repeat over a stitched full-page capture).
	await page.setViewportSize( { width: 1280, height: 1900 } );
	await page.mouse.move( 1279, 1899 );
	await page.screenshot( {
		path: path.join( ARTIFACTS, 'google-network-1280.png' ),
	} );
	await page.setViewportSize( { width: 600, height: 2000 } );
	await page.screenshot( {
		path: path.join( ARTIFACTS, 'google-network-600.png' ),
	} );
	await page.setViewportSize( { width: 1280, height: 900 } );

	// The sub-site has no connection of its own: its settings say it uses the network's, and
	// google can be its source at once.
	await page.goto( `${ SUB_REPORTS_PATH }#/settings` );
	await app( page )
		.getByRole( 'radio', { name: 'Google Analytics 4' } )
		.check();
	await expect(
		app( page ).getByText(
			'This site uses the network’s Google connection. Connecting here gives the site a connection of its own.'
		)
	).toBeVisible();
	await app( page ).getByRole( 'button', { name: 'Save Changes' } ).click();
	await app( page ).getByRole( 'link', { name: 'Back to reports' } ).click();

	// Its Overview: the network property's sessions over the range, by the fake's formula.
	await expect( page ).toHaveURL( /\/sub\/wp-admin\/.*#\/\?start=/ );
	const hash = new URLSearchParams(
		new URL( page.url() ).hash.split( '?' )[ 1 ]
	);
	const start = String( hash.get( 'start' ) );
	const end = String( hash.get( 'end' ) );
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText(
		sessions( daysFrom( start, end ) ).toLocaleString( 'en-US' )
	);
	expect(
		( await fakeGoogleRequests() ).map( ( request ) => request.path )
	).toContain( `/v1beta/properties/${ PROPERTY }:batchRunReports` );
} );
