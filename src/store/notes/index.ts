import { createReduxStore } from '@wordpress/data';

import * as actions from './actions';
import { reducer } from './reducer';
import * as resolvers from './resolvers';
import * as selectors from './selectors';

export const NOTES_STORE = 'monsterinsights-reports/notes';

export const notesStore = createReduxStore( NOTES_STORE, {
	reducer,
	actions,
	selectors,
	resolvers,
} );

export {
	NOTE_CATEGORIES_PATH,
	NOTE_TITLE_MAX,
	NOTES_PATH,
	REPORTS_WITH_NOTES,
} from './constants';
export { noteErrorCode } from './errors';
export {
	normaliseNotesQuery,
	noteCategoriesPath,
	notePath,
	notesKey,
	notesPath,
} from './query';
export type {
	Note,
	NoteCategory,
	NoteCategoryInput,
	NoteCategoryRef,
	NoteInput,
	NoteMedia,
	NotesList,
	NotesPagination,
	NotesQuery,
	NotesState,
	NoteStatus,
	NoteWriteResult,
} from './types';
