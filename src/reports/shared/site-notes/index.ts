export { SiteNotesPanel } from './LazyPanel';
export type { SiteNotesPanelProps } from './SiteNotesPanel';
export { SiteNotesToggle, type SiteNotesToggleProps } from './SiteNotesToggle';
