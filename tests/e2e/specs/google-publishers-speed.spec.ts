import { crc32 } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '../fixtures';

import { E2E_ROUTES, E2ESite, fakeGoogle, fakeGoogleRequests } from '../site';
import { REPORTS_PATH, infoBoxValue, storageStatePath } from '../utils';

/**
 * Publishers and Site Speed on the google source, against the e2e site's fake Google server
 * (docs/development.md, "The fake Google server"): the Publishers Overview shows the property's
 * age brackets, genders and interests with the fake's numbers (crc32 of what each counts) and hides
 * the exit pages and scroll depth GA4 lacks, with a button to GA4's own report of each table; the
 * eCommerce Overview shows revenue in the property's currency (not the shop's) and links its top
 * products to GA4's ecommerce purchases; Site Speed shows PageSpeed's lab run of each device
 * (tests/fake-google/fixtures/pagespeed-{desktop,mobile}.json), and Run Audit runs it again;
 * Dimensions shows the custom dimensions the property registered and asks to set up the others;
 * Forms counts the form events by form id (Exceptions on google: google-exceptions.spec.ts).
 */

const PROPERTY = '300000001';
/** GA4's reports of the property, in its web UI. */
const GA4 = `https://analytics.google.com/analytics/web/#/p${ PROPERTY }/reports/explorer?r=`;
const FIXTURES = path.join( __dirname, '../../fake-google/fixtures' );
const API_KEY = (
	JSON.parse(
		readFileSync( path.join( FIXTURES, 'api-key.json' ), 'utf8' )
	) as { key: string }
 ).key;

let site: E2ESite | undefined;

/** The REST session beforeAll opened. */
function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setLevel( 'plus' );
	await fakeGoogle( '/__reset' );
	await site.post( '/monsterinsights-reports-e2e/v1/google', {
		pagespeed_key: API_KEY,
	} );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	for ( const module of [ 'dimensions', 'forms' ] ) {
		await session.post( `/monsterinsights-reports/v1/addons/${ module }`, {
			active: false,
		} );
	}
	await session.post( '/monsterinsights-reports-e2e/v1/google', {
		connected: false,
	} );
	await session.reset();
	await session.dispose();
} );

/**
 * The days of a range, Y-m-d.
 *
 * @param start First day.
 * @param end   Last day.
 */
function daysOf( start: string, end: string ): string[] {
	const out: string[] = [];
	for (
		let t = Date.parse( `${ start }T00:00:00Z` );
		t <= Date.parse( `${ end }T00:00:00Z` );
		t += 86_400_000
	) {
		out.push( new Date( t ).toISOString().slice( 0, 10 ) );
	}
	return out;
}

/**
 * The fake's users of a value over the days: Σ crc32("{property}|totalUsers|{day}|{value}|") % 1000.
 *
 * @param days  The days.
 * @param value The dimension's value.
 */
function users( days: string[], value: string ): number {
	return days.reduce(
		( sum, day ) =>
			sum +
			( crc32( `${ PROPERTY }|totalUsers|${ day }|${ value }|` ) % 1000 ),
		0
	);
}

/**
 * Opens a report for 1–3 November 2026.
 *
 * @param page  The page.
 * @param route The route.
 * @param title The heading.
 */
