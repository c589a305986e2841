import { readFile } from 'node:fs/promises';

import { expect, test, type Page } from '../fixtures';

import { E2ESite } from '../site';
import {
	REPORTS_PATH,
	apiFetch,
	seriousAxeFindings,
	storageStatePath,
} from '../utils';

/**
 * The feature feedback widget (docs/product-rules.md#feature-feedback): the administrator rates
 * the Exceptions report from its screen, the widget thanks and is gone for good; the settings
 * screen's "Feature feedback" card lists the entry and exports it as CSV. The e2e reset removes
 * every user's feedback afterwards.
 */

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

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

/**
 * Opens a report screen and waits for its title.
 *
 * @param page  The page.
 * @param route The route.
 * @param title Its level-1 heading.
 */
async function openScreen( page: Page, route: string, title: string ) {
	await page.goto( `${ REPORTS_PATH }#${ route }` );
	await expect(
		page.getByRole( 'heading', { name: title, level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
}

test( 'rates a feature once: 4 stars and a message, thanks, never shown again; the settings card lists and exports it', async ( {
	page,
} ) => {
	test.setTimeout( 240_000 );
	await e2eSite().setLevel( 'agency' );
	await page.setViewportSize( { width: 1280, height: 800 } );
	await openScreen( page, '/exceptions', 'Exceptions Report' );

	// Closed: a small floating button.
	const toggle = page.getByRole( 'button', { name: 'Feedback' } );
	await expect( toggle ).toBeVisible();
	await page.screenshot( {
		path: test.info().outputPath( 'feature-feedback-closed-1280.png' ),
	} );
	await toggle.click();

	const panel = page.getByRole( 'region', {
		name: 'How do you like Exceptions Report?',
	} );
	await expect( panel ).toBeVisible();
	await expect( panel ).toBeFocused();
	const submit = panel.getByRole( 'button', { name: 'Submit' } );
	await expect( submit ).toBeDisabled();

	// The rating is a radio group reached by the keyboard.
	await panel.getByRole( 'radio', { name: '1 star' } ).focus();
	await page.keyboard.press( 'ArrowRight' );
	await page.keyboard.press( 'ArrowRight' );
	await page.keyboard.press( 'ArrowRight' );
	await expect(
		panel.getByRole( 'radio', { name: '4 stars' } )
	).toBeChecked();
	await expect( submit ).toBeEnabled();

	// The message is required on submit.
	await submit.click();
	await expect(
		panel.getByText( 'Please write your feedback before submitting.' )
	).toBeVisible();
	await panel
		.getByLabel( 'Your feedback' )
		.fill( 'The anomalies are easy to read.\nMore please!' );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
	await page.screenshot( {
		path: test.info().outputPath( 'feature-feedback-open-1280.png' ),
	} );
	await page.setViewportSize( { width: 600, height: 800 } );
	await page.screenshot( {
		path: test.info().outputPath( 'feature-feedback-open-600.png' ),
	} );
	await page.setViewportSize( { width: 1280, height: 800 } );

	const posted = page.waitForResponse(
		( response ) =>
			response.request().method() === 'POST' &&
			/monsterinsights-reports\/v1\/feedback/.test( response.url() )
	);
	await submit.click();
	expect( ( await posted ).status() ).toBe( 201 );
	await expect( panel.getByRole( 'status' ) ).toHaveText(
		'Thank you for your feedback!'
	);
	await page.screenshot( {
		path: test.info().outputPath( 'feature-feedback-thanks-1280.png' ),
	} );
	// Then it closes and removes itself.
	await expect( panel ).toHaveCount( 0, { timeout: 10_000 } );
	await expect( toggle ).toHaveCount( 0 );

	// Reloaded: the feature is rated, the widget is gone; another feature still asks.
	await page.reload();
	await expect(
		page.getByRole( 'heading', { name: 'Exceptions Report', level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
	await openScreen( page, '/site-speed', 'Site Speed' );
	await expect( toggle ).toBeVisible();
	await openScreen( page, '/exceptions', 'Exceptions Report' );
	await expect( toggle ).toHaveCount( 0 );
	await openScreen( page, '/', 'Overview' );
	await expect( toggle ).toHaveCount( 0 );

	// The settings card lists the entry.
	const me = await apiFetch< { name: string } >( page, {
		path: '/wp/v2/users/me',
	} );
	await page.goto( `${ REPORTS_PATH }#/settings` );
	const card = page.getByRole( 'region', { name: 'Feature feedback' } );
	await expect( card ).toBeVisible( { timeout: 60_000 } );
	const row = card.locator( 'tbody tr' );
	await expect( row ).toHaveCount( 1 );
	await expect( row.locator( 'td' ) ).toHaveText( [
		/\d{4}/,
		me.name,
		'Exceptions',
		'4 / 5',
		'The anomalies are easy to read.\nMore please!',
	] );
	await card.scrollIntoViewIfNeeded();
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
	await card.screenshot( {
		path: test.info().outputPath( 'feature-feedback-settings-1280.png' ),
	} );
	await page.setViewportSize( { width: 600, height: 800 } );
	await card.screenshot( {
		path: test.info().outputPath( 'feature-feedback-settings-600.png' ),
	} );

	// Export CSV downloads the row.
	const downloading = page.waitForEvent( 'download' );
	await card.getByRole( 'link', { name: 'Export CSV' } ).click();
	const download = await downloading;
	expect( download.suggestedFilename() ).toMatch(
		/^monsterinsights-reports-feature-feedback-\d{4}-\d{2}-\d{2}\.csv$/
	);
	const file = test.info().outputPath( 'feature-feedback.csv' );
	await download.saveAs( file );
	const csv = ( await readFile( file, 'utf8' ) ).replace( /^\uFEFF/, '' );
	const lines = csv.trimEnd().split( '\n' );
	expect( lines[ 0 ] ).toBe( 'Date,User,Feature,Rating,Message' );
	expect( lines.slice( 1 ).join( '\n' ) ).toMatch(
		new RegExp(
			`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z,${ me.name },Exceptions,4,"The anomalies are easy to read.\\nMore please!"$`
		)
	);
} );
