import { expect, test, type Page } from '../fixtures';
import { readFile } from 'fs/promises';
import path from 'path';

import { inspectPdf } from '../pdf';
import { E2E_ROUTES, E2ESite } from '../site';
import {
	isCollectorHit,
	REPORTS_PATH,
	seriousAxeFindings,
	storageStatePath,
	VISITOR_USER_AGENT,
} from '../utils';

/**
 * The Pages report (#/publishers-pages) on the report framework, end to end: an anonymous
 * visitor's page views, counted by the built-in collector and aggregated, appear exactly in the
 * table; search, sort, the CSV download and the PDF export work; lower licences see the upsell over
 * the same table with sample rows. The site is reset before and after, so the counts are exactly
 * this visitor's.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

/** The paths the visitor opens, and how often. */
const VISITS: ReadonlyArray< readonly [ string, number ] > = [
	[ '/hello-world/', 3 ],
	[ '/', 2 ],
	[ '/sample-page/', 1 ],
];

let site: E2ESite | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async ( { browser } ) => {
	test.setTimeout( 180_000 );
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );

	// An anonymous visitor opens each path as often as VISITS says; every load is one page view
	// the collector accepts.
	const visitor = await browser.newContext( {
		userAgent: VISITOR_USER_AGENT,
		storageState: { cookies: [], origins: [] },
	} );
	const page = await visitor.newPage();
	for ( const [ visitPath, times ] of VISITS ) {
		for ( let i = 0; i < times; i++ ) {
			const hit = page.waitForRequest(
				( request ) =>
					isCollectorHit( request ) &&
					( request.postData() ?? '' ).includes( '"pageview"' )
			);
			await page.goto( visitPath );
			const response = await ( await hit ).response();
			expect( response?.status() ).toBe( 204 );
		}
	}
	await visitor.close();

	// Aggregate now (a 409 while a cron run holds the lock: again).
	await expect( async () => {
		await e2eSite().post( `${ E2E_ROUTES }/aggregate` );
	} ).toPass( { intervals: [ 1_000, 2_000, 5_000 ] } );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

/**
 * The non-empty body rows of the pages table: [page path, page views] each.
 *
 * @param page The page.
 */
async function tableRows( page: Page ): Promise< string[][] > {
	const rows = page.locator( '.monsterinsights-reports-data-table tbody tr' );
	const cells = await rows.evaluateAll( ( trs ) =>
		trs.map( ( tr ) =>
			Array.from( tr.querySelectorAll( 'td' ) )
				.slice( 0, 2 )
				.map( ( td ) => ( td.textContent ?? '' ).trim() )
		)
	);
	return cells.filter( ( row ) => row[ 0 ] !== '' );
}

/**
 * Opens the Pages report: its default dates, or yesterday and today (the visitor's day, also when
 * the visits straddled the site's midnight).
 *
 * @param page     The page.
 * @param visitDay Whether to show yesterday and today.
 */
