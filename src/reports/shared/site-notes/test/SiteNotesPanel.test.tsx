import '@testing-library/jest-dom';
import apiFetch from '@wordpress/api-fetch';
import { RegistryProvider } from '@wordpress/data';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { appStore, type DateQuery } from '../../../../store/app';
import {
	notesStore,
	type Note,
	type NotesQuery,
} from '../../../../store/notes';
import {
	LAUNCH,
	BLOG,
	makeList,
	makeNote,
} from '../../../../store/notes/test/fixtures';
import { reportsStore } from '../../../../store/reports';
import overviewFixture from '../../../../store/reports/test/fixtures/overview.json';
import {
	deferred,
	mockApi,
	restError,
	type ApiCall,
} from '../../../../store/test/api';
import {
	createBootedRegistry,
	makeBoot,
	type TestRegistry,
} from '../../../../../tests/js/registry';
import { SiteNotesPanel } from '../SiteNotesPanel';
import { defaultNoteDate } from '../draft';

const QUERY: DateQuery = {
	preset: 'last30days',
	start: '2026-10-23',
	end: '2026-11-21',
};
const RANGE: NotesQuery = { start: QUERY.start, end: QUERY.end };
const LIST_PATH =
	'/monsterinsights-reports/v1/notes?orderby=id&order=asc&per_page=-1&start=2026-10-23&end=2026-11-21';

const PRICING = makeNote( {
	id: 1,
	note_title: 'Published the pricing page',
	note_date: 'November 10, 2026',
	note_date_ymd: '2026-11-10',
	category: { id: LAUNCH.id, name: LAUNCH.name, background_color: '#d63638' },
	medias: [
		{
			id: 40,
			url: 'http://example.org/wp-content/uploads/banner.png',
			title: 'Banner',
			mime_type: 'image/png',
			thumbnail:
				'http://example.org/wp-content/uploads/banner-150x150.png',
		},
	],
} );
const NEWSLETTER = makeNote( {
	id: 2,
	note_title: 'Newsletter sent',
	note_date: 'November 12, 2026',
	note_date_ymd: '2026-11-12',
	important: true,
} );

/**
 * A booted registry on the report's dates.
 *
 * @param options         Options.
 * @param options.canSave Whether the user may save settings (and notes).
 * @param options.query   The app's date query; null for none.
 * @param options.today   The site's today.
 */
function setUp( {
	canSave = true,
	query = QUERY,
	today = '2026-11-22',
}: { canSave?: boolean; query?: DateQuery | null; today?: string } = {} ) {
	const boot = makeBoot();
	const registry = createBootedRegistry( {
		user: {
			...boot.user,
			capabilities: { ...boot.user.capabilities, saveSettings: canSave },
		},
		site: { ...boot.site, today },
	} );
	if ( query ) {
		registry.dispatch( appStore ).setDateQuery( query );
	}
	registry.dispatch( notesStore ).receiveNoteCategories( [ BLOG, LAUNCH ] );
	return registry;
}

/**
 * Renders the panel in a registry.
 *
 * @param registry The registry.
 */
function renderPanel( registry: TestRegistry ) {
	return render(
		<RegistryProvider value={ registry }>
			<SiteNotesPanel />
		</RegistryProvider>
	);
}

/**
 * The row of a note, by its text.
 *
 * @param title The note's text.
 */
function row( title: string ): HTMLElement {
	const element = screen.getByText( title, { exact: true } ).closest( 'li' );
	if ( ! element ) {
		throw new Error( `No row for ${ title }` );
	}
	return element;
}

/**
 * A fake server holding a list of notes: GET answers it (filtered for important=true), writes
 * change it and answer the note.
 *
 * @param initial The notes.
 */
function fakeServer( initial: Note[] ) {
	let notes = [ ...initial ];
	const calls = mockApi( ( call: ApiCall ) => {
		if ( call.method === 'GET' && call.path.includes( '/notes?' ) ) {
			const important = call.path.includes( 'important=true' );
			const items = important
				? notes.filter( ( note ) => note.important )
				: notes;
			return makeList( items, {
				total_published: notes.length,
				total_important: notes.filter( ( note ) => note.important )
					.length,
			} );
		}
		const data = ( call.data ?? {} ) as Partial< Note > & {
			category?: number;
		};
		const match = /\/notes\/(\d+)(\/important)?$/.exec( call.path );
		if ( match ) {
			const id = Number( match[ 1 ] );
			notes = notes.map( ( note ) =>
				note.id === id
					? {
							...note,
							...( data.note_title !== undefined && {
								note_title: data.note_title,
							} ),
							...( data.important !== undefined && {
								important: data.important,
							} ),
					  }
					: note
			);
			return notes.find( ( note ) => note.id === id );
		}
		if ( call.method === 'POST' && call.path.endsWith( '/notes' ) ) {
			const created = makeNote( {
				id: 99,
				note_title: String( data.note_title ),
				note_date_ymd: String( data.note_date ),
			} );
			notes = [ ...notes, created ];
			return created;
		}
		if ( call.path.includes( '/reports/' ) ) {
			return overviewFixture;
		}
		throw new Error( `Unexpected ${ call.method } ${ call.path }` );
	} );
	return calls;
}

