import AxeBuilder from '@axe-core/playwright';
import path from 'path';

import { expect, test, type Page } from '../fixtures';
import { E2E_ROUTES, E2ESite, fakeGoogle } from '../site';
import {
	apiFetch,
	app,
	REPORTS_PATH,
	seriousAxeFindings,
	storageStatePath,
} from '../utils';

/**
 * The Search Console report's promo cards end to end (docs/reports.md#the-search-console-report):
 * the site connected to the fake Google server has search terms, so without the SEO plugin the
 * SEO plugin card shows; Install Now installs the plugin's test double (tests/fixtures/seo-plugin,
 * through the e2e mu-plugin's package filter: nothing is downloaded), the dialog's Activate
 * activates it and the page reloads, and the placement rule then shows the competitor-keyword card;
 * dismissing that card is the user's, on the server: after a reload it is still closed. The site
 * is put back afterwards (plugin removed, dismissals cleared, google disconnected). A broken
 * package first shows the install's failure text.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

const SITE = 'https://example.com/';
const DAYS = [ '2026-11-01', '2026-11-03' ];
const SEO_CARD = 'Get more visitors from Google with All in One SEO';
const COMPETITOR_CARD = 'See the keywords your competitors rank for';
const BASENAME = 'all-in-one-seo-pack/all_in_one_seo_pack.php';
/** The competitor-keyword card's status route in a URL (pretty or ?rest_route=). */
const COMPETITOR_STATUS = /promos(\/|%2F)competitor-keywords/;

/** The SEO plugin's status as the plugin's route answers it. */
interface SeoStatus {
	installed: boolean;
	active: boolean;
	basename: string;
}

let site: E2ESite | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

/**
 * Opens the report for 1–3 November 2026 and waits for its table.
 *
 * @param page The page.
 */
async function openReport( page: Page ): Promise< void > {
	await page.goto(
		`${ REPORTS_PATH }#/search-console?start=${ DAYS[ 0 ] }&end=${ DAYS[ 1 ] }&preset=custom`
	);
	await expect(
		app( page ).getByRole( 'region', {
			name: 'Top 50 Google Search Terms',
		} )
	).toBeVisible( { timeout: 60_000 } );
}

/**
 * Screenshots of the page at 1280 and at 600 px wide.
 *
 * @param page The page.
 * @param name The file name's stem.
 */
async function screenshots( page: Page, name: string ): Promise< void > {
	for ( const width of [ 1280, 600 ] ) {
		await page.setViewportSize( { width, height: 900 } );
		await page.screenshot( {
			path: path.join( SCREENSHOTS, `${ name }-${ width }.png` ),
			fullPage: true,
		} );
	}
	await page.setViewportSize( { width: 1280, height: 900 } );
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	site = await E2ESite.open();
	await site.reset();
	await site.setLevel( 'plus' );
	await site.post( `${ E2E_ROUTES }/seo-plugin` );
	await fakeGoogle( '/__reset' );
	await site.post( `${ E2E_ROUTES }/google`, { sc_site: SITE } );
} );

test.afterAll( async () => {
	await e2eSite().post( `${ E2E_ROUTES }/seo-plugin` );
	await e2eSite().post( `${ E2E_ROUTES }/google`, { connected: false } );
	await e2eSite().reset();
	await e2eSite().dispose();
} );

test.describe.configure( { mode: 'serial' } );

test( 'a failed install: the error dialog with the spec text, then Install Now again, nothing installed', async ( {
	page,
} ) => {
	await e2eSite().post( `${ E2E_ROUTES }/seo-plugin`, { broken: true } );
	await openReport( page );
	const card = app( page ).getByRole( 'region', { name: SEO_CARD } );
	await card.getByRole( 'button', { name: 'Install Now' } ).click();
	const error = page.getByRole( 'alertdialog', { name: 'Error' } );
	await expect( error ).toContainText(
		'Installation Failed. Please refresh and try again.',
		{ timeout: 60_000 }
	);
	await error.getByRole( 'button', { name: 'OK' } ).click();
	await expect( error ).toHaveCount( 0 );
	await expect(
		card.getByRole( 'button', { name: 'Install Now' } )
	).not.toHaveAttribute( 'aria-disabled', 'true' );
	expect(
		await apiFetch< SeoStatus >( page, {
			path: '/monsterinsights-reports/v1/seo-plugin',
		} )
	).toMatchObject( { installed: false, active: false } );
	await e2eSite().post( `${ E2E_ROUTES }/seo-plugin` );
} );

