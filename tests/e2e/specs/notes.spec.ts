import AxeBuilder from '@axe-core/playwright';
import {
	expect,
	request as playwrightRequest,
	test,
	type APIRequestContext,
	type Locator,
	type Page,
} from '../fixtures';

import { baseURL } from '../playwright.config';
import { E2ESite } from '../site';
import { REPORTS_PATH, storageStatePath } from '../utils';

/**
 * Site notes on the Overview (docs/product-rules.md#site-notes): the panel and its toggle,
 * creating with the defaults, the star, the Important filter, inline editing, the chart markers,
 * text that looks like markup, the empty text and the re-fetch on a date change.
 *
 * The e2e site gets the built-in source and a few days of seeded traffic (so the chart has data
 * and no overlay covers its markers) and the pro level (so the date range can change) for this
 * file; every test starts without notes, and everything goes back afterwards.
 */

const NAMESPACE = '/monsterinsights-reports/v1';

/** The seeded default categories (includes/Notes/Categories.php) and their colours. */
const PROMOTION = { name: 'Promotion', rgb: 'rgb(214, 54, 56)' };

const EMPTY_TEXT = 'There aren’t any site notes. Go ahead and create one!';

interface ApiNote {
	id: number;
	note_title: string;
	note_date_ymd: string;
	important: boolean;
	category: { id: number; name: string; background_color: string };
}

interface ApiCategory {
	id: number;
	name: string;
	background_color: string;
}

/**
 * The notes routes as the administrator, without a page: to set up and clean up.
 */
class NotesApi {
	private readonly context: APIRequestContext;
	private readonly nonce: string;

	private constructor( context: APIRequestContext, nonce: string ) {
		this.context = context;
		this.nonce = nonce;
	}

	static async open(): Promise< NotesApi > {
		const context = await playwrightRequest.newContext( {
			baseURL,
			storageState: storageStatePath( 'admin' ),
		} );
		const answer = await context.get(
			'/wp-admin/admin-ajax.php?action=rest-nonce'
		);
		expect( answer.ok() ).toBe( true );
		return new NotesApi( context, ( await answer.text() ).trim() );
	}

	/**
	 * Sends a request and answers its JSON; fails the test on an error status.
	 *
	 * @param method The method.
	 * @param route  The route under the plugin's namespace, with its query.
	 * @param data   The JSON body.
	 */
	private async send< T >(
		method: 'GET' | 'POST' | 'DELETE',
		route: string,
		data?: Record< string, unknown >
	): Promise< T > {
		const answer = await this.context.fetch(
			`/wp-json${ NAMESPACE }${ route }`,
			{
				method,
				headers: { 'X-WP-Nonce': this.nonce },
				...( data && { data } ),
			}
		);
		const body = await answer.text();
		expect(
			answer.status(),
			`${ method } ${ route }: ${ body }`
		).toBeLessThan( 300 );
		return JSON.parse( body ) as T;
	}

	/**
	 * Creates a note.
	 *
	 * @param input            The note.
	 * @param input.note_title Its text.
	 * @param input.note_date  Its day, Y-m-d.
	 * @param input.category   Category id; 0 for none.
	 * @param input.important  Whether it is important.
	 */
	async create( input: {
		note_title: string;
		note_date: string;
		category?: number;
		important?: boolean;
	} ): Promise< ApiNote > {
		return this.send< ApiNote >( 'POST', '/notes', input );
	}

	/**
	 * A note by id.
	 *
	 * @param id The note.
	 */
	async get( id: number ): Promise< ApiNote > {
		return this.send< ApiNote >( 'GET', `/notes/${ id }` );
	}

	/**
	 * A category by name.
	 *
	 * @param name The category's name.
	 */
	async category( name: string ): Promise< ApiCategory > {
		const { items } = await this.send< { items: ApiCategory[] } >(
			'GET',
			'/note-categories?per_page=100'
		);
		const found = items.find( ( category ) => category.name === name );
		if ( ! found ) {
			throw new Error( `No note category ${ name }` );
		}
		return found;
	}

	/** Deletes every note, published or in the trash, for good. */
	async clear(): Promise< void > {
		for ( const status of [ 'publish', 'trash' ] ) {
			const { items } = await this.send< { items: ApiNote[] } >(
				'GET',
				`/notes?per_page=100&status=${ status }`
			);
			for ( const note of items ) {
				await this.send( 'DELETE', `/notes/${ note.id }?force=true` );
			}
		}
	}

