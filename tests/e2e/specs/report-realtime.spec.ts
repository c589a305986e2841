import { expect, test, type Page } from '../fixtures';

import { E2ESite } from '../site';
import {
	isCollectorHit,
	REPORTS_PATH,
	seriousAxeFindings,
	storageStatePath,
	VISITOR_USER_AGENT,
} from '../utils';

/**
 * The Real-Time report (#/real-time), end to end: an anonymous visitor in a second browser context
 * opens a post; the collector buffers the hit, and the report's own request reads it from the
 * buffer (the raw recent data; the request aggregates nothing), so with a plus licence Right Now
 * is 1 and the post is the top page — no explicit aggregation. Basic sees the report's upsell over
 * its sample layout. The site is reset before and after, so the visitor is the only one.
 */

/** The permalink and title of WordPress's default post. */
const POST_PATH = '/hello-world/';
const POST_TITLE = 'Hello world!';

let site: E2ESite | undefined;

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
 * The non-empty body rows of a card's table.
 *
 * @param page  The page.
 * @param title The card's heading.
 */
async function cardRows( page: Page, title: string ): Promise< string[][] > {
	const card = page.locator( '.monsterinsights-reports-realtime__card', {
		has: page.getByRole( 'heading', { name: title, level: 2 } ),
	} );
	const cells = await card
		.locator( 'tbody tr' )
		.evaluateAll( ( trs ) =>
			trs.map( ( tr ) =>
				Array.from( tr.querySelectorAll( 'th, td' ) ).map( ( cell ) =>
					( cell.textContent ?? '' ).trim()
				)
			)
		);
	return cells.filter( ( row ) => row.some( ( cell ) => cell !== '' ) );
}

/**
 * Opens the Real-Time report.
 *
 * @param page The page.
 */
async function openRealtime( page: Page ): Promise< void > {
	await page.goto( 'about:blank' );
	await page.goto( REPORTS_PATH + '#/real-time' );
	await expect(
		page
			.locator( '#monsterinsights-reports' )
			.getByRole( 'heading', { name: 'Real-Time Report', level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
}

test( 'plus: a visit a moment ago is Right Now and the top page, and no serious axe finding', async ( {
	page,
	browser,
} ) => {
	test.setTimeout( 240_000 );
	await e2eSite().setLevel( 'plus' );

	// An anonymous visitor opens the post once; the collector buffers it (204).
	const visitor = await browser.newContext( {
		userAgent: VISITOR_USER_AGENT,
		storageState: { cookies: [], origins: [] },
	} );
	const visit = await visitor.newPage();
	const hit = visit.waitForRequest(
		( request ) =>
			isCollectorHit( request ) &&
			( request.postData() ?? '' ).includes( '"pageview"' )
	);
	await visit.goto( POST_PATH );
	expect( ( await ( await hit ).response() )?.status() ).toBe( 204 );
	await visitor.close();

	// The report aggregates the buffer itself (again on a reload if a cron run held the lock).
	const requests: string[] = [];
	page.on( 'request', ( request ) => {
		if ( request.url().includes( 'reports/realtime' ) ) {
			requests.push( request.url() );
		}
	} );
	const now = page.getByTestId( 'realtime-now' );
	await expect( async () => {
		await openRealtime( page );
		await expect( now ).toHaveText( '1', { timeout: 10_000 } );
	} ).toPass( { intervals: [ 2_000, 5_000, 10_000 ] } );

	await expect( page.getByText( 'active user on site' ) ).toBeVisible();
	await expect
		.poll( () => cardRows( page, 'Top Pages' ) )
		.toEqual( [ [ POST_TITLE, '1', '100%' ] ] );
	// The visitor came direct: no referral box.
	await expect(
		page.getByRole( 'heading', { name: 'Top Referral Traffic Sources' } )
	).toHaveCount( 0 );
	await expect(
		page.getByRole( 'img', { name: /Pageviews/ } )
	).toBeVisible();
	// Real time has no date range: no date picker, the period instead.
	await expect( page.getByText( 'Last 30 minutes' ) ).toBeVisible();
	await expect( page.getByText( /^Updated \d+ seconds? ago/ ) ).toBeVisible();
	// The request carries no dates.
	expect( requests.at( -1 ) ).not.toContain( 'start=' );

	expect( await seriousAxeFindings( page ) ).toEqual( [] );
} );

test( 'basic: the upsell over the same layout with sample data, no report request', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'basic' );
	const requests: string[] = [];
	page.on( 'request', ( request ) => {
		if ( request.url().includes( 'reports/realtime' ) ) {
			requests.push( request.url() );
		}
	} );
	await openRealtime( page );
	await expect(
		page.getByRole( 'heading', {
			name: 'See Who Is on Your Site Right Now.',
		} )
	).toBeVisible();
	await expect( page.getByText( 'Sample data' ) ).toBeVisible();
	await expect( page.getByTestId( 'realtime-now' ) ).toHaveText( '37' );
	await page.getByRole( 'button', { name: 'See a Sample Report' } ).click();
	await expect(
		page.getByRole( 'heading', {
			name: 'See Who Is on Your Site Right Now.',
		} )
	).toHaveCount( 0 );
	await expect
		.poll( () => cardRows( page, 'Top Pages' ) )
		.toEqual( [
			[ 'Sample home page', '14', '37.80%' ],
			[ 'Sample post: getting started', '9', '24.30%' ],
			[ 'Sample page: pricing', '6', '16.20%' ],
		] );
	expect( requests ).toEqual( [] );
} );
