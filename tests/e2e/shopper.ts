/**
 * A shopper in Chromium on the real WooCommerce of the e2e site: an anonymous visitor with a
 * browser of their own who arrives from a campaign link, views the products, adds to the cart,
 * removes from it, applies a coupon and pays cash on delivery, through the classic (shortcode)
 * cart and checkout or through WooCommerce's blocks. The shop is set up by the e2e shop routes
 * (tests/e2e/mu-plugins/monsterinsights-reports-e2e-shop.php): POST shop {on: true} and POST
 * shop/catalogue {checkout}.
 */
import { expect, type Browser, type Page } from '@playwright/test';

import { E2E_ROUTES, type E2ESite } from './site';
import { isCollectorHit, storageStatePath, VISITOR_USER_AGENT } from './utils';

/** What shop/catalogue answers. */
export interface Catalogue {
	products: Record< 'mug' | 'shirt', { id: number; url: string } >;
	cart: string;
	checkout: string;
}

/** The catalogue's prices, and the coupon's fixed discount on the cart. */
export const PRICES = { mug: 12, shirt: 25 } as const;
export const COUPON = { code: 'spring5', amount: 5 } as const;

/** The campaign the shopper arrives from. */
export const CAMPAIGN_URL =
	'/?utm_source=newsletter&utm_medium=email&utm_campaign=spring';

/**
 * Activates WooCommerce in the shop's currency (POST shop {on: true}), then loads wp-admin once as
 * the administrator, in a browser context of its own: WooCommerce's first admin_init pass after
 * its activation (its pages).
 *
 * @param browser  The browser.
 * @param site     The admin's REST session.
 * @param currency The shop's currency.
 * @param position Where its symbol goes.
 */
export async function shopOn(
	browser: Browser,
	site: E2ESite,
	currency = 'USD',
	position = 'left'
): Promise< void > {
	await site.post(
		`${ E2E_ROUTES }/shop`,
		{ on: true, currency, position },
		120_000
	);
	const admin = await browser.newContext( {
		storageState: storageStatePath( 'admin' ),
	} );
	const page = await admin.newPage();
	await page.goto( '/wp-admin/' );
	await expect( page.locator( '#wpadminbar' ) ).toBeVisible();
	await admin.close();
}

/**
 * Sets the shop up for a checkout kind.
 *
 * @param site     The admin's REST session.
 * @param checkout Classic (shortcodes) or block cart and checkout.
 */
export async function catalogue(
	site: E2ESite,
	checkout: 'classic' | 'block'
): Promise< Catalogue > {
	return site.post< Catalogue >( `${ E2E_ROUTES }/shop/catalogue`, {
		checkout,
	} );
}

/**
 * Opens a URL and waits for the tracker's page view to be accepted.
 *
 * @param page The shopper's page.
 * @param url  The URL.
 */
export async function view( page: Page, url: string ) {
	// This page's own page view (a page left a moment ago may still send its own).
	const path = new URL( url, 'http://localhost' ).pathname;
	const hit = page.waitForRequest( ( request ) => {
		const body = request.postData() ?? '';
		return (
			isCollectorHit( request ) &&
			body.includes( '"pageview"' ) &&
			body.includes( `"p":"${ path }` )
		);
	} );
	await page.goto( url );
	const response = await ( await hit ).response();
	expect( response?.status() ).toBe( 204 );
}

/**
 * The classic cart: the Shirt removed, the coupon applied, then the checkout.
 *
 * @param page  The shopper's page.
 * @param store The catalogue.
 */
async function classicCart( page: Page, store: Catalogue ) {
	await view( page, store.cart );
	await page
		.locator(
			`.woocommerce-cart-form a.remove[data-product_id="${ store.products.shirt.id }"]`
		)
		.click();
	await expect(
		page.locator( '.woocommerce-cart-form__cart-item' )
	).toHaveCount( 1 );
	// WooCommerce's cart script blocks the form while it refreshes the cart after the removal; a
	// click on Apply coupon during that is lost, so the coupon is applied again until WooCommerce
	// says it is (a second try after a slow first one is "already applied").
	await expect( page.locator( '.blockUI' ) ).toHaveCount( 0 );
	await expect( async () => {
		await page.locator( '#coupon_code' ).fill( COUPON.code );
		await page.locator( 'button[name="apply_coupon"]' ).click();
		await expect(
			page.getByText(
				/Coupon code applied successfully\.|Coupon code already applied!/
			)
		).toBeVisible( { timeout: 15_000 } );
	} ).toPass( { timeout: 60_000 } );
	await view( page, store.checkout );
	await page.locator( '#billing_first_name' ).fill( 'Erika' );
	await page.locator( '#billing_last_name' ).fill( 'Mustermann' );
	await page.locator( '#billing_address_1' ).fill( 'Unter den Linden 1' );
	await page.locator( '#billing_postcode' ).fill( '10117' );
	await page.locator( '#billing_city' ).fill( 'Berlin' );
	await page.locator( '#billing_phone' ).fill( '030123456' );
	await page.locator( '#billing_email' ).fill( 'erika@example.org' );
	await expect( page.locator( '#payment_method_cod' ) ).toBeChecked();
	await page.locator( '#place_order' ).click();
}