	async dispose(): Promise< void > {
		await this.context.dispose();
	}
}

let site: E2ESite | undefined;
let notes: NotesApi | undefined;

/**
 * The notes REST session of beforeAll.
 */
function notesApi(): NotesApi {
	if ( ! notes ) {
		throw new Error( 'beforeAll did not open the REST session.' );
	}
	return notes;
}

test.use( { storageState: storageStatePath( 'admin' ) } );

test.beforeAll( async () => {
	// Seeding runs the collector and the aggregation in Playground.
	test.setTimeout( 300_000 );
	site = await E2ESite.open( 'admin' );
	await site.setSource( 'builtin' );
	const stats = await site.seed( 10, 1 );
	expect( stats.sessions ).toBeGreaterThan( 0 );
	await site.setLevel( 'pro' );
	notes = await NotesApi.open();
} );

test.beforeEach( async () => {
	await notesApi().clear();
} );

test.afterAll( async () => {
	// Also after a failed beforeAll: whatever it changed goes back.
	if ( notes ) {
		await notes.clear();
		await notes.dispose();
		notes = undefined;
	}
	const session = site ?? ( await E2ESite.open( 'admin' ) );
	site = undefined;
	await session.reset();
	await session.dispose();
} );

/**
 * The site's today (Y-m-d) from the boot data the page printed.
 *
 * @param page The reports page.
 */
async function siteToday( page: Page ): Promise< string > {
	return page.evaluate(
		() =>
			(
				window as unknown as {
					monsterinsightsReportsBoot: { site: { today: string } };
				}
			 ).monsterinsightsReportsBoot.site.today
	);
}

/**
 * A Y-m-d day shifted by some days.
 *
 * @param ymd  The day.
 * @param days Days to add (negative: earlier).
 */
function shiftDays( ymd: string, days: number ): string {
	const date = new Date( `${ ymd }T00:00:00Z` );
	date.setUTCDate( date.getUTCDate() + days );
	return date.toISOString().slice( 0, 10 );
}

/**
 * A day as the chart labels it (the server's 'M j' for en_US), e.g. "Nov 7".
 *
 * @param ymd The day.
 */
function chartLabel( ymd: string ): string {
	return new Intl.DateTimeFormat( 'en-US', {
		month: 'short',
		day: 'numeric',
		timeZone: 'UTC',
	} ).format( new Date( `${ ymd }T00:00:00Z` ) );
}

/**
 * Opens the overview and waits until its chart shows with the notes toggle.
 *
 * @param page  The page.
 * @param route The hash route.
 */
async function openOverview( page: Page, route = '#/' ): Promise< void > {
	if ( page.url().includes( 'page=monsterinsights_reports' ) ) {
		// Only the hash would change: leave first, so the page really loads again.
		await page.goto( 'about:blank' );
	}
	await page.goto( REPORTS_PATH + route );
	await expect(
		page
			.locator( '#monsterinsights-reports' )
			.getByRole( 'heading', { name: 'Overview', level: 1 } )
	).toBeVisible();
	await expect( notesToggle( page ) ).toBeVisible();
}

/**
 * The toggle of the notes panel.
 *
 * @param page The page.
 */
function notesToggle( page: Page ): Locator {
	return page.getByRole( 'button', { name: 'Site Notes', exact: true } );
}

/**
 * The notes panel.
 *
 * @param page The page.
 */
function panel( page: Page ): Locator {
	return page.getByRole( 'region', { name: 'Site Notes' } );
}

/**
 * Opens the notes panel and waits until its list has loaded.
 *
 * @param page The page.
 */
async function openPanel( page: Page ): Promise< void > {
	await notesToggle( page ).click();
	await expect( notesToggle( page ) ).toHaveAttribute(
		'aria-expanded',
		'true'
	);
	await expect( panel( page ) ).toBeVisible();
	await expect( panel( page ).getByRole( 'status' ) ).toHaveCount( 0 );
}

/**
 * A note's row in the panel, by its text.
 *
 * @param page  The page.
 * @param title The note's text.
 */
function row( page: Page, title: string ): Locator {
	return panel( page )
		.locator( '.monsterinsights-reports-site-notes__note' )
		.filter( { has: page.getByText( title, { exact: true } ) } );
}

