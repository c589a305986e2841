import { expect, test, type Page } from '@playwright/test';

import { E2E_ROUTES, E2ESite } from '../site';
import {
	isCollectorHit,
	openReportForVisitDays,
	seriousAxeFindings,
	storageStatePath,
	tableRows,
	VISITOR_USER_AGENT,
} from '../utils';

/**
 * The Forms and Media reports end to end, on real Contact Form 7 (unpacked by bin/serve-e2e.sh
 * from ../shared/wp-plugins): with the Forms and Media modules on, an anonymous visitor opens a
 * page with Contact Form 7's "Contact form 1" and a plain form#quote, sees both (build/events.js
 * sends their impressions), sends the Contact Form 7 form (its wpcf7_mail_sent hook writes the
 * conversion on the server; the browser sends none) and submits the plain form (the browser sends
 * its conversion); then plays a 2-second local clip to its end (start, 2 s watched to 100 %,
 * completion). After the aggregation, with a plus licence, the Forms report shows exactly those
 * two forms with one impression and one conversion each, and the Media report that one play;
 * basic sees each report's upsell over its own layout. The site is reset before and after.
 */

interface Fixture {
	form: string;
	title: string;
	contact: string;
	clip: string;
}

let site: E2ESite | undefined;
let fixture: Fixture | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

/**
 * Waits for the collector to take a hit whose body has a text.
 *
 * @param page The visitor's page.
 * @param text What the body contains.
 */
function collected( page: Page, text: string ) {
	return page.waitForRequest(
		( request ) =>
			isCollectorHit( request ) &&
			( request.postData() ?? '' ).includes( text )
	);
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async ( { browser } ) => {
	test.setTimeout( 240_000 );
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );
	fixture = await site.post< Fixture >( `${ E2E_ROUTES }/forms-media`, {
		on: true,
	} );
	expect( fixture.form ).toMatch( /^wpcf7-\d+$/ );

	const visitor = await browser.newContext( {
		userAgent: VISITOR_USER_AGENT,
		storageState: { cookies: [], origins: [] },
		viewport: { width: 1280, height: 2000 },
	} );
	const page = await visitor.newPage();
	const hits: string[] = [];
	page.on( 'request', ( request ) => {
		if ( isCollectorHit( request ) ) {
			hits.push( request.postData() ?? '' );
		}
	} );

	// Both forms are in the tall viewport: one impression each.
	const seenCf7 = collected( page, `"form":"${ fixture.form }"` );
	const seenQuote = collected( page, '"form":"quote"' );
	await page.goto( fixture.contact );
	await seenCf7;
	await seenQuote;

	// Contact Form 7 sends through its REST route; the success is its own message.
	const form = page.locator( '.wpcf7 form' );
	await form.locator( 'input[name="your-name"]' ).fill( 'Ada Lovelace' );
	await form.locator( 'input[name="your-email"]' ).fill( 'ada@example.org' );
	await form.locator( 'input[name="your-subject"]' ).fill( 'A question' );
	await form.locator( 'textarea[name="your-message"]' ).fill( 'Hello.' );
	const feedback = page.waitForResponse( ( response ) =>
		response.url().includes( '/contact-form-7/v1/contact-forms/' )
	);
	await form.getByRole( 'button', { name: 'Submit' } ).click();
	expect( ( await feedback ).status() ).toBe( 200 );
	await expect( form ).toHaveAttribute( 'data-status', 'sent' );

	// The plain form: its conversion leaves with the submit, before the next page.
	const sentQuote = collected( page, '"en":"form_conversion"' );
	await page.locator( '#quote-name' ).fill( 'Grace' );
	await page.getByRole( 'button', { name: 'Ask for a quote' } ).click();
	expect( JSON.parse( ( await sentQuote ).postData() ?? '{}' ).ep ).toEqual( {
		form: 'quote',
	} );
	await page.waitForURL( /thanks-e2e/ );

	// The clip, played to its end.
	await page.goto( fixture.clip );
	const completed = collected( page, '"en":"video_complete"' );
	await page
		.locator( 'video' )
		.evaluate( ( video: HTMLVideoElement ) => video.play() );
	await completed;
	await visitor.close();

	const events = hits
		.map( ( body ) => JSON.parse( body ) as Record< string, unknown > )
		.filter( ( hit ) => hit.t === 'event' );
	// No browser-side conversion for Contact Form 7's form: the server wrote it.
	expect(
		events
			.map( ( hit ) => [ hit.en, hit.ep ] )
			.filter( ( e ) => e[ 0 ] !== 'scroll' )
	).toEqual( [
		[ 'form_impression', { form: fixture.form } ],
		[ 'form_impression', { form: 'quote' } ],
		[ 'form_conversion', { form: 'quote' } ],
		[ 'video_start', { title: 'E2E clip' } ],
		[ 'video_progress', { title: 'E2E clip', seconds: 2, percent: 100 } ],
		[ 'video_complete', { title: 'E2E clip' } ],
	] );

	await expect( async () => {
		await e2eSite().post( `${ E2E_ROUTES }/aggregate` );
	} ).toPass( { intervals: [ 1_000, 2_000, 5_000 ] } );
} );

