export const NOTES_PATH = '/monsterinsights-reports/v1/notes';
export const NOTE_CATEGORIES_PATH =
	'/monsterinsights-reports/v1/note-categories';

/** The longest note text the server accepts. */
export const NOTE_TITLE_MAX = 255;

/** Reports whose payload carries site notes (chart markers): reloaded after every write. */
export const REPORTS_WITH_NOTES: readonly string[] = [
	'overview',
	'ecommerce',
];
