import { expect, test, type Browser, type Page } from '../fixtures';
import path from 'path';

import { CAMPAIGN_URL, view } from '../shopper';
import { E2E_ROUTES, E2ESite } from '../site';
import {
	cartBoxValue,
	firstSessionPurchases,
	infoBoxValue,
	listCards,
	openReportForVisitDays,
	otherVisitorAgent,
	seriousAxeFindings,
	storageStatePath,
	tableRows,
} from '../utils';

/**
 * The eCommerce reports on the real Easy Digital Downloads 3.6.5, with WooCommerce inactive: an
 * anonymous shopper with a browser of their own arrives from the newsletter link, views the Ebook,
 * adds it to the cart with its purchase button, goes to the checkout, applies the discount code
 * (typed in lower case) and buys with the Store Gateway (EDD's test-mode gateway: the order completes at once). After the
 * next aggregation a pro licence sees exactly that one order, the Ebook's price less the discount,
 * on the eCommerce Overview, the Coupons Report and the Funnel. The site is reset before and after.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

/** What edd/catalogue answers. */
interface Catalogue {
	downloads: Record<
		'ebook' | 'course',
		{ id: number; url: string; price: number }
	>;
	checkout: string;
	receipt: string;
	discount: { code: string; percent: number };
}

let site: E2ESite | undefined;
let store: Catalogue | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

function e2eStore(): Catalogue {
	if ( ! store ) {
		throw new Error( 'beforeAll did not set the store up.' );
	}
	return store;
}

/** The order's total: the Ebook less the discount's percentage, in cents rounded as money. */
function orderTotal(): number {
	const { downloads, discount } = e2eStore();
	return (
		Math.round(
			downloads.ebook.price * 100 * ( 1 - discount.percent / 100 )
		) / 100
	);
}

const money = ( value: number ) => `$${ value.toFixed( 2 ) }`;

/**
 * Views a download's page and adds it to the cart with its purchase button (over admin-ajax; the
 * button then offers the checkout).
 *
 * @param page The shopper's page.
 * @param url  The download's page.
 */
async function addToCart( page: Page, url: string ): Promise< void > {
	await view( page, url );
	const form = page.locator( 'form.edd_download_purchase_form' );
	const added = page.waitForResponse(
		( response ) =>
			response.url().includes( 'admin-ajax.php' ) &&
			( response.request().postData() ?? '' ).includes(
				'action=edd_add_to_cart'
			)
	);
	await form.locator( 'button.edd-add-to-cart' ).click();
	expect( ( await added ).status() ).toBe( 200 );
	await expect( form.locator( 'a.edd_go_to_checkout' ) ).toBeVisible();
}

/**
 * The shopper's visit: from the campaign link to EDD's purchase confirmation.
 *
 * @param browser The browser.
 * @param shop    The catalogue.
 */
async function buy( browser: Browser, shop: Catalogue ): Promise< void > {
	const context = await browser.newContext( {
		userAgent: otherVisitorAgent( 7 ),
		storageState: { cookies: [], origins: [] },
	} );
	const page = await context.newPage();
	try {
		await view( page, CAMPAIGN_URL );
		await addToCart( page, shop.downloads.ebook.url );
		await view( page, shop.checkout );
		await expect( page.locator( 'td.edd_cart_item_name' ) ).toHaveText( [
			'E2E Ebook',
		] );
		// The discount field opens from its link; the code, typed in lower case, is applied over
		// admin-ajax.
		await page.locator( '.edd_discount_link' ).click();
		await page
			.locator( '#edd-discount' )
			.fill( shop.discount.code.toLowerCase() );
		await page.locator( '.edd-apply-discount' ).click();
		await expect( page.locator( '.edd_cart_amount' ).first() ).toHaveText(
			money( orderTotal() ),
			{ timeout: 30_000 }
		);
		await page.locator( '#edd-email' ).fill( 'erika@example.org' );
		await page.locator( '#edd-first' ).fill( 'Erika' );
		await page.locator( '#edd-last' ).fill( 'Mustermann' );
		await page.locator( '#edd-purchase-button' ).click();
		await page
			.waitForURL( shop.receipt, { timeout: 60_000 } )
			.catch( async ( error: Error ) => {
				// The checkout's own notices say why it did not go through.
				const notices = await page
					.locator( '.edd_errors, .edd-alert-error' )
					.allTextContents();
				throw new Error(
					`${ error.message }; the checkout said: ${ notices.join(
						' | '
					) }`
				);
			} );
	} finally {
		await context.close();
	}
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async ( { browser } ) => {
	test.setTimeout( 300_000 );
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );
	await site.post( `${ E2E_ROUTES }/edd`, { on: true }, 120_000 );
	// EDD makes its tables in a wp-admin load after its activation (its first load may end at
	// its welcome screen's redirect): load wp-admin until the store can be set up.
	const admin = await browser.newContext( {
		storageState: storageStatePath( 'admin' ),
	} );
	const adminPage = await admin.newPage();
	await expect( async () => {
		await adminPage.goto( '/wp-admin/' );
		store = await e2eSite().post< Catalogue >(
			`${ E2E_ROUTES }/edd/catalogue`
		);
	} ).toPass( { timeout: 120_000, intervals: [ 1_000, 2_000, 5_000 ] } );
	await admin.close();

	await buy( browser, e2eStore() );
	// Aggregate now (a 409 while a cron run holds the lock: again).
	await expect( async () => {
		await e2eSite().post( `${ E2E_ROUTES }/aggregate` );
	} ).toPass( { intervals: [ 1_000, 2_000, 5_000 ] } );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.post( `${ E2E_ROUTES }/edd`, { on: false } );
	await session.reset();
	await session.dispose();
} );

