/**
 * Turning a notes query into a request path and a stable state key.
 */
import { addQueryArgs } from '@wordpress/url';

import { NOTE_CATEGORIES_PATH, NOTES_PATH } from './constants';
import type { NotesQuery } from './types';

/** The request arguments in a fixed order: the key and the path depend on nothing else. */
export type NormalisedNotesQuery = Array<
	[ keyof NotesQuery, string | number | boolean ]
>;

/**
 * A notes query with its defaults (orderby id, order asc, per_page -1: all of them) in a fixed
 * order. `important` is sent only when true, empty values are left out, `page` only with a page
 * size.
 *
 * @param query The query.
 */
export function normaliseNotesQuery(
	query: NotesQuery = {}
): NormalisedNotesQuery {
	const perPage = query.per_page ?? -1;
	const entries: NormalisedNotesQuery = [
		[ 'orderby', query.orderby ?? 'id' ],
		[ 'order', query.order ?? 'asc' ],
		[ 'per_page', perPage ],
	];
	if ( perPage !== -1 && query.page !== undefined ) {
		entries.push( [ 'page', query.page ] );
	}
	if ( query.important === true ) {
		entries.push( [ 'important', true ] );
	}
	if ( query.start ) {
		entries.push( [ 'start', query.start ] );
	}
	if ( query.end ) {
		entries.push( [ 'end', query.end ] );
	}
	if ( query.search ) {
		entries.push( [ 'search', query.search ] );
	}
	if ( query.status ) {
		entries.push( [ 'status', query.status ] );
	}
	return entries;
}

/**
 * A stable key for a notes query: queries that mean the same request share one entry, whatever
 * the order of their properties or whether they spell out the defaults.
 *
 * @param query The query.
 */
export function notesKey( query: NotesQuery = {} ): string {
	return JSON.stringify( normaliseNotesQuery( query ) );
}

/**
 * The api-fetch path of GET /monsterinsights-reports/v1/notes for a query.
 *
 * @param query The query.
 */
export function notesPath( query: NotesQuery = {} ): string {
	return addQueryArgs(
		NOTES_PATH,
		Object.fromEntries( normaliseNotesQuery( query ) )
	);
}

/**
 * The path of one note, or of one of its sub-resources.
 *
 * @param id     Note id.
 * @param suffix E.g. "important" or "restore".
 */
export function notePath( id: number, suffix = '' ): string {
	return `${ NOTES_PATH }/${ encodeURIComponent( String( id ) ) }${
		suffix ? `/${ suffix }` : ''
	}`;
}

/** GET /note-categories: page 1, all, by name ascending. */
export function noteCategoriesPath(): string {
	return addQueryArgs( NOTE_CATEGORIES_PATH, {
		page: 1,
		per_page: -1,
		orderby: 'name',
		order: 'asc',
	} );
}
