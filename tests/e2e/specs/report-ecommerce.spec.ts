import { expect, test, type Page } from '../fixtures';
import path from 'path';

import { catalogue, COUPON, PRICES, shop } from '../shopper';
import { E2E_ROUTES, E2ESite } from '../site';
import {
	app,
	infoBoxValue,
	openReportForVisitDays,
	otherVisitorAgent,
	seriousAxeFindings,
	storageStatePath,
	tableRows,
} from '../utils';

/**
 * The eCommerce Overview and the Coupons Report end to end on the real WooCommerce 9.4: two
 * shoppers, each in a browser of their own, arrive from the same newsletter link, add 2 Mugs and a
 * Shirt, remove the Shirt, apply SPRING5 and pay cash on delivery — one through the classic
 * (shortcode) cart and checkout, one through WooCommerce's cart and checkout blocks. After the
 * next aggregation a pro licence sees exactly those two orders of 2 × 12 − 5 = 19 dollars; a plus
 * licence sees each screen's upsell. The site is reset before and after.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

/** One order's total. */
const ORDER = 2 * PRICES.mug - COUPON.amount;

let site: E2ESite | undefined;
const orders: number[] = [];

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async ( { browser } ) => {
	test.setTimeout( 420_000 );
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );
	await site.post(
		`${ E2E_ROUTES }/shop`,
		{ on: true, currency: 'USD', position: 'left' },
		120_000
	);
	// WooCommerce's first wp-admin load after its activation: its admin_init pass (its pages).
	const admin = await browser.newContext( {
		storageState: storageStatePath( 'admin' ),
	} );
	const adminPage = await admin.newPage();
	await adminPage.goto( '/wp-admin/' );
	await expect( adminPage.locator( '#wpadminbar' ) ).toBeVisible();
	await admin.close();

	orders.push(
		await shop( browser, await catalogue( site, 'classic' ), 'classic' )
	);
	orders.push(
		await shop(
			browser,
			await catalogue( site, 'block' ),
			'block',
			otherVisitorAgent( 1 )
		)
	);
	// Aggregate now (a 409 while a cron run holds the lock: again).
	await expect( async () => {
		await e2eSite().post( `${ E2E_ROUTES }/aggregate` );
	} ).toPass( { intervals: [ 1_000, 2_000, 5_000 ] } );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.post( `${ E2E_ROUTES }/shop`, { on: false } );
	await session.reset();
	await session.dispose();
} );

/**
 * Each table's rows (header cell and cells) by its heading.
 *
 * @param page The page.
 */
function sections( page: Page ) {
	return page
		.locator( '.monsterinsights-reports-ecommerce__table' )
		.evaluateAll( ( elements ) =>
			Object.fromEntries(
				elements.map( ( element ) => [
					element.querySelector( 'h2' )?.textContent ?? '',
					Array.from( element.querySelectorAll( 'tbody tr' ) )
						.map( ( tr ) =>
							Array.from( tr.querySelectorAll( 'th, td' ) ).map(
								( cell ) => ( cell.textContent ?? '' ).trim()
							)
						)
						.filter( ( cells ) => cells.some( ( text ) => text ) ),
				] )
			)
		);
}

test( 'the eCommerce Overview shows the two orders', async ( { page } ) => {
	test.setTimeout( 180_000 );
	expect( orders ).toHaveLength( 2 );
	await e2eSite().setLevel( 'pro' );
	await openReportForVisitDays( page, '/ecommerce', 'eCommerce Overview' );
	const money = ( value: number ) => `$${ value.toFixed( 2 ) }`;
	await expect( infoBoxValue( page, 'Transactions' ) ).toHaveText( '2', {
		timeout: 60_000,
	} );
	// Each shopper's one session ended in an order.
	await expect( infoBoxValue( page, 'Conversion Rate' ) ).toHaveText(
		'100%'
	);
	await expect( infoBoxValue( page, 'Revenue' ) ).toHaveText(
		money( 2 * ORDER )
	);
	await expect( infoBoxValue( page, 'Avg. Order Value' ) ).toHaveText(
		money( ORDER )
	);
	// Each shopper added the Mugs and the Shirt, and removed the Shirt; each checkout was paid.
	const cart = page.getByRole( 'region', { name: 'Cart' } );
	const cartBox = ( title: string ) =>
		cart
			.locator( '.monsterinsights-reports-infobox' )
			.filter( { hasText: title } )
			.locator( '.monsterinsights-reports-infobox__value' );
	await expect( cartBox( 'Add to Cart' ) ).toHaveText( '4' );
	await expect( cartBox( 'Removed from Cart' ) ).toHaveText( '2' );
	await expect( cartBox( 'New Customers' ) ).toHaveText( '100%' );
	await expect( cartBox( 'Abandoned Checkouts' ) ).toHaveText( '0%' );
	expect( await sections( page ) ).toEqual( {
		'Top Products': [ [ 'E2E Mug', '4', '100%', money( 2 * ORDER ) ] ],
		'Top Conversion Sources': [
			[ 'newsletter', '2', '2', '100%', money( 2 * ORDER ) ],
		],
		'Time to Purchase': [
			[ '0', '2', '100%' ],
			[ '1', '0', '0%' ],
			[ '2-3', '0', '0%' ],
			[ '4-7', '0', '0%' ],
			[ '8-14', '0', '0%' ],
			[ '15-30', '0', '0%' ],
			[ '31+', '0', '0%' ],
		],
		'Sessions to Purchase': [
			[ '1', '2', '100%' ],
			[ '2', '0', '0%' ],
			[ '3-5', '0', '0%' ],
			[ '6-10', '0', '0%' ],
			[ '11+', '0', '0%' ],
		],
	} );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
	await page.screenshot( {
		path: `${ SCREENSHOTS }/report-ecommerce.png`,
		fullPage: true,
	} );
} );

test( 'the Coupons Report shows SPRING5 on both orders', async ( { page } ) => {
	test.setTimeout( 120_000 );
	await e2eSite().setLevel( 'pro' );
	await openReportForVisitDays(
		page,
		'/ecommerce-coupons',
		'Coupons Report'
	);
	await expect
		.poll( () => tableRows( page ), { timeout: 60_000 } )
		.toEqual( [ [ COUPON.code, '$38.00', '2', '$19.00' ] ] );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
	await page.screenshot( {
		path: `${ SCREENSHOTS }/report-ecommerce-coupons.png`,
		fullPage: true,
	} );
} );

test( 'a plus licence sees the upsells', async ( { page } ) => {
	test.setTimeout( 120_000 );
	await e2eSite().setLevel( 'plus' );
	const screens: Array< [ string, string ] > = [
		[ '/ecommerce', 'eCommerce Overview' ],
		[ '/ecommerce-coupons', 'Coupons Report' ],
	];
	for ( const [ route, title ] of screens ) {
		await openReportForVisitDays( page, route, title );
		await expect(
			app( page ).getByRole( 'button', { name: 'See a Sample Report' } )
		).toBeVisible( { timeout: 60_000 } );
	}
	await page.screenshot( {
		path: `${ SCREENSHOTS }/report-ecommerce-coupons-plus.png`,
		fullPage: true,
	} );
} );