test( 'the eCommerce Overview shows the EDD order', async ( { page } ) => {
	test.setTimeout( 180_000 );
	const order = orderTotal();
	await e2eSite().setLevel( 'pro' );
	await openReportForVisitDays( page, '/ecommerce', 'eCommerce Overview' );
	await expect( infoBoxValue( page, 'Transactions' ) ).toHaveText( '1', {
		timeout: 60_000,
	} );
	// The shopper's one session ended in the order.
	await expect( infoBoxValue( page, 'Conversion Rate' ) ).toHaveText(
		'100%'
	);
	await expect( infoBoxValue( page, 'Revenue' ) ).toHaveText(
		money( order )
	);
	await expect( infoBoxValue( page, 'Avg. Order Value' ) ).toHaveText(
		money( order )
	);
	// The Ebook added once, nothing removed, a guest's first order, the checkout paid.
	await expect( cartBoxValue( page, 'Add to Cart' ) ).toHaveText( '1' );
	await expect( cartBoxValue( page, 'Removed from Cart' ) ).toHaveText( '0' );
	await expect( cartBoxValue( page, 'New Customers' ) ).toHaveText( '100%' );
	await expect( cartBoxValue( page, 'Abandoned Checkouts' ) ).toHaveText(
		'0%'
	);
	expect( await listCards( page ) ).toEqual( {
		'Top Products': [ [ 'E2E Ebook', '1', '100%', money( order ) ] ],
		'Top Conversion Sources': [
			[ 'newsletter', '1', '1', '100%', money( order ) ],
		],
		...firstSessionPurchases( 1 ),
	} );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
	await page.screenshot( {
		path: `${ SCREENSHOTS }/report-ecommerce-edd.png`,
		fullPage: true,
	} );
} );

// The code as EDD stores it (the discount's own code, whatever case the shopper typed).
test( 'the Coupons Report shows the discount code on the order', async ( {
	page,
} ) => {
	test.setTimeout( 120_000 );
	const order = orderTotal();
	await e2eSite().setLevel( 'pro' );
	await openReportForVisitDays(
		page,
		'/ecommerce-coupons',
		'Coupons Report'
	);
	await expect
		.poll( () => tableRows( page ), { timeout: 60_000 } )
		.toEqual( [
			[ e2eStore().discount.code, money( order ), '1', money( order ) ],
		] );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
} );

test( 'Cart Abandonment: the Ebook checked out and bought', async ( {
	page,
} ) => {
	test.setTimeout( 120_000 );
	const order = orderTotal();
	await e2eSite().setLevel( 'pro' );
	await openReportForVisitDays(
		page,
		'/cart-abandonment',
		'Cart Abandonment'
	);
	// One Ebook added, checked out (the checkout's line) and bought: nothing abandoned.
	await expect
		.poll( () => listCards( page ), { timeout: 60_000 } )
		.toEqual( {
			'Cart Abandonment by Product': [
				[ 'E2E Ebook', '1', money( order ), '0%', '0%' ],
			],
			'Cart Abandonment by Day': [
				[
					expect.stringMatching( /^\d{4}-\d{2}-\d{2}$/ ),
					'1',
					money( order ),
					'0%',
					'0%',
				],
			],
		} );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
} );

test( 'the Funnel: the shopper through all three steps, from Email', async ( {
	page,
} ) => {
	test.setTimeout( 120_000 );
	await e2eSite().setLevel( 'pro' );
	await openReportForVisitDays(
		page,
		'/ecommerce-funnel',
		'eCommerce Funnel'
	);
	const steps = [
		[ '1. View Item', '1 (100%)', '100%', '0', '0%' ],
		[ '2. Add to Cart', '1 (100%)', '100%', '0', '0%' ],
		[ '3. Purchase', '1 (100%)', '--', '--', '--' ],
	];
	await expect
		.poll( () => listCards( page ), { timeout: 60_000 } )
		.toEqual( { 'eCommerce Funnel': steps } );
	await page
		.getByRole( 'combobox', { name: 'Breakdown' } )
		.selectOption( 'channel' );
	await expect
		.poll( () => listCards( page ) )
		.toEqual( {
			'eCommerce Funnel': steps.map( ( [ step, ...rest ] ) => [
				step,
				'Email',
				...rest,
			] ),
		} );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
} );
