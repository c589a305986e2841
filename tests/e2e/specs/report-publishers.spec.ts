import { expect, test, type Page } from '../fixtures';

import { E2E_ROUTES, E2ESite } from '../site';
import {
	isCollectorHit,
	openReportForVisitDays,
	seriousAxeFindings,
	storageStatePath,
	VISITOR_USER_AGENT,
} from '../utils';

/**
 * The Publishers report (#/publishers) end to end: an anonymous visitor on the "Hello world!" post
 * clicks an outbound link, an affiliate link (this site under /go/, a default affiliate path) and
 * a PDF (a default download extension), and scrolls to the bottom; the tracker sends the clicks
 * and the scroll depth, the aggregation runs, and with a plus licence the report shows exactly
 * those clicks, the landing and exit page and a 100 % scroll depth. Basic sees the upsell over the
 * same layout with its sample. The site is reset before and after.
 */

const POST_PATH = '/hello-world/';
const OUTBOUND = 'https://partner.example/offer?ref=e2e';
const AFFILIATE_PATH = '/go/partner-e2e/';
const DOWNLOAD_PATH = '/wp-content/uploads/guide-e2e.pdf';

let site: E2ESite | undefined;
let origin = '';

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

/**
 * Clicks a link the test put on the page and waits for the collector to take the tracker's event.
 *
 * @param page The visitor's page.
 * @param id   The link's id.
 * @param name The event it must send.
 */
