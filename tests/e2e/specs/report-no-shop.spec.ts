import { expect, test } from '../fixtures';
import path from 'path';

import { E2ESite } from '../site';
import { app, openReportForVisitDays, storageStatePath } from '../utils';

/**
 * The four eCommerce screens on a site without a shop (no WooCommerce, no Easy Digital Downloads),
 * pro licence: each asks for its report, the server answers 400 no_shop with the report's notice,
 * and the screen shows that notice word for word in an info notice, with no error notice and no
 * error dialog. The site is reset before and after.
 */

const SCREENSHOTS = path.join( __dirname, '../../../artifacts/e2e' );

/** What the Overview and the Coupons Report say without a shop plugin. */
const NO_SHOP_PLUGIN =
	'eCommerce reports need WooCommerce or Easy Digital Downloads. Install and activate one of them, and your store’s sales will show here.';

/** Each screen: route, title, report, the server's notice. */
const SCREENS: Array< [ string, string, string, string ] > = [
	[ '/ecommerce', 'eCommerce Overview', 'ecommerce', NO_SHOP_PLUGIN ],
	[
		'/ecommerce-coupons',
		'Coupons Report',
		'ecommerce_coupons',
		NO_SHOP_PLUGIN,
	],
	[
		'/cart-abandonment',
		'Cart Abandonment',
		'cart_abandonment',
		'Our cart abandonment report only supports WooCommerce and Easy Digital Downloads.',
	],
	[
		'/ecommerce-funnel',
		'eCommerce Funnel',
		'ecommerce_funnel',
		'Our funnel report only supports WooCommerce and Easy Digital Downloads.',
	],
];

let site: E2ESite | undefined;

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );
	await site.setLevel( 'pro' );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

for ( const [ route, title, report, notice ] of SCREENS ) {
	test( `${ title } without a shop shows the server's notice`, async ( {
		page,
	} ) => {
		const asked = new RegExp(
			`/monsterinsights-reports/v1/reports/${ report }([?&]|$)`
		);
		const answers: Array< [ number, string ] > = [];
		page.on( 'response', async ( response ) => {
			if ( asked.test( decodeURIComponent( response.url() ) ) ) {
				const body = ( await response.json() ) as { code?: string };
				answers.push( [ response.status(), body.code ?? '' ] );
			}
		} );
		await openReportForVisitDays( page, route, title );
		const info = app( page ).locator( '.components-notice.is-info p' );
		await expect( info ).toHaveText( [ notice ], { timeout: 60_000 } );
		// Asked once, answered 400 no_shop; not an error.
		await expect.poll( () => answers ).toEqual( [ [ 400, 'no_shop' ] ] );
		await expect(
			app( page ).locator( '.components-notice.is-error' )
		).toHaveCount( 0 );
		await expect( page.getByRole( 'dialog' ) ).toHaveCount( 0 );
		await page.screenshot( {
			path: `${ SCREENSHOTS }/report-${ report.replace(
				/_/g,
				'-'
			) }-no-shop.png`,
			fullPage: true,
		} );
	} );
}