test.afterAll( async () => {
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.post( `${ E2E_ROUTES }/forms-media`, { on: false } );
	await session.reset();
	await session.dispose();
} );

test( 'plus: the Forms report shows the two forms the visitor saw and sent; no serious axe finding', async ( {
	page,
} ) => {
	test.setTimeout( 180_000 );
	await e2eSite().setLevel( 'plus' );
	await openReportForVisitDays( page, '/forms', 'Forms Overview Report' );

	await expect
		.poll( () => tableRows( page ), { timeout: 60_000 } )
		.toEqual( [
			[ fixture!.title, '1', '1', '100%' ],
			[ 'quote', '1', '1', '100%' ],
		] );
	const tabs = page.getByRole( 'tablist', { name: 'Metrics' } );
	await expect( tabs.getByRole( 'tab' ) ).toHaveText( [
		/^Sessions\s*1$/,
		/^Pageviews\s*3$/,
		/^Form Impressions\s*2$/,
		/^Form Completions\s*2$/,
	] );
	await tabs.getByRole( 'tab', { name: /Form Completions/ } ).click();
	await expect(
		tabs.getByRole( 'tab', { name: /Form Completions/ } )
	).toHaveAttribute( 'aria-selected', 'true' );

	// The breakdown by source / medium: the visitor came directly.
	await page.getByLabel( 'Breakdown' ).selectOption( 'sourceMedium' );
	await expect
		.poll( () => tableRows( page ) )
		.toEqual( [
			[ fixture!.title, '(direct) / (none)', '1', '1', '100%' ],
			[ 'quote', '(direct) / (none)', '1', '1', '100%' ],
		] );
	await expect(
		page.getByRole( 'button', { name: /Site Notes/ } )
	).toBeVisible();

	expect( await seriousAxeFindings( page ) ).toEqual( [] );
} );

test( 'plus: the Media report shows the clip’s one play; no serious axe finding', async ( {
	page,
} ) => {
	test.setTimeout( 180_000 );
	await e2eSite().setLevel( 'plus' );
	await openReportForVisitDays( page, '/media', 'Media Report' );
	await expect
		.poll( () => tableRows( page ), { timeout: 60_000 } )
		.toEqual( [ [ 'E2E clip', '1', '0:02', '100%', '100%' ] ] );
	await expect(
		page.getByRole( 'heading', { name: 'Video Plays', level: 2 } )
	).toBeVisible();
	expect( await seriousAxeFindings( page ) ).toEqual( [] );
} );

test( 'basic: each report’s upsell over its own layout, no report request', async ( {
	page,
} ) => {
	test.setTimeout( 180_000 );
	await e2eSite().setLevel( 'basic' );
	const requests: string[] = [];
	page.on( 'request', ( request ) => {
		if ( /reports\/(forms|media)/.test( request.url() ) ) {
			requests.push( request.url() );
		}
	} );
	await openReportForVisitDays( page, '/forms', 'Forms Overview Report' );
	await expect( page.getByText( 'Sample data' ) ).toBeVisible();
	await expect
		.poll( () => tableRows( page ) )
		.toContainEqual( [ 'Sample contact form', '4,120', '318', '7.72%' ] );
	// The blurred layout is hidden from assistive technology: its tabs by their role attribute.
	await expect(
		page.locator( '#monsterinsights-reports [role="tab"]' )
	).toHaveText( [
		/^Sessions/,
		/^Pageviews/,
		/^Form Impressions/,
		/^Form Completions/,
	] );

	await openReportForVisitDays( page, '/media', 'Media Report' );
	await expect( page.getByText( 'Sample data' ) ).toBeVisible();
	await expect
		.poll( () => tableRows( page ) )
		.toContainEqual( [
			'Sample video: product tour',
			'940',
			'1:42',
			'58.30%',
			'31.20%',
		] );
	expect( requests ).toEqual( [] );
} );
