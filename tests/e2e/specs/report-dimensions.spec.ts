import { expect, test, type Browser, type Page } from '../fixtures';
import path from 'path';

import { E2E_ROUTES, E2ESite } from '../site';
import {
	isCollectorHit,
	openReportForVisitDays,
	REPORTS_PATH,
	seriousAxeFindings,
	storageStatePath,
	VISITOR_USER_AGENT,
	type E2EUser,
} from '../utils';

/**
 * The Dimensions report (#/dimensions) end to end: an anonymous visitor and the logged-in
 * subscriber open the sample post and page; the tracker sends the subscriber's role, the collector
 * keeps it, the aggregator counts it, and the report's tables show exactly those page views by
 * author, post type, category, publication month, login state and role. Below plus the same boxes
 * show the sample under the upsell. The site and the module are put back afterwards.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

/** Who opens which paths. */
const VISITS: ReadonlyArray< readonly [ E2EUser | 'anonymous', string ] > = [
	[ 'anonymous', '/hello-world/' ],
	[ 'anonymous', '/hello-world/' ],
	[ 'subscriber', '/hello-world/' ],
	[ 'subscriber', '/sample-page/' ],
];

let site: E2ESite | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

/**
 * Opens a path as a visitor and waits for the page view the collector accepted; answers its body.
 *
 * @param browser The browser.
 * @param who     Anonymous, or a user of auth.setup.ts.
 * @param url     The path.
 */
async function visit(
	browser: Browser,
	who: E2EUser | 'anonymous',
	url: string
): Promise< Record< string, unknown > > {
	const context = await browser.newContext( {
		userAgent: VISITOR_USER_AGENT,
		storageState:
			who === 'anonymous'
				? { cookies: [], origins: [] }
				: storageStatePath( who ),
	} );
	const page = await context.newPage();
	const hit = page.waitForRequest(
		( request ) =>
			isCollectorHit( request ) &&
			( request.postData() ?? '' ).includes( '"pageview"' )
	);
	await page.goto( url );
	const request = await hit;
	expect( ( await request.response() )?.status() ).toBe( 204 );
	const body = JSON.parse( request.postData() ?? '{}' ) as Record<
		string,
		unknown
	>;
	await context.close();
	return body;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async ( { browser } ) => {
	test.setTimeout( 180_000 );
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );
	await site.post( '/monsterinsights-reports/v1/addons/dimensions', {
		active: true,
	} );
	for ( const [ who, url ] of VISITS ) {
		const body = await visit( browser, who, url );
		// The subscriber's page views carry the role; the anonymous ones carry none.
		expect( body.u ).toBe(
			who === 'subscriber' ? 'subscriber' : undefined
		);
	}
	await expect( async () => {
		await e2eSite().post( `${ E2E_ROUTES }/aggregate` );
	} ).toPass( { intervals: [ 1_000, 2_000, 5_000 ] } );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.post( '/monsterinsights-reports/v1/addons/dimensions', {
		active: false,
	} );
	await session.reset();
	await session.dispose();
} );

/**
 * The non-empty rows of each box, by its title: [label, views] each.
 *
 * @param page The page.
 */
async function boxes( page: Page ): Promise< Record< string, string[][] > > {
	return page
		.locator( '.monsterinsights-reports-dimensions__box' )
		.evaluateAll( ( sections ) => {
			const out: Record< string, string[][] > = {};
			for ( const section of sections ) {
				const title = section.querySelector( 'h2' )?.textContent ?? '';
				out[ title ] = Array.from(
					section.querySelectorAll( 'tbody tr' )
				)
					.map( ( tr ) =>
						Array.from( tr.querySelectorAll( 'td' ) )
							.slice( 0, 2 )
							.map( ( td ) => ( td.textContent ?? '' ).trim() )
					)
					.filter( ( row ) => row[ 0 ] !== '' );
			}
			return out;
		} );
}

/**
 * Opens the report for yesterday and today (the visits' day, also across the site's midnight).
 *
 * @param page The page.
 */
async function openDimensions( page: Page ): Promise< void > {
	await openReportForVisitDays( page, '/dimensions', 'Dimensions Report' );
}

test( 'plus: the page views by author, type, category, month, login state and role; CSV', async ( {
	page,
} ) => {
	test.setTimeout( 180_000 );
	await e2eSite().setLevel( 'plus' );
	await openDimensions( page );

	await expect
		.poll( async () => Object.keys( await boxes( page ) ) )
		.toEqual( [
			'Most Popular Authors',
			'Most Popular Post Types',
			'Most Popular Categories',
			'Most Popular Tags',
			'Most Popular Publication Months',
			'Logged-in Status',
			'Most Active User Roles',
		] );
	await expect
		.poll( async () => ( await boxes( page ) )[ 'Most Active User Roles' ] )
		.toEqual( [
			[ 'Logged out', '2' ],
			[ 'Subscriber', '2' ],
		] );
	const tables = await boxes( page );
	expect( tables[ 'Logged-in Status' ] ).toEqual( [
		[ 'Logged in', '2' ],
		[ 'Logged out', '2' ],
	] );
	expect( tables[ 'Most Popular Post Types' ] ).toEqual( [
		[ 'Post', '3' ],
		[ 'Page', '1' ],
	] );
	expect( tables[ 'Most Popular Categories' ] ).toEqual( [
		[ 'Uncategorized', '3' ],
	] );
	// The sample post and page are the administrator's.
	expect( tables[ 'Most Popular Authors' ] ).toEqual( [ [ 'admin', '4' ] ] );
	// The sample content has no tag.
	expect( tables[ 'Most Popular Tags' ] ).toEqual( [] );
	await expect(
		page
			.getByRole( 'region', { name: 'Most Popular Tags' } )
			.getByText( 'No data for this time period.' )
	).toBeVisible();
	const months = tables[ 'Most Popular Publication Months' ]!;
	for ( const [ month ] of months ) {
		expect( month ).toMatch( /^\d{4}-\d{2}$/ );
	}
	expect(
		months.reduce( ( sum, [ , views ] ) => sum + Number( views ), 0 )
	).toBe( 4 );

	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'report-dimensions.png' ),
		fullPage: true,
	} );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	// The role table's CSV: every row, raw numbers.
	const href = await page
		.getByRole( 'region', { name: 'Most Active User Roles' } )
		.getByRole( 'link', { name: 'Download CSV' } )
		.getAttribute( 'href' );
	expect( href ).toContain( '/reports/dimensions/tables/user_role/csv' );
	const csv = await page.request.get( href ?? '' );
	expect( csv.status() ).toBe( 200 );
	expect(
		( await csv.text() )
			.replace( /^\uFEFF/, '' )
			.trim()
			.split( /\r?\n/ )
			.map( ( line ) => line.replace( /"/g, '' ) )
	).toEqual( [ 'User Role,Views', 'Logged out,2', 'Subscriber,2' ] );
} );

test( 'basic: the same boxes with sample rows under the upsell', async ( {
	page,
} ) => {
	test.setTimeout( 120_000 );
	await e2eSite().setLevel( 'basic' );
	await page.goto( `${ REPORTS_PATH }#/dimensions` );
	await expect(
		page.getByRole( 'link', { name: 'Upgrade and Unlock' } )
	).toBeVisible( { timeout: 60_000 } );
	await expect
		.poll( async () => ( await boxes( page ) )[ 'Most Popular Authors' ] )
		.toEqual( [
			[ 'Sample author: Alex', '8,120' ],
			[ 'Sample author: Sam', '5,410' ],
			[ 'Sample author: Robin', '2,230' ],
		] );
} );
