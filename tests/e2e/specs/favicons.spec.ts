import fs from 'fs';
import path from 'path';

import { expect, test, type Page } from '../fixtures';

import { E2ESite } from '../site';
import { REPORTS_PATH, storageStatePath } from '../utils';

/**
 * Referral favicons when the favicon service cannot be reached (offline, or blocked by a firewall
 * or an extension): the Top 10 Referrals card shows the local icon in every row, no image is
 * broken, the service is asked once in the tab, and the page logs no error of its own. With the
 * referral favicons setting off, nothing is asked at all.
 *
 * The overview's answer is the payload of the app's own fixture (eight referrals), so the card has
 * rows whatever the e2e site has collected.
 */

const FAVICON_HOST = 'www.google.com';
const OVERVIEW = JSON.parse(
	fs.readFileSync(
		path.join(
			__dirname,
			'../../../src/store/reports/test/fixtures/overview.json'
		),
		'utf8'
	)
) as { referrals: Array< { url: string } > };

let site: E2ESite | undefined;

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	site = await E2ESite.open( 'admin' );
	await site.setSource( 'builtin' );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.post( '/monsterinsights-reports/v1/settings', {
		referral_favicons: true,
	} );
	await session.reset();
	await session.dispose();
} );

/**
 * Blocks the favicon host, serves the fixture as the overview report (the page's preloaded answers
 * left out), and records what the page asked the favicon host and what it logged.
 *
 * @param page The page.
 */
async function setUp( page: Page ) {
	const asked: string[] = [];
	const errors: Array< { text: string; url: string } > = [];
	await page.route(
		( url ) => url.hostname === FAVICON_HOST,
		( route ) => {
			asked.push( route.request().url() );
			return route.abort( 'blockedbyclient' );
		}
	);
	await page.route( /reports(\/|%2F)overview/, ( route ) =>
		route.fulfill( { json: OVERVIEW } )
	);
	// The page carries its own overview answer (includes/Admin/Preload.php): keep it out, so the
	// app asks for the overview and gets the fixture.
	await page.addInitScript( () =>
		Object.defineProperty( window, 'monsterinsightsReportsPreload', {
			get: () => ( {} ),
			set: () => undefined,
		} )
	);
	page.on( 'console', ( message ) => {
		if ( message.type() === 'error' ) {
			errors.push( {
				text: message.text(),
				url: message.location().url,
			} );
		}
	} );
	page.on( 'pageerror', ( error ) =>
		errors.push( { text: error.message, url: '' } )
	);
	return { asked, errors };
}

/**
 * The referrals card.
 *
 * @param page The page.
 */
function referrals( page: Page ) {
	return page
		.locator( '#monsterinsights-reports' )
		.locator( 'section, div' )
		.filter( {
			has: page.getByRole( 'heading', { name: 'Top 10 Referrals' } ),
		} )
		.last();
}

test( 'a blocked favicon service: the local icon in every row, no broken image, one request, no error of the page', async ( {
	page,
} ) => {
	const { asked, errors } = await setUp( page );
	await page.goto( REPORTS_PATH + '#/' );
	const card = referrals( page );
	await expect(
		card.getByText( OVERVIEW.referrals[ 0 ]?.url ?? '', { exact: true } )
	).toBeVisible( { timeout: 90_000 } );
	// The icons load lazily, near the viewport: the Site Summary above the card (its answer now
	// comes with the Overview's) can leave the card past the browser's lazy-loading distance.
	await card.scrollIntoViewIfNeeded();

	const fallbacks = card.locator(
		'.monsterinsights-reports-favicon-cell__fallback'
	);
	await expect( fallbacks ).toHaveCount( OVERVIEW.referrals.length );
	await expect( fallbacks.first() ).toBeVisible();
	// No image is left broken: none from the service remains in the card.
	expect(
		await card.evaluate(
			( element ) =>
				Array.from( element.querySelectorAll( 'img' ) ).filter(
					( img ) => ! img.complete || img.naturalWidth === 0
				).length
		)
	).toBe( 0 );
	// One row asked; the others waited for its answer.
	expect( asked ).toHaveLength( 1 );
	expect( new URL( asked[ 0 ] ?? '' ).hostname ).toBe( FAVICON_HOST );
	// The only console line is Chromium's own network log of that blocked request, which a page
	// cannot suppress; the page itself logs nothing.
	expect(
		errors.filter(
			( error ) =>
				! (
					error.text.startsWith( 'Failed to load resource' ) &&
					error.url === asked[ 0 ]
				) && ! error.url.includes( 'gravatar.com' )
		)
	).toEqual( [] );

	// Another visit in the same tab asks the service no more.
	await page.goto( 'about:blank' );
	await page.goto( REPORTS_PATH + '#/' );
	await referrals( page )
		.getByText( OVERVIEW.referrals[ 0 ]?.url ?? '', { exact: true } )
		.scrollIntoViewIfNeeded( { timeout: 90_000 } );
	await expect(
		referrals( page ).locator(
			'.monsterinsights-reports-favicon-cell__fallback'
		)
	).toHaveCount( OVERVIEW.referrals.length, { timeout: 90_000 } );
	expect( asked ).toHaveLength( 1 );
	expect(
		errors.filter( ( error ) => ! error.url.includes( 'gravatar.com' ) )
	).toHaveLength( asked.length );
} );

test( 'the referral favicons setting off: no icon, nothing asked', async ( {
	page,
} ) => {
	await site?.post( '/monsterinsights-reports/v1/settings', {
		referral_favicons: false,
	} );
	const { asked, errors } = await setUp( page );
	await page.goto( REPORTS_PATH + '#/' );
	const card = referrals( page );
	await expect(
		card.getByText( OVERVIEW.referrals[ 0 ]?.url ?? '', { exact: true } )
	).toBeVisible( { timeout: 90_000 } );
	await expect(
		card.locator( '.monsterinsights-reports-favicon-cell__icon' )
	).toHaveCount( 0 );
	expect( asked ).toEqual( [] );
	expect(
		errors.filter( ( error ) => ! error.url.includes( 'gravatar.com' ) )
	).toEqual( [] );
} );
