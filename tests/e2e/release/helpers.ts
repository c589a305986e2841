import { expect, type Browser, type Page } from '@playwright/test';
import path from 'path';

import packageJson from '../../../package.json';
import {
	app,
	isCollectorHit,
	REPORTS_PATH,
	TRACKER_SCRIPT,
	VISITOR_USER_AGENT,
} from '../utils';
import previous from './previous.json';

/**
 * What the release tests share (tests/e2e/release/*.spec.ts): the zips, the wp-admin screens a
 * site owner uses to install, update and remove the plugin, the setup wizard, the Overview's
 * date range and a visitor on the front end.
 */

const ROOT = path.join( __dirname, '../../..' );

/** The zip under test (`npm run plugin-zip`). */
export const RELEASE_ZIP =
	process.env.RELEASE_ZIP ||
	path.join( ROOT, 'artifacts/monsterinsights-reports.zip' );

/** The previous release, as tests/e2e/release/previous.json names it. */
export const PREVIOUS_RELEASE: {
	version: string;
	commit: string;
	tag: string;
} = previous;

/** The previous release's zip (bin/previous-release-zip.sh). */
export const PREVIOUS_RELEASE_ZIP =
	process.env.PREVIOUS_RELEASE_ZIP ||
	path.join(
		ROOT,
		'.wp/previous-release',
		PREVIOUS_RELEASE.commit,
		'monsterinsights-reports.zip'
	);

/** The version of the zip under test: package.json's, stamped into the plugin header. */
export const RELEASE_VERSION: string = packageJson.version;

/** The plugin's row on Plugins → Installed Plugins. */
export const PLUGIN_ROW =
	'tr[data-plugin="monsterinsights-reports/monsterinsights-reports.php"]';

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
 * Activates the plugin just uploaded (the link of the upload's result page).
 *
 * @param page The page, on the result of uploadPlugin().
 */
export async function activateUploadedPlugin( page: Page ): Promise< void > {
	await page.getByRole( 'link', { name: 'Activate Plugin' } ).click();
	await expect( page.getByText( 'Plugin activated.' ) ).toBeVisible();
	await expect( page.locator( PLUGIN_ROW ) ).toHaveClass( /\bactive\b/ );
}

/**
 * Removes the plugin when it is installed, as a site owner does: Deactivate, then Delete on
 * Plugins → Installed Plugins (which runs its uninstall.php: its tables, options and user meta go).
 *
 * @param page The page, logged in as an administrator.
 */
export async function deletePluginIfInstalled( page: Page ): Promise< void > {
	await page.goto( '/wp-admin/plugins.php' );
	const row = page.locator( PLUGIN_ROW ).first();
	if ( ( await row.count() ) === 0 ) {
		return;
	}
	const deactivate = row.getByRole( 'link', { name: /^Deactivate/ } );
	if ( ( await deactivate.count() ) > 0 ) {
		await deactivate.click();
		await expect( page.getByText( 'Plugin deactivated.' ) ).toBeVisible();
	}
	// Delete runs through wp.updates (a confirm dialog, then Ajax) once the page's scripts are
	// ready; clicked before, the link opens the "Delete Plugin" confirmation screen instead.
	await page.waitForLoadState( 'load' );
	await page.waitForFunction(
		() =>
			typeof (
				window as unknown as {
					wp?: { updates?: { deletePlugin?: unknown } };
				}
			 ).wp?.updates?.deletePlugin === 'function'
	);
	page.once( 'dialog', ( dialog ) => dialog.accept() );
	await page
		.locator( PLUGIN_ROW )
		.first()
		.getByRole( 'link', { name: /^Delete/ } )
		.click();
	// The row turns into the deletion's message.
	await expect(
		page.locator( PLUGIN_ROW ).getByText( 'was successfully deleted.' )
	).toBeVisible( { timeout: 60_000 } );
}

/**
 * The setup wizard of a plugin not connected yet, with the built-in analytics, up to the
 * Overview.
 *
 * @param page The page, logged in as an administrator.
 */
export async function runSetupWizard( page: Page ): Promise< void > {
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
}

/**
 * Opens the Overview (its load aggregates the buffered hits) and picks the date picker's Today
 * preset (the default range ends yesterday).
 *
 * @param page The page, logged in as an administrator.
 */
export async function openOverviewForToday( page: Page ): Promise< void > {
	await page.goto( REPORTS_PATH );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Overview', level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
	await page.getByRole( 'button', { name: /^Date range:/ } ).click();
	const picker = page.locator(
		'.monsterinsights-reports-datepicker__popover'
	);
	await picker.getByRole( 'button', { name: 'Today' } ).click();
	await picker.getByRole( 'button', { name: 'Apply' } ).click();
}

/**
 * Opens public pages, one after the other, as one anonymous visitor and waits for the collector
 * to accept each page view (204).
 *
 * @param browser   The browser.
 * @param urls      The page, or the pages in order.
 * @param userAgent The visitor's user agent (the collector keys visitors by address and agent).
 */
export async function visit(
	browser: Browser,
	urls: string | readonly string[],
	userAgent: string = VISITOR_USER_AGENT
): Promise< void > {
	const context = await browser.newContext( { userAgent } );
	// A tab per page: the hit awaited is the page view of that page, not the previous page's
	// leaving.
	for ( const url of typeof urls === 'string' ? [ urls ] : urls ) {
		const visitor = await context.newPage();
		const hit = visitor.waitForResponse( ( r ) =>
			isCollectorHit( r.request() )
		);
		await visitor.goto( url );
		await expect( visitor.locator( TRACKER_SCRIPT ) ).toHaveCount( 1 );
		expect( ( await hit ).status() ).toBe( 204 );
	}
	await context.close();
}