beforeEach( () => {
	// Nothing may reach the network unless a test says so: a stray request never answers.
	apiFetch.setFetchHandler( () => new Promise( () => undefined ) );
} );

describe( 'SiteNotesPanel, list view', () => {
	it( 'shows a loader while the notes load, then the notes', async () => {
		const answer = deferred< unknown >();
		const calls = mockApi( () => answer.promise );
		renderPanel( setUp() );

		expect(
			await screen.findByRole( 'status', { name: '' } )
		).toHaveTextContent( 'Loading site notes…' );
		await waitFor( () =>
			expect( calls.map( ( call ) => call.path ) ).toEqual( [
				LIST_PATH,
			] )
		);
		await act( async () => answer.resolve( makeList( [ PRICING ] ) ) );

		expect(
			await screen.findByText( 'Published the pricing page' )
		).toBeInTheDocument();
		expect( screen.queryByText( 'Loading site notes…' ) ).toBeNull();
	} );

	it( 'says so when there is no note, in its own words', () => {
		const registry = setUp();
		registry.dispatch( notesStore ).receiveNotes( RANGE, makeList( [] ) );
		renderPanel( registry );
		expect(
			screen.getByText(
				'There aren’t any site notes. Go ahead and create one!'
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'All (0)' } )
		).toBeVisible();
	} );

	it( 'lists the notes with date, star, text, category in its colour and media, and the counts', () => {
		const registry = setUp();
		registry.dispatch( notesStore ).receiveNotes(
			RANGE,
			makeList( [ PRICING, NEWSLETTER ], {
				total_published: 2,
				total_important: 1,
			} )
		);
		renderPanel( registry );

		expect(
			screen.getByRole( 'button', { name: 'All (2)' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
		expect(
			screen.getByRole( 'button', { name: 'Important (1)' } )
		).toHaveAttribute( 'aria-pressed', 'false' );

		const pricing = within( row( 'Published the pricing page' ) );
		expect( pricing.getByText( 'November 10, 2026' ) ).toBeVisible();
		expect(
			pricing.getByRole( 'button', { name: 'Mark as important' } )
		).toHaveAttribute( 'aria-pressed', 'false' );
		expect( pricing.getByText( 'Launch' ) ).toHaveStyle( {
			background: '#d63638',
		} );
		const media = pricing.getByRole( 'link', { name: 'Banner' } );
		expect( media ).toHaveAttribute(
			'href',
			'http://example.org/wp-content/uploads/banner.png'
		);
		expect( within( media ).getByRole( 'img' ) ).toHaveAttribute(
			'src',
			'http://example.org/wp-content/uploads/banner-150x150.png'
		);

		expect(
			within( row( 'Newsletter sent' ) ).getByRole( 'button', {
				name: 'Mark as important',
			} )
		).toHaveAttribute( 'aria-pressed', 'true' );
	} );

	it( 'renders a note’s text as text, never as markup', () => {
		const registry = setUp();
		const title = '<img src=x onerror=alert(1)>';
		registry
			.dispatch( notesStore )
			.receiveNotes(
				RANGE,
				makeList( [ makeNote( { note_title: title, medias: [] } ) ] )
			);
		const { container } = renderPanel( registry );
		expect( screen.getByText( title, { exact: true } ) ).toBeVisible();
		expect( container.querySelector( 'img' ) ).toBeNull();
	} );

	it( 'filters the important notes with their own request, keeping the counts', async () => {
		const calls = fakeServer( [ PRICING, NEWSLETTER ] );
		renderPanel( setUp() );
		await screen.findByText( 'Published the pricing page' );

		await userEvent.click(
			screen.getByRole( 'button', { name: 'Important (1)' } )
		);

		await waitFor( () =>
			expect(
				screen.queryByText( 'Published the pricing page' )
			).toBeNull()
		);
		expect( screen.getByText( 'Newsletter sent' ) ).toBeVisible();
		expect(
			screen.getByRole( 'button', { name: 'Important (1)' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
		expect(
			screen.getByRole( 'button', { name: 'All (2)' } )
		).toBeVisible();
		expect( calls.map( ( call ) => call.path ) ).toEqual( [
			LIST_PATH,
			'/monsterinsights-reports/v1/notes?orderby=id&order=asc&per_page=-1&important=true&start=2026-10-23&end=2026-11-21',
		] );
	} );

	it( 'fetches the notes again when the dates change', async () => {
		const calls = fakeServer( [ PRICING ] );
		const registry = setUp();
		renderPanel( registry );
		await screen.findByText( 'Published the pricing page' );

		act( () => {
			registry.dispatch( appStore ).setDateQuery( {
				preset: 'last7days',
				start: '2026-11-15',
				end: '2026-11-21',
			} );
		} );

		await waitFor( () =>
			expect( calls.map( ( call ) => call.path ) ).toEqual( [
				LIST_PATH,
				'/monsterinsights-reports/v1/notes?orderby=id&order=asc&per_page=-1&start=2026-11-15&end=2026-11-21',
			] )
		);
	} );

	it( 'shows why the notes could not load', async () => {
		mockApi( () =>
			restError( 'rest_forbidden', 'Sorry, you are not allowed.', {
				status: 403,
			} )
		);
		renderPanel( setUp() );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Sorry, you are not allowed.'
		);
	} );
} );

describe( 'SiteNotesPanel, create view', () => {
	it( 'starts on the range’s end with no category, saves, returns to the list and reloads the overview', async () => {
		const calls = fakeServer( [] );
		const registry = setUp();
		registry
			.dispatch( reportsStore )
			.receiveReport( 'overview', QUERY, overviewFixture );
		renderPanel( registry );
		await screen.findByText(
			'There aren’t any site notes. Go ahead and create one!'
		);

		await userEvent.click(
			screen.getByRole( 'button', { name: 'Add New Site Note' } )
		);
		const form = screen.getByRole( 'form', { name: 'Add New Site Note' } );
		expect( within( form ).getByLabelText( 'Date' ) ).toHaveValue(
			'2026-11-21'
		);
		const category = within( form ).getByLabelText( 'Category' );
		expect( category ).toHaveValue( '0' );
		expect(
			within( category ).getByRole( 'option', { selected: true } )
		).toHaveTextContent( 'Select Category' );
		expect(
			within( category )
				.getAllByRole( 'option' )
				.map( ( option ) => option.textContent )
		).toEqual( [ 'Select Category', 'Blog Post', 'Launch' ] );
		expect( within( form ).getByLabelText( 'Site Note' ) ).toHaveFocus();

		await userEvent.type(
			within( form ).getByLabelText( 'Site Note' ),
			'Spring sale starts'
		);
		await userEvent.click(
			within( form ).getByRole( 'button', { name: 'Important' } )
		);
		await userEvent.click(
			within( form ).getByRole( 'button', { name: 'Save' } )
		);

		expect( await screen.findByText( 'Spring sale starts' ) ).toBeVisible();
		expect( screen.queryByRole( 'form' ) ).toBeNull();
		expect(
			calls.find( ( call ) => call.method === 'POST' )
		).toEqual< ApiCall >( {
			path: '/monsterinsights-reports/v1/notes',
			method: 'POST',
			data: {
				note_title: 'Spring sale starts',
				note_date: '2026-11-21',
				category: 0,
				important: true,
				medias: [],
			},
		} );
		expect(
			registry.select( reportsStore ).hasReport( 'overview', QUERY )
		).toBe( false );
		await waitFor( () =>
			expect(
				screen.getByRole( 'button', { name: 'Add New Site Note' } )
			).toHaveFocus()
		);

		// The form starts empty again.
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Add New Site Note' } )
		);
		expect( screen.getByLabelText( 'Site Note' ) ).toHaveValue( '' );
	} );

	it( 'starts on yesterday of the site when there is no range', async () => {
		const registry = setUp( { query: null, today: '2026-03-01' } );
		registry
			.dispatch( notesStore )
			.receiveNotes(
				{ start: '2026-01-30', end: '2026-02-28' },
				makeList( [] )
			);
		renderPanel( registry );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Add New Site Note' } )
		);
		expect( screen.getByLabelText( 'Date' ) ).toHaveValue( '2026-02-28' );
	} );

	it( 'checks the text and the date before saving', async () => {
		const calls = fakeServer( [] );
		renderPanel( setUp() );
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Add New Site Note' } )
		);
		const text = screen.getByLabelText( 'Site Note' );

		await userEvent.click( screen.getByRole( 'button', { name: 'Save' } ) );
		expect(
			screen.getByText( 'Please enter the text of the site note.' )
		).toBeVisible();
		expect( text ).toHaveAttribute( 'aria-invalid', 'true' );
		expect( text ).toHaveAccessibleDescription(
			'Please enter the text of the site note.'
		);
		expect( text ).toHaveFocus();

		await userEvent.type( text, '   ' );
		await userEvent.click( screen.getByRole( 'button', { name: 'Save' } ) );
		expect(
			screen.getByText( 'Please enter the text of the site note.' )
		).toBeVisible();

		await userEvent.clear( text );
		await userEvent.click( text );
		await userEvent.paste( 'x'.repeat( 256 ) );
		await userEvent.click( screen.getByRole( 'button', { name: 'Save' } ) );
		expect(
			screen.getByText(
				'A site note can be at most 255 characters long.'
			)
		).toBeVisible();

		await userEvent.clear( text );
		await userEvent.type( text, 'Fine' );
		await userEvent.clear( screen.getByLabelText( 'Date' ) );
		await userEvent.click( screen.getByRole( 'button', { name: 'Save' } ) );
		expect(
			screen.getByText( 'Please choose the date of the site note.' )
		).toBeVisible();
		expect( screen.getByLabelText( 'Date' ) ).toHaveFocus();

		expect( calls.filter( ( call ) => call.method === 'POST' ) ).toEqual(
			[]
		);
	} );

	it( 'shows the server’s refusal in a notice and keeps the form', async () => {
		mockApi( ( call ) =>
			call.method === 'GET'
				? makeList( [] )
				: restError(
						'rest_note_invalid_category',
						'category: there is no note category with the id 3.',
						{ status: 400 }
				  )
		);
		renderPanel( setUp() );
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Add New Site Note' } )
		);
		await userEvent.type( screen.getByLabelText( 'Site Note' ), 'Launch' );
		await userEvent.selectOptions(
			screen.getByLabelText( 'Category' ),
			'Launch'
		);
		await userEvent.click( screen.getByRole( 'button', { name: 'Save' } ) );

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'category: there is no note category with the id 3.'
		);
		expect( screen.getByLabelText( 'Site Note' ) ).toHaveValue( 'Launch' );
	} );

	it( 'goes back to the list on Cancel without saving', async () => {
		const calls = fakeServer( [ PRICING ] );
		renderPanel( setUp() );
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Add New Site Note' } )
		);
		await userEvent.type( screen.getByLabelText( 'Site Note' ), 'Draft' );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Cancel' } )
		);
		expect(
			screen.getByText( 'Published the pricing page' )
		).toBeVisible();
		expect( calls.filter( ( call ) => call.method !== 'GET' ) ).toEqual(
			[]
		);
	} );
} );

