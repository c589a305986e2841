import { expect, test, type Page } from '../fixtures';

import { E2E_ROUTES, E2ESite } from '../site';
import { REPORTS_PATH, storageStatePath } from '../utils';

/**
 * The shop end to end, against the real WooCommerce 9.4 (bin/serve-e2e.sh copies it into the
 * site, inactive). Without a shop, the Traffic Overview's table has no Purchases, Conversion Rate
 * or Revenue column and the Overview offers no revenue or purchase metric; once WooCommerce is
 * active (activated as wp-admin does, then one wp-admin load for its admin_init pass), its currency
 * set to euros with the symbol after the amount and the eCommerce module on, the columns show
 * with the money in euros, and the Overview offers the metrics (with their upsell on lite).
 *
 * Screenshots of the touched screens go to SHOTS (the brief's /work/shopui-*.png by default).
 */
const SHOTS = process.env.SHOP_SCREENSHOTS ?? '/work';

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
	await site.post( `${ E2E_ROUTES }/shop`, { on: false } );
	await site.setSource( 'builtin' );
	await site.seed( 14, 3 );
} );

test.afterAll( async () => {
	const session = e2eSite();
	site = undefined;
	await session.post( `${ E2E_ROUTES }/shop`, { on: false } );
	await session.reset();
	await session.dispose();
} );

/**
 * Opens the Traffic Overview and waits for its table.
 *
 * @param page The page.
 */
async function openTraffic( page: Page ) {
	await page.goto( `${ REPORTS_PATH }#/traffic-overview` );
	const table = page
		.locator( '#monsterinsights-reports' )
		.locator( 'table' )
		.filter( {
			has: page.getByRole( 'columnheader', { name: 'Channel' } ),
		} );
	await expect( table ).toBeVisible( { timeout: 60_000 } );
	await expect( table.locator( 'tbody tr' ).first() ).toContainText( /\d/ );
	return table;
}

/**
 * The column headers of a table, as shown.
 *
 * @param table The table.
 */
async function headers( table: ReturnType< Page[ 'locator' ] > ) {
	return ( await table.getByRole( 'columnheader' ).allTextContents() ).map(
		( text ) => text.trim()
	);
}

/**
 * The boot data's shop, as the page printed it.
 *
 * @param page The reports page.
 */
function bootShop( page: Page ) {
	return page.evaluate(
		() =>
			(
				window as unknown as {
					monsterinsightsReportsBoot: { shop: unknown };
				}
			 ).monsterinsightsReportsBoot.shop
	);
}

/**
 * Opens the Overview's metric settings and answers the labels it offers.
 *
 * @param page The page.
 */
