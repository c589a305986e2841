import { crc32 } from 'zlib';
import path from 'path';

import { expect, test, type Page } from '../fixtures';
import fixture from '../../fake-google/fixtures/searchconsole.json';
import { E2E_ROUTES, E2ESite, fakeGoogle, fakeGoogleRequests } from '../site';
import { app, REPORTS_PATH, storageStatePath } from '../utils';

/**
 * The Search Console report (#/search-console) end to end: the site connected to the google
 * source with the fake Google server's service account and its Search Console site
 * https://example.com/ shows the top terms of 1–3 November 2026 with the fake's numbers, computed
 * here from its documented formula (docs/development.md, "The fake Google server"); on the builtin
 * source, and on google without a Search Console site, the screen says what is missing. The site is
 * put back afterwards.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

const SITE = 'https://example.com/';
const DAYS = [ '2026-11-01', '2026-11-02', '2026-11-03' ];
const TITLE = 'Top 50 Google Search Terms';

/** A term's figures as the fake computes them for DAYS. */
interface Row {
	term: string;
	clicks: number;
	impressions: number;
	ctr: number;
	position: number;
}

/**
 * The top 50 of the fixture's queries as the report lists them: the fake's top 50 by clicks (ties
 * by term), then most clicks, most impressions, the term.
 */
function expectedRows(): Row[] {
	const hash = ( text: string ) => crc32( text );
	const all = fixture.query.map( ( term ): Row => {
		let clicks = 0;
		let impressions = 0;
		for ( const day of DAYS ) {
			const dayClicks =
				hash( `${ SITE }|clicks|${ day }|${ term }` ) % 50;
			clicks += dayClicks;
			impressions +=
				dayClicks +
				1 +
				( hash( `${ SITE }|impressions|${ day }|${ term }` ) % 500 );
		}
		const position =
			1 +
			( hash(
				`${ SITE }|position|${ DAYS[ 0 ] }|${ DAYS[ 2 ] }|${ term }`
			) %
				400 ) /
				10;
		return {
			term,
			clicks,
			impressions,
			ctr: Math.round( ( clicks / impressions ) * 10000 ) / 100,
			position,
		};
	} );
	const byText = ( a: string, b: string ) => ( a < b ? -1 : +( a > b ) );
	return all
		.sort( ( a, b ) => b.clicks - a.clicks || byText( a.term, b.term ) )
		.slice( 0, 50 )
		.sort(
			( a, b ) =>
				b.clicks - a.clicks ||
				b.impressions - a.impressions ||
				byText( a.term, b.term )
		);
}

/**
 * A row's cells as the table shows them in English.
 *
 * @param row The row.
 */
function cells( row: Row ): string[] {
	const number = new Intl.NumberFormat( 'en-US' );
	const ctr = Number.isInteger( row.ctr )
		? `${ row.ctr }%`
		: `${ row.ctr.toFixed( 2 ) }%`;
	return [
		row.term,
		number.format( row.clicks ),
		number.format( row.impressions ),
		ctr,
		row.position.toFixed( 1 ),
	];
}

/**
 * Opens the report for DAYS and waits for its heading.
 *
 * @param page The page.
 */
async function openReport( page: Page ): Promise< void > {
	await page.goto(
		`${ REPORTS_PATH }#/search-console?start=${ DAYS[ 0 ] }&end=${ DAYS[ 2 ] }&preset=custom`
	);
	await expect(
		app( page ).getByRole( 'heading', {
			name: 'Search Console Report',
			level: 1,
		} )
	).toBeVisible( { timeout: 60_000 } );
}

/**
 * The card's non-empty rows, as the cells' texts.
 *
 * @param page The page.
 */
async function rows( page: Page ): Promise< string[][] > {
	const card = app( page ).getByRole( 'region', { name: TITLE } );
	const texts = await card
		.locator( 'tbody tr' )
		.evaluateAll( ( trs ) =>
			trs.map( ( tr ) =>
				Array.from( tr.querySelectorAll( 'th, td' ), ( cell ) =>
					( cell.textContent ?? '' ).trim()
				)
			)
		);
	return texts.filter( ( row ) => row.some( ( text ) => text !== '' ) );
}

