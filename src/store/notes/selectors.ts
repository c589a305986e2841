import { notesKey } from './query';
import type { NoteCategory, NotesList, NotesQuery, NotesState } from './types';

/**
 * The notes list of a query; undefined until it loads (or when it failed). After a write the
 * previous list stays here while the new one loads. Its resolver fetches it on first use.
 *
 * @param state State.
 * @param query The query (see normaliseNotesQuery for its defaults).
 */
export function getNotes(
	state: NotesState,
	query: NotesQuery = {}
): NotesList | undefined {
	return state.lists[ notesKey( query ) ];
}

/**
 * Whether a list is stored for a query (current or stale); no resolver.
 *
 * @param state State.
 * @param query The query.
 */
export function hasNotes( state: NotesState, query: NotesQuery = {} ): boolean {
	return notesKey( query ) in state.lists;
}

/**
 * Whether a write made the stored list of a query out of date.
 *
 * @param state State.
 * @param query The query.
 */
export function areNotesStale(
	state: NotesState,
	query: NotesQuery = {}
): boolean {
	return notesKey( query ) in state.stale;
}

/**
 * Whether a request for a query is in flight.
 *
 * @param state State.
 * @param query The query.
 */
export function isNotesLoading(
	state: NotesState,
	query: NotesQuery = {}
): boolean {
	return notesKey( query ) in state.requests;
}

/**
 * The token of the request in flight for a query (internal: answers to superseded requests are
 * dropped with it).
 *
 * @param state State.
 * @param query The query.
 */
export function getNotesRequest(
	state: NotesState,
	query: NotesQuery = {}
): number | undefined {
	return state.requests[ notesKey( query ) ];
}

/**
 * Why the last request for a query failed: the server's readable message.
 *
 * @param state State.
 * @param query The query.
 */
export function getNotesError(
	state: NotesState,
	query: NotesQuery = {}
): string | undefined {
	return state.errors[ notesKey( query ) ];
}

/**
 * The note categories by name; undefined until loaded (its resolver loads them).
 *
 * @param state State.
 */
export function getNoteCategories(
	state: NotesState
): NoteCategory[] | undefined {
	return state.categories ?? undefined;
}

/**
 * Whether the categories were received; no resolver.
 *
 * @param state State.
 */
export function hasNoteCategories( state: NotesState ): boolean {
	return state.categories !== null;
}

/**
 * Why loading the categories failed, or null.
 *
 * @param state State.
 */
export function getNoteCategoriesError( state: NotesState ): string | null {
	return state.categoriesError;
}
