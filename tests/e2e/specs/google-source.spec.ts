import { expect, test } from '../fixtures';

import { PROPERTY, additive, daysOf } from '../fake-google';
import { E2E_ROUTES, E2ESite, fakeGoogle, fakeGoogleRequests } from '../site';
import { REPORTS_PATH, app, infoBoxValue, storageStatePath } from '../utils';

/**
 * The reports on the google source against the e2e site's fake Google server (bin/serve-e2e.sh):
 * numbers from the fake's documented formula (docs/development.md), and each fault's state —
 * Google no longer accepting the key (re-auth notice and dialog, then reconnecting restores the
 * data), a property Google refuses (the not-connected screen with Google's reason), Google not
 * answering (the error dialog whose Retry asks again).
 */

const START = '2026-11-01';
const END = '2026-11-07';
const ROUTE = `#/?start=${ START }&end=${ END }&preset=custom`;

let site: E2ESite | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

/**
 * The days of the range.
 */
function rangeDays(): string[] {
	return daysOf( START, END );
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	site = await E2ESite.open( 'admin' );
	await site.setLevel( 'pro' );
} );

test.beforeEach( async () => {
	await fakeGoogle( '/__reset' );
	await e2eSite().post( `${ E2E_ROUTES }/google`, { connected: true } );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

test( 'the Overview shows the property’s numbers from GA4', async ( {
	page,
} ) => {
	await page.goto( REPORTS_PATH + ROUTE );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Overview', level: 1 } )
	).toBeVisible();
	const sessions = additive( 'sessions', rangeDays() );
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText(
		sessions.toLocaleString( 'en-US' )
	);
	const paths = ( await fakeGoogleRequests() ).map(
		( request ) => request.path
	);
	expect( paths[ 0 ] ).toBe( '/token' );
	// The screen's reports ask their queries together: batches of GA4 reports.
	expect( paths ).toContain(
		`/v1beta/properties/${ PROPERTY }:batchRunReports`
	);
	await page.screenshot( {
		path: test.info().outputPath( 'google-overview.png' ),
		fullPage: true,
	} );
} );

test( 'a revoked key brings the re-auth notice and dialog; reconnecting restores the data', async ( {
	page,
} ) => {
	await fakeGoogle( '/__control', { revoke_tokens: true } );
	await fakeGoogle( '/__control', {
		fault: 'invalid_grant',
		scope: 'token',
	} );
	await page.goto( REPORTS_PATH + ROUTE );
	const dialog = page.getByRole( 'alertdialog', {
		name: 'Reconnect Google Analytics',
	} );
	await expect( dialog ).toBeVisible();
	await expect( dialog ).toContainText( 'no longer accepts' );
	await page.screenshot( {
		path: test.info().outputPath( 'google-reauth-dialog.png' ),
	} );
	await dialog.getByRole( 'button', { name: 'Not now' } ).click();
	const notice = page.locator( '.monsterinsights-reports-notice-reauth' );
	await expect( notice ).toContainText( 'lost access' );
	await expect(
		notice.getByRole( 'link', { name: 'Reconnect' } )
	).toHaveAttribute( 'href', /#\/settings$/ );

	// After a reload the notice is there from the start (the boot data says so).
	await page.reload();
	await expect( notice ).toBeVisible();

	// Connecting again (Google accepts the key again) brings the numbers back, without the notice.
	await fakeGoogle( '/__control', { fault: null } );
	await e2eSite().post( `${ E2E_ROUTES }/google`, { connected: true } );
	await page.reload();
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText(
		additive( 'sessions', rangeDays() ).toLocaleString( 'en-US' )
	);
	await expect( notice ).toHaveCount( 0 );
} );

test( 'a property Google refuses shows the not-connected screen with Google’s reason', async ( {
	page,
} ) => {
	await fakeGoogle( '/__control', { fault: 'forbidden', scope: 'data' } );
	await page.goto( REPORTS_PATH + ROUTE );
	const screen = page.locator( '.monsterinsights-reports-not-connected' );
	await expect( screen ).toContainText(
		'User does not have sufficient permissions for this property'
	);
	await expect(
		screen.getByRole( 'link', { name: 'Open Settings' } )
	).toBeVisible();
	await page.screenshot( {
		path: test.info().outputPath( 'google-forbidden.png' ),
		fullPage: true,
	} );
} );

test( 'Google not answering opens the error dialog; Retry asks again', async ( {
	page,
} ) => {
	await fakeGoogle( '/__control', { fault: 'server_error', scope: 'data' } );
	await page.goto( REPORTS_PATH + ROUTE );
	const dialog = page.getByRole( 'alertdialog', { name: 'Error' } );
	await expect( dialog ).toContainText( 'Google did not answer in time.' );
	await page.screenshot( {
		path: test.info().outputPath( 'google-retry-dialog.png' ),
	} );
	// Google answers again.
	await fakeGoogle( '/__control', { fault: null } );
	await dialog.getByRole( 'button', { name: 'Retry' } ).click();
	await expect( dialog ).toHaveCount( 0 );
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText(
		additive( 'sessions', rangeDays() ).toLocaleString( 'en-US' )
	);
} );

test( 'with the quota used up the Overview shows Google’s last numbers and says so', async ( {
	page,
} ) => {
	await page.goto( REPORTS_PATH + ROUTE );
	const sessions = additive( 'sessions', rangeDays() ).toLocaleString(
		'en-US'
	);
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( sessions );
	const notice = page.locator( '.monsterinsights-reports-notice-stale' );
	await expect( notice ).toHaveCount( 0 );

	await e2eSite().post( `${ E2E_ROUTES }/google`, { expire: true } );
	await fakeGoogle( '/__control', { fault: 'quota', scope: 'data' } );
	await page.reload();
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( sessions );
	await expect( notice ).toContainText(
		'quota for this property is used up'
	);
	await page.screenshot( {
		path: test.info().outputPath( 'google-stale.png' ),
	} );
} );

/**
 * Report screens on google show the fake's numbers: one row of each, computed here from the
 * fake's formula (tests/php/SingleSite/Google/ReportsOnGoogleTest.php proves every figure of the
 * payloads; this proves the screens show them).
 */
const SCREENS: Array< {
	route: string;
	heading: string;
	label: string;
	value: () => number;
} > = [
	{
		route: 'traffic-overview',
		heading: 'Traffic Overview',
		label: 'Direct',
		value: () => additive( 'sessions', rangeDays(), 'Direct' ),
	},
	{
		route: 'traffic-source-medium',
		heading: 'Source / Medium',
		label: 'google / cpc',
		value: () => additive( 'sessions', rangeDays(), 'google|cpc' ),
	},
	{
		route: 'publishers-pages',
		heading: 'Pages Report',
		label: '/about/',
		value: () => additive( 'screenPageViews', rangeDays(), '/about/' ),
	},
	{
		route: 'countries',
		heading: 'Country Report',
		label: 'United States',
		value: () => additive( 'sessions', rangeDays(), 'US' ),
	},
];

for ( const screen of SCREENS ) {
	test( `${ screen.heading } on google shows ${ screen.label }’s number from GA4`, async ( {
		page,
	} ) => {
		await page.goto(
			`${ REPORTS_PATH }#/${ screen.route }?start=${ START }&end=${ END }&preset=custom`
		);
		await expect(
			app( page ).getByRole( 'heading', { level: 1 } )
		).toContainText( screen.heading );
		const expected = screen.value().toLocaleString( 'en-US' );
		const row = app( page )
			.getByRole( 'row' )
			.filter( { hasText: screen.label } )
			.first();
		await expect( row ).toContainText( expected );
		await page.screenshot( {
			path: test.info().outputPath( `google-${ screen.route }.png` ),
			fullPage: true,
		} );
	} );
}
