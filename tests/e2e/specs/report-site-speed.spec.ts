import { expect, test, type Browser, type Page } from '../fixtures';

import { E2E_ROUTES, E2ESite } from '../site';
import {
	apiFetch,
	isCollectorHit,
	openReportForVisitDays,
	seriousAxeFindings,
	storageStatePath,
	VISITOR_USER_AGENT,
} from '../utils';

/**
 * The Site Speed report (#/site-speed) end to end: with plus, an anonymous desktop visitor opens
 * the sample post, clicks on it and leaves; build/vitals.js measures the page with web-vitals and
 * sends one web_vitals event through the tracker as the page is hidden. After aggregation the
 * screen shows exactly the values that page measured (one sample: the p75 is the value itself,
 * kept to three significant digits). Run Audit fetches the front page from the server and the
 * screen shows the measured response time; for mobile, which has no field data, it stands in for
 * the Server Response Time tile. Basic sees the sample under the upsell. Axe finds nothing serious.
 */

/** The metrics the page sent, as the collector's props. */
type Vitals = Partial<
	Record< 'lcp' | 'fcp' | 'ttfb' | 'inp' | 'cls', number >
>;

let site: E2ESite | undefined;
let sent: Vitals = {};

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

/**
 * A value as the report keeps it: three significant digits of milliseconds, or of the layout
 * shift's ten-thousandths.
 *
 * @param units Milliseconds, or ten-thousandths of the layout shift.
 */
function threeDigits( units: number ): number {
	const rounded = Math.round( units );
	if ( rounded < 1000 ) {
		return rounded;
	}
	const step = 10 ** ( String( rounded ).length - 3 );
	return Math.round( rounded / step ) * step;
}

/**
 * A time as the tile shows it (en_US): "480 ms", "2.43 s".
 *
 * @param ms Milliseconds as sent.
 */
function shownTime( ms: number ): string {
	const kept = threeDigits( ms );
	return kept < 1000
		? `${ kept } ms`
		: `${ ( kept / 1000 ).toFixed( kept < 10000 ? 2 : 1 ) } s`;
}

/**
 * The layout shift as the tile shows it: two to four decimals.
 *
 * @param cls The score as sent.
 */
function shownShift( cls: number ): string {
	const kept = threeDigits( cls * 10000 ) / 10000;
	return kept.toFixed( 4 ).replace( /0{1,2}$/, '' );
}

/**
 * Opens a page as an anonymous desktop visitor, clicks on it (an interaction: INP), leaves it,
 * and answers the web_vitals props its page sent.
 *
 * @param browser The browser.
 * @param url     The path.
 */
