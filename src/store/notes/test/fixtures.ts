/**
 * Notes as the REST routes answer them, for the store's and the panel's tests.
 */
import type { Note, NoteCategory, NotesList } from '../types';

export const LAUNCH: NoteCategory = {
	id: 3,
	name: 'Launch',
	background_color: '#d63638',
	count: 1,
};

export const BLOG: NoteCategory = {
	id: 2,
	name: 'Blog Post',
	background_color: '#2271b1',
	count: 1,
};

/**
 * A note with defaults.
 *
 * @param overrides Fields to change.
 */
export function makeNote( overrides: Partial< Note > = {} ): Note {
	return {
		id: 1,
		note_title: 'Published the pricing page',
		note_date: 'November 10, 2026',
		note_date_ymd: '2026-11-10',
		important: false,
		category: { id: 0, name: '', background_color: '#2271b1' },
		medias: [],
		status: 'publish',
		...overrides,
	};
}

/**
 * A list answer; the counts default to the items'.
 *
 * @param items      The notes.
 * @param pagination Pagination fields to change.
 */
export function makeList(
	items: Note[],
	pagination: Partial< NotesList[ 'pagination' ] > = {}
): NotesList {
	return {
		items,
		pagination: {
			total: items.length,
			pages: 1,
			page: 1,
			per_page: -1,
			total_published: items.length,
			total_important: items.filter( ( note ) => note.important ).length,
			...pagination,
		},
	};
}
