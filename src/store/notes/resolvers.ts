import type { NotesThunkArgs } from './actions';
import { errorText } from '../errors';
import { fetchAll } from './fetch';
import { noteCategoriesPath, notesPath } from './query';
import type { NoteCategoriesList, NotesList, NotesQuery } from './types';

let lastToken = 0;

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
	return async ( {
		dispatch,
		select,
		registry,
	}: NotesThunkArgs ): Promise< void > => {
		for (;;) {
			if ( select.hasNotes( query ) && ! select.areNotesStale( query ) ) {
				return;
			}
			if ( select.isNotesLoading( query ) ) {
				await new Promise< void >( ( resolve ) => {
					const unsubscribe = registry.subscribe( () => {
						if ( ! select.isNotesLoading( query ) ) {
							unsubscribe();
							resolve();
						}
					} );
				} );
				if ( select.getNotesError( query ) !== undefined ) {
					return;
				}
				continue;
			}
			const token = ++lastToken;
			dispatch.startNotesRequest( query, token );
			let list: NotesList | undefined;
			let failure = '';
			try {
				list = await fetchAll< NotesList >( notesPath( query ) );
			} catch ( error ) {
				failure = errorText( error );
			}
			if ( select.getNotesRequest( query ) !== token ) {
				// Superseded by a write: ask again.
				continue;
			}
			if ( list ) {
				dispatch.receiveNotes( query, list, token );
			} else {
				dispatch.receiveNotesError( query, failure, token );
			}
			return;
		}
	};
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
