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
 * The six Traffic screens and the Country report end to end: three anonymous visitors in Chromium,
 * each with a browser of its own and a country its CDN header names, are counted by the built-in
 * collector and aggregated; with a plus licence every screen shows exactly their sessions:
 *
 * - A, Chrome on Linux, Germany: "/" from a newsletter link (utm newsletter / email / spring).
 * - B, Safari on an iPhone, United States: "/hello-world/" from www.facebook.com.
 * - C, Firefox on Windows, Germany: "/" from www.google.com, then "/hello-world/".
 *
 * A basic licence sees the Traffic Overview upsell over that report's own layout. The site is
 * reset before and after, so the counts are exactly these visits.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

/** The request header the e2e site trusts for the visitor's country, as a CDN's. */
const COUNTRY_HEADER = 'X-E2E-Country';

const IPHONE_SAFARI =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX =
	'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

interface Visit {
	userAgent: string;
	country: string;
	/** Each page view: its path (with query) and the referrer it is opened from. */
	pages: Array< { url: string; referer?: string } >;
	viewport?: { width: number; height: number };
}

const VISITS: Visit[] = [
	{
		userAgent: VISITOR_USER_AGENT,
		country: 'DE',
		pages: [
			{
				url: '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
			},
		],
	},
	{
		userAgent: IPHONE_SAFARI,
		country: 'US',
		viewport: { width: 390, height: 844 },
		pages: [
			{ url: '/hello-world/', referer: 'https://www.facebook.com/' },
		],
	},
	{
		userAgent: WINDOWS_FIREFOX,
		country: 'DE',
		pages: [
			{ url: '/', referer: 'https://www.google.com/' },
			{ url: '/hello-world/' },
		],
	},
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
	// The collector takes the country from this header (the tracking settings' CDN header).
	await site.post( '/monsterinsights-reports/v1/settings', {
		tracking: { country_header: COUNTRY_HEADER },
	} );

	for ( const visit of VISITS ) {
		const visitor = await browser.newContext( {
			userAgent: visit.userAgent,
			viewport: visit.viewport ?? { width: 1280, height: 800 },
			extraHTTPHeaders: { [ COUNTRY_HEADER ]: visit.country },
			storageState: { cookies: [], origins: [] },
		} );
		const page = await visitor.newPage();
		for ( const { url, referer } of visit.pages ) {
			const hit = page.waitForRequest(
				( request ) =>
					isCollectorHit( request ) &&
					( request.postData() ?? '' ).includes( '"pageview"' )
			);
			await page.goto( url, { referer } );
			const response = await ( await hit ).response();
			expect( response?.status() ).toBe( 204 );
		}
		await visitor.close();
	}

	// Aggregate now (a 409 while a cron run holds the lock: again).
	await expect( async () => {
		await e2eSite().post( `${ E2E_ROUTES }/aggregate` );
	} ).toPass( { intervals: [ 1_000, 2_000, 5_000 ] } );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.post( '/monsterinsights-reports/v1/settings', {
		tracking: { country_header: '' },
	} );
	await session.reset();
	await session.dispose();
} );

/**
 * The non-empty body rows of the report's table, every cell's text.
 *
 * @param page The page.
 */
async function tableRows( page: Page ): Promise< string[][] > {
	const rows = page.locator( '.monsterinsights-reports-data-table tbody tr' );
	const cells = await rows.evaluateAll( ( trs ) =>
		trs.map( ( tr ) =>
			Array.from( tr.querySelectorAll( 'td' ) ).map( ( td ) =>
				( td.textContent ?? '' ).trim()
			)
		)
	);
	return cells.filter( ( row ) => row.some( ( cell ) => cell !== '' ) );
}

/**
 * The metric tabs' texts (label and total), in order.
 *
 * @param page The page.
 */
async function tabTexts( page: Page ): Promise< string[] > {
	return page
		.getByRole( 'tablist', { name: 'Metrics' } )
		.getByRole( 'tab' )
		.allTextContents();
}

let visitRange = '';

/**
 * Opens a report for yesterday and today (the visitors' day, also when the visits straddled the
 * site's midnight) and waits for its heading.
 *
 * @param page  The page.
 * @param route The hash route, e.g. "/traffic-overview".
 * @param title The report's title.
 */
