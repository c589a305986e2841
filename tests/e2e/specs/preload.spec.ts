import { expect, test, type Page } from '../fixtures';
import path from 'path';

import { E2ESite } from '../site';
import {
	apiFetch,
	app,
	infoBoxValue,
	REPORTS_PATH,
	storageStatePath,
} from '../utils';

/**
 * The first numbers without waiting (includes/Admin/Preload.php, src/app/firstScreen.ts): the
 * reports page carries the answers its default screen needs, so the Overview shows its numbers
 * without a single REST request; a report opened by its hash asks for its own report only, at once.
 * The site gets the built-in source and 30 days of the seeder's traffic for this file and is put
 * back as bin/serve-e2e.sh made it afterwards.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

const NAMESPACE = '/monsterinsights-reports/v1';

let site: E2ESite | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	test.setTimeout( 300_000 );
	site = await E2ESite.open( 'admin' );
	await site.setSource( 'builtin' );
	const stats = await site.seed( 30, 1 );
	expect( stats.stored ).toBeGreaterThan( 0 );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

/**
 * Records the REST requests of a page from now on: their paths under /wp-json (or rest_route),
 * with their query, less the `_locale=user` api-fetch adds.
 *
 * @param page The page.
 */
function recordRest( page: Page ): string[] {
	const seen: string[] = [];
	page.on( 'request', ( request ) => {
		const url = new URL( request.url() );
		let route = url.searchParams.get( 'rest_route' );
		if ( route === null ) {
			const at = url.pathname.indexOf( '/wp-json/' );
			if ( at < 0 ) {
				return;
			}
			route = url.pathname.slice( at + '/wp-json'.length );
		}
		url.searchParams.delete( 'rest_route' );
		url.searchParams.delete( '_locale' );
		const query = url.searchParams.toString();
		seen.push(
			`${ request.method() } ${ route }${ query ? `?${ query }` : '' }`
		);
	} );
	return seen;
}

/**
 * Holds the screen script of the Traffic reports until the page has asked for a report: the report
 * request must not wait for the script. (Were it asked by the screen, as it once was, the screen
 * would never come.)
 *
 * @param page   The page.
 * @param report The report the page must ask for first.
 */
async function holdTrafficScriptUntilAsked(
	page: Page,
	report: string
): Promise< void > {
	let asked: () => void = () => undefined;
	const reportAsked = new Promise< void >( ( resolve ) => {
		asked = resolve;
	} );
	page.on( 'request', ( request ) => {
		if (
			new RegExp( `reports(/|%2F)${ report }\\b` ).test( request.url() )
		) {
			asked();
		}
	} );
	await page.route(
		/\/build\/chunks\/report-traffic\.[0-9a-f]+\.js/,
		async ( route ) => {
			await reportAsked;
			await route.continue();
		}
	);
}

/**
 * The site's today and the default range (the last 30 days, ending yesterday) from the page's boot
 * data.
 *
 * @param page The reports page.
 */
async function defaultRange(
	page: Page
): Promise< { start: string; end: string } > {
	const today = await page.evaluate(
		() =>
			(
				window as unknown as {
					monsterinsightsReportsBoot: { site: { today: string } };
				}
			 ).monsterinsightsReportsBoot.site.today
	);
	const day = ( back: number ) =>
		new Date( Date.parse( `${ today }T00:00:00Z` ) - back * 86_400_000 )
			.toISOString()
			.slice( 0, 10 );
	return { start: day( 30 ), end: day( 1 ) };
}

/**
 * Digits of a shown number ("1,249" → "1249").
 *
 * @param text The text.
 */
function digits( text: string | null ): string {
	return ( text ?? '' ).replace( /\D/g, '' );
}

test( 'lite: the Overview shows its numbers without a REST request, exactly what the report route answers, with the saved metrics', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'lite' );
	await e2eSite().setMetrics( [ 'pageviews', 'bounce_rate', 'new_users' ] );

	const requests = recordRest( page );
	await page.goto( REPORTS_PATH );
	const sessions = infoBoxValue( page, 'Sessions' );
	await expect( sessions ).toHaveText( /[1-9]/ );
	const shown = {
		sessions: digits( await sessions.textContent() ),
		pageviews: digits(
			await infoBoxValue( page, 'Pageviews' ).textContent()
		),
	};
	// The metric tabs are the user's saved selection, in the order of the metric ids.
	await expect(
		app( page )
			.getByRole( 'tablist', { name: 'Metrics' } )
			.locator( '.monsterinsights-reports-metric-tabs__label' )
	).toHaveText( [ 'Pageviews', 'Bounce Rate', 'New Users' ] );
	await expect(
		app( page ).getByText( 'Total Pageviews', { exact: true } )
	).toBeVisible();
	expect( requests ).toEqual( [] );

	await page.screenshot( {
		path: path.join( SCREENSHOTS, 'preload-overview.png' ),
		fullPage: true,
	} );

	// The same numbers as the route answers (asked after the screen is done: not preloaded).
	const { start, end } = await defaultRange( page );
	const report = await apiFetch< {
		infobox: Record< string, { value: number } >;
	} >( page, {
		path: `${ NAMESPACE }/reports/overview?start=${ start }&end=${ end }`,
	} );
	expect( shown ).toEqual( {
		sessions: String( report.infobox.sessions?.value ),
		pageviews: String( report.infobox.pageviews?.value ),
	} );
	expect( requests ).toEqual( [
		`GET ${ NAMESPACE }/reports/overview?start=${ start }&end=${ end }`,
	] );
} );

