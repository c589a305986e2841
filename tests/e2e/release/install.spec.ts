import { expect, test, type Browser, type Page } from '@playwright/test';
import fs from 'fs';
import path from 'path';

import {
	app,
	infoBoxValue,
	isCollectorHit,
	logIn,
	REPORTS_PATH,
	seriousAxeFindings,
	TRACKER_SCRIPT,
	VISITOR_USER_AGENT,
} from '../utils';

/**
 * Installing the release zip as a site owner does (issue "Install it on a real site"): on a fresh
 * WordPress with nothing of the repository beside it (bin/serve-release.sh), the zip of
 * `npm run plugin-zip` is uploaded through Plugins → Add New → Upload Plugin, activated, set up
 * with the wizard; a visitor's page view on the front end is then counted in the Overview, and
 * still after the zip is uploaded over the installed plugin ("Replace current with uploaded").
 */

const ROOT = path.join( __dirname, '../../..' );

/** The zip under test. */
export const RELEASE_ZIP =
	process.env.RELEASE_ZIP ??
	path.join( ROOT, 'artifacts/monsterinsights-reports.zip' );

/**
 * Uploads a plugin zip through wp-admin's Upload Plugin screen and, when the plugin is there
 * already, replaces it ("Replace current with uploaded").
 *
 * @param page The page, logged in as an administrator.
 * @param zip  The zip's path.
 */
export async function uploadPlugin( page: Page, zip: string ): Promise< void > {
	await page.goto( '/wp-admin/plugin-install.php' );
	await page.getByRole( 'button', { name: 'Upload Plugin' } ).click();
	await page.getByLabel( 'Plugin zip file' ).setInputFiles( zip );
	await page.getByRole( 'button', { name: 'Install Now' } ).click();
	const replace = page.getByRole( 'link', {
		name: 'Replace current with uploaded',
	} );
	const installed = page.getByText( 'Plugin installed successfully.' );
	await expect( replace.or( installed ) ).toBeVisible( { timeout: 120_000 } );
	if ( await replace.isVisible() ) {
		await replace.click();
		await expect(
			page.getByText( 'Plugin updated successfully.' )
		).toBeVisible( { timeout: 120_000 } );
	}
}

/**
 * Opens a public page as an anonymous visitor and waits for the collector to accept its page
 * view (204).
 *
 * @param browser The browser.
 * @param url     The page.
 */
export async function visit( browser: Browser, url: string ): Promise< void > {
	const context = await browser.newContext( {
		userAgent: VISITOR_USER_AGENT,
	} );
	const visitor = await context.newPage();
	const hit = visitor.waitForResponse( ( r ) =>
		isCollectorHit( r.request() )
	);
	await visitor.goto( url );
	await expect( visitor.locator( TRACKER_SCRIPT ) ).toHaveCount( 1 );
	expect( ( await hit ).status() ).toBe( 204 );
	await context.close();
}

test( 'the release zip installs through Upload Plugin and counts a visit', async ( {
	page,
	browser,
} ) => {
	expect( fs.existsSync( RELEASE_ZIP ) ).toBe( true );
	await logIn( page, 'admin' );

	await uploadPlugin( page, RELEASE_ZIP );
	await page.getByRole( 'link', { name: 'Activate Plugin' } ).click();
	await expect( page.getByText( 'Plugin activated.' ) ).toBeVisible();
	await expect(
		page.locator(
			'tr[data-plugin="monsterinsights-reports/monsterinsights-reports.php"]'
		)
	).toHaveClass( /\bactive\b/ );

	// The reports page, not connected yet: the setup wizard with the built-in analytics.
	await page.goto( REPORTS_PATH );
	await app( page )
		.getByRole( 'link', { name: 'Launch Setup Wizard' } )
		.click();
	await expect(
		app( page ).getByRole( 'heading', { name: 'Setup Wizard' } )
	).toBeVisible( { timeout: 60_000 } );
	await app( page ).getByRole( 'button', { name: 'Continue' } ).click();
	await app( page ).getByRole( 'button', { name: 'Continue' } ).click();
	await app( page )
		.getByRole( 'button', { name: 'Finish Setup and View Reports' } )
		.click();
	await expect(
		app( page ).getByRole( 'heading', { name: 'Overview', level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
	await expect( infoBoxValue( page, 'Pageviews' ) ).toHaveText( '0', {
		timeout: 60_000,
	} );

	// One anonymous page view of the default post; the reports page's load aggregates it.
	await visit( browser, '/hello-world/' );
	await page.goto( REPORTS_PATH );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Overview', level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
	// Today's numbers: the Today preset of the date picker (the default range ends yesterday).
	await page.getByRole( 'button', { name: /^Date range:/ } ).click();
	const picker = page.locator(
		'.monsterinsights-reports-datepicker__popover'
	);
	await picker.getByRole( 'button', { name: 'Today' } ).click();
	await picker.getByRole( 'button', { name: 'Apply' } ).click();
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( '1', {
		timeout: 60_000,
	} );
	await expect( infoBoxValue( page, 'Pageviews' ) ).toHaveText( '1' );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	// The same zip uploaded over it ("Replace current with uploaded"), as an update is: the
	// plugin stays active and the visit is still counted.
	await uploadPlugin( page, RELEASE_ZIP );
	await page.goto( '/wp-admin/plugins.php' );
	await expect(
		page.locator(
			'tr[data-plugin="monsterinsights-reports/monsterinsights-reports.php"]'
		)
	).toHaveClass( /\bactive\b/ );
	await page.goto( REPORTS_PATH );
	await page.getByRole( 'button', { name: /^Date range:/ } ).click();
	await picker.getByRole( 'button', { name: 'Today' } ).click();
	await picker.getByRole( 'button', { name: 'Apply' } ).click();
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( '1', {
		timeout: 60_000,
	} );
	await expect( infoBoxValue( page, 'Pageviews' ) ).toHaveText( '1' );
} );
