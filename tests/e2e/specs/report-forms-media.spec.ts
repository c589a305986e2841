import { expect, test, type Page } from '../fixtures';

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
 * The Forms and Media reports end to end, on the real form plugins (copied by bin/serve-e2e.sh
 * from bin/third-party.sh's pinned copies, activated one a request as wp-admin does): Contact Form 7, WPForms
 * Lite, Formidable Forms and Ninja Forms. With the Forms and Media modules on, an anonymous visitor
 * opens a page with Contact Form 7's "Contact form 1" and a plain form#quote, sees both
 * (build/events.js sends their impressions), sends the Contact Form 7 form (its wpcf7_mail_sent
 * hook writes the conversion on the server; the browser sends none) and submits the plain form
 * (the browser sends its conversion); then opens a page of each other plugin's form (a WPForms form
 * and a Formidable form made through their APIs, Ninja Forms' own "Contact Me"), sees it and sends
 * it the way the plugin's own script does (AJAX; each plugin's success hook writes the conversion);
 * then plays a 2-second local clip to its end (start, 2 s watched to 100 %, completion). After
 * the aggregation, with a plus licence, the Forms report shows exactly those five forms, each by
 * its plugin's title, with one impression and one conversion each, and the Media report that one
 * play; basic sees each report's upsell over its own layout. The site is reset before and after.
 */

/** A plugin's form as the fixture route answers it. */
interface PluginForm {
	/** The form id the events carry, e.g. wpforms-6. */
	id: string;
	/** Its title in the plugin. */
	title: string;
	/** The page it is on. */
	path: string;
}

interface Fixture {
	forms: Record< 'cf7' | 'wpforms' | 'formidable' | 'ninja', PluginForm >;
	clip: string;
}

/** The plugins, in the order they are activated. */
const PLUGINS = [
	'contact-form-7',
	'wpforms-lite',
	'formidable',
	'ninja-forms',
];

let site: E2ESite | undefined;
let fixture: Fixture | undefined;

