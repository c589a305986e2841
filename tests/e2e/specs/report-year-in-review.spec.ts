import { expect, test, type Locator, type Page } from '../fixtures';
import { readFile } from 'fs/promises';
import path from 'path';

import { inspectPdf } from '../pdf';
import { E2E_ROUTES, E2ESite } from '../site';
import { REPORTS_PATH, seriousAxeFindings, storageStatePath } from '../utils';

/**
 * The Year in Review (#/year-in-review) end to end. The test-only must-use plugin
 * tests/e2e/mu-plugins/monsterinsights-reports-e2e-year-in-review.php forces the report on through
 * the plugin's `monsterinsights_reports_force_year_in_review` filter and sends a scripted set of
 * visits of the previous calendar year (and one of the year before) through the built-in
 * collector with their past times, then aggregates them. With a plus licence the navigation has
 * the '{year} Year in Review' tab and the screen shows exactly the scripted figures (see the
 * script's comment there); before the visits it says the year is still calculating; the PDF
 * downloads; axe finds nothing serious; lite and basic see the sample under the upsell without a
 * report request. The site is reset before and after.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

let site: E2ESite | undefined;
/** The report year the site computes (the calendar year before its today). */
let year = 0;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );
test.describe.configure( { mode: 'serial' } );

test.beforeAll( async () => {
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );
	const state = await site.post< {
		show_report: boolean;
		report_year: number;
	} >( `${ E2E_ROUTES }/year-in-review`, { force: true } );
	expect( state.show_report ).toBe( true );
	year = state.report_year;
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.post( `${ E2E_ROUTES }/year-in-review`, { force: false } );
	await session.reset();
	await session.dispose();
} );

/**
 * The rows of a list box, by its heading: the text of each cell.
 *
 * @param page  The page.
 * @param title The list box's heading.
 */
async function listRows( page: Page, title: string ): Promise< string[][] > {
	return page
		.getByRole( 'region', { name: title } )
		.locator( 'tbody tr' )
		.evaluateAll( ( rows ) =>
			rows.map( ( row ) =>
				Array.from( row.querySelectorAll( 'td' ) ).map( ( cell ) =>
					( cell.textContent ?? '' ).trim()
				)
			)
		);
}

/**
 * An info box, by its title.
 *
 * @param page  The page.
 * @param title The title.
 */
function infoBox( page: Page, title: string ): Locator {
	return page
		.locator( '.monsterinsights-reports-infobox' )
		.filter( { hasText: title } );
}

/**
 * The site's today, from the boot data.
 *
 * @param page A reports page.
 */
async function siteToday( page: Page ): Promise< string > {
	return page.evaluate(
		() =>
			(
				window as unknown as {
					monsterinsightsReportsBoot: { site: { today: string } };
				}
			 ).monsterinsightsReportsBoot.site.today
	);
}

test( 'plus: the year is still calculating before it has a session', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'plus' );
	await page.goto( `${ REPORTS_PATH }#/year-in-review` );
	await expect(
		page.getByText(
			`Your ${ year } Year in Review is still calculating. Please check back later to see how your website performed last year.`
		)
	).toBeVisible();
	await page
		.getByRole( 'link', { name: 'Back to the Overview report' } )
		.click();
	await expect( page ).toHaveURL( /#\/(\?|$)/ );
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Overview' } )
	).toBeVisible();
} );