async function offeredMetrics( page: Page ) {
	await page.goto( REPORTS_PATH + '#/' );
	// A fresh load: the boot data (licence level, shop) is read when the page loads.
	await page.reload();
	await expect(
		page
			.locator( '#monsterinsights-reports' )
			.getByRole( 'heading', { name: 'Overview', level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
	await page.getByRole( 'button', { name: 'Select metrics' } ).click();
	const panel = page.getByRole( 'group', {
		name: 'Select up to 7 metrics',
	} );
	await expect( panel ).toBeVisible();
	return panel;
}

test( 'without a shop: no eCommerce columns, no revenue metric', async ( {
	page,
} ) => {
	test.setTimeout( 180_000 );
	await e2eSite().setLevel( 'pro' );
	await e2eSite().setMetrics( [ 'sessions', 'pageviews' ] );

	const table = await openTraffic( page );
	expect( await bootShop( page ) ).toBeNull();
	expect( await headers( table ) ).toEqual( [
		expect.stringContaining( 'Channel' ),
		expect.stringContaining( 'Sessions' ),
		expect.stringContaining( 'Engaged Sessions' ),
		expect.stringContaining( 'Pages / Session' ),
	] );
	await expect( table ).not.toContainText( /Purchases|Revenue|Conversion/ );
	await expect( table ).not.toContainText( '0.00' );
	await page.screenshot( {
		path: `${ SHOTS }/shopui-traffic-no-shop.png`,
		fullPage: true,
	} );

	const panel = await offeredMetrics( page );
	await expect(
		panel.getByRole( 'checkbox', { name: /Revenue|Purchases/ } )
	).toHaveCount( 0 );
	await expect( panel.getByRole( 'checkbox' ) ).toHaveCount( 9 );
	await page.screenshot( {
		path: `${ SHOTS }/shopui-overview-tabs-no-shop.png`,
	} );
} );

test( 'with WooCommerce in euros: the eCommerce columns and money in €', async ( {
	page,
} ) => {
	test.setTimeout( 240_000 );
	await e2eSite().post(
		`${ E2E_ROUTES }/shop`,
		{ on: true, currency: 'EUR', position: 'right_space' },
		120_000
	);
	// WooCommerce's first wp-admin load after its activation: its admin_init pass.
	await page.goto( '/wp-admin/' );
	await expect( page.locator( '#wpadminbar' ) ).toBeVisible();

	await e2eSite().setLevel( 'pro' );
	await e2eSite().setMetrics( [ 'sessions', 'revenue_sales' ] );

	const table = await openTraffic( page );
	// The shop as WooCommerce's own API describes it; its symbol &euro; as text.
	expect( await bootShop( page ) ).toEqual( {
		platform: 'woocommerce',
		currency: {
			code: 'EUR',
			symbol: '€',
			decimals: 2,
			position: 'right_space',
		},
	} );
	expect( await headers( table ) ).toEqual( [
		expect.stringContaining( 'Channel' ),
		expect.stringContaining( 'Sessions' ),
		expect.stringContaining( 'Engaged Sessions' ),
		expect.stringContaining( 'Pages / Session' ),
		expect.stringContaining( 'Purchases' ),
		expect.stringContaining( 'Conversion Rate' ),
		expect.stringContaining( 'Revenue' ),
	] );
	// Every row's revenue in euros, the symbol after a no-break space (en_US separators).
	const revenue = table.locator( 'tbody tr td:nth-child(7)' );
	const cells = ( await revenue.allTextContents() ).filter( ( text ) =>
		text.trim()
	);
	expect( cells.length ).toBeGreaterThan( 0 );
	for ( const cell of cells ) {
		expect( cell ).toMatch( /^\d[\d,]*\.\d{2}\u00a0€$/ );
	}
	await page.screenshot( {
		path: `${ SHOTS }/shopui-traffic-shop-eur.png`,
		fullPage: true,
	} );

	// The Overview's revenue tab, in euros.
	await page.goto( REPORTS_PATH + '#/' );
	const tabs = page
		.getByRole( 'tablist', { name: 'Metrics' } )
		.getByRole( 'tab' );
	await expect( tabs ).toHaveCount( 2, { timeout: 60_000 } );
	await expect( tabs.nth( 1 ) ).toContainText( 'Revenue' );
	await expect( tabs.nth( 1 ) ).toContainText( /\d\.\d{2}\u00a0€/ );
	const panel = await offeredMetrics( page );
	await expect( panel.getByRole( 'checkbox' ) ).toHaveCount( 13 );
	await expect(
		panel.getByRole( 'checkbox', { name: 'Revenue', exact: true } )
	).toBeChecked();
	await page.screenshot( {
		path: `${ SHOTS }/shopui-overview-tabs-shop.png`,
	} );

	// On lite, the shop's revenue metric is a PRO metric with its upsell.
	await e2eSite().setLevel( 'lite' );
	await e2eSite().setMetrics( [ 'sessions', 'pageviews' ] );
	const litePanel = await offeredMetrics( page );
	await litePanel
		.getByRole( 'checkbox', { name: 'Revenue (PRO)', exact: true } )
		.click();
	await expect(
		page.getByRole( 'dialog', { name: 'Revenue is a PRO metric' } )
	).toBeVisible();
} );
