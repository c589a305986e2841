import { reportsStore } from '../../reports';
import type { DateQuery } from '../../app/types';
import overviewFixture from '../../reports/test/fixtures/overview.json';
import {
	createTestRegistry,
	type TestRegistry,
} from '../../../../tests/js/registry';
import {
	deferred,
	mockApi,
	restError,
	type ApiCall,
	flush,
	forbidApiInEachTest,
} from '../../test/api';
import {
	noteCategoriesPath,
	notesKey,
	notesPath,
	notesStore,
	type NoteCategory,
	type NotesList,
	type NotesQuery,
} from '..';
import { BLOG, LAUNCH, makeList, makeNote } from './fixtures';

const RANGE: NotesQuery = { start: '2026-10-23', end: '2026-11-21' };
const IMPORTANT: NotesQuery = { ...RANGE, important: true };
/** GET /notes for RANGE and IMPORTANT: the defaults, then the filters. */
const RANGE_PATH =
	'/monsterinsights-reports/v1/notes?orderby=id&order=asc&per_page=-1&start=2026-10-23&end=2026-11-21';
const IMPORTANT_PATH =
	'/monsterinsights-reports/v1/notes?orderby=id&order=asc&per_page=-1&important=true&start=2026-10-23&end=2026-11-21';
const LAST30: DateQuery = {
	preset: 'last30days',
	start: '2026-10-23',
	end: '2026-11-21',
};

/**
 * Selects a notes list and waits until its resolution finished.
 *
 * @param registry The registry.
 * @param query    The query.
 */
async function resolveNotes(
	registry: TestRegistry,
	query: NotesQuery
): Promise< NotesList | undefined > {
	// The registry type @wordpress/data declares omits resolveSelect, which every registry has.
	const { resolveSelect } = registry as TestRegistry & {
		resolveSelect: ( store: typeof notesStore ) => {
			getNotes: ( query: NotesQuery ) => Promise< NotesList | undefined >;
			getNoteCategories: () => Promise< NoteCategory[] | undefined >;
		};
	};
	return resolveSelect( notesStore ).getNotes( query );
}

const unexpected = forbidApiInEachTest();

// Resolvers start on a timer: let those a test's last selections started run inside that test.
afterEach( () => flush() );

describe( 'query keys and paths', () => {
	it( 'keys equivalent queries alike, whatever their order or spelled-out defaults', () => {
		expect( notesKey( RANGE ) ).toBe(
			notesKey( {
				end: '2026-11-21',
				per_page: -1,
				order: 'asc',
				start: '2026-10-23',
				orderby: 'id',
				important: false,
			} )
		);
		expect( notesKey( RANGE ) ).not.toBe( notesKey( IMPORTANT ) );
		expect( notesKey( RANGE ) ).not.toBe(
			notesKey( { ...RANGE, end: '2026-11-20' } )
		);
	} );

	it( 'asks GET /notes with the default query and the range', () => {
		expect( notesPath( IMPORTANT ) ).toBe( IMPORTANT_PATH );
		expect( notesPath( { per_page: 10, page: 2 } ) ).toBe(
			'/monsterinsights-reports/v1/notes?orderby=id&order=asc&per_page=10&page=2'
		);
		expect( noteCategoriesPath() ).toBe(
			'/monsterinsights-reports/v1/note-categories?page=1&per_page=-1&orderby=name&order=asc'
		);
	} );
} );

