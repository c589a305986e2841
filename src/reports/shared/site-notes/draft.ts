/**
 * The note form's state and its rules (docs/product-rules.md#site-notes: category default 'Select
 * Category' = 0; a new note's date defaults to the range end, or yesterday without one).
 */
import { __, sprintf } from '@wordpress/i18n';

import { EARLIEST_DATE, isYmd, shiftDays } from '../../../lib/dates';
import {
	NOTE_TITLE_MAX,
	type Note,
	type NoteInput,
	type NoteMedia,
} from '../../../store/notes';

/** What the form edits. */
export interface NoteDraft {
	note_title: string;
	/** Y-m-d. */
	note_date: string;
	/** Category id; 0 for none ('Select Category'). */
	category: number;
	important: boolean;
	medias: NoteMedia[];
}

export type DraftField = 'note_date' | 'note_title';

export type DraftErrors = Partial< Record< DraftField, string > >;

/** The days the server accepts (includes/Notes/Notes.php EARLIEST, LATEST). */
export const EARLIEST = EARLIEST_DATE;
export const LATEST = '2099-12-31';

/**
 * The date a new note starts with: the end of the report's range, or yesterday in the site's
 * timezone when there is no range.
 *
 * @param rangeEnd The range's last day, Y-m-d, if any.
 * @param today    The site's today, Y-m-d (boot data site.today).
 */
export function defaultNoteDate(
	rangeEnd: string | null | undefined,
	today: string | null | undefined
): string {
	if ( rangeEnd && isYmd( rangeEnd ) ) {
		return rangeEnd;
	}
	return today && isYmd( today ) ? shiftDays( today, -1 ) : '';
}

/**
 * An empty draft on a date.
 *
 * @param date Y-m-d.
 */
export function emptyDraft( date: string ): NoteDraft {
	return {
		note_title: '',
		note_date: date,
		category: 0,
		important: false,
		medias: [],
	};
}

/**
 * The draft of an existing note.
 *
 * @param note The note.
 */
export function draftOf( note: Note ): NoteDraft {
	return {
		note_title: note.note_title,
		note_date: note.note_date_ymd,
		category: note.category.id,
		important: note.important,
		medias: note.medias,
	};
}

/**
 * What the REST routes take for a draft.
 *
 * @param draft The draft.
 */
export function toInput( draft: NoteDraft ): NoteInput {
	return {
		note_title: draft.note_title.trim(),
		note_date: draft.note_date,
		category: draft.category,
		important: draft.important,
		medias: draft.medias.map( ( media ) => media.id ),
	};
}

/**
 * The form's inline messages: the text is required and at most 255 characters; the date a real
 * day the server accepts. Empty when the draft can be saved.
 *
 * @param draft The draft.
 */
export function validateDraft( draft: NoteDraft ): DraftErrors {
	const errors: DraftErrors = {};
	const title = draft.note_title.trim();
	if ( title === '' ) {
		errors.note_title = __(
			'Please enter the text of the site note.',
			'monsterinsights-reports'
		);
	} else if ( [ ...title ].length > NOTE_TITLE_MAX ) {
		errors.note_title = sprintf(
			/* translators: %d: the largest number of characters. */
			__(
				'A site note can be at most %d characters long.',
				'monsterinsights-reports'
			),
			NOTE_TITLE_MAX
		);
	}
	if ( draft.note_date === '' ) {
		errors.note_date = __(
			'Please choose the date of the site note.',
			'monsterinsights-reports'
		);
	} else if (
		! isYmd( draft.note_date ) ||
		draft.note_date < EARLIEST ||
		draft.note_date > LATEST
	) {
		errors.note_date = __(
			'Please choose a real date between 2005 and 2099.',
			'monsterinsights-reports'
		);
	}
	return errors;
}
