import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser } from '@playwright/test';

import type { UserJourneyReport } from '../../../src/store/reports/types';
import { expect, test, type Page } from '../fixtures';
import { E2E_ROUTES, E2ESite } from '../site';
import {
	app,
	isCollectorHit,
	openReportForVisitDays,
	otherVisitorAgent,
	REPORTS_PATH,
	seriousAxeFindings,
	storageStatePath,
} from '../utils';

/**
 * The User Journey against the real WooCommerce 9.4: an anonymous visitor lands from a newsletter
 * campaign (utm newsletter / email / spring) on the front page, opens a product, reads the sample
 * page, then buys the product through WooCommerce's own Store API checkout in their own requests
 * (Cash on delivery: the order is paid — processing — at once), and reads the front page again.
 * After an aggregation the report shows that order: its number, the link to WooCommerce's order
 * screen, its total in euros, its attribution and its three pages in order, each with the time
 * until the next page the route gives. The screen opens from the eCommerce Overview's 'View User
 * Journeys' (no top menu lists the route), which shows only while the module is on. Desktop and
 * mobile screenshots go to SHOTS.
 */

/**
 * Opens the eCommerce Overview for the visit days as a new document and waits for its title.
 *
 * @param page  The page.
 * @param dates The dates as a route query ("start=…&end=…").
 */
async function openEcommerce( page: Page, dates: string ) {
	await page.goto( 'about:blank' );
	await page.goto( `${ REPORTS_PATH }#/ecommerce?${ dates }&preset=custom` );
	await expect(
		app( page ).getByRole( 'heading', {
			name: 'eCommerce Overview',
			level: 1,
		} )
	).toBeVisible( { timeout: 60_000 } );
	await expect(
		app( page ).getByRole( 'region', { name: 'Top Conversion Sources' } )
	).toBeVisible( { timeout: 60_000 } );
}
const SHOTS = process.env.JOURNEY_SCREENSHOTS ?? 'artifacts/e2e';

const AGENT = otherVisitorAgent( 7301 );

let site: E2ESite | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'The e2e site is not open.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	test.setTimeout( 300_000 );
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );
	await site.post(
		`${ E2E_ROUTES }/shop`,
		{ on: true, currency: 'EUR', position: 'right_space' },
		120_000
	);
} );

test.afterAll( async () => {
	const session = e2eSite();
	site = undefined;
	await session.post( '/monsterinsights-reports/v1/addons/user-journey', {
		active: false,
	} );
	await session.post( `${ E2E_ROUTES }/shop`, { on: false } );
	await session.reset();
	await session.dispose();
} );

/**
 * Opens a page as the visitor and waits for the collector to take its page view.
 *
 * @param page The visitor's page.
 * @param path Where.
 */
async function visit( page: Page, path: string ) {
	const sent = page.waitForRequest(
		( request ) =>
			isCollectorHit( request ) &&
			( JSON.parse( request.postData() ?? '{}' ) as { t?: string } ).t ===
				'pageview'
	);
	await page.goto( path );
	const hit = await sent.catch( async ( error: unknown ) => {
		throw new Error(
			`No page view from ${ path } (${ await page.title() }): ${ String(
				error
			) }`
		);
	} );
	const response = await hit.response();
	expect( response?.status() ).toBe( 204 );
}

/**
 * Buys a product through WooCommerce's Store API, as its checkout block does, in the visitor's own
 * requests; answers the order id.
 *
 * @param request   The visitor's request context (their cookies).
 * @param product   The product.
 * @param userAgent The visitor's browser.
 */