describe( 'getNotes', () => {
	it( 'returns a seeded list without fetching', async () => {
		const registry = createTestRegistry();
		const list = makeList( [ makeNote() ] );
		registry.dispatch( notesStore ).receiveNotes( RANGE, list );
		expect( registry.select( notesStore ).getNotes( RANGE ) ).toBe( list );
		expect( await resolveNotes( registry, { ...RANGE } ) ).toBe( list );
		expect( unexpected ).toEqual( [] );
	} );

	it( 'fetches once per query, keeping each query’s list apart', async () => {
		const all = makeList( [
			makeNote(),
			makeNote( { id: 2, important: true } ),
		] );
		const important = makeList(
			[ makeNote( { id: 2, important: true } ) ],
			{
				total_published: 2,
			}
		);
		const response = deferred< NotesList >();
		const calls = mockApi( ( call ) =>
			call.path.includes( 'important=true' )
				? important
				: response.promise
		);
		const registry = createTestRegistry();
		const select = registry.select( notesStore );

		expect( select.getNotes( RANGE ) ).toBeUndefined();
		select.getNotes( { ...RANGE } );
		await flush();
		select.getNotes( { end: RANGE.end, start: RANGE.start, order: 'asc' } );
		await flush();
		expect( select.isNotesLoading( RANGE ) ).toBe( true );
		expect( calls ).toEqual< ApiCall[] >( [
			{ path: RANGE_PATH, method: 'GET' },
		] );

		response.resolve( all );
		await flush();
		await resolveNotes( registry, IMPORTANT );
		select.getNotes( RANGE );
		await flush();
		expect( calls.map( ( call ) => call.path ) ).toEqual( [
			RANGE_PATH,
			IMPORTANT_PATH,
		] );
		expect( select.getNotes( RANGE ) ).toEqual( all );
		expect( select.getNotes( IMPORTANT ) ).toEqual( important );
		expect( select.isNotesLoading( RANGE ) ).toBe( false );
	} );

	it( 'fetches a new range of its own (the date changed)', async () => {
		const calls = mockApi( () => makeList( [] ) );
		const registry = createTestRegistry();
		await resolveNotes( registry, RANGE );
		await resolveNotes( registry, {
			start: '2026-11-15',
			end: '2026-11-21',
		} );
		expect( calls.map( ( call ) => call.path ) ).toEqual( [
			RANGE_PATH,
			'/monsterinsights-reports/v1/notes?orderby=id&order=asc&per_page=-1&start=2026-11-15&end=2026-11-21',
		] );
	} );

	it( 'stores the server’s message when the list cannot load', async () => {
		mockApi( () =>
			restError( 'rest_forbidden', 'Sorry, you are not allowed.', {
				status: 403,
			} )
		);
		const registry = createTestRegistry();
		await resolveNotes( registry, RANGE );
		expect(
			registry.select( notesStore ).getNotes( RANGE )
		).toBeUndefined();
		expect( registry.select( notesStore ).getNotesError( RANGE ) ).toBe(
			'Sorry, you are not allowed.'
		);
	} );
} );