async function openReport(
	page: Page,
	route: string,
	title: string
): Promise< void > {
	if ( ! visitRange ) {
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
		visitRange = `?start=${ yesterday }&end=${ today }&preset=custom`;
	}
	// A new document, not a hash change of a report still loading.
	await page.goto( 'about:blank' );
	await page.goto( `${ REPORTS_PATH }#${ route }${ visitRange }` );
	await expect(
		page
			.locator( '#monsterinsights-reports' )
			.getByRole( 'heading', { name: title, level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
}

/**
 * Each chart-and-table screen: route, title, its rows (every cell as shown). The site has no shop:
 * no Purchases, Conversion Rate or Revenue column (shop.spec.ts has them with WooCommerce).
 */
const SCREENS: ReadonlyArray< readonly [ string, string, string[][] ] > = [
	[
		'/traffic-overview',
		'Traffic Overview',
		[
			[ 'Email', '1', '0', '1' ],
			[ 'Organic Search', '1', '1', '2' ],
			[ 'Organic Social', '1', '0', '1' ],
		],
	],
	[
		'/traffic-landing-pages',
		'Landing Page Details',
		[
			[ '/', '2', '1', '1.50' ],
			[ '/hello-world/', '1', '0', '1' ],
		],
	],
	[ '/traffic-campaign', 'Campaigns', [ [ 'spring', '1', '0', '1' ] ] ],
	[
		'/traffic-source-medium',
		'Source / Medium',
		[
			[ 'facebook.com / referral', '1', '0', '1' ],
			[ 'google.com / organic', '1', '1', '2' ],
			[ 'newsletter / email', '1', '0', '1' ],
		],
	],
	[ '/traffic-social', 'Social Media', [ [ 'Facebook', '1', '0', '100%' ] ] ],
	[
		'/countries',
		'Country Report',
		[
			[ 'Germany', '2', '1', '50%' ],
			[ 'United States', '1', '0', '100%' ],
		],
	],
];

test.describe( 'plus licence', () => {
	test.beforeEach( async () => {
		await e2eSite().setLevel( 'plus' );
	} );

	for ( const [ route, title, rows ] of SCREENS ) {
		test( `${ title }: the visitors’ sessions, chart totals and no serious axe finding`, async ( {
			page,
		} ) => {
			await openReport( page, route, title );
			await expect.poll( () => tableRows( page ) ).toEqual( rows );
			// Three sessions, four page views over the two days.
			expect( await tabTexts( page ) ).toEqual( [
				'Sessions3',
				'Pageviews4',
			] );
			expect( await seriousAxeFindings( page ) ).toEqual( [] );
		} );
	}

	test( 'Country Report says regions need a city-level database', async ( {
		page,
	} ) => {
		await openReport( page, '/countries', 'Country Report' );
		await expect(
			page.getByText(
				'Regions show here when a city-level database is set as the Country database (.mmdb path) in Settings.',
				{ exact: false }
			)
		).toBeVisible();
	} );

	test( 'Country Report: each country’s flag is an image the plugin serves, beside its name', async ( {
		page,
	} ) => {
		await openReport( page, '/countries', 'Country Report' );
		const flags = page.locator(
			'tbody td img.monsterinsights-reports-flag'
		);
		await expect( flags ).toHaveCount( 2 );
		// Loaded (an SVG of the plugin's build/flags/, 3:2), with empty text: the name is beside it.
		await expect
			.poll( () =>
				flags.evaluateAll( ( images ) =>
					images.map( ( image ) => {
						const img = image as HTMLImageElement;
						return [
							new URL( img.src ).pathname,
							img.alt,
							img.complete && img.naturalWidth > 0,
						];
					} )
				)
			)
			.toEqual( [
				[
					'/wp-content/plugins/monsterinsights-reports/build/flags/DE.svg',
					'',
					true,
				],
				[
					'/wp-content/plugins/monsterinsights-reports/build/flags/US.svg',
					'',
					true,
				],
			] );
	} );

	test( 'Technology: browser and device shares of the sessions', async ( {
		page,
	} ) => {
		await openReport( page, '/traffic-technology', 'Technology' );
		await expect(
			page
				.getByRole( 'region', { name: 'Device Breakdown' } )
				.getByRole( 'img' )
		).toHaveAccessibleName(
			'Device Breakdown: Desktop 66.67%, Mobile 33.33%'
		);
		await expect(
			page
				.getByRole( 'region', { name: 'Browser Breakdown' } )
				.getByRole( 'img' )
		).toHaveAccessibleName(
			/^Browser Breakdown: (?:(?:Chrome|Firefox|Mobile Safari|Safari) 33\.33%(?:, |$)){3}/
		);
		expect( await seriousAxeFindings( page ) ).toEqual( [] );
	} );

	test( 'Traffic Overview: keyboard, the channels CSV and the PDF', async ( {
		page,
	} ) => {
		test.setTimeout( 300_000 );
		await openReport( page, '/traffic-overview', 'Traffic Overview' );
		await expect.poll( () => tableRows( page ) ).toHaveLength( 3 );

		// The metric tabs by keyboard: the arrow key selects Pageviews.
		const sessions = page.getByRole( 'tab', { name: /^Sessions/ } );
		await sessions.focus();
		await page.keyboard.press( 'ArrowRight' );
		await expect(
			page.getByRole( 'tab', { name: /^Pageviews/ } )
		).toHaveAttribute( 'aria-selected', 'true' );
		await expect(
			page.getByRole( 'tab', { name: /^Pageviews/ } )
		).toBeFocused();

		// Tab reaches the CSV link from the chart.
		const csvLink = page.getByRole( 'link', { name: 'Download CSV' } );
		let reached = false;
		for ( let i = 0; i < 40 && ! reached; i++ ) {
			await page.keyboard.press( 'Tab' );
			reached = await csvLink.evaluate(
				( link ) => link === link.ownerDocument.activeElement
			);
		}
		expect( reached ).toBe( true );

		// The CSV has every channel, most sessions first, numbers raw.
		const href = ( await csvLink.getAttribute( 'href' ) ) ?? '';
		const csv = await page.request.get( href );
		expect( csv.status() ).toBe( 200 );
		expect( csv.headers()[ 'content-type' ] ).toContain( 'text/csv' );
		expect( csv.headers()[ 'content-disposition' ] ).toMatch(
			/monsterinsights-reports-traffic_overview-channels-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv/
		);
		const lines = ( await csv.text() )
			.trim()
			.split( /\r?\n/ )
			.map( ( line ) =>
				line
					.split( ',' )
					.map( ( cell ) => cell.replace( /^"(.*)"$/, '$1' ) )
			);
		expect( lines ).toEqual( [
			[ 'Channel', 'Sessions', 'Engaged Sessions', 'Pages / Session' ],
			[ 'Email', '1', '0', '1' ],
			[ 'Organic Search', '1', '1', '2' ],
			[ 'Organic Social', '1', '0', '1' ],
		] );

		// PDF export of this report.
		const downloading = page.waitForEvent( 'download', {
			timeout: 180_000,
		} );
		await page.getByRole( 'button', { name: 'Export PDF Report' } ).click();
		const download = await downloading;
		expect( download.suggestedFilename() ).toMatch(
			/^monsterinsights-reports-traffic-overview-\d{4}-\d{2}-\d{2}\.pdf$/
		);
		const file = path.join( SCREENSHOTS, 'report-traffic-overview.pdf' );
		await download.saveAs( file );
		const pdf = inspectPdf( await readFile( file ) );
		expect( pdf.header ).toMatch( /^%PDF-1\.\d$/ );
		expect( pdf.eof ).toBe( true );
		expect( pdf.pages ).toBeGreaterThanOrEqual( 1 );
	} );
} );

test( 'basic: the Traffic Overview upsell over its own layout, no report request', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'basic' );
	const requests: string[] = [];
	page.on( 'request', ( request ) => {
		if ( request.url().includes( 'reports/traffic_overview' ) ) {
			requests.push( request.url() );
		}
	} );
	await openReport( page, '/traffic-overview', 'Traffic Overview' );
	await expect(
		page.getByRole( 'heading', {
			name: 'See Which Channels Send You Visitors and Sales.',
		} )
	).toBeVisible();
	await expect( page.getByText( 'Sample data' ) ).toBeVisible();
	// The sample's channels in the report's own table, under the upsell.
	await expect
		.poll( async () =>
			( await tableRows( page ) ).map( ( row ) => row[ 0 ] )
		)
		.toEqual( [
			'Organic Search',
			'Direct',
			'Referral',
			'Organic Social',
			'Email',
			'Paid Search',
		] );
	expect( requests ).toEqual( [] );
	// The other traffic reports are plus's: basic sees them too, as upsells.
	await openReport( page, '/traffic-technology', 'Technology' );
	await expect( page.getByText( 'Sample data' ) ).toBeVisible();
} );
