import { expect, test, type Locator, type Page } from '../fixtures';
import { readFile } from 'fs/promises';
import path from 'path';
import { crc32 } from 'zlib';

import {
	E2E_ROUTES,
	E2ESite,
	FAKE_GOOGLE_URL,
	fakeGoogle,
	fakeGoogleRequests,
} from '../site';
import {
	REPORTS_PATH,
	app,
	infoBoxValue,
	seriousAxeFindings,
	storageStatePath,
} from '../utils';

/**
 * Connecting the google source in the settings screen against the e2e site's fake Google server
 * (issue "The google source", Connect): by a pasted service account key and by the OAuth round
 * trip (the fake consents at once and sends the browser back). The site starts and ends without
 * a Google connection, not connected.
 */

const FIXTURES = path.join( __dirname, '../../fake-google/fixtures' );
const PROPERTY = '300000001';

let site: E2ESite | undefined;

/**
 * The REST session of beforeAll.
 */
function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

/**
 * Removes the Google connection and the data source.
 *
 * @param session The REST session.
 */
async function disconnect( session: E2ESite ): Promise< void > {
	await session.post( `${ E2E_ROUTES }/google`, { connected: false } );
	await session.reset();
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	site = await E2ESite.open( 'admin' );
} );

test.beforeEach( async () => {
	await disconnect( e2eSite() );
	await fakeGoogle( '/__reset' );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await disconnect( session );
	await session.dispose();
} );

/**
 * The fake's sessions of a property on some days: the sum of crc32 % 1000 per day
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
 * What Test connection says of yesterday's sessions.
 *
 * @param yesterday Y-m-d.
 */