async function visit( browser: Browser, url: string ): Promise< Vitals > {
	const context = await browser.newContext( {
		userAgent: VISITOR_USER_AGENT,
		storageState: { cookies: [], origins: [] },
	} );
	const page = await context.newPage();
	const view = page.waitForRequest(
		( request ) =>
			isCollectorHit( request ) &&
			( request.postData() ?? '' ).includes( '"pageview"' )
	);
	await page.goto( url );
	await view;
	// The script is printed after the tracker, deferred, with its rate.
	await expect(
		page.locator( 'script#monsterinsights-reports-vitals-js' )
	).toHaveAttribute( 'data-rate', '100' );
	await page.locator( 'h1' ).first().click();
	// The click's next frame is painted: its interaction is measured.
	await page.evaluate(
		() =>
			new Promise( ( resolve ) =>
				requestAnimationFrame( () => setTimeout( resolve, 0 ) )
			)
	);
	const vitals = page.waitForRequest(
		( request ) =>
			isCollectorHit( request ) &&
			( request.postData() ?? '' ).includes( '"web_vitals"' )
	);
	// Leaving hides the page: web-vitals reports LCP, CLS and INP, and the event goes out.
	await page.goto( 'about:blank' );
	const body = JSON.parse( ( await vitals ).postData() ?? '{}' ) as {
		t: string;
		en: string;
		ep: Vitals;
	};
	expect( [ body.t, body.en ] ).toEqual( [ 'event', 'web_vitals' ] );
	await context.close();
	return body.ep;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async ( { browser } ) => {
	test.setTimeout( 180_000 );
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );
	await site.setLevel( 'plus' );
	sent = await visit( browser, '/hello-world/' );
	// A navigation's first paint, first byte and largest paint are always measured.
	expect( Object.keys( sent ) ).toEqual(
		expect.arrayContaining( [ 'ttfb', 'fcp', 'lcp', 'cls' ] )
	);
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
 * Opens the report for the visit's days.
 *
 * @param page The page.
 */
const openSiteSpeed = ( page: Page ) =>
	openReportForVisitDays( page, '/site-speed', 'Site Speed' );

/** A device's last audit as the report route answers it. */
interface AuditFigures {
	audit: { server_response_time: { value: number } } | null;
}

/**
 * The last audit of a device, read from the report route.
 *
 * @param page   The page (its REST nonce).
 * @param dates  The report's query.
 * @param device desktop or mobile.
 */
async function lastAudit(
	page: Page,
	dates: string,
	device: 'desktop' | 'mobile'
): Promise< number > {
	const report = await apiFetch<
		Record< 'desktop' | 'mobile', AuditFigures >
	>( page, {
		path: `/monsterinsights-reports/v1/reports/sitespeed?${ dates }`,
	} );
	const audit = report[ device ].audit;
	if ( ! audit ) {
		throw new Error( `No ${ device } audit in the report.` );
	}
	return audit.server_response_time.value;
}

/**
 * The value shown on a tile.
 *
 * @param page  The page.
 * @param title The tile's title.
 */
function tileValue( page: Page, title: string ) {
	return page
		.getByRole( 'region', { name: title } )
		.locator( '.monsterinsights-reports-site-speed__value' );
}

/**
 * A tile's rating class for a measured value as the report keeps it: good up to the first limit,
 * poor above the second.
 *
 * @param measured Milliseconds, or ten-thousandths of the shift.
 * @param good     The most a good value may be.
 * @param poor     Above this, poor.
 */
function ratingClass(
	measured: number | undefined,
	good: number,
	poor: number
): string {
	const kept = threeDigits( measured ?? 0 );
	if ( kept > poor ) {
		return 'is-poor';
	}
	return kept > good ? 'is-needs-improvement' : 'is-good';
}

/**
 * The layout shift in ten-thousandths, as threeDigits() takes it.
 *
 * @param shift The shift.
 */
function shiftUnits( shift: number | undefined ): number | undefined {
	return shift === undefined ? undefined : shift * 10000;
}

/**
 * How many tiles each row of the tile grid holds, top to bottom.
 *
 * @param page The page.
 */
async function tileRows( page: Page ): Promise< number[] > {
	const tops = await page
		.locator( '.monsterinsights-reports-site-speed__tile' )
		.evaluateAll( ( tiles ) =>
			tiles.map( ( tile ) =>
				Math.round( tile.getBoundingClientRect().top )
			)
		);
	const rows = new Map< number, number >();
	for ( const top of tops ) {
		rows.set( top, ( rows.get( top ) ?? 0 ) + 1 );
	}
	return [ ...rows.entries() ]
		.sort( ( a, b ) => a[ 0 ] - b[ 0 ] )
		.map( ( [ , count ] ) => count );
}

test( 'plus: the values the visit measured, Run Audit, the device toggle; axe clean', async ( {
	page,
} ) => {
	test.setTimeout( 300_000 );
	const dates = await openSiteSpeed( page );
	await expect(
		page.getByRole( 'button', { name: 'Desktop' } )
	).toHaveAttribute( 'aria-pressed', 'true' );
	await expect(
		page.getByText(
			'Field data: the 75th percentile of 1 measured page views.'
		)
	).toBeVisible();
	await expect( tileValue( page, 'Largest Contentful Paint' ) ).toHaveText(
		shownTime( sent.lcp ?? 0 )
	);
	await expect( tileValue( page, 'First Contentful Paint' ) ).toHaveText(
		shownTime( sent.fcp ?? 0 )
	);
	await expect( tileValue( page, 'Server Response Time' ) ).toHaveText(
		shownTime( sent.ttfb ?? 0 )
	);
	await expect( tileValue( page, 'Cumulative Layout Shift' ) ).toHaveText(
		shownShift( sent.cls ?? 0 )
	);
	await expect( tileValue( page, 'Interaction to Next Paint' ) ).toHaveText(
		sent.inp === undefined ? '–' : shownTime( sent.inp )
	);
	await expect(
		page.getByRole( 'region', { name: 'Total Blocking Time' } )
	).toContainText( 'it needs PageSpeed Insights' );
	// Each tile's colour is the rating of the kept value by the Core Web Vitals thresholds
	// (web.dev: good up to the first, poor above the second), whatever its Lighthouse-style score.
	for ( const [ title, measured, good, poor ] of [
		[ 'Largest Contentful Paint', sent.lcp, 2500, 4000 ],
		[ 'First Contentful Paint', sent.fcp, 1800, 3000 ],
		[ 'Server Response Time', sent.ttfb, 800, 1800 ],
		[ 'Cumulative Layout Shift', shiftUnits( sent.cls ), 1000, 2500 ],
	] as const ) {
		await expect( page.getByRole( 'region', { name: title } ) ).toHaveClass(
			new RegExp( `\\b${ ratingClass( measured, good, poor ) }\\b` )
		);
	}
	// Six tiles, three by two at 1440 px.
	await page.setViewportSize( { width: 1440, height: 900 } );
	await expect.poll( () => tileRows( page ) ).toEqual( [ 3, 3 ] );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	// Run Audit, from the keyboard: the server fetches the front page; the report is fetched again
	// and shows the response time it measured.
	const audit = page.waitForResponse( ( response ) =>
		/site-speed(%2F|\/)audit/.test( response.url() )
	);
	await page.getByRole( 'button', { name: 'Run Audit' } ).focus();
	await page.keyboard.press( 'Enter' );
	expect( ( await audit ).status() ).toBe( 200 );
	await expect(
		page.locator( '.monsterinsights-reports-site-speed__audit' )
	).toContainText( 'Last audit: the front page answered in ', {
		timeout: 60_000,
	} );
	const desktopAudit = await lastAudit( page, dates, 'desktop' );
	await expect(
		page.locator( '.monsterinsights-reports-site-speed__audit' )
	).toContainText(
		`Last audit: the front page answered in ${ shownTime( desktopAudit ) }`
	);
	// Desktop keeps its field value on the tile.
	await expect( tileValue( page, 'Server Response Time' ) ).toHaveText(
		shownTime( sent.ttfb ?? 0 )
	);

	// Mobile had no visit: no field data, until an audit gives its server response time.
	await page.getByRole( 'button', { name: 'Mobile' } ).click();
	await expect(
		page.getByText( /^No speed data for mobile visits in this period yet/ )
	).toBeVisible();
	const mobileAudit = page.waitForResponse( ( response ) =>
		/site-speed(%2F|\/)audit/.test( response.url() )
	);
	await page.getByRole( 'button', { name: 'Run Audit' } ).click();
	expect( ( await mobileAudit ).status() ).toBe( 200 );
	await expect(
		page.getByRole( 'region', { name: 'Server Response Time' } )
	).toContainText( 'From the last audit.', { timeout: 60_000 } );
	await expect( tileValue( page, 'Server Response Time' ) ).toHaveText(
		shownTime( await lastAudit( page, dates, 'mobile' ) )
	);
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	// The choice is kept: the next visit of the screen opens on mobile.
	await page.reload();
	await expect(
		page.getByRole( 'button', { name: 'Mobile' } )
	).toHaveAttribute( 'aria-pressed', 'true', { timeout: 60_000 } );
} );

test( 'basic: the sample under the Site Speed upsell, over the same layout', async ( {
	page,
} ) => {
	test.setTimeout( 120_000 );
	await e2eSite().setLevel( 'basic' );
	await openSiteSpeed( page );
	await expect(
		page.locator( '.monsterinsights-reports-site-speed__tile' )
	).toHaveCount( 6 );
	await expect(
		page.locator( '.monsterinsights-reports-site-speed__overall svg' )
	).toHaveAttribute( 'aria-label', 'Overall Score: 78' );
	// Six tiles evenly: three by two at 1440 px, two by three at 600 px.
	await page.setViewportSize( { width: 1440, height: 900 } );
	expect( await tileRows( page ) ).toEqual( [ 3, 3 ] );
	await page.setViewportSize( { width: 600, height: 900 } );
	await expect.poll( () => tileRows( page ) ).toEqual( [ 2, 2, 2 ] );
	await expect(
		page.getByRole( 'button', { name: 'See a Sample Report' } )
	).toBeVisible();
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
} );
