import apiFetch from '@wordpress/api-fetch';
import type { dispatch as dispatchFunction } from '@wordpress/data';

import { reportsStore } from '../reports';
import {
	NOTE_CATEGORIES_PATH,
	NOTES_PATH,
	REPORTS_WITH_NOTES,
} from './constants';
import { errorText } from '../errors';
import { noteErrorCode } from './errors';
import { notePath } from './query';
import type {
	Note,
	NoteCategory,
	NoteCategoryInput,
	NoteInput,
	NotesList,
	NotesQuery,
	NoteWriteResult,
} from './types';

/**
 * Stores a notes list. Seed tests with it; the resolver passes the token of its request so an
 * answer that a newer request or a write superseded is dropped.
 *
 * @param query The query it answers.
 * @param list  The list.
 * @param token The request's token; omitted when seeding.
 */
export function receiveNotes(
	query: NotesQuery,
	list: NotesList,
	token?: number
) {
	return { type: 'RECEIVE_NOTES', query, list, token } as const;
}

/**
 * Marks a notes request as in flight.
 *
 * @param query The query.
 * @param token A token unique to this request.
 */
export function startNotesRequest( query: NotesQuery, token: number ) {
	return { type: 'START_NOTES_REQUEST', query, token } as const;
}

/**
 * Stores why a notes request failed.
 *
 * @param query The query.
 * @param error The error text.
 * @param token The request's token; omitted when seeding.
 */
export function receiveNotesError(
	query: NotesQuery,
	error: string,
	token?: number
) {
	return { type: 'RECEIVE_NOTES_ERROR', query, error, token } as const;
}

/**
 * Puts a saved note in place in every stored list (a re-fetch follows every write).
 *
 * @param note The note as the server answered it.
 */
export function receiveNote( note: Note ) {
	return { type: 'RECEIVE_NOTE', note } as const;
}

/**
 * Marks every stored list out of date and forgets the requests in flight (their answers may
 * predate the write). The lists stay readable until their new answers arrive.
 */
export function markNotesStale() {
	return { type: 'MARK_NOTES_STALE' } as const;
}

/**
 * Stores the note categories.
 *
 * @param categories The categories, by name.
 */
export function receiveNoteCategories( categories: NoteCategory[] ) {
	return { type: 'RECEIVE_NOTE_CATEGORIES', categories } as const;
}

/**
 * Stores why loading the categories failed.
 *
 * @param error The error text.
 */
export function receiveNoteCategoriesError( error: string ) {
	return { type: 'RECEIVE_NOTE_CATEGORIES_ERROR', error } as const;
}

/**
 * Adds a new category to the stored ones, in name order.
 *
 * @param category The category.
 */
export function receiveNoteCategory( category: NoteCategory ) {
	return { type: 'RECEIVE_NOTE_CATEGORY', category } as const;
}

export type NotesAction =
	| ReturnType< typeof receiveNotes >
	| ReturnType< typeof startNotesRequest >
	| ReturnType< typeof receiveNotesError >
	| ReturnType< typeof receiveNote >
	| ReturnType< typeof markNotesStale >
	| ReturnType< typeof receiveNoteCategories >
	| ReturnType< typeof receiveNoteCategoriesError >
	| ReturnType< typeof receiveNoteCategory >;

/** An action creator as a thunk's dispatch binds it. */
type Bound< F extends ( ...args: never[] ) => unknown > = (
	...args: Parameters< F >
) => unknown;

/** What the thunks of this store receive (see @wordpress/data, "thunks"). */
export interface NotesThunkArgs {
	dispatch: ( ( action: NotesAction ) => unknown ) & {
		receiveNotes: Bound< typeof receiveNotes >;
		startNotesRequest: Bound< typeof startNotesRequest >;
		receiveNotesError: Bound< typeof receiveNotesError >;
		receiveNote: Bound< typeof receiveNote >;
		receiveNoteCategories: Bound< typeof receiveNoteCategories >;
		receiveNoteCategoriesError: Bound< typeof receiveNoteCategoriesError >;
		receiveNoteCategory: Bound< typeof receiveNoteCategory >;
		invalidateNotes: ( reloadReports?: boolean ) => unknown;
		invalidateResolutionForStoreSelector: ( selector: string ) => unknown;
	};
	select: {
		hasNotes: ( query: NotesQuery ) => boolean;
		areNotesStale: ( query: NotesQuery ) => boolean;
		isNotesLoading: ( query: NotesQuery ) => boolean;
		getNotesRequest: ( query: NotesQuery ) => number | undefined;
		getNotesError: ( query: NotesQuery ) => string | undefined;
		hasNoteCategories: () => boolean;
	};
	registry: {
		dispatch: typeof dispatchFunction;
		subscribe: ( listener: () => void ) => () => void;
	};
}