async function buy(
	request: APIRequestContext,
	product: number,
	userAgent: string
): Promise< number > {
	const cart = await request.get( '/wp-json/wc/store/v1/cart', {
		headers: { 'User-Agent': userAgent },
	} );
	expect( cart.ok() ).toBe( true );
	const nonce = cart.headers().nonce ?? '';
	const headers = { 'User-Agent': userAgent, Nonce: nonce };
	const added = await request.post( '/wp-json/wc/store/v1/cart/add-item', {
		headers,
		data: { id: product, quantity: 1 },
	} );
	expect( added.status(), await added.text() ).toBe( 201 );
	const address = {
		first_name: 'Erika',
		last_name: 'Muster',
		address_1: 'Hauptstraße 1',
		city: 'Berlin',
		postcode: '10115',
		country: 'DE',
		email: 'erika@example.org',
	};
	const checkout = await request.post( '/wp-json/wc/store/v1/checkout', {
		headers,
		data: {
			billing_address: address,
			shipping_address: address,
			payment_method: 'cod',
		},
	} );
	const body = ( await checkout.json() ) as {
		order_id: number;
		status: string;
	};
	expect( checkout.status(), JSON.stringify( body ) ).toBe( 200 );
	expect( body.status ).toBe( 'processing' );
	return body.order_id;
}

/**
 * Waits, as a visitor reading a page does.
 *
 * @param ms Milliseconds.
 */
function pause( ms: number ): Promise< void > {
	return new Promise( ( resolve ) => setTimeout( resolve, ms ) );
}

/**
 * The visitor's visit and purchase.
 *
 * @param browser The browser.
 * @param product The product's id.
 * @param link    The product's page.
 */
async function visitAndBuy(
	browser: Browser,
	product: number,
	link: string
): Promise< number > {
	// Anonymous: not the administrator's cookies this file's contexts get by default.
	const visitor = await browser.newContext( {
		storageState: { cookies: [], origins: [] },
		userAgent: AGENT,
		viewport: { width: 1280, height: 720 },
	} );
	const page = await visitor.newPage();
	await visit(
		page,
		'/?utm_source=newsletter&utm_medium=email&utm_campaign=spring'
	);
	await visit( page, new URL( link ).pathname );
	await visit( page, '/sample-page/' );
	// The visitor reads a moment before buying, and after: the order has a second of its own.
	await pause( 1_100 );
	const order = await buy( visitor.request, product, AGENT );
	await pause( 1_100 );
	// The page after the order: the last step's time ends here.
	await visit( page, '/' );
	await visitor.close();
	return order;
}