test( 'plus: the tab opens the year with exactly the scripted figures', async ( {
	page,
} ) => {
	test.setTimeout( 240_000 );
	const sent = await e2eSite().post< {
		hits: number;
		refused: number;
		stored: number;
		year: number;
	} >( `${ E2E_ROUTES }/year-in-review/visits`, {}, 0 );
	expect( sent ).toEqual( { hits: 8, refused: 0, stored: 8, year } );
	await e2eSite().setLevel( 'plus' );

	await page.goto( REPORTS_PATH );
	const tab = page
		.getByRole( 'navigation' )
		.getByRole( 'link', { name: `${ year } Year in Review` } );
	await expect( tab ).toBeVisible();
	await tab.click();
	await expect( page ).toHaveURL( /#\/year-in-review/ );

	await expect(
		page.getByRole( 'heading', {
			level: 1,
			name: `${ year } Year in Review`,
		} )
	).toBeVisible();
	await expect(
		page.getByText( `January 1 – December 31, ${ year }` )
	).toBeVisible();
	// The year is fixed: no date picker; the PDF export stays.
	await expect(
		page.locator( '.monsterinsights-reports-datepicker' )
	).toHaveCount( 0 );
	await expect(
		page.getByRole( 'button', { name: 'Export PDF Report' } )
	).toBeVisible();

	// Audience.
	const before = String( year - 1 );
	await expect( infoBox( page, 'Total Users' ) ).toHaveText(
		`Total Users6Up 500%vs. 1 in ${ before }`
	);
	await expect( infoBox( page, 'Total Sessions' ) ).toHaveText(
		`Total Sessions6Up 500%vs. 1 in ${ before }`
	);
	await expect( infoBox( page, 'Total Pageviews' ) ).toHaveText(
		`Total Pageviews7Up 600%vs. 1 in ${ before }`
	);
	// One session of 120 s among six; none the year before had any length.
	await expect( infoBox( page, 'Avg. Session Duration' ) ).toHaveText(
		`Avg. Session Duration0:20vs. 0:00 in ${ before }`
	);
	await expect(
		page.getByText(
			`Visitors spent 2 minutes in total engaged with your website in ${ year }.`
		)
	).toBeVisible();
	await expect(
		page.getByText( 'May was your best month, with 4 users.' )
	).toBeVisible();
	expect( await listRows( page, 'Top Countries' ) ).toEqual( [
		[ 'Germany', '3' ],
		[ 'United States', '2' ],
		[ 'France', '1' ],
	] );
	// No age or gender from the built-in source.
	await expect(
		page.getByRole( 'heading', { name: 'Demographics' } )
	).toHaveCount( 0 );

	// Behavior.
	expect( await listRows( page, 'Top Pages' ) ).toEqual( [
		[ 'Hello world!', '3' ],
		[ 'Home Page', '2' ],
		[ 'Sample Page', '1' ],
	] );
	await expect(
		page
			.getByRole( 'list', { name: 'Device Breakdown' } )
			.getByRole( 'listitem' )
	).toHaveText( [ 'Mobile33.33%', 'Desktop50%', 'Tablet16.67%' ] );

	// Referrals (Google came as search, not as a referral).
	expect( await listRows( page, 'Top Referral Traffic Sources' ) ).toEqual( [
		[ 'news.example.org', '2' ],
		[ 'blog.example.com', '1' ],
	] );
	await expect(
		page.getByText(
			`Thank you for an amazing ${ year }. Here is to growing your website even more in ${
				year + 1
			}!`
		)
	).toBeVisible();
	await expect( page.getByText( `Insights E2E in ${ year }` ) ).toBeVisible();

	// The users-by-month chart is drawn.
	await expect(
		page.locator( '.monsterinsights-reports-yir canvas' )
	).toHaveCount( 1 );
	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'year-in-review.png' ),
		fullPage: true,
	} );

	// Accessibility: nothing serious or critical in the app.
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	// The PDF export.
	const today = await siteToday( page );
	const downloading = page.waitForEvent( 'download', { timeout: 180_000 } );
	await page.getByRole( 'button', { name: 'Export PDF Report' } ).click();
	const download = await downloading;
	expect( download.suggestedFilename() ).toBe(
		`monsterinsights-reports-yearinreview-${ today }.pdf`
	);
	const file = path.join( SCREENSHOTS, 'year-in-review.pdf' );
	await download.saveAs( file );
	await expect(
		page.getByText( 'Downloaded PDF report successfully!' )
	).toBeVisible();
	const pdf = inspectPdf( await readFile( file ) );
	expect( pdf.header ).toMatch( /^%PDF-1\.\d$/ );
	expect( pdf.eof ).toBe( true );
	expect( pdf.pages ).toBeGreaterThanOrEqual( 1 );
	expect( pdf.pagesDrawingImages ).toBe( pdf.pages );
} );

for ( const level of [ 'lite', 'basic' ] as const ) {
	test( `${ level }: the sample in the same layout under the upsell, no report request`, async ( {
		page,
	} ) => {
		await e2eSite().setLevel( level );
		const requests: string[] = [];
		page.on( 'request', ( request ) => {
			if ( request.url().includes( 'reports/yearinreview' ) ) {
				requests.push( request.url() );
			}
		} );
		await page.goto( `${ REPORTS_PATH }#/year-in-review` );
		await expect(
			page
				.getByRole( 'navigation' )
				.getByRole( 'link', { name: `${ year } Year in Review` } )
		).toBeVisible();
		await expect(
			page.getByRole( 'heading', {
				name: 'See How Your Website Performed Last Year.',
			} )
		).toBeVisible();
		await expect( page.getByText( 'Sample data' ) ).toBeVisible();
		await page
			.getByRole( 'button', { name: 'See a Sample Report' } )
			.click();
		// The sample in the report's own layout, named with the route's year (its chunk loads
		// after the click: poll).
		await expect
			.poll( () => listRows( page, 'Top Countries' ) )
			.toEqual( [
				[ 'United States', '47,210' ],
				[ 'United Kingdom', '18,320' ],
				[ 'Germany', '13,040' ],
				[ 'Canada', '10,190' ],
				[ 'India', '9,620' ],
			] );
		await expect(
			page.getByText( 'December was your best month, with 10,820 users.' )
		).toBeVisible();
		expect( requests ).toEqual( [] );
	} );
}