async function clickAndCollect(
	page: Page,
	id: string,
	name: string
): Promise< Record< string, unknown > > {
	const sent = page.waitForRequest(
		( request ) =>
			isCollectorHit( request ) &&
			( request.postData() ?? '' ).includes( `"en":"${ name }"` )
	);
	await page.locator( `#${ id }` ).click();
	const request = await sent;
	expect( ( await request.response() )?.status() ).toBe( 204 );
	return JSON.parse( request.postData() ?? '{}' ) as Record<
		string,
		unknown
	>;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async ( { browser } ) => {
	test.setTimeout( 180_000 );
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );

	const visitor = await browser.newContext( {
		userAgent: VISITOR_USER_AGENT,
		storageState: { cookies: [], origins: [] },
		viewport: { width: 1280, height: 480 },
	} );
	const page = await visitor.newPage();
	const viewed = page.waitForRequest(
		( request ) =>
			isCollectorHit( request ) &&
			( request.postData() ?? '' ).includes( '"pageview"' )
	);
	await page.goto( POST_PATH );
	expect( ( await ( await viewed ).response() )?.status() ).toBe( 204 );
	origin = new URL( page.url() ).origin;

	// Three links at the top of the post; the page stays (the tracker has read the click first).
	const links: Array< [ string, string ] > = [
		[ 'outbound', OUTBOUND ],
		[ 'affiliate', AFFILIATE_PATH ],
		[ 'download', DOWNLOAD_PATH ],
	];
	await page.evaluate( ( list: Array< [ string, string ] > ) => {
		const box = document.createElement( 'p' );
		for ( const [ id, href ] of list ) {
			const a = document.createElement( 'a' );
			a.id = id;
			a.href = href;
			a.textContent = id;
			box.append( a, ' ' );
		}
		document.body.prepend( box );
		document.addEventListener( 'click', ( event ) =>
			event.preventDefault()
		);
	}, links );
	expect(
		( await clickAndCollect( page, 'outbound', 'outbound_click' ) ).ep
	).toEqual( { url: OUTBOUND } );
	expect(
		( await clickAndCollect( page, 'affiliate', 'affiliate_click' ) ).ep
	).toEqual( { url: origin + AFFILIATE_PATH } );
	expect(
		( await clickAndCollect( page, 'download', 'file_download' ) ).ep
	).toEqual( { url: origin + DOWNLOAD_PATH } );

	// Reads to the end: the deepest quarter is 100.
	const deepest = page.waitForRequest(
		( request ) =>
			isCollectorHit( request ) &&
			( request.postData() ?? '' ).includes( '"percent":100' )
	);
	await page.evaluate( () =>
		window.scrollTo( 0, document.documentElement.scrollHeight )
	);
	expect( ( await ( await deepest ).response() )?.status() ).toBe( 204 );
	await visitor.close();

	// Aggregate now (a 409 while a cron run holds the lock: again).
	await expect( async () => {
		await e2eSite().post( `${ E2E_ROUTES }/aggregate` );
	} ).toPass( { intervals: [ 1_000, 2_000, 5_000 ] } );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

/**
 * The non-empty rows of each table, by its heading.
 *
 * @param page The page.
 */
async function tables( page: Page ): Promise< Record< string, string[][] > > {
	return page
		.locator( '.monsterinsights-reports-publisher__section' )
		.evaluateAll( ( sections ) => {
			const out: Record< string, string[][] > = {};
			for ( const section of sections ) {
				const heading =
					section.querySelector( 'h2 span' )?.textContent ?? '';
				out[ heading ] = Array.from(
					section.querySelectorAll( 'tbody tr' )
				)
					.map( ( tr ) =>
						Array.from( tr.querySelectorAll( 'td' ) ).map( ( td ) =>
							( td.textContent ?? '' ).trim()
						)
					)
					.filter( ( cells ) => cells.some( ( text ) => text ) );
			}
			return out;
		} );
}

/**
 * Opens the report for yesterday and today (the visitor's day, also across the site's midnight).
 *
 * @param page The page.
 */
async function openPublishers( page: Page ): Promise< void > {
	await openReportForVisitDays( page, '/publishers', 'Publishers Overview' );
}

test( 'plus: the visitor’s clicks, landing and exit page, scroll depth; no serious axe finding', async ( {
	page,
} ) => {
	test.setTimeout( 180_000 );
	await e2eSite().setLevel( 'plus' );
	await openPublishers( page );

	await expect
		.poll( () => tables( page ), { timeout: 60_000 } )
		.toEqual( {
			'Top Landing Pages': [
				[ 'Hello world!', '1', expect.any( String ), '0%', '--' ],
			],
			'Top Exit Pages': [ [ 'Hello world!', '1', '1', '100%' ] ],
			'Top Outbound Links': [ [ OUTBOUND, '1' ] ],
			'Top Affiliate Links': [
				[ AFFILIATE_PATH, origin + AFFILIATE_PATH, '1' ],
			],
			'Top Download Links': [ [ origin + DOWNLOAD_PATH, '1' ] ],
		} );
	await expect(
		page.locator(
			'.monsterinsights-reports-publisher__scroll .monsterinsights-reports-infobox__value'
		)
	).toHaveText( '100%' );
	await expect(
		page.getByRole( 'button', { name: 'About Top Affiliate Links' } )
	).toBeVisible();

	expect( await seriousAxeFindings( page ) ).toEqual( [] );
} );

test( 'basic: the upsell over the same layout with its sample, no report request', async ( {
	page,
} ) => {
	await e2eSite().setLevel( 'basic' );
	const requests: string[] = [];
	page.on( 'request', ( request ) => {
		if ( request.url().includes( 'reports/publisher' ) ) {
			requests.push( request.url() );
		}
	} );
	await openPublishers( page );
	await expect(
		page.getByRole( 'heading', {
			name: 'See How Visitors Engage With Your Content.',
		} )
	).toBeVisible();
	await expect( page.getByText( 'Sample data' ) ).toBeVisible();
	await expect
		.poll( async () => Object.keys( await tables( page ) ) )
		.toEqual( [
			'Top Landing Pages',
			'Top Exit Pages',
			'Top Outbound Links',
			'Top Affiliate Links',
			'Top Download Links',
		] );
	expect( ( await tables( page ) )[ 'Top Outbound Links' ] ).toEqual( [
		[ 'https://wordpress.org/', '214' ],
		[ 'https://example.net/partner/', '131' ],
	] );
	expect( requests ).toEqual( [] );
} );
