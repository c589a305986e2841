import type { NotesAction } from './actions';
import { answered, started, without } from '../records';
import { notesKey } from './query';
import type { Note, NotesList, NotesState } from './types';

export const initialState: NotesState = {
	lists: {},
	stale: {},
	requests: {},
	errors: {},
	categories: null,
	categoriesError: null,
};

/**
 * A list with a saved note put in place: replaced where it is, dropped once trashed.
 *
 * @param list The list.
 * @param note The note.
 */
function withNote( list: NotesList, note: Note ): NotesList {
	if ( ! list.items.some( ( item ) => item.id === note.id ) ) {
		return list;
	}
	const items =
		note.status === 'trash'
			? list.items.filter( ( item ) => item.id !== note.id )
			: list.items.map( ( item ) =>
					item.id === note.id ? note : item
			  );
	return { ...list, items };
}

export function reducer(
	state: NotesState = initialState,
	action: NotesAction
): NotesState {
	switch ( action.type ) {
		case 'START_NOTES_REQUEST':
			return started( state, notesKey( action.query ), action.token );
		case 'RECEIVE_NOTES': {
			const key = notesKey( action.query );
			return answered( state, key, action.token, {
				lists: { ...state.lists, [ key ]: action.list },
				stale: without( state.stale, key ),
				errors: without( state.errors, key ),
			} );
		}
		case 'RECEIVE_NOTES_ERROR': {
			const key = notesKey( action.query );
			return answered( state, key, action.token, {
				lists: without( state.lists, key ),
				stale: without( state.stale, key ),
				errors: { ...state.errors, [ key ]: action.error },
			} );
		}
		case 'RECEIVE_NOTE':
			return {
				...state,
				lists: Object.fromEntries(
					Object.entries( state.lists ).map( ( [ key, list ] ) => [
						key,
						withNote( list, action.note ),
					] )
				),
			};
		case 'MARK_NOTES_STALE':
			return {
				...state,
				stale: Object.fromEntries(
					Object.keys( state.lists ).map( ( key ) => [
						key,
						true as const,
					] )
				),
				requests: {},
				errors: {},
			};
		case 'RECEIVE_NOTE_CATEGORIES':
			return {
				...state,
				categories: action.categories,
				categoriesError: null,
			};
		case 'RECEIVE_NOTE_CATEGORIES_ERROR':
			return { ...state, categoriesError: action.error };
		case 'RECEIVE_NOTE_CATEGORY': {
			const others = ( state.categories ?? [] ).filter(
				( category ) => category.id !== action.category.id
			);
			return {
				...state,
				categories: [ ...others, action.category ].sort( ( a, b ) =>
					a.name.localeCompare( b.name )
				),
			};
		}
		default:
			return state;
	}
}