/**
 * A filter button of the panel ("All (2)"), by its name.
 *
 * @param page The page.
 * @param name 'All' or 'Important'.
 */
function filter( page: Page, name: 'All' | 'Important' ): Locator {
	return panel( page )
		.getByRole( 'group', { name: 'Filter site notes' } )
		.getByRole( 'button', { name: new RegExp( `^${ name } \\(` ) } );
}

/**
 * The chart's marker of a day.
 *
 * @param page  The page.
 * @param ymd   The day.
 * @param count How many notes it stands for.
 */
function marker( page: Page, ymd: string, count = 1 ): Locator {
	return page
		.getByRole( 'region', { name: 'Traffic chart' } )
		.getByRole( 'button', {
			name: `${ count } site note${
				count > 1 ? 's' : ''
			} on ${ chartLabel( ymd ) }`,
		} );
}

test.describe( 'site notes on the overview', () => {
	test( 'empty at first; a new note starts on the range’s end, saves, lists and marks the chart in its category’s colour', async ( {
		page,
	} ) => {
		await openOverview( page );
		const today = await siteToday( page );
		await expect( notesToggle( page ) ).toHaveAttribute(
			'aria-expanded',
			'false'
		);
		await openPanel( page );

		await expect(
			panel( page ).getByText( EMPTY_TEXT, { exact: true } )
		).toBeVisible();
		await expect( filter( page, 'All' ) ).toHaveText( 'All (0)' );
		await expect( filter( page, 'Important' ) ).toHaveText(
			'Important (0)'
		);

		await panel( page )
			.getByRole( 'button', { name: 'Add New Site Note' } )
			.click();
		const form = panel( page ).getByRole( 'form', {
			name: 'Add New Site Note',
		} );
		// The default range (last 30 days) ends yesterday; no category is chosen.
		await expect( form.getByLabel( 'Date' ) ).toHaveValue(
			shiftDays( today, -1 )
		);
		await expect( form.getByLabel( 'Category' ) ).toHaveValue( '0' );
		await expect(
			form.getByLabel( 'Category' ).locator( 'option:checked' )
		).toHaveText( 'Select Category' );
		await expect( form.getByLabel( 'Site Note' ) ).toBeFocused();

		// Media come from WordPress's media modal, which the reports page loads.
		await form.getByRole( 'button', { name: 'Add Media' } ).click();
		const modal = page.locator( '.media-modal' );
		await expect(
			modal.getByRole( 'heading', { name: 'Add Media to the Site Note' } )
		).toBeVisible();
		await modal.getByRole( 'button', { name: 'Close dialog' } ).click();
		await expect( modal ).toBeHidden();

		// The text is required.
		await form.getByRole( 'button', { name: 'Save' } ).click();
		await expect(
			form.getByText( 'Please enter the text of the site note.' )
		).toBeVisible();

		const day = shiftDays( today, -3 );
		await form.getByLabel( 'Site Note' ).fill( 'Spring campaign launched' );
		await form.getByLabel( 'Date' ).fill( day );
		await form
			.getByLabel( 'Category' )
			.selectOption( { label: PROMOTION.name } );
		const axe = await new AxeBuilder( { page } )
			.include( '.monsterinsights-reports-site-notes' )
			.analyze();
		expect(
			axe.violations.filter(
				( v ) => v.impact === 'serious' || v.impact === 'critical'
			)
		).toEqual( [] );

		const saved = page.waitForResponse(
			( response ) =>
				response.request().method() === 'POST' &&
				/monsterinsights-reports(\/|%2F)v1(\/|%2F)notes/.test(
					response.url()
				)
		);
		await form.getByRole( 'button', { name: 'Save' } ).click();
		expect( ( await saved ).status() ).toBe( 201 );

		// Back on the list, the form cleared.
		await expect( form ).toHaveCount( 0 );
		const note = row( page, 'Spring campaign launched' );
		await expect( note ).toBeVisible();
		await expect(
			note.locator( '.monsterinsights-reports-site-notes__category' )
		).toHaveText( PROMOTION.name );
		await expect(
			note.locator( '.monsterinsights-reports-site-notes__category' )
		).toHaveCSS( 'background-color', PROMOTION.rgb );
		await expect( filter( page, 'All' ) ).toHaveText( 'All (1)' );
		await expect(
			panel( page ).getByText( EMPTY_TEXT, { exact: true } )
		).toHaveCount( 0 );

		// The overview reloaded: a marker on the note's day, in its category's colour.
		const mark = marker( page, day );
		await expect( mark ).toBeVisible();
		await expect( mark ).toHaveCSS( 'background-color', PROMOTION.rgb );
		await expect(
			// The marker's list of its notes, beside it.
			mark.locator( 'xpath=..' )
		).toContainText( 'Spring campaign launched' );

		const axeList = await new AxeBuilder( { page } )
			.include( '.monsterinsights-reports-site-notes' )
			.analyze();
		expect(
			axeList.violations.filter(
				( v ) => v.impact === 'serious' || v.impact === 'critical'
			)
		).toEqual( [] );

		// Hiding the panel.
		await notesToggle( page ).click();
		await expect( panel( page ) ).toHaveCount( 0 );
	} );

	test( 'the star saves at once, Important filters, a row edits inline', async ( {
		page,
	} ) => {
		await openOverview( page );
		const siteDay = await siteToday( page );
		const starred = await notesApi().create( {
			note_title: 'Pricing page published',
			note_date: shiftDays( siteDay, -5 ),
		} );
		await notesApi().create( {
			note_title: 'Newsletter sent',
			note_date: shiftDays( siteDay, -2 ),
		} );
		await openOverview( page );
		await openPanel( page );
		await expect( filter( page, 'All' ) ).toHaveText( 'All (2)' );
		await expect( filter( page, 'Important' ) ).toHaveText(
			'Important (0)'
		);

		// The star.
		const star = row( page, 'Pricing page published' ).getByRole(
			'button',
			{
				name: 'Mark as important',
			}
		);
		await expect( star ).toHaveAttribute( 'aria-pressed', 'false' );
		await star.click();
		await expect( star ).toHaveAttribute( 'aria-pressed', 'true' );
		await expect( filter( page, 'Important' ) ).toHaveText(
			'Important (1)'
		);
		await expect
			.poll(
				async () => ( await notesApi().get( starred.id ) ).important
			)
			.toBe( true );

		// The Important filter.
		await filter( page, 'Important' ).click();
		await expect( filter( page, 'Important' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		await expect( row( page, 'Newsletter sent' ) ).toHaveCount( 0 );
		await expect( row( page, 'Pricing page published' ) ).toBeVisible();
		await expect( filter( page, 'All' ) ).toHaveText( 'All (2)' );
		await filter( page, 'All' ).click();
		await expect( row( page, 'Newsletter sent' ) ).toBeVisible();

		// Inline edit, cancelled: nothing changes.
		await row( page, 'Newsletter sent' )
			.getByRole( 'button', { name: 'Edit' } )
			.click();
		let editor = panel( page ).getByRole( 'form', {
			name: 'Edit site note: Newsletter sent',
		} );
		await editor.getByLabel( 'Site Note' ).fill( 'Not kept' );
		await editor.getByRole( 'button', { name: 'Cancel' } ).click();
		await expect( editor ).toHaveCount( 0 );
		await expect( row( page, 'Newsletter sent' ) ).toBeVisible();
		await expect(
			row( page, 'Newsletter sent' ).getByRole( 'button', {
				name: 'Edit',
			} )
		).toBeFocused();

		// Inline edit, saved.
		await row( page, 'Newsletter sent' )
			.getByRole( 'button', { name: 'Edit' } )
			.click();
		editor = panel( page ).getByRole( 'form', {
			name: 'Edit site note: Newsletter sent',
		} );
		await expect( editor.getByLabel( 'Date' ) ).toHaveValue(
			shiftDays( siteDay, -2 )
		);
		await editor.getByLabel( 'Site Note' ).fill( 'Newsletter #12 sent' );
		await editor
			.getByLabel( 'Category' )
			.selectOption( { label: PROMOTION.name } );
		await editor.getByRole( 'button', { name: 'Save' } ).click();
		await expect( editor ).toHaveCount( 0 );
		const edited = row( page, 'Newsletter #12 sent' );
		await expect( edited ).toBeVisible();
		await expect(
			edited.locator( '.monsterinsights-reports-site-notes__category' )
		).toHaveText( PROMOTION.name );
		await expect( row( page, 'Newsletter sent' ) ).toHaveCount( 0 );

		// Saved for good: after a reload it is still there, and so is the star.
		await openOverview( page );
		await openPanel( page );
		await expect( row( page, 'Newsletter #12 sent' ) ).toBeVisible();
		await expect(
			row( page, 'Pricing page published' ).getByRole( 'button', {
				name: 'Mark as important',
			} )
		).toHaveAttribute( 'aria-pressed', 'true' );
		await expect( marker( page, shiftDays( siteDay, -2 ) ) ).toHaveCSS(
			'background-color',
			PROMOTION.rgb
		);
	} );

	test( 'a note whose text is markup shows as text, in the list and on the chart', async ( {
		page,
	} ) => {
		const dialogs: string[] = [];
		page.on( 'dialog', ( dialog ) => {
			dialogs.push( dialog.message() );
			void dialog.dismiss();
		} );
		const markup = '<img src=x onerror=alert(1)>';
		await openOverview( page );
		const siteDay = await siteToday( page );
		await openPanel( page );

		await panel( page )
			.getByRole( 'button', { name: 'Add New Site Note' } )
			.click();
		const form = panel( page ).getByRole( 'form', {
			name: 'Add New Site Note',
		} );
		await form.getByLabel( 'Site Note' ).fill( markup );
		const saved = page.waitForResponse(
			( response ) =>
				response.request().method() === 'POST' &&
				/monsterinsights-reports(\/|%2F)v1(\/|%2F)notes/.test(
					response.url()
				)
		);
		await form.getByRole( 'button', { name: 'Save' } ).click();
		expect( ( await saved ).status() ).toBe( 201 );

		// The list shows the text as typed.
		await expect( row( page, markup ) ).toBeVisible();
		// So does the chart's marker of its day (yesterday, the range's end).
		const mark = marker( page, shiftDays( siteDay, -1 ) );
		await expect( mark ).toBeVisible();
		await expect(
			// The marker's list of its notes, beside it.
			mark.locator( 'xpath=..' )
		).toContainText( markup );
		// After a reload too, from the server's answer.
		await openOverview( page );
		await openPanel( page );
		await expect( row( page, markup ) ).toBeVisible();
		await expect( marker( page, shiftDays( siteDay, -1 ) ) ).toBeVisible();

		// Nothing was parsed as HTML: no such image, no script ran.
		await expect( page.locator( 'img[src="x"]' ) ).toHaveCount( 0 );
		expect( dialogs ).toEqual( [] );
	} );

	test( 'the list follows the date range', async ( { page } ) => {
		await openOverview( page );
		const siteDay = await siteToday( page );
		const promotion = await notesApi().category( PROMOTION.name );
		await notesApi().create( {
			note_title: 'Recent note',
			note_date: shiftDays( siteDay, -3 ),
			category: promotion.id,
		} );
		await notesApi().create( {
			note_title: 'Older note',
			note_date: shiftDays( siteDay, -20 ),
		} );
		await openOverview( page );
		await openPanel( page );
		await expect( row( page, 'Recent note' ) ).toBeVisible();
		await expect( row( page, 'Older note' ) ).toBeVisible();
		await expect( filter( page, 'All' ) ).toHaveText( 'All (2)' );

		const refetched = page.waitForRequest(
			( request ) =>
				request.method() === 'GET' &&
				/monsterinsights-reports(\/|%2F)v1(\/|%2F)notes/.test(
					request.url()
				) &&
				request.url().includes( `start=${ shiftDays( siteDay, -7 ) }` )
		);
		await page.getByRole( 'button', { name: /^Date range:/ } ).click();
		const picker = page.locator(
			'.monsterinsights-reports-datepicker__popover'
		);
		await picker.getByRole( 'button', { name: 'Last 7 days' } ).click();
		await picker.getByRole( 'button', { name: 'Apply' } ).click();
		await expect( page ).toHaveURL( /preset=last7days/ );
		await refetched;

		// The panel stays open on the new range's notes and counts.
		await expect( row( page, 'Older note' ) ).toHaveCount( 0 );
		await expect( row( page, 'Recent note' ) ).toBeVisible();
		await expect( filter( page, 'All' ) ).toHaveText( 'All (1)' );

		// A new note now starts on the new range's end (yesterday as well for this preset).
		await panel( page )
			.getByRole( 'button', { name: 'Add New Site Note' } )
			.click();
		await expect( panel( page ).getByLabel( 'Date' ) ).toHaveValue(
			shiftDays( siteDay, -1 )
		);
		await panel( page ).getByRole( 'button', { name: 'Cancel' } ).click();
	} );
} );
