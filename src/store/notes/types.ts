/**
 * Site notes (docs/product-rules.md#site-notes): notes, note categories and note lists as the REST
 * routes of includes/REST/NotesController.php and NoteCategoriesController.php answer them.
 */

/** A note's category as a note carries it; id 0 is "none". */
export interface NoteCategoryRef {
	id: number;
	name: string;
	/** CSS colour; the server gives a default shade when the category has none. */
	background_color: string;
}

/** An attachment of a note. */
export interface NoteMedia {
	id: number;
	url: string;
	title: string;
	mime_type: string;
	/** A thumbnail URL; empty when the attachment has none (not an image). */
	thumbnail: string;
}

export type NoteStatus = 'publish' | 'trash';

export interface Note {
	id: number;
	/** Plain text: render it as text, never as HTML. */
	note_title: string;
	/** The date as the site displays it. */
	note_date: string;
	/** Y-m-d in the site's timezone. */
	note_date_ymd: string;
	important: boolean;
	category: NoteCategoryRef;
	medias: NoteMedia[];
	status: NoteStatus;
}

export interface NotesPagination {
	total: number;
	pages: number;
	page: number;
	per_page: number;
	/** Published notes of the query's date range, whatever the important filter. */
	total_published: number;
	/** Important published notes of the query's date range. */
	total_important: number;
}

/** GET /notes. */
export interface NotesList {
	items: Note[];
	pagination: NotesPagination;
}

/** A category of GET /note-categories. */
export interface NoteCategory extends NoteCategoryRef {
	/** Notes in it. */
	count: number;
}

export interface NoteCategoriesList {
	items: NoteCategory[];
	pagination?: Record< string, number >;
}

/** The arguments of GET /notes; every one optional (see normaliseNotesQuery for defaults). */
export interface NotesQuery {
	orderby?: 'id' | 'note_date' | 'note_title';
	order?: 'asc' | 'desc';
	/** -1 for all. */
	per_page?: number;
	page?: number;
	/** Only important notes when true. */
	important?: boolean;
	/** Y-m-d. */
	start?: string;
	/** Y-m-d. */
	end?: string;
	search?: string;
	status?: NoteStatus;
}

/** What POST /notes takes (and POST /notes/{id}, partly). */
export interface NoteInput {
	note_title: string;
	/** Y-m-d. */
	note_date: string;
	/** Category id; 0 for none. */
	category: number;
	important: boolean;
	/** Attachment ids. */
	medias: number[];
}

export interface NoteCategoryInput {
	name: string;
	background_color?: string;
}

/** What a write resolves to: the saved entity, or the server's readable error. Never rejects. */
export type NoteWriteResult< T > =
	| { success: true; data: T }
	| { success: false; error: string; code: string };

export interface NotesState {
	/** Lists by query key (see notesKey). */
	lists: Record< string, NotesList >;
	/** Query keys whose list a write made out of date: shown until the new answer arrives. */
	stale: Record< string, true >;
	/** Query keys in flight, each with the token of its latest request. */
	requests: Record< string, number >;
	/** Error texts by query key. */
	errors: Record< string, string >;
	/** Null until loaded. */
	categories: NoteCategory[] | null;
	categoriesError: string | null;
}
