import { expect, test, type Page } from '../fixtures';

import { E2E_ROUTES, E2ESite } from '../site';
import {
	isCollectorHit,
	openReportForVisitDays,
	otherVisitorAgent,
	REPORTS_PATH,
	storageStatePath,
} from '../utils';

/**
 * The Cart Abandonment and eCommerce Funnel screens against the real WooCommerce 9.4: a visitor
 * (a browser of its own, no referrer) views the Mug and the Cap, adds both to the cart, removes
 * the Cap, checks out and pays the Mug by Cash on delivery (straight to processing: paid). Then
 * both screens show exactly that: the Mug 1 bought for 12.50 €, added 1, checked out 1; the Cap
 * added 1, never checked out; one user through all three funnel steps, in channel Direct. Below
 * pro, both screens show their upsell over the sample.
 *
 * Screenshots go to SHOTS (artifacts/e2e by default).
 */
const SHOTS = process.env.CART_FUNNEL_SCREENSHOTS ?? 'artifacts/e2e';

interface CartShop {
	products: Record< 'E2E Mug' | 'E2E Cap', { id: number; link: string } >;
	pages: { cart: string; checkout: string };
}

let site: E2ESite | undefined;
let shop: CartShop | undefined;

function cartShop(): CartShop {
	if ( ! shop ) {
		throw new Error( 'The shop is not set up.' );
	}
	return shop;
}

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'The e2e site is not open.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async ( { browser } ) => {
	test.setTimeout( 300_000 );
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );
	await site.post(
		`${ E2E_ROUTES }/shop`,
		{ on: true, currency: 'EUR', position: 'right_space' },
		120_000
	);
	// WooCommerce's first wp-admin load after its activation: its admin_init pass.
	const admin = await browser.newPage( {
		storageState: storageStatePath( 'admin' ),
	} );
	await admin.goto( '/wp-admin/' );
	await expect( admin.locator( '#wpadminbar' ) ).toBeVisible();
	await admin.close();
	shop = await site.post< CartShop >( `${ E2E_ROUTES }/cart-shop` );
} );

test.afterAll( async () => {
	const session = e2eSite();
	site = undefined;
	await session.post( `${ E2E_ROUTES }/shop`, { on: false } );
	await session.reset();
	await session.dispose();
} );

/**
 * Waits for the tracker's page view of the page a navigation opens.
 *
 * @param page The visitor's page.
 * @param go   The navigation.
 */
async function withPageView( page: Page, go: () => Promise< unknown > ) {
	const hit = page.waitForRequest(
		( request ) =>
			isCollectorHit( request ) &&
			( request.postData() ?? '' ).includes( 'pageview' )
	);
	await go();
	await hit;
}

