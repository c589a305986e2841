/**
 * The site-note markers of the line chart: where chart.js lays out the x axis, one marker per
 * date with notes, each with the list of its notes.
 */
import { useInstanceId } from '@wordpress/compose';
import {
	useCallback,
	useEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { _n, sprintf } from '@wordpress/i18n';
import type { Chart, Plugin } from 'chart.js';

import type { ChartNote, NoteGroup } from './payload';

/** The default colour of a site note whose category has none. */
export const DEFAULT_NOTE_COLOR = '#2271b1';

type LineChartInstance = Chart< 'line', number[], string >;

/** What placing the note markers reads of a chart. */
type MarkerSource = Pick< Chart, 'scales' | 'chartArea' | 'width' >;

interface MarkerLayout {
	/** Pixel positions of the note groups along the x axis. */
	xs: number[];
	/** Pixel position of the x axis. */
	bottom: number;
	width: number;
}

/**
 * Places the note markers of a chart: a chart.js plugin that reads the x axis after each layout,
 * a ref callback for the chart, and the positions it found (null before the first layout).
 *
 * @param noteGroups The notes, grouped by point.
 */
export function useNoteMarkers( noteGroups: NoteGroup[] ) {
	const [ markers, setMarkers ] = useState< MarkerLayout | null >( null );

	// The plugin is handed to chart.js once; it reads the latest groups here.
	const latest = useRef( noteGroups );
	latest.current = noteGroups;

	const layoutMarkers = useCallback( ( chart: MarkerSource ) => {
		const scale = chart.scales.x;
		if ( ! scale || ! chart.chartArea ) {
			return;
		}
		const next: MarkerLayout = {
			xs: latest.current.map( ( group ) =>
				scale.getPixelForValue( group.index )
			),
			bottom: chart.chartArea.bottom,
			width: chart.width,
		};
		setMarkers( ( current ) =>
			current &&
			current.bottom === next.bottom &&
			current.width === next.width &&
			current.xs.join() === next.xs.join()
				? current
				: next
		);
	}, [] );

	const notesPlugin = useMemo< Plugin< 'line' > >(
		() => ( {
			id: 'monsterinsightsReportsNotes',
			afterLayout: layoutMarkers,
		} ),
		[ layoutMarkers ]
	);

	// Marker positions follow the notes: place them again when the notes change without a new
	// layout of the chart.
	const chartRef = useRef< LineChartInstance | null >( null );
	const setChart = useCallback( ( instance?: LineChartInstance | null ) => {
		chartRef.current = instance ?? null;
	}, [] );
	useEffect( () => {
		if ( chartRef.current ) {
			layoutMarkers( chartRef.current );
		}
	}, [ noteGroups, layoutMarkers ] );

	return { markers, notesPlugin, setChart };
}

/**
 * The markers, one per group of notes, each a button described by the list of its notes.
 *
 * @param props          Component props.
 * @param props.groups   The notes, grouped by point.
 * @param props.layout   Where the markers go.
 * @param props.labels   The points' labels (dates).
 * @param props.onSelect Called with a marker's notes when it is clicked.
 */
export function NoteMarkers( {
	groups,
	layout,
	labels,
	onSelect,
}: {
	groups: NoteGroup[];
	layout: MarkerLayout;
	labels: string[];
	onSelect?: ( notes: ChartNote[] ) => void;
} ) {
	const instanceId = useInstanceId(
		NoteMarkers,
		'monsterinsights-reports-note'
	);
	return (
		<div className="monsterinsights-reports-line-chart__notes">
			{ groups.map( ( group, position ) => {
				const x = layout.xs[ position ];
				if ( x === undefined || ! Number.isFinite( x ) ) {
					return null;
				}
				const listId = `${ instanceId }-${ group.index }`;
				const color = group.notes[ 0 ]?.color ?? DEFAULT_NOTE_COLOR;
				return (
					<div
						key={ group.index }
						className="monsterinsights-reports-line-chart__note"
						style={ { left: x, top: layout.bottom } }
					>
						<button
							type="button"
							className="monsterinsights-reports-line-chart__note-marker"
							style={ { background: color } }
							aria-label={ sprintf(
								/* translators: 1: number of site notes, 2: their date. */
								_n(
									'%1$d site note on %2$s',
									'%1$d site notes on %2$s',
									group.notes.length,
									'monsterinsights-reports'
								),
								group.notes.length,
								labels[ group.index ] ?? ''
							) }
							aria-describedby={ listId }
							onClick={ () => onSelect?.( group.notes ) }
						/>
						<ul
							id={ listId }
							className="monsterinsights-reports-line-chart__note-list"
						>
							{ group.notes.map( ( note, index ) => (
								<li key={ index }>
									<span
										className="monsterinsights-reports-line-chart__swatch"
										style={ {
											background:
												note.color ??
												DEFAULT_NOTE_COLOR,
										} }
									/>
									{ note.title }
								</li>
							) ) }
						</ul>
					</div>
				);
			} ) }
		</div>
	);
}