test( "lite: the app's first render holds the Overview's numbers (no loader before them), and its charts draw once those have painted", async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'lite' );
	// Watches the app from the page's first script: the first moment a loader or a number is in
	// it, and how many charts are drawn (canvases) at the first number.
	await page.addInitScript( () => {
		const seen: {
			loader?: number;
			numbers?: number;
			canvasesAtNumbers?: number;
		} = {};
		( window as unknown as { firstRender: typeof seen } ).firstRender =
			seen;
		new MutationObserver( () => {
			const root = document.getElementById( 'monsterinsights-reports' );
			if ( ! root || seen.numbers !== undefined ) {
				return;
			}
			if (
				seen.loader === undefined &&
				root.querySelector( '.monsterinsights-reports-loader' )
			) {
				seen.loader = performance.now();
			}
			const values = root.querySelectorAll(
				'.monsterinsights-reports-infobox__value'
			);
			if (
				[ ...values ].some( ( value ) =>
					/\d/.test( value.textContent ?? '' )
				)
			) {
				seen.numbers = performance.now();
				seen.canvasesAtNumbers =
					root.querySelectorAll( 'canvas' ).length;
			}
		} ).observe( document, {
			subtree: true,
			childList: true,
			characterData: true,
		} );
	} );
	await page.goto( REPORTS_PATH );
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( /[1-9]/ );
	// The charts come after: the line chart and the two pies (devices, new vs returning).
	await expect( app( page ).locator( 'canvas' ) ).toHaveCount( 3 );
	await expect(
		// Of the first saved metric (the test before this one saves Pageviews first).
		app( page ).getByRole( 'img', { name: / line chart$/ } )
	).toBeVisible();
	const seen = await page.evaluate(
		() =>
			(
				window as unknown as {
					firstRender: {
						loader?: number;
						numbers?: number;
						canvasesAtNumbers?: number;
					};
				}
			 ).firstRender
	);
	expect( seen.numbers ).toBeGreaterThan( 0 );
	expect( seen.loader ).toBeUndefined();
	expect( seen.canvasesAtNumbers ).toBe( 0 );
} );

test( 'plus: a report opened by its hash asks for its own report only, and the Overview after it asks the server again', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'plus' );
	await e2eSite().setMetrics();

	const requests = recordRest( page );
	await holdTrafficScriptUntilAsked( page, 'traffic_overview' );
	await page.goto( `${ REPORTS_PATH }#/traffic-overview` );
	const cell = app( page ).locator( 'table tbody td' ).first();
	await expect( cell ).toBeVisible();
	const { start, end } = await defaultRange( page );
	// No start-up request: add-ons, settings and notifications were preloaded.
	expect( requests ).toEqual( [
		`GET ${ NAMESPACE }/reports/traffic_overview?start=${ start }&end=${ end }`,
	] );

	// The Overview's preloaded answers were dropped (a route other than the page's default one):
	// opening it now asks the server for fresh numbers.
	requests.length = 0;
	await app( page )
		.getByRole( 'navigation' )
		.getByRole( 'link', { name: 'Overview', exact: true } )
		.first()
		.click();
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( /[1-9]/ );
	expect( requests.sort() ).toEqual(
		[
			`GET ${ NAMESPACE }/metrics`,
			`GET ${ NAMESPACE }/reports/overview?start=${ start }&end=${ end }`,
			`GET ${ NAMESPACE }/reports/site_summary?start=${ start }&end=${ end }`,
		].sort()
	);
} );

test( "plus: a report opened from the app's menu asks for its report beside its script, not after it", async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'plus' );
	await e2eSite().setMetrics();

	await page.goto( REPORTS_PATH );
	await expect( infoBoxValue( page, 'Sessions' ) ).toHaveText( /[1-9]/ );
	const requests = recordRest( page );
	await holdTrafficScriptUntilAsked( page, 'traffic_source_medium' );
	await app( page )
		.getByRole( 'button', { name: 'Traffic', exact: true } )
		.click();
	await page
		.getByRole( 'menu', { name: 'Traffic' } )
		.getByRole( 'menuitem', { name: 'Source/Medium', exact: true } )
		.click();
	await expect(
		app( page ).locator( 'table tbody td' ).first()
	).toBeVisible();
	const { start, end } = await defaultRange( page );
	expect( requests ).toEqual( [
		`GET ${ NAMESPACE }/reports/traffic_source_medium?start=${ start }&end=${ end }`,
	] );
} );
