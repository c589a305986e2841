import type { NotesThunkArgs } from './actions';
import { errorText } from '../errors';
import { fetchKeyed } from '../requests';
import { fetchAll } from './fetch';
import { noteCategoriesPath, notesPath } from './query';
import type { NoteCategoriesList, NotesList, NotesQuery } from './types';

/**
 * Fetches GET /monsterinsights-reports/v1/notes for a query.
 *
 * The registry runs a resolver once per argument list; queries that mean the same request share
 * one key, so this fetches only when nothing current is stored for the key and no request for it
 * is in flight (it then waits for that one). A list a write made stale is fetched again.
 *
 * A write while a request is in flight supersedes that request (its answer may predate the
 * write) and is dropped; the registry may already count this resolution as finished by then, so
 * the resolver asks again itself until an answer is stored.
 *
 * @param query The query.
 */
export function getNotes( query: NotesQuery = {} ) {
	return ( {
		dispatch,
		select,
		registry,
	}: NotesThunkArgs ): Promise< void > =>
		fetchKeyed( registry.subscribe, {
			has: () =>
				select.hasNotes( query ) && ! select.areNotesStale( query ),
			loading: () => select.isNotesLoading( query ),
			failed: () => select.getNotesError( query ) !== undefined,
			latest: () => select.getNotesRequest( query ),
			fetch: () => fetchAll< NotesList >( notesPath( query ) ),
			error: errorText,
			start: ( token ) => dispatch.startNotesRequest( query, token ),
			receive: ( list, token ) =>
				dispatch.receiveNotes( query, list, token ),
			fail: ( error, token ) =>
				dispatch.receiveNotesError( query, error, token ),
		} );
}

/** Loads GET /note-categories (page 1, all, by name), unless received. */
export function getNoteCategories() {
	return async ( { dispatch, select }: NotesThunkArgs ): Promise< void > => {
		if ( select.hasNoteCategories() ) {
			return;
		}
		try {
			const answer = await fetchAll< NoteCategoriesList >(
				noteCategoriesPath()
			);
			dispatch.receiveNoteCategories( answer.items );
		} catch ( error ) {
			dispatch.receiveNoteCategoriesError( errorText( error ) );
		}
	};
}
