import { expect, test, type Locator, type Page } from '../fixtures';

import {
	additive,
	daysOf,
	filtersKey,
	funnel,
	inList,
	money,
	notInList,
	percent,
	ratio,
	realtime,
	round2,
} from '../fake-google';
import { shopOn } from '../shopper';
import { E2E_ROUTES, E2ESite, fakeGoogle } from '../site';
import {
	REPORTS_PATH,
	app,
	infoBoxValue,
	listCards,
	storageStatePath,
	tableRows,
} from '../utils';

/**
 * The report screens on the google source that google-source.spec.ts,
 * google-publishers-speed.spec.ts and report-queries.spec.ts leave out, against the e2e site's
 * fake Google server (docs/development.md, "The fake Google server"): Technology, Landing Pages,
 * Campaigns, Social, Pages, Countries (with a country's regions), Dimensions (a registered custom
 * dimension, and the set-up notice for one the property lacks), Forms, Media, Real-Time, the Year
 * in Review (with the demographics only Google has) and the four eCommerce screens with
 * WooCommerce active. Every figure checked is the fake's, computed here from its formulas
 * (tests/e2e/fake-google.ts), for 1–7 November 2026. The site is connected once, with an agency
 * licence, the Dimensions, Forms and Media modules on and the Year in Review forced on; it is put
 * back afterwards.
 */

const START = '2026-11-01';
const END = '2026-11-07';
const DAYS = daysOf( START, END );

let site: E2ESite | undefined;

test.use( { storageState: storageStatePath( 'admin' ) } );

/**
 * The REST session of beforeAll.
 */