let site: E2ESite | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	site = await E2ESite.open();
	await site.reset();
	await site.setLevel( 'plus' );
} );

test.afterAll( async () => {
	await e2eSite().post( `${ E2E_ROUTES }/google`, { connected: false } );
	await e2eSite().reset();
	await e2eSite().dispose();
} );

test.describe.configure( { mode: 'serial' } );

test( 'on google: the top terms with the fake Search Console numbers and the link to the full report', async ( {
	page,
} ) => {
	await fakeGoogle( '/__reset' );
	await e2eSite().post( `${ E2E_ROUTES }/google`, { sc_site: SITE } );
	// An earlier spec (the promo cards') may have asked the same range: ask Google afresh.
	await e2eSite().post( `${ E2E_ROUTES }/google`, { expire: true } );
	await openReport( page );

	const expected = expectedRows();
	await expect
		.poll( () => rows( page ) )
		.toEqual( expected.slice( 0, 10 ).map( cells ) );
	const card = app( page ).getByRole( 'region', { name: TITLE } );
	await expect(
		card.getByRole( 'link', { name: 'View Full Queries Report' } )
	).toHaveAttribute(
		'href',
		'https://search.google.com/search-console/performance/search-analytics?resource_id=https%3A%2F%2Fexample.com%2F'
	);
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'report-queries-google.png' ),
		fullPage: true,
	} );

	// All 50 on request.
	await card.getByRole( 'button', { name: '50', exact: true } ).click();
	expect( await rows( page ) ).toEqual( expected.map( cells ) );

	// One searchAnalytics.query for the range, as documented.
	const queries = ( await fakeGoogleRequests() ).filter( ( request ) =>
		request.path.endsWith( '/searchAnalytics/query' )
	);
	expect( queries ).toHaveLength( 1 );
	expect( queries[ 0 ]?.path ).toBe(
		'/webmasters/v3/sites/https%3A%2F%2Fexample.com%2F/searchAnalytics/query'
	);
	expect( JSON.parse( queries[ 0 ]?.body ?? '{}' ) ).toEqual( {
		startDate: DAYS[ 0 ],
		endDate: DAYS[ 2 ],
		dimensions: [ 'query' ],
		type: 'web',
		rowLimit: 50,
	} );

	// No Today or Yesterday (the date panel is a popover outside the app's element).
	await app( page )
		.getByRole( 'button', { name: /^Date range:/ } )
		.click();
	await expect(
		page.getByRole( 'button', { name: 'Last 7 days' } )
	).toBeVisible();
	await expect(
		page.getByRole( 'button', { name: 'Today', exact: true } )
	).toHaveCount( 0 );
	await expect(
		page.getByRole( 'button', { name: 'Yesterday', exact: true } )
	).toHaveCount( 0 );
} );

test( 'on google without a Search Console site: a notice to choose one', async ( {
	page,
} ) => {
	await e2eSite().post( `${ E2E_ROUTES }/google`, { sc_site: '' } );
	await openReport( page );
	await expect(
		app( page ).locator( '.components-notice.is-info p' )
	).toHaveText(
		'No Search Console site is chosen yet. Choose your site in the Google connection settings to see the terms people searched for on Google.'
	);
	await expect( app( page ).locator( 'table' ) ).toHaveCount( 0 );
} );

test( 'on the built-in source: which source provides the report, no sample', async ( {
	page,
} ) => {
	await e2eSite().post( `${ E2E_ROUTES }/google`, { connected: false } );
	await openReport( page );
	await expect(
		app( page ).locator( '.components-notice.is-info p' )
	).toHaveText(
		'The terms people searched for on Google come from Google Search Console, which the built-in data source cannot see. Connect Google as the data source in the settings and choose your Search Console site to see them here.'
	);
	await expect( app( page ).locator( 'table' ) ).toHaveCount( 0 );
	await expect( app( page ).getByText( 'Sample data' ) ).toHaveCount( 0 );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'report-queries-builtin.png' ),
	} );
} );