test( 'the journey of a visitor who bought, as WooCommerce recorded the order', async ( {
	page,
	browser,
} ) => {
	test.setTimeout( 300_000 );
	const session = e2eSite();
	// WooCommerce's first wp-admin load after its activation: its admin_init pass.
	await page.goto( '/wp-admin/' );
	await expect( page.locator( '#wpadminbar' ) ).toBeVisible();
	// Again after that pass, which puts a new store in "coming soon" mode for visitors.
	await session.post(
		`${ E2E_ROUTES }/shop`,
		{ on: true, currency: 'EUR', position: 'right_space' },
		120_000
	);
	await session.setLevel( 'pro' );
	await session.post( '/monsterinsights-reports/v1/addons/user-journey', {
		active: true,
	} );
	await session.post( '/wc/v3/payment_gateways/cod', { enabled: true } );
	const product = await session.post< { id: number; permalink: string } >(
		'/wc/v3/products',
		{
			name: 'Journey Mug',
			type: 'simple',
			regular_price: '12.50',
			virtual: true,
		}
	);

	const order = await visitAndBuy( browser, product.id, product.permalink );

	// The administrator aggregates (a cron run may hold the lock: again) until the journey is in.
	const dates = await openReportForVisitDays(
		page,
		'/user-journey-report',
		'User Journey Report'
	);
	let journey: UserJourneyReport | undefined;
	await expect( async () => {
		await session
			.post( `${ E2E_ROUTES }/aggregate`, {}, 60_000 )
			.catch( () => undefined );
		journey = ( await page.evaluate(
			( path ) =>
				(
					window as unknown as {
						wp: {
							apiFetch: ( options: {
								path: string;
							} ) => Promise< unknown >;
						};
					}
				 ).wp.apiFetch( { path } ),
			`/monsterinsights-reports/v1/reports/userjourney?${ dates }`
		) ) as UserJourneyReport;
		expect( journey.items.map( ( item ) => item.transaction_id ) ).toEqual(
			[ String( order ) ]
		);
		expect( journey.items[ 0 ]?.steps ).toHaveLength( 3 );
	} ).toPass( { intervals: [ 1_000, 2_000, 5_000 ], timeout: 90_000 } );

	const item = journey!.items[ 0 ]!;
	const steps = item.steps;
	expect(
		steps.map( ( step ) => [
			step.title,
			new URL( step.url ).pathname,
			step.utm_source,
			step.utm_medium,
			step.utm_campaign,
		] )
	).toEqual( [
		[ 'Home Page', '/', 'newsletter', 'email', 'spring' ],
		[
			'Journey Mug',
			new URL( product.permalink ).pathname,
			'newsletter',
			'email',
			'spring',
		],
		[ 'Sample Page', '/sample-page/', 'newsletter', 'email', 'spring' ],
	] );
	// Each page's time is the time until the next page view of the visit.
	const seconds = ( date: string ) =>
		new Date( `${ date.replace( ' ', 'T' ) }Z` ).getTime() / 1000;
	expect( steps[ 0 ]!.time ).toBe(
		seconds( steps[ 1 ]!.date ) - seconds( steps[ 0 ]!.date )
	);
	expect( steps[ 1 ]!.time ).toBe(
		seconds( steps[ 2 ]!.date ) - seconds( steps[ 1 ]!.date )
	);
	// The last one until the page after the order, which the route does not list: at least the
	// two pauses.
	expect( steps[ 2 ]!.time ).toBeGreaterThanOrEqual( 2 );
	expect( [ item.utm_source, item.utm_medium, item.utm_campaign ] ).toEqual( [
		'newsletter',
		'email',
		'spring',
	] );
	expect( item.order_total ).toBe( '12.50\u00a0€' );
	// WooCommerce's own order screen (HPOS by default in 9.4; the posts screen otherwise).
	expect( [
		`/wp-admin/admin.php?page=wc-orders&action=edit&id=${ order }`,
		`/wp-admin/post.php?post=${ order }&action=edit`,
	] ).toContain(
		new URL( item.edit_order_url ).pathname +
			new URL( item.edit_order_url ).search
	);

	// The way in: 'View User Journeys' under the eCommerce Overview's conversion sources, reached
	// and followed with the keyboard, to the report with the same dates.
	await openEcommerce( page, dates );
	const journeys = app( page )
		.getByRole( 'region', { name: 'Top Conversion Sources' } )
		.getByRole( 'link', { name: 'View User Journeys' } );
	await expect( journeys ).toBeVisible();
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
	const linkAxe = await new AxeBuilder( { page } )
		.include( '.monsterinsights-reports-list-card__footer' )
		.analyze();
	expect( linkAxe.violations.map( ( v ) => v.id ) ).toEqual( [] );
	await app( page )
		.getByRole( 'region', { name: 'Top Conversion Sources' } )
		.screenshot( { path: `${ SHOTS }/user-journey-entry.png` } );
	await journeys.focus();
	await expect( journeys ).toBeFocused();
	await page.keyboard.press( 'Enter' );
	await expect(
		app( page ).getByRole( 'heading', {
			name: 'User Journey Report',
			level: 1,
		} )
	).toBeVisible( { timeout: 60_000 } );
	expect( new URL( page.url() ).hash ).toBe(
		`#/user-journey-report?${ dates }&preset=custom`
	);

	// The screen shows exactly that.
	const table = app( page ).getByRole( 'table', { name: 'User Journeys' } );
	await expect( table ).toBeVisible( { timeout: 60_000 } );
	const row = table.locator( 'tbody tr' );
	await expect( row ).toHaveCount( 1 );
	const cells = row.locator( 'td' );
	await expect(
		cells.nth( 0 ).getByRole( 'link', { name: String( order ) } )
	).toHaveAttribute( 'href', item.edit_order_url );
	await expect( cells.nth( 2 ) ).toHaveText( 'newsletter' );
	await expect( cells.nth( 3 ) ).toHaveText( 'email' );
	await expect( cells.nth( 4 ) ).toHaveText( 'spring' );
	await expect( cells.nth( 5 ) ).toHaveText( '12.50\u00a0€' );
	const duration = ( total: number ) =>
		`${ Math.floor( total / 60 ) }:${ String( total % 60 ).padStart(
			2,
			'0'
		) }`;
	const shown = cells.nth( 6 ).locator( 'li' );
	await expect( shown ).toHaveCount( 3 );
	for ( let i = 0; i < 3; i++ ) {
		await expect(
			shown.nth( i ).getByRole( 'link', { name: steps[ i ]!.title } )
		).toHaveAttribute( 'href', steps[ i ]!.url );
		await expect( shown.nth( i ) ).toContainText(
			`Time on page: ${ duration( steps[ i ]!.time ) }`
		);
	}
	// The filters offer the order's attribution.
	await expect(
		app( page ).getByRole( 'combobox', { name: 'Source' } )
	).toContainText( 'newsletter' );
	await page.screenshot( {
		path: `${ SHOTS }/user-journey-desktop.png`,
		fullPage: true,
	} );

	// A search for another transaction: the empty text.
	await app( page )
		.getByRole( 'textbox', { name: 'Transaction ID' } )
		.fill( '999999' );
	await app( page )
		.getByRole( 'button', { name: 'Search Journeys' } )
		.click();
	await expect(
		app( page ).getByText(
			"No User Journey's matched your filters. Please remove some conditions and try again."
		)
	).toBeVisible();

	// Small screens: the id and the total, a row expands to the rest.
	await page.setViewportSize( { width: 390, height: 844 } );
	await page.reload();
	await expect( table ).toBeVisible( { timeout: 60_000 } );
	await expect( cells.nth( 6 ) ).toBeHidden();
	await cells
		.nth( 0 )
		.getByRole( 'button', { name: `Details of the order ${ order }` } )
		.click();
	const details = table.locator(
		'.monsterinsights-reports-journey__details'
	);
	await expect( details ).toBeVisible();
	await expect( details.locator( 'li' ) ).toHaveCount( 3 );
	await expect( details ).toContainText( 'Journey Mug' );
	await page.screenshot( {
		path: `${ SHOTS }/user-journey-mobile.png`,
		fullPage: true,
	} );

	// The module off: no way in from the eCommerce Overview; on the route, the blurred sample under
	// 'Report Unavailable', whose 'Activate Addon' turns it on.
	await session.post( '/monsterinsights-reports/v1/addons/user-journey', {
		active: false,
	} );
	await page.setViewportSize( { width: 1280, height: 720 } );
	await openEcommerce( page, dates );
	await expect(
		app( page ).getByRole( 'link', { name: 'View User Journeys' } )
	).toHaveCount( 0 );
	await page.goto( 'about:blank' );
	await page.goto(
		`${ REPORTS_PATH }#/user-journey-report?${ dates }&preset=custom`
	);
	const dialog = page.getByRole( 'alertdialog', {
		name: 'Report Unavailable',
	} );
	await expect( dialog ).toContainText(
		'Please activate the User Journey addon to view User journey reports.'
	);
	await expect(
		app( page ).locator( '.monsterinsights-reports-journey__blurred' )
	).toBeVisible();
	await page.screenshot( {
		path: `${ SHOTS }/user-journey-unavailable.png`,
	} );
	await dialog.getByRole( 'button', { name: 'Activate Addon' } ).click();
	await expect( dialog ).toBeHidden();
	await expect( row ).toHaveCount( 1 );
	await expect( cells.nth( 0 ) ).toContainText( String( order ) );
} );
