export { SiteNotesPanel, type SiteNotesPanelProps } from './SiteNotesPanel';
export { SiteNotesToggle, type SiteNotesToggleProps } from './SiteNotesToggle';
export { NoteForm, type NoteFormProps } from './NoteForm';
export { defaultNoteDate, emptyDraft, validateDraft } from './draft';
export { badgeColors } from './colors';
