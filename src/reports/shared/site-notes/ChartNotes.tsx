/**
 * The site notes of a chart, in one place on every screen whose chart carries notes: the 'Site
 * Notes' toggle directly under the chart it annotates, and the notes panel under the toggle. The
 * chart's markers open the panel on their notes (docs/product-rules.md#site-notes).
 */
import { useInstanceId } from '@wordpress/compose';
import { useCallback, useState } from '@wordpress/element';

import { SiteNotesPanel } from './LazyPanel';
import { SiteNotesToggle } from './SiteNotesToggle';

/** Whether a chart's notes panel shows, and on which notes. */
export interface ChartNotesState {
	open: boolean;
	/** The notes a marker opened the panel on. */
	highlight: number[];
	/** Opens the panel on these notes (a marker was clicked). */
	show: ( ids: number[] ) => void;
	/** Shows or hides the panel (the toggle), highlighting nothing. */
	toggle: () => void;
}

/**
 * The state of a chart's notes panel, closed at first.
 */
export function useChartNotesState(): ChartNotesState {
	const [ open, setOpen ] = useState( false );
	const [ highlight, setHighlight ] = useState< number[] >( [] );
	const show = useCallback( ( ids: number[] ) => {
		setHighlight( ids );
		setOpen( true );
	}, [] );
	const toggle = useCallback( () => {
		setHighlight( [] );
		setOpen( ( was ) => ! was );
	}, [] );
	return { open, highlight, show, toggle };
}

export interface ChartNotesProps {
	/** The panel's state, shared with the chart's markers. */
	state: ChartNotesState;
}

/**
 * The toggle and the panel, placed right after the chart they annotate.
 *
 * @param props       Component props.
 * @param props.state The panel's state.
 */
export function ChartNotes( { state }: ChartNotesProps ) {
	const panelId = useInstanceId(
		ChartNotes,
		'monsterinsights-reports-chart-notes'
	);
	return (
		<div className="monsterinsights-reports-chart-notes">
			<SiteNotesToggle
				open={ state.open }
				controls={ panelId }
				onToggle={ state.toggle }
			/>
			<div id={ panelId } hidden={ ! state.open }>
				{ state.open && (
					<SiteNotesPanel highlight={ state.highlight } />
				) }
			</div>
		</div>
	);
}