async function open( page: Page, route: string, title: string ) {
	await page.goto( 'about:blank' );
	await page.goto(
		`${ REPORTS_PATH }#${ route }?start=2026-11-01&end=2026-11-03&preset=custom`
	);
	await expect(
		page
			.locator( '#monsterinsights-reports' )
			.getByRole( 'heading', { name: title, level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
}

test( 'Publishers on google: age, gender and interests from the property; no exit pages nor scroll depth', async ( {
	page,
} ) => {
	await open( page, '/publishers', 'Publishers Overview' );
	const days = daysOf( '2026-11-01', '2026-11-03' );
	const ages = [ '18-24', '25-34', '35-44', '45-54', '55-64', '65+' ];
	const ageUsers = ages.map( ( age ) => users( days, age ) );
	const sum = ageUsers.reduce( ( a, b ) => a + b, 0 );
	const age = page.getByRole( 'region', { name: 'Age', exact: true } );
	await expect( age.locator( 'li' ) ).toHaveText(
		ages.map(
			( label, index ) =>
				`${ label }${ (
					Math.round( ( ( ageUsers[ index ] ?? 0 ) / sum ) * 10000 ) /
					100
				).toFixed( 2 ) }%`
		)
	);
	const interests = [
		'Technology/Technophiles',
		'Shoppers/Value Shoppers',
		'News & Politics/Avid News Readers',
		'Media & Entertainment/Movie Lovers',
		'Travel/Travel Buffs',
	]
		.map( ( name ) => ( { name, n: users( days, name ) } ) )
		.sort( ( a, b ) => b.n - a.n || a.name.localeCompare( b.name ) );
	await expect(
		page
			.getByRole( 'region', { name: 'Interests' } )
			.locator( 'tbody tr td:first-child' )
	).toHaveText( interests.map( ( row ) => row.name ) );
	await expect(
		page
			.getByRole( 'region', { name: 'Interests' } )
			.locator( 'tbody tr td:nth-child(2)' )
	).toHaveText( interests.map( ( row ) => row.n.toLocaleString( 'en-US' ) ) );
	await expect(
		page.getByRole( 'region', { name: 'Gender' } )
	).toContainText( 'Female' );
	await expect( page.getByText( 'Top Exit Pages' ) ).toHaveCount( 0 );
	await expect( page.getByText( 'Average Scroll Depth' ) ).toHaveCount( 0 );
	// Each table's button to GA4's own report, in a new tab.
	const landing = page.getByRole( 'link', {
		name: 'View Full Landing Pages Report',
	} );
	await expect( landing ).toHaveAttribute( 'href', `${ GA4 }landing-page` );
	await expect( landing ).toHaveAttribute( 'target', '_blank' );
	await expect(
		page.getByRole( 'link', { name: 'View Full Downloads Report' } )
	).toHaveAttribute( 'href', `${ GA4 }top-events` );
	await page.screenshot( {
		path: test.info().outputPath( 'publishers-google.png' ),
		fullPage: true,
	} );
} );

test( 'eCommerce on google: revenue in the property’s currency, the top products linked to GA4', async ( {
	browser,
	page,
} ) => {
	test.setTimeout( 300_000 );
	// A shop selling in euros; the property reports in US dollars (as the settings read it).
	await e2eSite().post(
		`${ E2E_ROUTES }/shop`,
		{ on: true, currency: 'EUR', position: 'right_space' },
		120_000
	);
	try {
		// WooCommerce's first wp-admin load after its activation (its admin_init pass).
		const admin = await browser.newContext( {
			storageState: storageStatePath( 'admin' ),
		} );
		const adminPage = await admin.newPage();
		await adminPage.goto( '/wp-admin/' );
		await expect( adminPage.locator( '#wpadminbar' ) ).toBeVisible();
		await admin.close();
		await e2eSite().setLevel( 'pro' );
		await e2eSite().post( `${ E2E_ROUTES }/google`, {
			pagespeed_key: API_KEY,
			currency: 'USD',
		} );

		await open( page, '/ecommerce', 'eCommerce Overview' );
		// purchaseRevenue is GA4 currency: Σ crc32(…) % 100000 cents a day.
		const cents = daysOf( '2026-11-01', '2026-11-03' ).reduce(
			( sum, day ) =>
				sum +
				( crc32( `${ PROPERTY }|purchaseRevenue|${ day }||` ) %
					100000 ),
			0
		);
		await expect( infoBoxValue( page, 'Revenue' ) ).toHaveText(
			`$${ ( cents / 100 ).toLocaleString( 'en-US', {
				minimumFractionDigits: 2,
				maximumFractionDigits: 2,
			} ) }`,
			{ timeout: 60_000 }
		);
		const products = page.getByRole( 'link', {
			name: 'View Full Products Report',
		} );
		await expect( products ).toHaveAttribute(
			'href',
			`${ GA4 }ecomm-product`
		);
		await expect( products ).toHaveAttribute( 'target', '_blank' );
		await page.screenshot( {
			path: test.info().outputPath( 'ecommerce-google.png' ),
			fullPage: true,
		} );
	} finally {
		await e2eSite().post( `${ E2E_ROUTES }/shop`, { on: false } );
		await e2eSite().setLevel( 'plus' );
		await e2eSite().post( `${ E2E_ROUTES }/google`, {
			pagespeed_key: API_KEY,
		} );
	}
} );

test( 'Site Speed on google: PageSpeed’s lab run per device, Run Audit runs it again', async ( {
	page,
} ) => {
	await open( page, '/site-speed', 'Site Speed' );
	await page.getByRole( 'button', { name: 'Desktop' } ).click();
	await expect(
		page.getByRole( 'img', { name: 'Overall Score: 94' } )
	).toBeVisible();
	const value = ( title: string ) =>
		page
			.getByRole( 'region', { name: title } )
			.locator( '.monsterinsights-reports-site-speed__value' );
	await expect( value( 'Total Blocking Time' ) ).toHaveText( '42 ms' );
	await expect( value( 'Largest Contentful Paint' ) ).toHaveText( '1.20 s' );
	await expect(
		page.getByText( /^Lab data: PageSpeed Insights’ Lighthouse audit/ )
	).toBeVisible();
	await page.screenshot( {
		path: test.info().outputPath( 'site-speed-google-desktop.png' ),
		fullPage: true,
	} );

	await page.getByRole( 'button', { name: 'Mobile' } ).click();
	await expect(
		page.getByRole( 'img', { name: 'Overall Score: 71' } )
	).toBeVisible();
	await expect( value( 'Total Blocking Time' ) ).toHaveText( '319 ms' );
	await expect( value( 'Interaction to Next Paint' ) ).toHaveText( '176 ms' );

	const runs = async () =>
		( await fakeGoogleRequests() ).filter(
			( r ) => r.path === '/pagespeedonline/v5/runPagespeed'
		).length;
	const before = await runs();
	await page.getByRole( 'button', { name: 'Run Audit' } ).click();
	await expect(
		page.getByRole( 'img', { name: 'Overall Score: 71' } )
	).toBeVisible( { timeout: 30_000 } );
	expect( await runs() ).toBe( before + 1 );
	await page.screenshot( {
		path: test.info().outputPath( 'site-speed-google-mobile.png' ),
		fullPage: true,
	} );
} );

test( 'Dimensions and Forms on google', async ( { page } ) => {
	const session = e2eSite();
	for ( const module of [ 'dimensions', 'forms' ] ) {
		await session.post( `/monsterinsights-reports/v1/addons/${ module }`, {
			active: true,
		} );
	}
	const days = daysOf( '2026-11-01', '2026-11-03' );
	const views = ( value: string ) =>
		days.reduce(
			( sum, day ) =>
				sum +
				( crc32(
					`${ PROPERTY }|screenPageViews|${ day }|${ value }|`
				) %
					1000 ),
			0
		);

	await open( page, '/dimensions', 'Dimensions Report' );
	const authors = [ 'Jane Doe', 'John Smith' ]
		.map( ( name ) => ( { name, n: views( name ) } ) )
		.sort( ( a, b ) => b.n - a.n );
	await expect(
		page.getByText( authors[ 0 ]?.name ?? '', { exact: true } )
	).toBeVisible();
	await expect(
		page.getByText(
			'Please set up custom dimension "Tag" for this report to work.'
		)
	).toBeVisible();
	await page.screenshot( {
		path: test.info().outputPath( 'dimensions-google.png' ),
		fullPage: true,
	} );

	await open( page, '/forms', 'Forms Overview Report' );
	await expect(
		page.getByText( 'wpforms-34', { exact: true } )
	).toBeVisible();
	await page.screenshot( {
		path: test.info().outputPath( 'forms-google.png' ),
		fullPage: true,
	} );
} );
