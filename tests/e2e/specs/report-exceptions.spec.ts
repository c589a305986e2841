import { expect, test, type Locator, type Page } from '../fixtures';

import { E2ESite } from '../site';
import { REPORTS_PATH, seriousAxeFindings, storageStatePath } from '../utils';

/**
 * The Exceptions screen (#/exceptions) on the demo traffic: the e2e site gets the built-in source
 * and the seeder's 90 days once for this file (with its three anomalies: a newsletter blast 23
 * days ago, a Hacker News burst 9 days ago, an outage 4 days ago), and is put back as
 * bin/serve-e2e.sh made it afterwards.
 */

let site: E2ESite | undefined;

/**
 * The REST session of beforeAll.
 */
function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	// 90 days of visits through the collector and the aggregation in Playground: a few minutes.
	test.setTimeout( 600_000 );
	site = await E2ESite.open( 'admin' );
	await site.setSource( 'builtin' );
	const stats = await site.seed( 90, 1 );
	expect( stats.stored ).toBeGreaterThan( 0 );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

/**
 * The exceptions table's body rows.
 *
 * @param page The page.
 */
function rows( page: Page ): Locator {
	return page
		.getByRole( 'table', { name: 'Exceptions' } )
		.locator( 'tbody tr' );
}

test( 'lists the demo’s anomalies of the last 30 days and deletes one for good', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'agency' );
	await page.goto( REPORTS_PATH + '#/exceptions' );
	await expect(
		page.getByRole( 'heading', { name: 'Exceptions Report', level: 1 } )
	).toBeVisible();
	// The first load judges the seeded days (at most 92) before it lists them.
	await expect( rows( page ) ).toHaveCount( 6, { timeout: 60_000 } );
	const descriptions = await rows( page )
		.locator( 'td:nth-child(4)' )
		.allTextContents();
	expect( descriptions.join( '\n' ) ).toMatch(
		/Sessions from the product-launch campaign were \d+ on .*× the usual/
	);
	expect( descriptions.join( '\n' ) ).toMatch(
		/Sessions from Organic Social were \d+ on /
	);
	expect( descriptions.join( '\n' ) ).toMatch(
		/Sessions were \d+ on .*% below the usual/
	);
	// Newest first: the outage (4 days ago) leads.
	expect( descriptions[ 0 ] ).toMatch( /% below the usual/ );
	// One page: no pagination.
	await expect(
		page.getByRole( 'navigation', { name: 'Exceptions pages' } )
	).toHaveCount( 0 );
	expect( await seriousAxeFindings( page ) ).toEqual( [] );

	const campaign = rows( page ).filter( {
		hasText: 'product-launch campaign',
	} );
	await campaign
		.getByRole( 'button', { name: /^Delete the exception/ } )
		.click();
	const dialog = page.getByRole( 'alertdialog', {
		name: 'Delete Exception',
	} );
	await dialog.getByRole( 'button', { name: 'Delete' } ).click();
	await expect( rows( page ) ).toHaveCount( 5 );

	// Gone for good: a fresh load (which runs the detector again) does not bring it back.
	await page.goto( 'about:blank' );
	await page.goto( REPORTS_PATH + '#/exceptions' );
	await expect( rows( page ) ).toHaveCount( 5 );
	await expect(
		rows( page ).filter( { hasText: 'product-launch campaign' } )
	).toHaveCount( 0 );
} );

test( 'shows a pro licence the blurred sample under the agency upsell', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'pro' );
	await page.goto( REPORTS_PATH + '#/exceptions' );
	await expect( page.getByText( 'Sample data' ) ).toBeVisible();
	await expect(
		page.locator(
			'.monsterinsights-reports-locked__content .monsterinsights-reports-exceptions'
		)
	).toHaveCount( 1 );
	// The upsell names the level that unlocks Exceptions, Agency, not the pro user's own.
	const overlay = page.locator( '.monsterinsights-reports-upsell-overlay' );
	await expect(
		overlay.locator( '.monsterinsights-reports-upsell-overlay__badge' )
	).toHaveText( 'AGENCY' );
	await expect(
		overlay.getByText( 'Upgrade to Agency to unlock this report.' )
	).toBeVisible();
	await expect( overlay.getByText( 'PRO', { exact: true } ) ).toHaveCount(
		0
	);
} );
