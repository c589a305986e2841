import {
	expect,
	test,
	type Browser,
	type Page,
	type Request,
} from '../fixtures';

import {
	apiFetch,
	isCollectorHit,
	REPORTS_PATH,
	storageStatePath,
	TRACKER_SCRIPT,
	otherVisitorAgent,
	VISITOR_USER_AGENT,
} from '../utils';

/**
 * Built-in cookieless analytics, end to end: the tracker on public pages, collect.php, the
 * aggregation and the overview report. The e2e site starts with no data source chosen (the
 * reports page spec relies on it); the tracker runs anyway, and the test-only routes of
 * tests/e2e/mu-plugins choose the built-in source and run the aggregation on demand.
 */

/** The test-only routes (tests/e2e/mu-plugins/monsterinsights-reports-e2e.php). */
const E2E_ROUTES = '/monsterinsights-reports-e2e/v1';

/** The permalink of WordPress's default post, "Hello world!". */
const POST_PATH = '/hello-world/';

/** A short window, so that the post scrolls. */
const VIEWPORT = { width: 1280, height: 480 };

interface Hit {
	t: 'pageview' | 'event';
	p: string;
	o: number;
	en?: string;
	ep?: Record< string, string | number | boolean >;
}

interface Overview {
	infobox: Record< 'sessions' | 'pageviews', { value: number } >;
	toppages: Array< { page_path: string; title: string } >;
}

interface Boot {
	site: { today: string };
}

/**
 * The body the tracker sent (JSON as text/plain).
 *
 * @param request A collector hit.
 */
function body( request: Request ): Hit {
	return JSON.parse( request.postData() ?? '{}' ) as Hit;
}

/**
 * Waits for the tracker to send a hit that matches, and for the collector to accept it (204).
 *
 * @param page  The visitor's page.
 * @param match Which hit.
 * @param act   What makes the page send it.
 */
async function expectHit(
	page: Page,
	match: ( hit: Hit ) => boolean,
	act: () => Promise< unknown >
): Promise< Hit > {
	const sent = page.waitForRequest(
		( request ) => isCollectorHit( request ) && match( body( request ) )
	);
	await act();
	const request = await sent;
	const response = await request.response();
	expect( response?.status() ).toBe( 204 );
	return body( request );
}

/**
 * A page of the administrator on the reports page, where `wp.apiFetch` is loaded.
 *
 * @param browser The browser.
 */
async function adminPage( browser: Browser ): Promise< Page > {
	const context = await browser.newContext( {
		storageState: storageStatePath( 'admin' ),
	} );
	const page = await context.newPage();
	await page.goto( REPORTS_PATH );
	return page;
}

/**
 * Sets the active data source through the test-only route; answers the previous one.
 *
 * @param page   An administrator's page.
 * @param source The source key; '' for none.
 */
async function setSource( page: Page, source: string ): Promise< string > {
	const answer = await apiFetch< { previous: string } >( page, {
		path: `${ E2E_ROUTES }/source`,
		method: 'POST',
		data: { source },
	} );
	return answer.previous;
}

/**
 * Collects the requests a page sends to the collector.
 *
 * @param page The page.
 */
function recordHits( page: Page ): Request[] {
	const hits: Request[] = [];
	page.on( 'request', ( request ) => {
		if ( isCollectorHit( request ) ) {
			hits.push( request );
		}
	} );
	return hits;
}

/**
 * Scrolls to the bottom, then makes one more request and waits for it: the tracker sends
 * synchronously from its handlers, so any hit of the page load or the scroll was issued before it.
 *
 * @param page The page.
 */
async function scrollAndSettle( page: Page ): Promise< void > {
	await page.evaluate( () =>
		window.scrollTo( 0, document.documentElement.scrollHeight )
	);
	await page.evaluate( async () => {
		await new Promise( ( resolve ) => requestAnimationFrame( resolve ) );
		await fetch( '/wp-includes/images/blank.gif', { cache: 'no-store' } );
	} );
}