describe( 'writes', () => {
	/**
	 * A registry with the range's list and the overview loaded from a fake server that counts the
	 * list's versions.
	 *
	 * @param answer What the server answers to writes.
	 */
	async function loaded(
		answer: ( call: ApiCall ) => unknown = () => makeNote()
	) {
		let version = 0;
		const calls = mockApi( ( call ) => {
			if (
				call.path.startsWith( '/monsterinsights-reports/v1/reports/' )
			) {
				return overviewFixture;
			}
			if ( call.method === 'GET' ) {
				version++;
				return makeList( [
					makeNote( { note_title: `Version ${ version }` } ),
				] );
			}
			return answer( call );
		} );
		const registry = createTestRegistry();
		await resolveNotes( registry, RANGE );
		const { resolveSelect } = registry as TestRegistry & {
			resolveSelect: ( store: typeof reportsStore ) => {
				getReport: ( n: string, q: DateQuery ) => Promise< unknown >;
			};
		};
		await resolveSelect( reportsStore ).getReport( 'overview', LAST30 );
		calls.length = 0;
		return { registry, calls, resolveSelect };
	}

	it( 'creates a note, then reloads the lists and the overview', async () => {
		const created = makeNote( { id: 9, note_title: 'New' } );
		const { registry, calls, resolveSelect } = await loaded( () =>
			Promise.resolve( created )
		);
		const input = {
			note_title: 'New',
			note_date: '2026-11-21',
			category: 0,
			important: false,
			medias: [],
		};

		const result = await registry
			.dispatch( notesStore )
			.createNote( input );

		expect( result ).toEqual( { success: true, data: created } );
		expect( calls ).toEqual< ApiCall[] >( [
			{
				path: '/monsterinsights-reports/v1/notes',
				method: 'POST',
				data: input,
			},
		] );
		// The old list stays on screen, marked stale, until the new one arrives.
		expect( registry.select( notesStore ).areNotesStale( RANGE ) ).toBe(
			true
		);
		expect(
			registry.select( notesStore ).getNotes( RANGE )?.items[ 0 ]
				?.note_title
		).toBe( 'Version 1' );
		expect(
			registry.select( reportsStore ).hasReport( 'overview', LAST30 )
		).toBe( false );

		expect(
			( await resolveNotes( registry, RANGE ) )?.items[ 0 ]?.note_title
		).toBe( 'Version 2' );
		await resolveSelect( reportsStore ).getReport( 'overview', LAST30 );
		expect(
			calls.map( ( call ) => `${ call.method } ${ call.path }` )
		).toEqual( [
			'POST /monsterinsights-reports/v1/notes',
			`GET ${ RANGE_PATH }`,
			'GET /monsterinsights-reports/v1/reports/overview?start=2026-10-23&end=2026-11-21',
		] );
		expect( registry.select( notesStore ).areNotesStale( RANGE ) ).toBe(
			false
		);
	} );

	it( 'toggles important with POST /notes/{id}/important and shows the answer at once', async () => {
		const { registry, calls } = await loaded( () =>
			makeNote( { note_title: 'Version 1', important: true } )
		);
		const result = await registry
			.dispatch( notesStore )
			.toggleImportant( { id: 1, important: false } );

		expect( result.success ).toBe( true );
		expect( calls[ 0 ] ).toEqual< ApiCall >( {
			path: '/monsterinsights-reports/v1/notes/1/important',
			method: 'POST',
			data: { important: true },
		} );
		expect(
			registry.select( notesStore ).getNotes( RANGE )?.items[ 0 ]
				?.important
		).toBe( true );
		expect( registry.select( notesStore ).areNotesStale( RANGE ) ).toBe(
			true
		);
		// A marker looks the same either way: the overview is not reloaded.
		expect(
			registry.select( reportsStore ).hasReport( 'overview', LAST30 )
		).toBe( true );
	} );

	it( 'updates part of a note with POST /notes/{id}', async () => {
		const { registry, calls } = await loaded( () =>
			makeNote( { note_title: 'Edited' } )
		);
		await registry
			.dispatch( notesStore )
			.updateNote( 1, { note_title: 'Edited' } );
		expect( calls[ 0 ] ).toEqual< ApiCall >( {
			path: '/monsterinsights-reports/v1/notes/1',
			method: 'POST',
			data: { note_title: 'Edited' },
		} );
		expect(
			registry.select( notesStore ).getNotes( RANGE )?.items[ 0 ]
				?.note_title
		).toBe( 'Edited' );
	} );

	it( 'drops a trashed note from the lists', async () => {
		const { registry, calls } = await loaded( () =>
			makeNote( { status: 'trash' } )
		);
		await registry.dispatch( notesStore ).trashNote( 1 );
		// api-fetch sends DELETE as POST with X-HTTP-Method-Override.
		expect( calls[ 0 ] ).toMatchObject( {
			path: '/monsterinsights-reports/v1/notes/1',
			method: 'POST',
		} );
		expect(
			registry.select( notesStore ).getNotes( RANGE )?.items
		).toEqual( [] );
	} );

	it( 'ignores a list answer that a write superseded', async () => {
		const old = deferred< NotesList >();
		let gets = 0;
		mockApi( ( call ) => {
			if ( call.method === 'POST' ) {
				return makeNote( { id: 7 } );
			}
			gets++;
			return gets === 1
				? old.promise
				: makeList( [ makeNote( { note_title: 'After the write' } ) ] );
		} );
		const registry = createTestRegistry();
		registry.select( notesStore ).getNotes( RANGE );
		await flush();
		await registry.dispatch( notesStore ).createNote( {
			note_title: 'x',
			note_date: '2026-11-21',
			category: 0,
			important: false,
			medias: [],
		} );
		old.resolve( makeList( [ makeNote( { note_title: 'Before' } ) ] ) );
		await flush();
		await flush();
		// The answer that predates the write is dropped and the list asked for again.
		expect( gets ).toBe( 2 );
		expect(
			registry.select( notesStore ).getNotes( RANGE )?.items[ 0 ]
				?.note_title
		).toBe( 'After the write' );
		expect(
			( await resolveNotes( registry, RANGE ) )?.items[ 0 ]?.note_title
		).toBe( 'After the write' );
		expect( gets ).toBe( 2 );
	} );

	it( 'maps a refused field to its readable message, and changes nothing', async () => {
		const { registry } = await loaded( () =>
			restError(
				'rest_invalid_param',
				'Invalid parameter(s): note_title',
				{
					status: 400,
					params: {
						note_title:
							'note_title must be at most 255 characters long.',
					},
				}
			)
		);
		const result = await registry.dispatch( notesStore ).createNote( {
			note_title: 'x'.repeat( 256 ),
			note_date: '2026-11-21',
			category: 0,
			important: false,
			medias: [],
		} );
		expect( result ).toEqual( {
			success: false,
			code: 'rest_invalid_param',
			error: 'note_title must be at most 255 characters long.',
		} );
		expect( registry.select( notesStore ).areNotesStale( RANGE ) ).toBe(
			false
		);
		expect(
			registry.select( reportsStore ).hasReport( 'overview', LAST30 )
		).toBe( true );
	} );

	it( 'says the WP_Error’s message, or "Please try again." without one', async () => {
		let error: unknown = {
			code: 'rest_note_invalid_id',
			message: 'Invalid note ID.',
			data: { status: 404 },
		};
		mockApi( () => Promise.reject( error ) );
		const registry = createTestRegistry();
		expect(
			await registry.dispatch( notesStore ).setImportant( 99, true )
		).toEqual( {
			success: false,
			code: 'rest_note_invalid_id',
			error: 'Invalid note ID.',
		} );
		error = new TypeError();
		expect(
			await registry.dispatch( notesStore ).setImportant( 99, true )
		).toEqual( {
			success: false,
			code: 'unknown_error',
			error: 'Please try again.',
		} );
	} );
} );