function sessionsYesterday( yesterday: string ): string {
	const count = sessions( [ yesterday ] );
	return `${ count.toLocaleString( 'en-US' ) } ${
		count === 1 ? 'session' : 'sessions'
	} yesterday`;
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

/**
 * The Connect Google Analytics panel.
 *
 * @param page The page.
 */
function panel( page: Page ): Locator {
	return app( page ).getByRole( 'region', {
		name: 'Connect Google Analytics',
	} );
}

/**
 * Opens the settings screen and chooses Google Analytics 4 as the data source.
 *
 * @param page The page.
 */
async function chooseGoogle( page: Page ): Promise< void > {
	await page.goto( `${ REPORTS_PATH }#/settings` );
	await app( page )
		.getByRole( 'radio', { name: 'Google Analytics 4' } )
		.check();
	await expect(
		app( page ).getByRole( 'region', { name: 'Connect Google Analytics' } )
	).toBeVisible();
}

/**
 * Picks a property and saves the Google settings.
 *
 * @param page     The page.
 * @param property The property's id.
 */
async function pickProperty( page: Page, property: string ): Promise< void > {
	await app( page )
		.getByRole( 'combobox', { name: 'Google Analytics 4 property' } )
		.selectOption( property );
	await app( page )
		.getByRole( 'button', { name: 'Save Google settings' } )
		.click();
	await expect( panel( page ).getByRole( 'status' ) ).toHaveText(
		'Google settings saved.'
	);
}

/**
 * Picks a property, saves the Google settings and makes google the data source.
 *
 * @param page     The page.
 * @param property The property's id.
 */
async function pickPropertyAndSwitch(
	page: Page,
	property: string
): Promise< void > {
	await pickProperty( page, property );
	await app( page ).getByRole( 'button', { name: 'Save Changes' } ).click();
	await expect(
		app( page ).getByRole( 'link', { name: 'Back to reports' } )
	).toBeVisible();
}

test( 'connects by a pasted service account key, tests each API, and the reports read the property', async ( {
	page,
} ) => {
	await chooseGoogle( page );

	// Saving google before it is connected is refused.
	await app( page ).getByRole( 'button', { name: 'Save Changes' } ).click();
	await expect( app( page ).getByRole( 'alert' ) ).toHaveText(
		'Data source: connect Google Analytics (sign in and choose a property) before the reports can use it.'
	);

	const key = await readFile(
		path.join( FIXTURES, 'service-account.json' ),
		'utf8'
	);
	await app( page )
		.getByRole( 'textbox', { name: 'Service account key (JSON)' } )
		.fill( key );
	await app( page )
		.getByRole( 'button', { name: 'Connect with this key' } )
		.click();
	await expect(
		app( page ).getByText(
			'Signed in with the service account reports@fake-reports-project.iam.gserviceaccount.com.'
		)
	).toBeVisible();
	// The key is gone from the page.
	expect( await page.content() ).not.toContain( 'PRIVATE KEY' );

	const picker = app( page ).getByRole( 'combobox', {
		name: 'Google Analytics 4 property',
	} );
	await expect( picker.locator( 'optgroup' ) ).toHaveCount( 2 );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
	await page.screenshot( {
		path: path.join(
			__dirname,
			'../../../artifacts/e2e/google-connect-panel.png'
		),
		fullPage: true,
	} );
	await pickPropertyAndSwitch( page, PROPERTY );

	// Test connection: yesterday's sessions of the property, by the fake's formula.
	const yesterday = new Date( Date.now() - 86_400_000 )
		.toISOString()
		.slice( 0, 10 );
	// The Google panel's (the Conversations AI card has one of its own).
	await page
		.locator( '.monsterinsights-reports-google' )
		.getByRole( 'button', { name: 'Test connection' } )
		.click();
	const answers = app( page ).getByRole( 'list', {
		name: 'What each Google API answered',
	} );
	await expect( answers.getByRole( 'listitem' ) ).toHaveText( [
		// The quota tokens left: 200,000 a day, less the fake's 5 a report asked so far.
		new RegExp(
			`^Google Analytics 4: OK — ${ sessionsYesterday(
				yesterday
			) }; 1\\d\\d,\\d{3} quota tokens left today$`
		),
		'Search Console: OK — 3 sites readable',
		'PageSpeed Insights: Not configured — Not configured: add a PageSpeed Insights API key for lab audits.',
	] );
	// The property's currency and time zone, read from its Admin API settings when it was saved.
	await expect(
		panel( page ).getByText(
			'Property currency: USD. Time zone: America/New_York.'
		)
	).toBeVisible();
	await panel( page ).screenshot( {
		path: test.info().outputPath( 'google-connect-saved.png' ),
	} );

	// The reports read the property now.
	await app( page ).getByRole( 'link', { name: 'Back to reports' } ).click();
	await expect( page ).toHaveURL( /#\/\?start=/ );
	await expect(
		page.locator( '.monsterinsights-reports-notice-noauth' )
	).toHaveCount( 0 );
	await expect
		.poll( async () =>
			( await fakeGoogleRequests() ).map( ( request ) => request.path )
		)
		.toContain( `/v1beta/properties/${ PROPERTY }:batchRunReports` );
} );

test( 'connects by the OAuth round trip back to the settings screen', async ( {
	page,
} ) => {
	const client = JSON.parse(
		await readFile( path.join( FIXTURES, 'oauth-client.json' ), 'utf8' )
	) as { web: { client_id: string; client_secret: string } };
	await chooseGoogle( page );
	await app( page ).getByRole( 'radio', { name: 'OAuth client' } ).check();
	await expect(
		app( page ).getByText( new URL( REPORTS_PATH, page.url() ).toString(), {
			exact: true,
		} )
	).toBeVisible();
	await app( page )
		.getByRole( 'textbox', { name: 'Client ID' } )
		.fill( client.web.client_id );
	await app( page )
		.getByLabel( 'Client secret' )
		.fill( client.web.client_secret );

	const authorize = page.waitForRequest( ( request ) =>
		request.url().startsWith( `${ FAKE_GOOGLE_URL }/o/oauth2/v2/auth?` )
	);
	await app( page )
		.getByRole( 'button', { name: 'Sign in with Google' } )
		.click();
	const asked = new URL( ( await authorize ).url() ).searchParams;
	expect( asked.get( 'code_challenge_method' ) ).toBe( 'S256' );
	expect( asked.get( 'access_type' ) ).toBe( 'offline' );

	// Back on the settings screen, without the code in the URL.
	await expect( page ).toHaveURL(
		new RegExp(
			'\\?page=monsterinsights_reports#/settings\\?google=connected$'
		)
	);
	await expect(
		app( page ).getByText(
			'Signed in with Google. Now choose the property.'
		)
	).toBeVisible();
	await expect(
		app( page ).getByRole( 'radio', { name: 'Google Analytics 4' } )
	).toBeChecked();
	await expect(
		app( page ).getByText(
			`Signed in with Google through the OAuth client ${ client.web.client_id }.`
		)
	).toBeVisible();
	await pickPropertyAndSwitch( page, '300000003' );

	const tokens = ( await fakeGoogleRequests() ).filter(
		( request ) => request.path === '/token'
	);
	expect( tokens ).toHaveLength( 1 );
	const form = new URLSearchParams( tokens[ 0 ]?.body );
	expect( form.get( 'grant_type' ) ).toBe( 'authorization_code' );
	expect( String( form.get( 'code_verifier' ) ) ).toMatch(
		/^[\w-]{43,128}$/
	);

	// A consent Google refuses comes back with a readable notice and nothing stored.
	await fakeGoogle( '/__control', {
		fault: 'forbidden',
		scope: 'authorize',
		times: 1,
	} );
	await app( page ).getByRole( 'button', { name: 'Change sign-in' } ).click();
	await app( page ).getByRole( 'radio', { name: 'OAuth client' } ).check();
	await app( page )
		.getByRole( 'button', { name: 'Sign in with Google' } )
		.click();
	await expect( page ).toHaveURL( /#\/settings\?google=failed$/ );
	// Its text (WordPress adds a "Dismiss this notice." button to the notice once its script runs).
	await expect(
		page.locator( '.monsterinsights-reports-google-notice p' ).first()
	).toHaveText(
		'Google sign-in was cancelled: access to Google Analytics was not granted. Nothing was saved.'
	);
	// The earlier sign-in still works.
	await expect(
		app( page ).getByText(
			`Signed in with Google through the OAuth client ${ client.web.client_id }.`
		)
	).toBeVisible();
} );

test( 'the Overview shows the connected property’s sessions', async ( {
	page,
} ) => {
	await e2eSite().post( `${ E2E_ROUTES }/google`, { property: PROPERTY } );
	await page.goto( REPORTS_PATH );
	await expect( page ).toHaveURL( /#\/\?start=/ );
	const hash = new URLSearchParams(
		new URL( page.url() ).hash.split( '?' )[ 1 ]
	);
	const start = String( hash.get( 'start' ) );
	const end = String( hash.get( 'end' ) );
	expect( end < new Date().toISOString().slice( 0, 10 ) ).toBe( true );
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText(
		sessions( daysFrom( start, end ) ).toLocaleString( 'en-US' )
	);
} );

test( 'the setup wizard connects Google by the OAuth round trip and finishes on the property’s Overview', async ( {
	page,
} ) => {
	const client = JSON.parse(
		await readFile( path.join( FIXTURES, 'oauth-client.json' ), 'utf8' )
	) as { web: { client_id: string; client_secret: string } };
	await page.goto( `${ REPORTS_PATH }#/setup-wizard` );
	await app( page )
		.getByRole( 'radio', { name: 'Google Analytics 4' } )
		.check();
	await app( page ).getByRole( 'radio', { name: 'OAuth client' } ).check();
	await app( page )
		.getByRole( 'textbox', { name: 'Client ID' } )
		.fill( client.web.client_id );
	await app( page )
		.getByLabel( 'Client secret' )
		.fill( client.web.client_secret );
	await app( page )
		.getByRole( 'button', { name: 'Sign in with Google' } )
		.click();

	// Google sends the browser back to the wizard's first step, google still chosen.
	await expect( page ).toHaveURL(
		/\?page=monsterinsights_reports#\/setup-wizard\?google=connected$/
	);
	await expect(
		app( page ).getByRole( 'heading', { name: 'Choose your data source' } )
	).toBeVisible();
	await expect(
		app( page ).getByRole( 'radio', { name: 'Google Analytics 4' } )
	).toBeChecked();
	await pickProperty( page, PROPERTY );
	await app( page ).getByRole( 'button', { name: 'Continue' } ).click();
	await expect(
		app( page ).getByRole( 'heading', { name: 'Privacy and tracking' } )
	).toBeFocused();
	await app( page ).getByRole( 'button', { name: 'Continue' } ).click();
	await expect(
		app( page ).getByRole( 'heading', { name: 'Finish setup' } )
	).toBeFocused();
	await page.screenshot( {
		path: test.info().outputPath( 'wizard-google-finish.png' ),
		fullPage: true,
	} );
	await app( page )
		.getByRole( 'button', { name: 'Finish Setup and View Reports' } )
		.click();

	// The Overview reads the property: its sessions by the fake's formula.
	await expect( page ).toHaveURL( /#\/\?start=/ );
	const hash = new URLSearchParams(
		new URL( page.url() ).hash.split( '?' )[ 1 ]
	);
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText(
		sessions(
			daysFrom(
				String( hash.get( 'start' ) ),
				String( hash.get( 'end' ) )
			)
		).toLocaleString( 'en-US' )
	);
} );