/**
 * The block cart: the Shirt removed, the coupon applied, then the checkout.
 *
 * @param page  The shopper's page.
 * @param store The catalogue.
 */
async function blockCart( page: Page, store: Catalogue ) {
	await view( page, store.cart );
	const items = page.locator( '.wc-block-cart-items__row' );
	await expect( items ).toHaveCount( 2, { timeout: 30_000 } );
	await page
		.getByRole( 'button', { name: /Remove E2E Shirt from cart/ } )
		.click();
	await expect( items ).toHaveCount( 1, { timeout: 30_000 } );
	await page.getByRole( 'button', { name: 'Add a coupon' } ).click();
	await page.getByLabel( 'Enter code' ).fill( COUPON.code );
	await page.getByRole( 'button', { name: 'Apply', exact: true } ).click();
	await expect(
		page.locator( '.wc-block-components-totals-discount' )
	).toContainText( COUPON.code.toUpperCase(), { ignoreCase: true } );
	await view( page, store.checkout );
	await page.getByLabel( 'Email address' ).fill( 'max@example.org' );
	await page.getByLabel( 'First name' ).fill( 'Max' );
	await page.getByLabel( 'Last name' ).fill( 'Mustermann' );
	await page
		.getByLabel( 'Address', { exact: true } )
		.fill( 'Alexanderplatz 1' );
	await page.getByLabel( 'Postal code' ).fill( '10178' );
	await page.getByLabel( 'City' ).fill( 'Berlin' );
	// The button ignores clicks while the checkout recalculates after an address change (it is
	// only aria-disabled then): click until the order goes through.
	await expect( async () => {
		await page.getByRole( 'button', { name: 'Place Order' } ).click();
		await page.waitForURL( /order-received/, { timeout: 5_000 } );
	} ).toPass( { timeout: 60_000 } );
}

/**
 * One shopper's visit: from the campaign link to the order received. Adds 2 Mugs and a Shirt,
 * removes the Shirt, applies the coupon and pays: an order of 2 × 12 − 5 = 19.
 *
 * @param browser  The browser.
 * @param store    The catalogue.
 * @param checkout Classic or block cart and checkout (as the catalogue was made).
 * @param agent    The shopper's user agent (another browser is another visitor).
 * @return The order's number, from the order-received page.
 */
export async function shop(
	browser: Browser,
	store: Catalogue,
	checkout: 'classic' | 'block',
	agent = VISITOR_USER_AGENT
): Promise< number > {
	const context = await browser.newContext( {
		userAgent: agent,
		storageState: { cookies: [], origins: [] },
	} );
	const page = await context.newPage();
	try {
		await view( page, CAMPAIGN_URL );
		await view( page, store.products.mug.url );
		await page.locator( 'form.cart input.qty' ).fill( '2' );
		await page.locator( 'form.cart button[name="add-to-cart"]' ).click();
		await expect(
			page.getByText( '2 × “E2E Mug” have been added to your cart.' )
		).toBeVisible();
		await view( page, store.products.shirt.url );
		await page.locator( 'form.cart button[name="add-to-cart"]' ).click();
		await expect(
			page.getByText( '“E2E Shirt” has been added to your cart.' )
		).toBeVisible();
		if ( checkout === 'classic' ) {
			await classicCart( page, store );
		} else {
			await blockCart( page, store );
		}
		await page
			.waitForURL( /order-received/, { timeout: 60_000 } )
			.catch( async ( error: Error ) => {
				// The checkout's own notices say why it did not go through.
				const notices = await page
					.locator(
						'.woocommerce-error, .wc-block-components-notice-banner.is-error, .wc-block-components-validation-error'
					)
					.allTextContents();
				throw new Error(
					`${ error.message }; the checkout said: ${ notices.join(
						' | '
					) }`
				);
			} );
		const match = /order-received\/(\d+)/.exec( page.url() );
		expect( match ).not.toBeNull();
		return Number( match?.[ 1 ] );
	} finally {
		await context.close();
	}
}