describe( 'categories', () => {
	it( 'loads them once, by name, and adds a new one in order', async () => {
		const calls = mockApi( ( call ) => {
			if ( call.method === 'POST' ) {
				return {
					id: 4,
					name: 'Campaign',
					background_color: '#00a32a',
					count: 0,
				};
			}
			return { items: [ BLOG, LAUNCH ], pagination: { total: 2 } };
		} );
		const registry = createTestRegistry();
		const { resolveSelect } = registry as TestRegistry & {
			resolveSelect: ( store: typeof notesStore ) => {
				getNoteCategories: () => Promise< NoteCategory[] | undefined >;
			};
		};
		expect( await resolveSelect( notesStore ).getNoteCategories() ).toEqual(
			[ BLOG, LAUNCH ]
		);
		registry.select( notesStore ).getNoteCategories();
		await flush();
		expect( calls ).toEqual< ApiCall[] >( [
			{
				path: '/monsterinsights-reports/v1/note-categories?page=1&per_page=-1&orderby=name&order=asc',
				method: 'GET',
			},
		] );

		const result = await registry.dispatch( notesStore ).createCategory( {
			name: 'Campaign',
			background_color: '#00a32a',
		} );
		expect( result.success ).toBe( true );
		expect(
			registry
				.select( notesStore )
				.getNoteCategories()
				?.map( ( category: NoteCategory ) => category.name )
		).toEqual( [ 'Blog Post', 'Campaign', 'Launch' ] );
	} );
} );