test( 'a visitor views two products, adds both, removes one, checks out and pays: both screens show it', async ( {
	browser,
	page,
} ) => {
	test.setTimeout( 300_000 );
	const { products, pages } = cartShop();

	// A visitor: no cookies (the file's administrator state would otherwise apply here too).
	const visitor = await browser.newContext( {
		storageState: { cookies: [], origins: [] },
		userAgent: otherVisitorAgent( 7301 ),
		viewport: { width: 1280, height: 900 },
	} );
	const shopper = await visitor.newPage();
	for ( const name of [ 'E2E Mug', 'E2E Cap' ] as const ) {
		await withPageView( shopper, () =>
			shopper.goto( products[ name ].link )
		);
		await expect(
			shopper.getByRole( 'heading', { name, level: 1 } )
		).toBeVisible();
		await shopper.locator( 'form.cart button[name="add-to-cart"]' ).click();
		await expect(
			shopper.getByText( `“${ name }” has been added to your cart.` )
		).toBeVisible();
	}
	await withPageView( shopper, () => shopper.goto( pages.cart ) );
	await shopper
		.getByRole( 'link', { name: 'Remove E2E Cap from cart' } )
		.click();
	await expect( shopper.getByText( /“E2E Cap” removed/ ) ).toBeVisible();

	await withPageView( shopper, () => shopper.goto( pages.checkout ) );
	const fields: Record< string, string > = {
		'#billing_first_name': 'Ada',
		'#billing_last_name': 'Lovelace',
		'#billing_address_1': '10 Downing Street',
		'#billing_city': 'London',
		'#billing_postcode': 'SW1A 2AA',
		'#billing_phone': '02070000000',
		'#billing_email': 'ada@example.com',
	};
	for ( const [ selector, value ] of Object.entries( fields ) ) {
		await shopper.locator( selector ).fill( value );
	}
	await shopper.locator( '#payment_method_cod' ).check();
	await shopper.locator( '#place_order' ).click();
	await expect( shopper ).toHaveURL( /order-received/, { timeout: 60_000 } );
	await visitor.close();

	// The visit's hits into sessions (a 409 while a cron run holds the lock: again).
	await expect( async () => {
		await e2eSite().post( `${ E2E_ROUTES }/aggregate` );
	} ).toPass( { intervals: [ 1_000, 2_000, 5_000 ] } );
	await e2eSite().setLevel( 'pro' );

	// Cart Abandonment: the Mug added 1, checked out 1, bought 1 for 12.50 €; the Cap added 1 and
	// removed, never checked out. Today: 2 added, 1 checked out, 1 bought.
	const euros = ( amount: string ) => `${ amount }\u00a0€`;
	await openReportForVisitDays(
		page,
		'/cart-abandonment',
		'Cart Abandonment'
	);
	await expect
		.poll( () => listCards( page ), { timeout: 60_000 } )
		.toEqual( {
			'Cart Abandonment by Product': [
				[ 'E2E Mug', '1', euros( '12.50' ), '0%', '0%' ],
				[ 'E2E Cap', '0', euros( '0.00' ), '100%', '0%' ],
			],
			'Cart Abandonment by Day': [
				[
					expect.stringMatching( /^\d{4}-\d{2}-\d{2}$/ ),
					'1',
					euros( '12.50' ),
					'50%',
					'0%',
				],
			],
		} );
	await page.screenshot( {
		path: `${ SHOTS }/cart-abandonment.png`,
		fullPage: true,
	} );

	// The funnel: one user saw a product, added one and paid; by channel, Direct.
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
	const stages = page.locator(
		'.monsterinsights-reports-funnel-chart__stage'
	);
	await expect( stages ).toHaveText( [
		'View Item1100%',
		'Add to Cart1100%',
		'Purchase1100%',
	] );
	await expect(
		page.getByRole( 'checkbox', { name: 'Compare to Previous' } )
	).toHaveCount( 0 );
	await page.screenshot( {
		path: `${ SHOTS }/ecommerce-funnel.png`,
		fullPage: true,
	} );
	await page
		.getByRole( 'combobox', { name: 'Breakdown' } )
		.selectOption( 'channel' );
	await expect
		.poll( () => listCards( page ) )
		.toEqual( {
			'eCommerce Funnel': steps.map( ( [ step, ...rest ] ) => [
				step,
				'Direct',
				...rest,
			] ),
		} );
	await page.screenshot( {
		path: `${ SHOTS }/ecommerce-funnel-channel.png`,
		fullPage: true,
	} );
} );

test( 'below pro: both screens show their upsell over the sample', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'basic' );
	for ( const [ route, title ] of [
		[ 'cart-abandonment', 'Win Back the Sales You Lose in the Cart.' ],
		[ 'ecommerce-funnel', 'See Where Shoppers Drop Off Before They Buy.' ],
	] as const ) {
		await page.goto( 'about:blank' );
		await page.goto( `${ REPORTS_PATH }#/${ route }` );
		await expect(
			page.getByRole( 'heading', { name: title } )
		).toBeVisible( { timeout: 60_000 } );
		await page.screenshot( {
			path: `${ SHOTS }/${ route }-upsell.png`,
			fullPage: true,
		} );
	}
} );

/**
 * The rows of each list card of the screen, by its heading, without the padding rows.
 *
 * @param page The page.
 */
function listCards( page: Page ): Promise< Record< string, string[][] > > {
	return page
		.locator(
			'#monsterinsights-reports .monsterinsights-reports-list-card'
		)
		.evaluateAll( ( cards ) => {
			const out: Record< string, string[][] > = {};
			for ( const card of cards ) {
				out[ card.querySelector( 'h2' )?.textContent ?? '' ] =
					Array.from( card.querySelectorAll( 'tbody tr' ) )
						.map( ( tr ) =>
							Array.from( tr.querySelectorAll( 'th, td' ) ).map(
								( cell ) => ( cell.textContent ?? '' ).trim()
							)
						)
						.filter( ( cells ) => cells.some( ( text ) => text ) );
			}
			return out;
		} );
}