test( 'without the SEO plugin: its card, Install Now → Installing... → Activate, the reload shows the competitor-keyword card', async ( {
	page,
} ) => {
	await openReport( page );
	const card = app( page ).getByRole( 'region', { name: SEO_CARD } );
	await expect( card ).toBeVisible();
	await expect(
		app( page ).getByRole( 'region', { name: COMPETITOR_CARD } )
	).toHaveCount( 0 );
	await card.scrollIntoViewIfNeeded();
	await screenshots( page, 'promo-seo-plugin-card' );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	// Hold the install's answer back to see the busy button.
	let release: () => void = () => {};
	const held = new Promise< void >( ( resolve ) => {
		release = resolve;
	} );
	await page.route( /seo-plugin(\/|%2F)install/, async ( route ) => {
		await held;
		await route.continue();
	} );
	// Keyboard: the button is reached and pressed like any other.
	await card.getByRole( 'button', { name: 'Install Now' } ).focus();
	await page.keyboard.press( 'Enter' );
	await expect(
		card.getByRole( 'button', { name: 'Installing...' } )
	).toHaveAttribute( 'aria-disabled', 'true' );
	release();

	const dialog = page.getByRole( 'dialog', {
		name: 'All in One SEO is installed',
	} );
	await expect( dialog ).toBeVisible( { timeout: 60_000 } );
	await expect( dialog.getByRole( 'button' ) ).toHaveText( [
		'Dismiss',
		'Activate',
	] );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'promo-seo-plugin-dialog-1280.png' ),
	} );
	const dialogAxe = await new AxeBuilder( { page } )
		.include( '.monsterinsights-reports-seo-plugin-dialog' )
		.analyze();
	expect(
		dialogAxe.violations
			.filter(
				( v ) => v.impact === 'serious' || v.impact === 'critical'
			)
			.map( ( v ) => v.id )
	).toEqual( [] );

	// Installed, not yet active.
	expect(
		await apiFetch< SeoStatus >( page, {
			path: '/monsterinsights-reports/v1/seo-plugin',
		} )
	).toMatchObject( { installed: true, active: false, basename: BASENAME } );

	// Activate reloads the page.
	const reloaded = page.waitForEvent( 'load' );
	await dialog.getByRole( 'button', { name: 'Activate' } ).click();
	await reloaded;
	await expect(
		app( page ).getByRole( 'region', { name: COMPETITOR_CARD } )
	).toBeVisible( { timeout: 60_000 } );
	await expect(
		app( page ).getByRole( 'region', { name: SEO_CARD } )
	).toHaveCount( 0 );
	expect(
		await apiFetch< SeoStatus >( page, {
			path: '/monsterinsights-reports/v1/seo-plugin',
		} )
	).toMatchObject( { installed: true, active: true, basename: BASENAME } );

	// The plugin is active for WordPress too: the plugins screen lists it as such.
	await page.goto( '/wp-admin/plugins.php?plugin_status=active' );
	await expect(
		page.locator( `tr[data-plugin="${ BASENAME }"]` )
	).toHaveClass( /\bactive\b/ );
} );

test( 'the competitor-keyword card: dismissed on the server, still dismissed after a reload', async ( {
	page,
} ) => {
	await openReport( page );
	const card = app( page ).getByRole( 'region', { name: COMPETITOR_CARD } );
	await expect( card ).toBeVisible();
	await expect(
		card.getByRole( 'link', {
			name: 'Try Semrush for free (opens in a new tab)',
		} )
	).toHaveAttribute( 'href', 'https://www.semrush.com/' );
	await card.scrollIntoViewIfNeeded();
	await screenshots( page, 'promo-competitor-card' );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	const dismissed = page.waitForResponse(
		( response ) =>
			COMPETITOR_STATUS.test( response.url() ) &&
			response.request().method() === 'POST'
	);
	await card.getByRole( 'button', { name: 'Dismiss this card' } ).click();
	expect( await ( await dismissed ).json() ).toEqual( {
		card: 'competitor-keywords',
		dismissed: 'yes',
	} );
	await expect( card ).toHaveCount( 0 );

	// After the reload the app reads the card's status again: the server answers it dismissed.
	const read = page.waitForResponse(
		( response ) =>
			COMPETITOR_STATUS.test( response.url() ) &&
			response.request().method() === 'GET'
	);
	await page.reload();
	expect( await ( await read ).json() ).toEqual( {
		card: 'competitor-keywords',
		dismissed: 'yes',
	} );
	await expect(
		app( page ).getByRole( 'region', {
			name: 'Top 50 Google Search Terms',
		} )
	).toBeVisible( { timeout: 60_000 } );
	await expect(
		app( page ).getByRole( 'region', { name: COMPETITOR_CARD } )
	).toHaveCount( 0 );
	await expect(
		app( page ).getByRole( 'region', { name: SEO_CARD } )
	).toHaveCount( 0 );
} );