describe( 'SiteNotesPanel, rows', () => {
	it( 'edits a row inline: Save sends the changes and shows them', async () => {
		const calls = fakeServer( [ PRICING, NEWSLETTER ] );
		renderPanel( setUp() );
		await screen.findByText( 'Published the pricing page' );

		await userEvent.click(
			within( row( 'Published the pricing page' ) ).getByRole( 'button', {
				name: 'Edit',
			} )
		);
		const form = screen.getByRole( 'form', {
			name: 'Edit site note: Published the pricing page',
		} );
		expect( within( form ).getByLabelText( 'Date' ) ).toHaveValue(
			'2026-11-10'
		);
		expect( within( form ).getByLabelText( 'Category' ) ).toHaveValue(
			'3'
		);
		expect( within( form ).getByText( 'Banner' ) ).toBeVisible();
		const text = within( form ).getByLabelText( 'Site Note' );
		await userEvent.clear( text );
		await userEvent.type( text, 'Pricing page v2' );
		await userEvent.click(
			within( form ).getByRole( 'button', { name: 'Save' } )
		);

		expect( await screen.findByText( 'Pricing page v2' ) ).toBeVisible();
		expect( screen.queryByRole( 'form' ) ).toBeNull();
		expect(
			calls.find( ( call ) => call.method === 'POST' )
		).toEqual< ApiCall >( {
			path: '/monsterinsights-reports/v1/notes/1',
			method: 'POST',
			data: {
				note_title: 'Pricing page v2',
				note_date: '2026-11-10',
				category: 3,
				important: false,
				medias: [ 40 ],
			},
		} );
		await waitFor( () =>
			expect(
				within( row( 'Pricing page v2' ) ).getByRole( 'button', {
					name: 'Edit',
				} )
			).toHaveFocus()
		);
	} );

	it( 'edits a row inline: Cancel leaves it as it was', async () => {
		const calls = fakeServer( [ PRICING ] );
		renderPanel( setUp() );
		await screen.findByText( 'Published the pricing page' );
		await userEvent.click( screen.getByRole( 'button', { name: 'Edit' } ) );
		await userEvent.type(
			screen.getByLabelText( 'Site Note' ),
			' changed'
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Cancel' } )
		);

		expect(
			screen.getByText( 'Published the pricing page' )
		).toBeVisible();
		expect( screen.queryByRole( 'form' ) ).toBeNull();
		expect( calls.filter( ( call ) => call.method !== 'GET' ) ).toEqual(
			[]
		);
	} );

	it( 'saves the star at once', async () => {
		const calls = fakeServer( [ PRICING ] );
		renderPanel( setUp() );
		await screen.findByText( 'Published the pricing page' );
		const star = screen.getByRole( 'button', {
			name: 'Mark as important',
		} );

		await userEvent.click( star );

		await waitFor( () =>
			expect(
				screen.getByRole( 'button', { name: 'Mark as important' } )
			).toHaveAttribute( 'aria-pressed', 'true' )
		);
		expect(
			calls.find( ( call ) => call.method === 'POST' )
		).toEqual< ApiCall >( {
			path: '/monsterinsights-reports/v1/notes/1/important',
			method: 'POST',
			data: { important: true },
		} );
		await waitFor( () =>
			expect(
				screen.getByRole( 'button', { name: 'Important (1)' } )
			).toBeVisible()
		);
	} );

	it( 'moves a note to the trash after confirming', async () => {
		const calls = mockApi( ( call ) => {
			if ( call.method === 'GET' ) {
				return calls.some( ( other ) => other.method === 'POST' )
					? makeList( [] )
					: makeList( [ PRICING ] );
			}
			return { ...PRICING, status: 'trash' };
		} );
		renderPanel( setUp() );
		await screen.findByText( 'Published the pricing page' );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Trash' } )
		);
		const dialog = screen.getByRole( 'alertdialog', {
			name: 'Move to Trash',
		} );
		expect( dialog ).toHaveTextContent(
			'Move the site note “Published the pricing page” to the trash?'
		);
		await userEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Move to Trash' } )
		);

		expect(
			await screen.findByText(
				'There aren’t any site notes. Go ahead and create one!'
			)
		).toBeVisible();
		expect( calls.find( ( call ) => call.method === 'POST' )?.path ).toBe(
			'/monsterinsights-reports/v1/notes/1'
		);
	} );

	it( 'is read-only for users who may not save settings', () => {
		const registry = setUp( { canSave: false } );
		registry
			.dispatch( notesStore )
			.receiveNotes( RANGE, makeList( [ PRICING, NEWSLETTER ] ) );
		renderPanel( registry );

		expect(
			screen.getByText( 'Published the pricing page' )
		).toBeVisible();
		expect(
			screen.queryByRole( 'button', { name: 'Add New Site Note' } )
		).toBeNull();
		expect( screen.queryByRole( 'button', { name: 'Edit' } ) ).toBeNull();
		expect( screen.queryByRole( 'button', { name: 'Trash' } ) ).toBeNull();
		expect(
			screen.queryByRole( 'button', { name: 'Mark as important' } )
		).toBeNull();
		// The important note still says so.
		expect(
			within( row( 'Newsletter sent' ) ).getByText( 'Important' )
		).toBeInTheDocument();
		// Filters stay usable.
		expect(
			screen.getByRole( 'button', { name: 'Important (1)' } )
		).toBeEnabled();
	} );
} );

describe( 'defaultNoteDate', () => {
	it( 'is the range’s end, else the site’s yesterday', () => {
		expect( defaultNoteDate( '2026-11-21', '2026-11-22' ) ).toBe(
			'2026-11-21'
		);
		expect( defaultNoteDate( null, '2026-03-01' ) ).toBe( '2026-02-28' );
		expect( defaultNoteDate( undefined, '2027-01-01' ) ).toBe(
			'2026-12-31'
		);
		expect( defaultNoteDate( null, null ) ).toBe( '' );
	} );
} );