function restSession(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

test.beforeAll( async ( { browser } ) => {
	test.setTimeout( 240_000 );
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await shopOn( browser, site );
	for ( const module of [ 'dimensions', 'forms', 'media' ] ) {
		await site.post( `/monsterinsights-reports/v1/addons/${ module }`, {
			active: true,
		} );
	}
	await site.post( `${ E2E_ROUTES }/year-in-review`, { force: true } );
	await fakeGoogle( '/__reset' );
	await site.post( `${ E2E_ROUTES }/google`, { connected: true } );
	await site.setLevel( 'agency' );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	for ( const module of [ 'dimensions', 'forms', 'media' ] ) {
		await session.post( `/monsterinsights-reports/v1/addons/${ module }`, {
			active: false,
		} );
	}
	await session.post( `${ E2E_ROUTES }/year-in-review`, { force: false } );
	await session.post( `${ E2E_ROUTES }/shop`, { on: false } );
	await session.post( `${ E2E_ROUTES }/google`, { connected: false } );
	await session.reset();
	await session.dispose();
} );

/**
 * A count as the screens write it in English.
 *
 * @param value The count.
 */
function num( value: number ): string {
	return value.toLocaleString( 'en-US' );
}

/**
 * A percent (in percent units): whole numbers without decimals, others with two.
 *
 * @param value The percent.
 */
function pct( value: number ): string {
	return Number.isInteger( value )
		? `${ num( value ) }%`
		: `${ value.toLocaleString( 'en-US', {
				minimumFractionDigits: 2,
				maximumFractionDigits: 2,
		  } ) }%`;
}

/**
 * An amount in the shop's currency (USD, the symbol on the left).
 *
 * @param value The amount.
 */
function usd( value: number ): string {
	return `$${ value.toLocaleString( 'en-US', {
		minimumFractionDigits: 2,
		maximumFractionDigits: 2,
	} ) }`;
}

/**
 * Opens a report for 1–7 November 2026 and waits for its heading.
 *
 * @param page  The page.
 * @param route The route.
 * @param title The heading.
 */
async function open( page: Page, route: string, title: string ) {
	await page.goto( 'about:blank' );
	await page.goto(
		`${ REPORTS_PATH }#${ route }?start=${ START }&end=${ END }&preset=custom`
	);
	await expect(
		app( page ).getByRole( 'heading', { name: title, level: 1 } )
	).toBeVisible( { timeout: 60_000 } );
}

/**
 * The rows of the screen's report tables, once one has the row named.
 *
 * @param page  The page.
 * @param first The first cell of a row to wait for.
 */
async function rowsWith(
	page: Page,
	first: string
): Promise< Map< string, string[] > > {
	await expect(
		app( page )
			.locator( '.monsterinsights-reports-data-table tbody td' )
			.getByText( first, { exact: true } )
			.first()
	).toBeVisible( { timeout: 60_000 } );
	return new Map(
		( await tableRows( page ) ).map( ( cells ) => [
			cells[ 0 ] ?? '',
			cells,
		] )
	);
}

/**
 * Screenshots of the screen at 1280 px and 600 px wide, into the test's output folder.
 *
 * @param page The page.
 * @param name The files' name.
 */
async function screenshots( page: Page, name: string ) {
	await page.screenshot( {
		path: test.info().outputPath( `${ name }-1280.png` ),
		fullPage: true,
	} );
	const size = page.viewportSize();
	await page.setViewportSize( { width: 600, height: 900 } );
	// Narrow, the page itself never scrolls sideways (wide tables scroll in their own box), once
	// the charts have followed the new width.
	await expect
		.poll( () =>
			page.evaluate(
				() =>
					document.documentElement.scrollWidth -
					document.documentElement.clientWidth
			)
		)
		.toBeLessThanOrEqual( 0 );
	await page.screenshot( {
		path: test.info().outputPath( `${ name }-600.png` ),
		fullPage: true,
	} );
	if ( size ) {
		await page.setViewportSize( size );
	}
}

/**
 * The sessions of the range, the chart tabs' total.
 *
 * @param page The page.
 */
async function expectSessionsTab( page: Page ) {
	await expect(
		app( page ).getByRole( 'tab', { name: /^Sessions/ } )
	).toHaveText( `Sessions${ num( additive( 'sessions', DAYS ) ) }` );
}

/**
 * A traffic table's row: sessions, engaged sessions, pages per session, purchases, conversion
 * rate and revenue of one value of the dimension.
 *
 * @param value   The row's value.
 * @param filters The request's filters' key.
 */
function trafficRow( value: string, filters: string ): string[] {
	const sessions = additive( 'sessions', DAYS, value, filters );
	const purchases = additive( 'ecommercePurchases', DAYS, value, filters );
	return [
		value,
		num( sessions ),
		num( additive( 'engagedSessions', DAYS, value, filters ) ),
		round2(
			ratio( 'screenPageViewsPerSession', START, END, value, filters )
		).toFixed( 2 ),
		num( purchases ),
		pct( percent( purchases, sessions ) ),
		usd( money( 'purchaseRevenue', DAYS, value, filters ) ),
	];
}

/**
 * The legend of a share pie: each label with its share.
 *
 * @param page  The page.
 * @param title The pie's title.
 */
function pieLegend( page: Page, title: string ): Locator {
	return app( page )
		.getByRole( 'region', { name: title } )
		.locator( '.monsterinsights-reports-pie__legend li' );
}

/**
 * Shares of the sessions of some values, most first, as "{label}{share}".
 *
 * @param values The values and their labels.
 */
function sessionShares( values: Record< string, string > ): string[] {
	const sessions = Object.entries( values ).map( ( [ value, label ] ) => ( {
		label,
		n: additive( 'sessions', DAYS, value ),
	} ) );
	const all = sessions.reduce( ( sum, row ) => sum + row.n, 0 );
	return sessions
		.sort( ( a, b ) => b.n - a.n )
		.map( ( row ) => `${ row.label }${ pct( percent( row.n, all ) ) }` );
}

test( 'Technology on google: the browsers’ and devices’ shares of the sessions', async ( {
	page,
} ) => {
	await open( page, '/traffic-technology', 'Technology' );
	await expect( pieLegend( page, 'Browser Breakdown' ) ).toHaveText(
		sessionShares( {
			Chrome: 'Chrome',
			Safari: 'Safari',
			Firefox: 'Firefox',
			Edge: 'Edge',
			'Samsung Internet': 'Samsung Internet',
		} )
	);
	await expect( pieLegend( page, 'Device Breakdown' ) ).toHaveText(
		sessionShares( {
			desktop: 'Desktop',
			mobile: 'Mobile',
			tablet: 'Tablet',
		} )
	);
	await screenshots( page, 'google-traffic-technology' );
} );

test( 'Landing Pages, Campaigns and Social on google: the chart’s sessions and each table’s rows', async ( {
	page,
} ) => {
	await open( page, '/traffic-landing-pages', 'Landing Page Details' );
	await expectSessionsTab( page );
	let rows = await rowsWith( page, '/pricing/' );
	const landing = notInList( 'landingPage', [ '(not set)' ] );
	expect( rows.get( '/pricing/' ) ).toEqual(
		trafficRow( '/pricing/', landing )
	);
	// GA4's path with a query string is the page's: /shop/.
	expect( rows.get( '/shop/' ) ).toEqual( trafficRow( '/shop/', landing ) );
	expect( rows.has( '(not set)' ) ).toBe( false );
	await screenshots( page, 'google-traffic-landing-pages' );

	await open( page, '/traffic-campaign', 'Campaigns' );
	await expectSessionsTab( page );
	rows = await rowsWith( page, 'winter_sale' );
	const campaigns = notInList( 'sessionCampaignName', [
		'(not set)',
		'(direct)',
		'(organic)',
		'(referral)',
		'(none)',
	] );
	expect( [ ...rows.keys() ].sort() ).toEqual( [
		'december_newsletter',
		'winter_sale',
	] );
	expect( rows.get( 'winter_sale' ) ).toEqual(
		trafficRow( 'winter_sale', campaigns )
	);
	expect( rows.get( 'december_newsletter' ) ).toEqual(
		trafficRow( 'december_newsletter', campaigns )
	);
	await screenshots( page, 'google-traffic-campaign' );

	await open( page, '/traffic-social', 'Social Media' );
	await expectSessionsTab( page );
	rows = await rowsWith( page, 'Facebook' );
	const social = inList( 'sessionDefaultChannelGroup', [
		'Organic Social',
		'Paid Social',
	] );
	// A network's bounce rate is its bounces (each source's rate times its sessions, rounded)
	// over its sessions; each network here has one source.
	const network = ( source: string, name: string ) => {
		const sessions = additive( 'sessions', DAYS, source, social );
		const purchases = additive(
			'ecommercePurchases',
			DAYS,
			source,
			social
		);
		const bounceRate = round2(
			ratio( 'bounceRate', START, END, source, social ) * 100
		);
		return [
			name,
			num( sessions ),
			num( additive( 'engagedSessions', DAYS, source, social ) ),
			pct(
				percent(
					Math.round( ( bounceRate * sessions ) / 100 ),
					sessions
				)
			),
			num( purchases ),
			usd( money( 'purchaseRevenue', DAYS, source, social ) ),
			pct( percent( purchases, sessions ) ),
		];
	};
	expect( [ ...rows.keys() ].sort() ).toEqual( [ 'Facebook', 'Twitter' ] );
	expect( rows.get( 'Facebook' ) ).toEqual(
		network( 'facebook.com', 'Facebook' )
	);
	expect( rows.get( 'Twitter' ) ).toEqual( network( 't.co', 'Twitter' ) );
	await screenshots( page, 'google-traffic-social' );
} );

test( 'Pages and Countries on google: each page’s figures, a country’s and its regions’', async ( {
	page,
} ) => {
	await open( page, '/publishers-pages', 'Pages Report' );
	let rows = await rowsWith( page, '/about/' );
	const pageRow = ( path: string ) => [
		path,
		num( additive( 'screenPageViews', DAYS, path ) ),
		num( additive( 'engagedSessions', DAYS, path ) ),
		num( additive( 'newUsers', DAYS, path ) ),
		pct( round2( ratio( 'bounceRate', START, END, path ) * 100 ) ),
	];
	for ( const path of [ '/', '/about/', '/shop/' ] ) {
		expect( rows.get( path ) ).toEqual( pageRow( path ) );
	}
	await screenshots( page, 'google-publishers-pages' );

	await open( page, '/countries', 'Country Report' );
	await expectSessionsTab( page );
	rows = await rowsWith( page, 'United States' );
	const countryRow = ( values: string, name: string ) => [
		name,
		num( additive( 'sessions', DAYS, values ) ),
		num( additive( 'engagedSessions', DAYS, values ) ),
		pct( round2( ratio( 'bounceRate', START, END, values ) * 100 ) ),
		num( additive( 'ecommercePurchases', DAYS, values ) ),
	];
	expect( rows.get( 'United States' ) ).toEqual(
		countryRow( 'US', 'United States' )
	);
	expect( rows.get( 'Germany' ) ).toEqual( countryRow( 'DE', 'Germany' ) );
	// The United States' regions, most sessions first.
	await app( page )
		.getByRole( 'row' )
		.filter( { hasText: 'United States' } )
		.getByRole( 'button', { name: 'Show details' } )
		.click();
	const regions = [ 'California', 'New York' ]
		.map( ( region ) => ( {
			region,
			cells: countryRow( `${ region }|US`, region ),
			n: additive( 'sessions', DAYS, `${ region }|US` ),
		} ) )
		.sort( ( a, b ) => b.n - a.n );
	const children = app( page ).locator(
		'.monsterinsights-reports-data-table tbody tr:has(.is-child)'
	);
	await expect( children ).toHaveCount( 2 );
	expect(
		await children.evaluateAll( ( trs ) =>
			trs.map( ( tr ) =>
				Array.from( tr.querySelectorAll( 'td' ) ).map( ( td ) =>
					( td.textContent ?? '' ).trim()
				)
			)
		)
	).toEqual( regions.map( ( row ) => row.cells ) );
	await screenshots( page, 'google-countries' );
} );

test( 'Dimensions on google: a registered custom dimension’s page views; set-up notices for the missing ones', async ( {
	page,
} ) => {
	await open( page, '/dimensions', 'Dimensions Report' );
	const rows = await rowsWith( page, 'Jane Doe' );
	expect( rows.get( 'Jane Doe' ) ).toEqual( [
		'Jane Doe',
		num( additive( 'screenPageViews', DAYS, 'Jane Doe' ) ),
	] );
	expect( rows.get( 'Guides' ) ).toEqual( [
		'Guides',
		num( additive( 'screenPageViews', DAYS, 'Guides' ) ),
	] );
	expect( rows.get( 'Logged in' ) ).toEqual( [
		'Logged in',
		num( additive( 'screenPageViews', DAYS, 'true' ) ),
	] );
	// The property never registered tags, publication dates nor user roles: MISSING_CUSTOM_DIMENSION.
	for ( const name of [ 'Tag', 'Published', 'User Role' ] ) {
		await expect(
			app( page ).getByText(
				`Please set up custom dimension "${ name }" for this report to work.`
			)
		).toBeVisible();
	}
	await screenshots( page, 'google-dimensions' );
} );

test( 'Forms and Media on google: each form’s and video’s events', async ( {
	page,
} ) => {
	await open( page, '/forms', 'Forms Overview Report' );
	let rows = await rowsWith( page, 'wpforms-34' );
	const forms = inList( 'eventName', [
		'form_impression',
		'form_conversion',
	] );
	for ( const form of [ 'wpforms-34', 'wpcf7-12', 'newsletter' ] ) {
		const shown = additive(
			'eventCount',
			DAYS,
			`${ form }|form_impression`,
			forms
		);
		const done = additive(
			'eventCount',
			DAYS,
			`${ form }|form_conversion`,
			forms
		);
		expect( rows.get( form ) ).toEqual( [
			form,
			num( shown ),
			num( done ),
			pct( percent( done, shown ) ),
		] );
	}
	// The tabs: the range's form events by date.
	for ( const [ tab, event ] of [
		[ 'Form Impressions', 'form_impression' ],
		[ 'Form Completions', 'form_conversion' ],
	] ) {
		await expect(
			app( page ).getByRole( 'tab', { name: new RegExp( `^${ tab }` ) } )
		).toHaveText(
			`${ tab }${ num( additive( 'eventCount', DAYS, event, forms ) ) }`
		);
	}
	await screenshots( page, 'google-forms' );

	await open( page, '/media', 'Media Report' );
	rows = await rowsWith( page, 'Product tour' );
	const videos = inList( 'eventName', [ 'video_start', 'video_complete' ] );
	for ( const title of [ 'Product tour', 'Getting started in 5 minutes' ] ) {
		const plays = additive(
			'eventCount',
			DAYS,
			`${ title }|video_start`,
			videos
		);
		const done = additive(
			'eventCount',
			DAYS,
			`${ title }|video_complete`,
			videos
		);
		expect( rows.get( title ) ).toEqual( [
			title,
			num( plays ),
			pct( percent( done, plays ) ),
		] );
	}
	// The chart's plays of a day: video_start events by date.
	const starts = filtersKey( {
		dimensionFilter: {
			filter: {
				fieldName: 'eventName',
				inListFilter: { values: [ 'video_start' ] },
			},
		},
	} );
	await expect(
		app( page ).getByRole( 'row', { name: /^Nov 3 / } )
	).toHaveText(
		`Nov 3${ num(
			additive( 'eventCount', [ '2026-11-03' ], 'video_start', starts )
		) }`
	);
	await screenshots( page, 'google-media' );
} );

test( 'Real-Time on google: active users now, the top pages, countries and cities of 30 minutes', async ( {
	page,
} ) => {
	await open( page, '/real-time', 'Real-Time Report' );
	await expect(
		app( page ).locator( '.monsterinsights-reports-realtime__now' )
	).toContainText( String( realtime( 'activeUsers', '4-0' ) ) );
	const top = ( values: string[], metric: string ) => {
		const counts = values
			.map( ( value ) => ( {
				value,
				n: realtime( metric, '29-0', value ),
			} ) )
			.sort( ( a, b ) => b.n - a.n );
		const all = counts.reduce( ( sum, row ) => sum + row.n, 0 );
		return { counts, all };
	};
	const pages = top(
		[
			'Example Company',
			'Pricing - Example Company',
			'Getting started - Example Company',
			'Shop - Example Company',
		],
		'screenPageViews'
	);
	const countries = top( [ 'US', 'GB', 'DE', 'IN' ], 'activeUsers' );
	const names: Record< string, string > = {
		US: 'United States',
		GB: 'United Kingdom',
		DE: 'Germany',
		IN: 'India',
	};
	const card = ( title: string ) =>
		app( page )
			.locator( '.monsterinsights-reports-realtime__card', {
				has: page.getByRole( 'heading', { name: title, level: 2 } ),
			} )
			.locator( 'tbody tr' )
			.filter( { hasText: /./ } );
	await expect( card( 'Top Pages' ) ).toHaveText(
		pages.counts.map(
			( row ) =>
				`${ row.value }${ num( row.n ) }${ pct(
					percent( row.n, pages.all )
				) }`
		)
	);
	await expect( card( 'Top Countries' ) ).toHaveText(
		countries.counts.map(
			( row ) =>
				`${ names[ row.value ] ?? '' }${ num( row.n ) }${ pct(
					percent( row.n, countries.all )
				) }`
		)
	);
	await expect(
		card( 'Top Cities' ).filter( { hasText: 'Mumbai, India' } )
	).toHaveText(
		`Mumbai, India${ num(
			realtime( 'activeUsers', '29-0', 'IN|Mumbai' )
		) }`
	);
	await screenshots( page, 'google-real-time' );
} );

test( 'the Year in Review on google: the year’s figures and the demographics', async ( {
	page,
} ) => {
	const year = new Date().getUTCFullYear() - 1;
	const days = daysOf( `${ year }-01-01`, `${ year }-12-31` );
	const before = daysOf( `${ year - 1 }-01-01`, `${ year - 1 }-12-31` );
	await page.goto( `${ REPORTS_PATH }#/year-in-review` );
	await expect(
		app( page ).getByRole( 'heading', {
			level: 1,
			name: `${ year } Year in Review`,
		} )
	).toBeVisible( { timeout: 60_000 } );
	const box = ( title: string ) =>
		app( page )
			.locator( '.monsterinsights-reports-infobox' )
			.filter( { hasText: title } )
			.locator( '.monsterinsights-reports-infobox__value' );
	await expect( box( 'Total Sessions' ) ).toHaveText(
		num( additive( 'sessions', days ) )
	);
	await expect( box( 'Total Users' ) ).toHaveText(
		num( additive( 'totalUsers', days ) )
	);
	await expect(
		app( page )
			.locator( '.monsterinsights-reports-infobox' )
			.filter( { hasText: 'Total Pageviews' } )
	).toContainText(
		`vs. ${ num( additive( 'screenPageViews', before ) ) } in ${ year - 1 }`
	);
	const duration = Math.round(
		ratio(
			'averageSessionDuration',
			`${ year }-01-01`,
			`${ year }-12-31`,
			'',
			'',
			'TYPE_SECONDS'
		)
	);
	await expect( box( 'Avg. Session Duration' ) ).toHaveText(
		`${ Math.floor( duration / 60 ) }:${ String( duration % 60 ).padStart(
			2,
			'0'
		) }`
	);
	const section = ( title: string ) =>
		app( page )
			.getByRole( 'region', { name: title, exact: true } )
			.locator( 'tbody tr' );
	// The demographics: each age bracket's and gender's share of the year's users.
	const ages = [ '18-24', '25-34', '35-44', '45-54', '55-64', '65+' ];
	const ageUsers = ages.map( ( age ) => additive( 'totalUsers', days, age ) );
	const allAges = ageUsers.reduce( ( a, b ) => a + b, 0 );
	await expect( section( 'Age' ) ).toHaveText(
		ages.map(
			( age, index ) =>
				`${ age }${ pct( percent( ageUsers[ index ] ?? 0, allAges ) ) }`
		)
	);
	const genders = [ 'female', 'male' ].map( ( gender ) => ( {
		gender,
		n: additive( 'totalUsers', days, gender ),
	} ) );
	const allGenders = genders.reduce( ( sum, row ) => sum + row.n, 0 );
	await expect( section( 'Gender' ) ).toHaveText(
		genders
			.sort( ( a, b ) => b.n - a.n )
			.map(
				( row ) =>
					`${ row.gender.replace( /^./, ( c ) =>
						c.toUpperCase()
					) }${ pct( percent( row.n, allGenders ) ) }`
			)
	);
	// The top country: Germany has the most sessions of the fixture's countries that year.
	const countries = [
		'US',
		'GB',
		'DE',
		'FR',
		'IN',
		'CA',
		'BR',
		'JP',
		'AU',
		'NL',
	]
		.map( ( iso ) => additive( 'sessions', days, iso ) )
		.sort( ( a, b ) => b - a );
	await expect( section( 'Top Countries' ).first() ).toContainText(
		num( countries[ 0 ] ?? 0 )
	);
	await screenshots( page, 'google-year-in-review' );
} );

test( 'the eCommerce screens on google with WooCommerce: overview, coupons, cart abandonment, funnel', async ( {
	page,
} ) => {
	await open( page, '/ecommerce', 'eCommerce Overview' );
	const orders = additive( 'ecommercePurchases', DAYS );
	const revenue = money( 'purchaseRevenue', DAYS );
	await expect( infoBoxValue( page, 'Transactions' ) ).toHaveText(
		num( orders )
	);
	await expect( infoBoxValue( page, 'Revenue' ) ).toHaveText(
		usd( revenue )
	);
	await expect( infoBoxValue( page, 'Conversion Rate' ) ).toHaveText(
		pct( percent( orders, additive( 'sessions', DAYS ) ) )
	);
	await expect( infoBoxValue( page, 'Avg. Order Value' ) ).toHaveText(
		usd( round2( revenue / orders ) )
	);
	const cart = ( title: string ) =>
		page
			.getByRole( 'region', { name: 'Cart' } )
			.locator( '.monsterinsights-reports-infobox' )
			.filter( { hasText: title } )
			.locator( '.monsterinsights-reports-infobox__value' );
	await expect( cart( 'Add to Cart' ) ).toHaveText(
		num( additive( 'addToCarts', DAYS ) )
	);
	const removed = filtersKey( {
		dimensionFilter: {
			filter: {
				fieldName: 'eventName',
				stringFilter: { matchType: 'EXACT', value: 'remove_from_cart' },
			},
		},
	} );
	await expect( cart( 'Removed from Cart' ) ).toHaveText(
		num( additive( 'eventCount', DAYS, '', removed ) )
	);
	await expect( cart( 'New Customers' ) ).toHaveText(
		pct( percent( additive( 'firstTimePurchasers', DAYS ), orders ) )
	);
	const checkouts = additive( 'checkouts', DAYS );
	await expect( cart( 'Abandoned Checkouts' ) ).toHaveText(
		pct( percent( Math.max( 0, checkouts - orders ), checkouts ) )
	);
	const products = [ 'Mug', 'T-shirt', 'Poster', 'Sticker pack' ].map(
		( name ) => ( {
			name,
			quantity: additive( 'itemsPurchased', DAYS, name ),
			revenue: money( 'itemRevenue', DAYS, name ),
		} )
	);
	const units = products.reduce( ( sum, row ) => sum + row.quantity, 0 );
	const cards = await listCards( page );
	expect( cards[ 'Top Products' ] ).toEqual(
		products
			.sort( ( a, b ) => b.quantity - a.quantity )
			.map( ( row ) => [
				row.name,
				num( row.quantity ),
				pct( percent( row.quantity, units ) ),
				usd( row.revenue ),
			] )
	);
	// A conversion source: its sessions, paid orders and revenue.
	expect(
		cards[ 'Top Conversion Sources' ]?.find(
			( cells ) => cells[ 0 ] === 'bing'
		)
	).toEqual( [
		'bing',
		num( additive( 'sessions', DAYS, 'bing' ) ),
		num( additive( 'ecommercePurchases', DAYS, 'bing' ) ),
		expect.stringMatching( /%$/ ),
		usd( money( 'purchaseRevenue', DAYS, 'bing' ) ),
	] );
	await screenshots( page, 'google-ecommerce' );

	await open( page, '/ecommerce-coupons', 'Coupons Report' );
	const rows = await rowsWith( page, 'WINTER10' );
	const coupons = notInList( 'orderCoupon', [ '(not set)' ] );
	for ( const coupon of [ 'WINTER10', 'FREESHIP' ] ) {
		const couponRevenue = money( 'purchaseRevenue', DAYS, coupon, coupons );
		const couponOrders = additive(
			'ecommercePurchases',
			DAYS,
			coupon,
			coupons
		);
		// The average order value is GA4's own (averagePurchaseRevenue).
		expect( rows.get( coupon ) ).toEqual( [
			coupon,
			usd( couponRevenue ),
			num( couponOrders ),
			usd(
				ratio(
					'averagePurchaseRevenue',
					START,
					END,
					coupon,
					coupons,
					'TYPE_CURRENCY'
				)
			),
		] );
	}
	expect( rows.has( '(not set)' ) ).toBe( false );
	await screenshots( page, 'google-ecommerce-coupons' );

	await open( page, '/cart-abandonment', 'Cart Abandonment' );
	await expect(
		app( page )
			.locator( '.monsterinsights-reports-list-card' )
			.getByText( 'Poster', { exact: true } )
	).toBeVisible( { timeout: 60_000 } );
	const abandonment = await listCards( page );
	const item = ( name: string ) => {
		const added = additive( 'itemsAddedToCart', DAYS, name );
		const out = additive( 'itemsCheckedOut', DAYS, name );
		const bought = additive( 'itemsPurchased', DAYS, name );
		const rate = ( a: number, b: number ) =>
			pct( b > 0 ? round2( Math.max( 0, 1 - a / b ) * 100 ) : 0 );
		return [
			name,
			num( bought ),
			usd( money( 'itemRevenue', DAYS, name ) ),
			rate( out, added ),
			rate( bought, out ),
		];
	};
	expect( abandonment[ 'Cart Abandonment by Product' ] ).toContainEqual(
		item( 'Poster' )
	);
	expect( abandonment[ 'Cart Abandonment by Product' ] ).toContainEqual(
		item( 'Mug' )
	);
	const day = abandonment[ 'Cart Abandonment by Day' ]?.find(
		( cells ) => cells[ 0 ] === '2026-11-03'
	);
	expect( day?.slice( 0, 3 ) ).toEqual( [
		'2026-11-03',
		num( additive( 'itemsPurchased', [ '2026-11-03' ] ) ),
		usd( money( 'itemRevenue', [ '2026-11-03' ] ) ),
	] );
	await screenshots( page, 'google-cart-abandonment' );

	await open( page, '/ecommerce-funnel', 'eCommerce Funnel' );
	const users = funnel(
		[ '1. view_item', '2. add_to_cart', '3. purchase' ],
		START,
		END
	);
	const [ viewed = 0, added = 0, bought = 0 ] = users;
	const rate = ( part: number, whole: number ) =>
		pct( percent( part, whole ) );
	await expect(
		app( page ).getByText( '1. View Item', { exact: true } )
	).toBeVisible();
	expect( ( await listCards( page ) )[ 'eCommerce Funnel' ] ).toEqual( [
		[
			'1. View Item',
			`${ num( viewed ) } (100%)`,
			rate( added, viewed ),
			num( viewed - added ),
			rate( viewed - added, viewed ),
		],
		[
			'2. Add to Cart',
			`${ num( added ) } (${ rate( added, viewed ) })`,
			rate( bought, added ),
			num( added - bought ),
			rate( added - bought, added ),
		],
		[
			'3. Purchase',
			`${ num( bought ) } (${ rate( bought, viewed ) })`,
			'--',
			'--',
			'--',
		],
	] );
	await screenshots( page, 'google-ecommerce-funnel' );
} );

test( 'User Journey on google says the built-in analytics records journeys', async ( {
	page,
} ) => {
	await restSession().post(
		'/monsterinsights-reports/v1/addons/user-journey',
		{
			active: true,
		}
	);
	await page.goto(
		`${ REPORTS_PATH }#/user-journey-report?start=${ START }&end=${ END }&preset=custom`
	);
	const dialog = page.getByRole( 'alertdialog', {
		name: 'Report Unavailable',
	} );
	await expect( dialog ).toContainText(
		'User journeys come from the built-in analytics, which ties each order to the pages its buyer saw. Google Analytics does not report pages per order: choose the built-in analytics as the data source in Settings to record them.'
	);
	await page.screenshot( {
		path: test.info().outputPath( 'google-user-journey.png' ),
	} );
	await dialog.getByRole( 'button', { name: 'Dismiss' } ).click();
	await expect( dialog ).toBeHidden();
} );