async function openPages( page: Page, visitDay = false ): Promise< void > {
	let hash = '#/publishers-pages';
	if ( visitDay ) {
		await page.goto( REPORTS_PATH );
		const today = await page.evaluate(
			() =>
				(
					window as unknown as {
						monsterinsightsReportsBoot: { site: { today: string } };
					}
				 ).monsterinsightsReportsBoot.site.today
		);
		const yesterday = new Date(
			new Date( `${ today }T00:00:00Z` ).getTime() - 86_400_000
		)
			.toISOString()
			.slice( 0, 10 );
		hash += `?start=${ yesterday }&end=${ today }&preset=custom`;
		// A new document, not a hash change of the Overview still loading.
		await page.goto( 'about:blank' );
	}
	await page.goto( REPORTS_PATH + hash );
	await expect(
		page
			.locator( '#monsterinsights-reports' )
			.getByRole( 'heading', { name: 'Pages Report', level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
}

test( 'plus: the visitor’s page views, search, sort, CSV, PDF and no serious axe finding', async ( {
	page,
} ) => {
	test.setTimeout( 300_000 );
	await e2eSite().setLevel( 'plus' );
	await openPages( page, true );

	// Exactly the visitor's page views, most viewed first; the table pads to 10 rows.
	await expect
		.poll( () => tableRows( page ) )
		.toEqual( [
			[ '/hello-world/', '3' ],
			[ '/', '2' ],
			[ '/sample-page/', '1' ],
		] );
	await expect(
		page.locator( '.monsterinsights-reports-data-table tbody tr' )
	).toHaveCount( 10 );

	// Search narrows the rows on the server (case-insensitive, first column).
	const search = page.getByRole( 'searchbox' );
	await search.fill( 'HELLO' );
	await expect
		.poll( () => tableRows( page ) )
		.toEqual( [ [ '/hello-world/', '3' ] ] );
	await search.fill( '' );
	await expect.poll( () => tableRows( page ) ).toHaveLength( 3 );

	// Sort by page views, ascending.
	await page.getByRole( 'button', { name: 'Page Views' } ).click();
	await page.getByRole( 'menuitemradio', { name: /Sort ascending/ } ).click();
	// The column menu stays open after a choice: Escape closes it.
	await page.keyboard.press( 'Escape' );
	await expect(
		page.getByRole( 'menuitemradio', { name: /Sort ascending/ } )
	).toHaveCount( 0 );
	await expect
		.poll( () => tableRows( page ) )
		.toEqual( [
			[ '/sample-page/', '1' ],
			[ '/', '2' ],
			[ '/hello-world/', '3' ],
		] );

	// The CSV has the table's rows, in its order, with raw numbers.
	const csvLink = page.getByRole( 'link', { name: 'Download CSV' } );
	// A link with an href: in the tab order.
	expect( await csvLink.getAttribute( 'tabindex' ) ).toBeNull();
	const href = await csvLink.getAttribute( 'href' );
	expect( href ).toContain( 'orderby=pageviews' );
	expect( href ).toContain( 'order=asc' );
	const csv = await page.request.get( href ?? '' );
	expect( csv.status() ).toBe( 200 );
	expect( csv.headers()[ 'content-type' ] ).toContain( 'text/csv' );
	expect( csv.headers()[ 'content-disposition' ] ).toMatch(
		/monsterinsights-reports-engagement_pages-pages-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv/
	);
	const lines = ( await csv.text() )
		.trim()
		.split( /\r?\n/ )
		.map( ( line ) =>
			// Cells hold no commas here; quoted ones lose their quotes.
			line
				.split( ',' )
				.map( ( cell ) =>
					cell.replace( /^"(.*)"$/, '$1' ).replace( /""/g, '"' )
				)
		);
	expect( lines[ 0 ]?.slice( 0, 2 ) ).toEqual( [
		'Page Path',
		'Page Views',
	] );
	expect( lines.slice( 1 ).map( ( line ) => line.slice( 0, 2 ) ) ).toEqual( [
		[ '/sample-page/', '1' ],
		[ '/', '2' ],
		[ '/hello-world/', '3' ],
	] );

	// Accessibility: nothing serious or critical in the app.
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	// PDF export of this report.
	const downloading = page.waitForEvent( 'download', { timeout: 180_000 } );
	await page.getByRole( 'button', { name: 'Export PDF Report' } ).click();
	const download = await downloading;
	expect( download.suggestedFilename() ).toMatch(
		/^monsterinsights-reports-engagement-pages-\d{4}-\d{2}-\d{2}\.pdf$/
	);
	const file = path.join( SCREENSHOTS, 'report-pages.pdf' );
	await download.saveAs( file );
	const pdf = inspectPdf( await readFile( file ) );
	expect( pdf.header ).toMatch( /^%PDF-1\.\d$/ );
	expect( pdf.eof ).toBe( true );
	expect( pdf.pages ).toBeGreaterThanOrEqual( 1 );
} );

for ( const level of [ 'lite', 'basic' ] as const ) {
	test( `${ level }: the upsell over the same table with sample rows, no report request`, async ( {
		page,
	} ) => {
		await e2eSite().setLevel( level );
		const requests: string[] = [];
		page.on( 'request', ( request ) => {
			if ( request.url().includes( 'reports/engagement_pages' ) ) {
				requests.push( request.url() );
			}
		} );
		await openPages( page );
		await expect(
			page.getByRole( 'heading', {
				name: 'Measure the Performance of Every Page.',
			} )
		).toBeVisible();
		await expect( page.getByText( 'Sample data' ) ).toBeVisible();
		await expect
			.poll( () => tableRows( page ) )
			.toEqual( [
				[ '/', '6,210' ],
				[ '/getting-started/', '3,890' ],
				[ '/ten-quick-tips/', '2,470' ],
				[ '/about/', '1,320' ],
				[ '/pricing/', '1,190' ],
				[ '/contact/', '860' ],
			] );
		await page
			.getByRole( 'button', { name: 'See a Sample Report' } )
			.click();
		await expect(
			page.getByRole( 'heading', {
				name: 'Measure the Performance of Every Page.',
			} )
		).toHaveCount( 0 );
		expect( requests ).toEqual( [] );
	} );
}