test.describe( 'built-in analytics', () => {
	// The source the site had before a test chose the built-in one; put back after the tests
	// whatever their order, so the reports page spec still finds a site that is not connected.
	let previousSource: string | null = null;

	test.afterAll( async ( { browser } ) => {
		if ( null === previousSource ) {
			return;
		}
		const page = await adminPage( browser );
		await setSource( page, previousSource );
		await apiFetch( page, {
			path: `${ E2E_ROUTES }/level`,
			method: 'POST',
			data: { level: '' },
		} );
		await page.context().close();
	} );

	test( "a visitor's page views are collected and counted in today's overview", async ( {
		browser,
	} ) => {
		// An anonymous visitor: no cookies, a normal desktop browser; one of its own, so its visit
		// starts a session rather than continuing an earlier test's visitor's.
		const visitor = await browser.newContext( {
			userAgent: otherVisitorAgent( 7002 ),
			viewport: VIEWPORT,
		} );
		const page = await visitor.newPage();

		// Lands on the post: the tracker is printed with its settings and sends a page view.
		const view = await expectHit(
			page,
			( hit ) => hit.t === 'pageview' && hit.p === POST_PATH,
			() => page.goto( POST_PATH )
		);
		await expect(
			page.getByRole( 'heading', { name: 'Hello world!', level: 1 } )
		).toBeVisible();
		await expect( page.locator( TRACKER_SCRIPT ) ).toHaveAttribute(
			'data-endpoint',
			/\/wp-content\/plugins\/monsterinsights-reports\/collect\.php\?s=1$/
		);
		expect( view.o ).toBeGreaterThan( 0 );

		// Reads on: scroll depth events.
		const scroll = await expectHit(
			page,
			( hit ) => hit.t === 'event' && hit.en === 'scroll',
			() =>
				page.evaluate( () =>
					window.scrollTo( 0, document.documentElement.scrollHeight )
				)
		);
		expect( scroll.p ).toBe( POST_PATH );

		// Then the front page, in the same visit.
		await expectHit(
			page,
			( hit ) => hit.t === 'pageview' && hit.p === '/',
			() => page.goto( '/' )
		);
		await visitor.close();

		// The administrator chooses the built-in source, aggregates now and reads the overview
		// of today (and yesterday, in case the visit straddled midnight in the site's zone).
		const admin = await adminPage( browser );
		const previous = await setSource( admin, 'builtin' );
		previousSource ??= previous;
		// Today and yesterday is a custom range: the server refuses it to lite.
		await apiFetch( admin, {
			path: `${ E2E_ROUTES }/level`,
			method: 'POST',
			data: { level: 'basic' },
		} );

		const { site } = await apiFetch< Boot >( admin, {
			path: '/monsterinsights-reports/v1/boot?sections[]=site',
		} );
		const today = new Date( `${ site.today }T00:00:00Z` );
		const yesterday = new Date( today.getTime() - 86_400_000 )
			.toISOString()
			.slice( 0, 10 );

		let overview: Overview | undefined;
		await expect( async () => {
			// A 409 when a cron run holds the lock: try again.
			await apiFetch( admin, {
				path: `${ E2E_ROUTES }/aggregate`,
				method: 'POST',
			} );
			overview = await apiFetch< Overview >( admin, {
				path: `/monsterinsights-reports/v1/reports/overview?start=${ yesterday }&end=${ site.today }`,
			} );
			expect( overview.infobox.pageviews.value ).toBeGreaterThanOrEqual(
				2
			);
			// A WP-Cron run may hold the visit's hits meanwhile: wait until they are in.
			expect( overview.toppages ).toContainEqual(
				expect.objectContaining( {
					page_path: POST_PATH,
					title: 'Hello world!',
				} )
			);
		} ).toPass( { intervals: [ 1_000, 2_000, 5_000 ] } );

		expect( overview?.infobox.sessions.value ).toBeGreaterThanOrEqual( 1 );
		await admin.context().close();
	} );

	test( 'a visitor with Global Privacy Control sends nothing', async ( {
		browser,
	} ) => {
		const visitor = await browser.newContext( {
			userAgent: VISITOR_USER_AGENT,
			viewport: VIEWPORT,
		} );
		const page = await visitor.newPage();
		await page.addInitScript( () => {
			Object.defineProperty(
				Navigator.prototype,
				'globalPrivacyControl',
				{
					configurable: true,
					get: () => true,
				}
			);
		} );
		const hits = recordHits( page );

		await page.goto( POST_PATH );
		// The tracker is printed and runs (it defines its API), but stays silent.
		await expect( page.locator( TRACKER_SCRIPT ) ).toHaveCount( 1 );
		await page.waitForFunction( () => 'monsterinsightsReports' in window );
		await page.evaluate( () =>
			(
				window as unknown as {
					monsterinsightsReports: { track: ( name: string ) => void };
				}
			 ).monsterinsightsReports.track( 'e2e_gpc' )
		);
		await scrollAndSettle( page );

		expect( hits.map( ( request ) => request.postData() ) ).toEqual( [] );
		await visitor.close();
	} );

	test.describe( 'as an administrator', () => {
		test.use( { storageState: storageStatePath( 'admin' ) } );

		test( 'their own front-end visits are not tracked', async ( {
			page,
		} ) => {
			const hits = recordHits( page );

			await page.goto( POST_PATH );
			await expect( page.locator( '#wpadminbar' ) ).toBeVisible();
			await expect(
				page.getByRole( 'heading', { name: 'Hello world!', level: 1 } )
			).toBeVisible();
			await expect( page.locator( TRACKER_SCRIPT ) ).toHaveCount( 0 );
			expect(
				await page.evaluate( () => 'monsterinsightsReports' in window )
			).toBe( false );
			await scrollAndSettle( page );

			expect( hits ).toEqual( [] );
		} );
	} );
} );