function e2eSite(): E2ESite {
	if ( ! site ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return site;
}

function forms(): Fixture[ 'forms' ] {
	if ( ! fixture ) {
		throw new Error( 'beforeAll did not make the forms.' );
	}
	return fixture.forms;
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

/**
 * Opens a plugin's form page and waits for the form's impression.
 *
 * @param page The visitor's page.
 * @param form The form.
 */
async function openForm( page: Page, form: PluginForm ) {
	const seen = collected( page, `"form":"${ form.id }"` );
	await page.goto( form.path );
	await seen;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async ( { browser } ) => {
	test.setTimeout( 300_000 );
	site = await E2ESite.open( 'admin' );
	await site.reset();
	await site.setSource( 'builtin' );
	for ( const plugin of PLUGINS ) {
		await site.post( `${ E2E_ROUTES }/forms-media/plugin`, { plugin } );
	}
	fixture = await site.post< Fixture >( `${ E2E_ROUTES }/forms-media`, {
		on: true,
	} );
	const { cf7, wpforms, formidable, ninja } = fixture.forms;
	expect( cf7.id ).toMatch( /^wpcf7-\d+$/ );
	expect( wpforms.id ).toMatch( /^wpforms-\d+$/ );
	expect( formidable.id ).toMatch( /^frm-\d+$/ );
	expect( ninja.id ).toMatch( /^nf-\d+$/ );
	// The administrator's first wp-admin load after the activations, where the plugins finish
	// their first run (a welcome screen would take the reports' place once).
	const admin = await browser.newContext( {
		storageState: storageStatePath( 'admin' ),
	} );
	await ( await admin.newPage() ).goto( '/wp-admin/' );
	await admin.close();

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
	const seenCf7 = collected( page, `"form":"${ cf7.id }"` );
	const seenQuote = collected( page, '"form":"quote"' );
	await page.goto( cf7.path );
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

	// WPForms: its script computes the anti-spam token and posts to admin-ajax.
	await openForm( page, wpforms );
	const wpform = page.locator(
		`#wpforms-form-${ wpforms.id.split( '-' )[ 1 ] }`
	);
	await wpform.locator( 'input[name="wpforms[fields][1]"]' ).fill( 'Ada' );
	await wpform
		.locator( 'input[name="wpforms[fields][2]"]' )
		.fill( 'ada@example.org' );
	await wpform.locator( 'textarea[name="wpforms[fields][3]"]' ).fill( 'Hi.' );
	await wpform.getByRole( 'button', { name: 'Submit' } ).click();
	await expect( page.getByText( 'Thanks for contacting us!' ) ).toBeVisible();

	// Formidable: an AJAX form, posted to its page.
	await openForm( page, formidable );
	const frm = page.locator(
		`#frm_form_${ formidable.id.split( '-' )[ 1 ] }_container`
	);
	await frm.locator( 'input[type="text"]' ).first().fill( 'Ada' );
	await frm.locator( 'input[type="email"]' ).fill( 'ada@example.org' );
	await frm.getByRole( 'button', { name: 'Submit' } ).click();
	await expect( page.locator( '.frm_message' ) ).toContainText(
		'successfully submitted'
	);

	// Ninja Forms: its script draws the form and posts it to admin-ajax.
	await openForm( page, ninja );
	const nf = page.locator( `#nf-form-${ ninja.id.split( '-' )[ 1 ] }-cont` );
	await nf.getByLabel( 'Name' ).fill( 'Ada' );
	await nf.getByLabel( 'Email' ).fill( 'ada@example.org' );
	await nf.getByLabel( 'Message' ).fill( 'Hi.' );
	await nf.getByRole( 'button', { name: 'Submit' } ).click();
	await expect( nf.locator( '.nf-response-msg' ) ).toContainText(
		'submitted'
	);

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
	// No browser-side conversion for the plugins' forms: their success hooks wrote them.
	expect(
		events
			.map( ( hit ) => [ hit.en, hit.ep ] )
			.filter( ( e ) => e[ 0 ] !== 'scroll' )
	).toEqual( [
		[ 'form_impression', { form: cf7.id } ],
		[ 'form_impression', { form: 'quote' } ],
		[ 'form_conversion', { form: 'quote' } ],
		[ 'form_impression', { form: wpforms.id } ],
		[ 'form_impression', { form: formidable.id } ],
		[ 'form_impression', { form: ninja.id } ],
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

test( 'plus: the Forms report shows the five forms the visitor saw and sent, by their plugins’ titles; no serious axe finding', async ( {
	page,
} ) => {
	test.setTimeout( 180_000 );
	await e2eSite().setLevel( 'plus' );
	await openReportForVisitDays( page, '/forms', 'Forms Overview Report' );

	// Each form by its plugin's title (the plain form by its id): one impression, one conversion.
	const titles = [
		forms().cf7.title,
		forms().wpforms.title,
		forms().formidable.title,
		forms().ninja.title,
		'quote',
	].sort( ( a, b ) => a.localeCompare( b ) );
	await expect
		.poll(
			async () =>
				( await tableRows( page ) ).sort( ( a, b ) =>
					a[ 0 ]!.localeCompare( b[ 0 ]! )
				),
			{ timeout: 60_000 }
		)
		.toEqual( titles.map( ( title ) => [ title, '1', '1', '100%' ] ) );
	// Page views: the contact page, the thanks page, the three plugins' pages and the clip's.
	const tabs = page.getByRole( 'tablist', { name: 'Metrics' } );
	await expect( tabs.getByRole( 'tab' ) ).toHaveText( [
		/^Sessions\s*1$/,
		/^Pageviews\s*6$/,
		/^Form Impressions\s*5$/,
		/^Form Completions\s*5$/,
	] );
	await tabs.getByRole( 'tab', { name: /Form Completions/ } ).click();
	await expect(
		tabs.getByRole( 'tab', { name: /Form Completions/ } )
	).toHaveAttribute( 'aria-selected', 'true' );

	// The breakdown by source / medium: the visitor came directly.
	await page.getByLabel( 'Breakdown' ).selectOption( 'sourceMedium' );
	await expect
		.poll( async () =>
			( await tableRows( page ) ).sort( ( a, b ) =>
				a[ 0 ]!.localeCompare( b[ 0 ]! )
			)
		)
		.toEqual(
			titles.map( ( title ) => [
				title,
				'(direct) / (none)',
				'1',
				'1',
				'100%',
			] )
		);
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

test( 'a logged-in visitor’s page: the toolbar’s search is no form, only the page’s forms send impressions', async ( {
	browser,
} ) => {
	// Last in the file: this visit is never aggregated into the reports above.
	const { cf7 } = forms();
	const subscriber = await browser.newContext( {
		storageState: storageStatePath( 'subscriber' ),
		viewport: { width: 1280, height: 2000 },
	} );
	const page = await subscriber.newPage();
	const hits: string[] = [];
	page.on( 'request', ( request ) => {
		if ( isCollectorHit( request ) ) {
			hits.push( request.postData() ?? '' );
		}
	} );
	// One observer callback reports every form in view at once: the content's two forms and,
	// were it still counted, the toolbar's search at the top of the page.
	const seenCf7 = collected( page, `"form":"${ cf7.id }"` );
	const seenQuote = collected( page, '"form":"quote"' );
	await page.goto( cf7.path );
	await expect( page.locator( '#wpadminbar #adminbarsearch' ) ).toBeVisible();
	await seenCf7;
	await seenQuote;
	await subscriber.close();

	const sent = hits.map(
		( body ) => JSON.parse( body ) as Record< string, unknown >
	);
	expect( sent[ 0 ] ).toMatchObject( { t: 'pageview' } );
	expect(
		sent
			.filter( ( hit ) => hit.en === 'form_impression' )
			.map( ( hit ) => hit.ep )
	).toEqual( [ { form: cf7.id }, { form: 'quote' } ] );
	expect(
		hits.filter( ( body ) => body.includes( 'adminbarsearch' ) )
	).toEqual( [] );
} );
