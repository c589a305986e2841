export {
	ChartNotes,
	useChartNotesState,
	type ChartNotesProps,
	type ChartNotesState,
} from './ChartNotes';
export { SiteNotesPanel } from './LazyPanel';
export type { SiteNotesPanelProps } from './SiteNotesPanel';
export { SiteNotesToggle, type SiteNotesToggleProps } from './SiteNotesToggle';