/**
 * Makes every notes list load again (kept on screen until then), and reloads the reports whose
 * payload carries the notes, so the Overview's chart markers follow.
 *
 * @param reloadReports False to leave the reports alone (a change the chart does not show).
 */
export function invalidateNotes( reloadReports = true ) {
	return ( { dispatch, registry }: NotesThunkArgs ): void => {
		dispatch( markNotesStale() );
		dispatch.invalidateResolutionForStoreSelector( 'getNotes' );
		if ( ! reloadReports ) {
			return;
		}
		const reports = registry.dispatch( reportsStore );
		REPORTS_WITH_NOTES.forEach( ( name ) =>
			reports.invalidateReport( name )
		);
	};
}

/**
 * Runs a write and reads its answer: on success the note goes into the stored lists and
 * everything that shows notes reloads; on failure the server's readable error comes back.
 *
 * @param args          Thunk arguments.
 * @param request       The api-fetch options.
 * @param reloadReports False when the change does not show on the charts.
 */
async function writeNote(
	args: NotesThunkArgs,
	request: Parameters< typeof apiFetch >[ 0 ],
	reloadReports = true
): Promise< NoteWriteResult< Note > > {
	let answer: Note;
	try {
		answer = await apiFetch< Note >( request );
	} catch ( error ) {
		return {
			success: false,
			error: errorText( error ),
			code: noteErrorCode( error ),
		};
	}
	args.dispatch.receiveNote( answer );
	args.dispatch.invalidateNotes( reloadReports );
	return { success: true, data: answer };
}

/**
 * Creates a note with POST /notes (201 Note).
 *
 * @param input The note.
 */
export function createNote( input: NoteInput ) {
	return ( args: NotesThunkArgs ): Promise< NoteWriteResult< Note > > =>
		writeNote( args, {
			path: NOTES_PATH,
			method: 'POST',
			data: { ...input },
		} );
}

/**
 * Changes some fields of a note with POST /notes/{id}.
 *
 * @param id      Note id.
 * @param changes The fields to change.
 */
export function updateNote( id: number, changes: Partial< NoteInput > ) {
	return ( args: NotesThunkArgs ): Promise< NoteWriteResult< Note > > =>
		writeNote( args, {
			path: notePath( id ),
			method: 'POST',
			data: { ...changes },
		} );
}

/**
 * Sets a note's important flag with POST /notes/{id}/important. The lists reload (their counts
 * change); the reports do not: a chart marker looks the same whether its note is important or
 * not, and reloading would cover the screen with the 'Refreshing Report' dialog and rebuild the
 * report on the server for every click of a star.
 *
 * @param id        Note id.
 * @param important The flag.
 */
export function setImportant( id: number, important: boolean ) {
	return ( args: NotesThunkArgs ): Promise< NoteWriteResult< Note > > =>
		writeNote(
			args,
			{
				path: notePath( id, 'important' ),
				method: 'POST',
				data: { important },
			},
			false
		);
}

/**
 * Flips a note's important flag (the row's star, saved at once).
 *
 * @param note The note as shown.
 */
export function toggleImportant( note: Pick< Note, 'id' | 'important' > ) {
	return setImportant( note.id, ! note.important );
}

/**
 * Moves a note to the trash with DELETE /notes/{id} (it can be restored).
 *
 * @param id Note id.
 */
export function trashNote( id: number ) {
	return ( args: NotesThunkArgs ): Promise< NoteWriteResult< Note > > =>
		writeNote( args, { path: notePath( id ), method: 'DELETE' } );
}

/**
 * Creates a note category with POST /note-categories (201 Category) and adds it to the stored
 * ones.
 *
 * @param input Name and colour.
 */
export function createCategory( input: NoteCategoryInput ) {
	return async ( {
		dispatch,
	}: NotesThunkArgs ): Promise< NoteWriteResult< NoteCategory > > => {
		try {
			const category = await apiFetch< NoteCategory >( {
				path: NOTE_CATEGORIES_PATH,
				method: 'POST',
				data: { ...input },
			} );
			dispatch.receiveNoteCategory( category );
			return { success: true, data: category };
		} catch ( error ) {
			return {
				success: false,
				error: errorText( error ),
				code: noteErrorCode( error ),
			};
		}
	};
}
