import { VisuallyHidden } from '@wordpress/components';
import { useInstanceId, useReducedMotion } from '@wordpress/compose';
import {
	useCallback,
	useEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import {
	CategoryScale,
	Chart,
	LinearScale,
	LineElement,
	PointElement,
	type ChartData,
	type ChartOptions,
	type Plugin,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { ReactNode } from 'react';

import { ChartTooltip } from '../ChartTooltip';
import { useChartsMayDraw } from '../FirstPaint';
import { hoverPlugin, type ChartHover } from '../ChartTooltip/hover';
import { areaPlugin, AREA_PLUGIN_ID } from './area';
import { Skeleton } from '../Loader';
import { Trend } from '../Trend';
import { formatDecimal } from '../utils/trend';
import {
	groupNotes,
	type ChartNote,
	type LineTooltipPayload,
	type NoteGroup,
	type TooltipExtraItem,
} from './payload';
import './style.scss';

// Only the parts a line chart draws, so the rest of chart.js is left out of the bundle. Line
// registers its own controller. The tooltip is React's (hoverPlugin), not chart.js's; the area
// under the line is areaPlugin's, not chart.js's Filler.
Chart.register( CategoryScale, LinearScale, PointElement, LineElement );

export type { ChartNote, LineTooltipPayload, TooltipExtraItem };

/** Height of the report charts in pixels (docs/product-rules.md#charts). */
export const LINE_CHART_HEIGHT = 355;

const NO_NOTES: ChartNote[] = [];

/** The default colour of a site note whose category has none. */
export const DEFAULT_NOTE_COLOR = '#2271b1';

const COLORS = {
	line: '#2271b1',
	fill: 'rgba(34, 113, 177, 0.08)',
	compare: '#8c8f94',
};

export interface LineChartCompare {
	/** Name of the compare series, e.g. "Previous Period". */
	label: string;
	datapoints: number[];
	/** The compare period's own point labels (dates), shown in the tooltip. */
	labels?: string[];
}

export interface LineChartProps {
	/** The chart id of the tooltip payload; also names the chart in the DOM. */
	id: string;
	/** What the values count, e.g. "Sessions". */
	label: string;
	labels: string[];
	datapoints: number[];
	/** Percent change of each point, shown in the tooltip. */
	trendpoints?: Array< number | null >;
	/** Timestamps of the points, to place notes given by timestamp. */
	timestamps?: number[];
	/** A second, dashed series for the compare period. */
	compare?: LineChartCompare;
	/** Site notes shown as markers on their dates. */
	notes?: ChartNote[];
	/** The tooltip's descriptor; the label by default. */
	descriptor?: string;
	/** Formats values in the tooltip, the axis and the data table. */
	formatValue?: ( value: number ) => string;
	/** Lower is better (bounce rate): the tooltip's fall is green. */
	inverse?: boolean;
	/** More lines in the tooltip of a point. */
	getExtraItems?: ( index: number ) => TooltipExtraItem[];
	/** Called with the notes of a marker when it is clicked. */
	onNoteSelect?: ( notes: ChartNote[] ) => void;
	height?: number;
	isLoading?: boolean;
	/** Laid over the chart, e.g. a ChartOverlay while there is no data. */
	children?: ReactNode;
	className?: string;
}

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
 * Builds the tooltip payload of a point.
 *
 * @param props Chart props.
 * @param index The point.
 */
export function buildTooltipPayload(
	props: Pick<
		LineChartProps,
		| 'id'
		| 'label'
		| 'labels'
		| 'datapoints'
		| 'trendpoints'
		| 'compare'
		| 'descriptor'
		| 'formatValue'
		| 'getExtraItems'
	>,
	index: number
): LineTooltipPayload {
	const format = props.formatValue ?? formatDecimal;
	const change = props.trendpoints?.[ index ];
	const extra: TooltipExtraItem[] = [];
	const compareValue = props.compare?.datapoints[ index ];
	if ( props.compare && compareValue !== undefined ) {
		extra.push( {
			label: props.compare.labels?.[ index ] ?? props.compare.label,
			value: format( compareValue ),
		} );
	}
	extra.push( ...( props.getExtraItems?.( index ) ?? [] ) );
	return {
		label: props.labels[ index ] ?? '',
		value: format( props.datapoints[ index ] ?? 0 ),
		change:
			typeof change === 'number' && Number.isFinite( change )
				? change
				: null,
		descriptor: props.descriptor ?? props.label,
		chartId: props.id,
		extra,
	};
}

/**
 * The report line chart (react-chartjs-2), 355 px high, with an optional dashed compare series,
 * site-note markers on their dates and an HTML tooltip. Screen readers get the data as a table.
 *
 * @param props Component props.
 */
export function LineChart( props: LineChartProps ) {
	const {
		id,
		label,
		labels,
		datapoints,
		timestamps,
		compare,
		notes = NO_NOTES,
		formatValue = formatDecimal,
		inverse = false,
		onNoteSelect,
		height = LINE_CHART_HEIGHT,
		isLoading = false,
		children,
		className,
	} = props;
	const instanceId = useInstanceId(
		LineChart,
		'monsterinsights-reports-line'
	);
	const [ tooltip, setTooltip ] = useState< ChartHover | null >( null );
	const [ markers, setMarkers ] = useState< MarkerLayout | null >( null );

	const noteGroups = useMemo(
		() => groupNotes( notes, labels.length, timestamps ),
		[ notes, labels.length, timestamps ]
	);

	// The plugin and the tooltip hook are handed to chart.js once; they read the latest values here.
	const latest = useRef( { noteGroups, formatValue } );
	latest.current = { noteGroups, formatValue };

	const hover = useMemo(
		() =>
			hoverPlugin( ( next ) =>
				setTooltip( ( current ) =>
					current &&
					next &&
					current.index === next.index &&
					current.x === next.x &&
					current.y === next.y &&
					current.width === next.width
						? current
						: next
				)
			),
		[]
	);

	const layoutMarkers = useCallback( ( chart: MarkerSource ) => {
		const scale = chart.scales.x;
		if ( ! scale || ! chart.chartArea ) {
			return;
		}
		const next: MarkerLayout = {
			xs: latest.current.noteGroups.map( ( group ) =>
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

	const data = useMemo< ChartData< 'line', number[], string > >( () => {
		const datasets: ChartData< 'line', number[], string >[ 'datasets' ] = [
			{
				label,
				data: datapoints,
				borderColor: COLORS.line,
				backgroundColor: COLORS.fill,
				pointBackgroundColor: COLORS.line,
				pointRadius: 3,
				pointHoverRadius: 5,
				borderWidth: 2,
				tension: 0.3,
			},
		];
		if ( compare ) {
			datasets.push( {
				label: compare.label,
				data: compare.datapoints,
				borderColor: COLORS.compare,
				backgroundColor: COLORS.compare,
				pointBackgroundColor: COLORS.compare,
				borderDash: [ 5, 5 ],
				pointRadius: 2,
				pointHoverRadius: 4,
				borderWidth: 2,
				tension: 0.3,
			} );
		}
		return { labels, datasets };
	}, [ label, labels, datapoints, compare ] );

	// Users who ask for less motion get the chart drawn at once, not grown from the axis.
	const reducedMotion = useReducedMotion();
	const mayDraw = useChartsMayDraw();
	const options = useMemo< ChartOptions< 'line' > >(
		() => ( {
			...( reducedMotion ? { animation: false as const } : {} ),
			responsive: true,
			maintainAspectRatio: false,
			interaction: { mode: 'index', intersect: false },
			layout: { padding: { top: 8 } },
			plugins: {
				legend: { display: false },
				// The main series is filled down to zero; the compare line is not.
				[ AREA_PLUGIN_ID ]: { datasets: [ 0 ] },
			},
			scales: {
				x: {
					grid: { display: false },
					ticks: {
						maxRotation: 0,
						autoSkip: true,
						maxTicksLimit: 10,
					},
				},
				y: {
					beginAtZero: true,
					border: { display: false },
					ticks: {
						maxTicksLimit: 6,
						callback: ( value ) =>
							latest.current.formatValue( Number( value ) ),
					},
				},
			},
		} ),
		[ reducedMotion ]
	);

	if ( isLoading ) {
		return (
			<div
				className="monsterinsights-reports-line-chart is-loading"
				aria-busy="true"
			>
				<Skeleton height={ height } />
			</div>
		);
	}

	const payload =
		tooltip && tooltip.index < labels.length
			? buildTooltipPayload( props, tooltip.index )
			: null;
	const captionId = `${ instanceId }-caption`;

	return (
		<div
			className={ [ 'monsterinsights-reports-line-chart', className ]
				.filter( Boolean )
				.join( ' ' ) }
			data-chart-id={ id }
		>
			{ compare && (
				<ul className="monsterinsights-reports-line-chart__legend">
					<li>
						<span
							className="monsterinsights-reports-line-chart__swatch"
							style={ { background: COLORS.line } }
						/>
						{ label }
					</li>
					<li>
						<span className="monsterinsights-reports-line-chart__swatch is-dashed" />
						{ compare.label }
					</li>
				</ul>
			) }
			<div
				className="monsterinsights-reports-line-chart__canvas"
				style={ { height } }
				onMouseLeave={ () => setTooltip( null ) }
			>
				{ mayDraw && (
					<Line
						ref={ setChart }
						data={ data }
						options={ options }
						plugins={ [ areaPlugin, notesPlugin, hover ] }
						height={ height }
						role="img"
						aria-label={ sprintf(
							/* translators: %s: what the chart counts, e.g. Sessions. */
							__( '%s line chart', 'monsterinsights-reports' ),
							label
						) }
						aria-describedby={ captionId }
					/>
				) }
				{ payload && tooltip && (
					<ChartTooltip
						x={ tooltip.x }
						y={ tooltip.y }
						width={ tooltip.width }
						chartId={ payload.chartId }
					>
						<LineTooltipContent
							payload={ payload }
							inverse={ inverse }
						/>
					</ChartTooltip>
				) }
				{ markers && noteGroups.length > 0 && (
					<NoteMarkers
						groups={ noteGroups }
						layout={ markers }
						labels={ labels }
						onSelect={ onNoteSelect }
					/>
				) }
				{ children }
			</div>
			<VisuallyHidden>
				<table>
					<caption id={ captionId }>
						{ sprintf(
							/* translators: %s: what the chart counts, e.g. Sessions. */
							__( '%s by date', 'monsterinsights-reports' ),
							label
						) }
					</caption>
					<thead>
						<tr>
							<th scope="col">
								{ __( 'Date', 'monsterinsights-reports' ) }
							</th>
							<th scope="col">{ label }</th>
							{ compare && (
								<th scope="col">{ compare.label }</th>
							) }
						</tr>
					</thead>
					<tbody>
						{ labels.map( ( pointLabel, index ) => (
							<tr key={ index }>
								<th scope="row">{ pointLabel }</th>
								<td>
									{ formatValue( datapoints[ index ] ?? 0 ) }
								</td>
								{ compare && (
									<td>
										{ compare.datapoints[ index ] ===
										undefined
											? ''
											: formatValue(
													compare.datapoints[
														index
													] ?? 0
											  ) }
									</td>
								) }
							</tr>
						) ) }
					</tbody>
				</table>
			</VisuallyHidden>
		</div>
	);
}

/**
 * What the tooltip shows: label, value, the change with its arrow, descriptor, extra items.
 *
 * @param props         Component props.
 * @param props.payload The tooltip payload.
 * @param props.inverse Lower is better.
 */
export function LineTooltipContent( {
	payload,
	inverse = false,
}: {
	payload: LineTooltipPayload;
	inverse?: boolean;
} ) {
	return (
		<>
			<div className="monsterinsights-reports-chart-tooltip__title">
				{ payload.label }
			</div>
			<div className="monsterinsights-reports-chart-tooltip__value">
				{ payload.value }
			</div>
			{ payload.change !== null && (
				<div className="monsterinsights-reports-chart-tooltip__trend">
					<Trend change={ payload.change } inverse={ inverse } />
				</div>
			) }
			<div className="monsterinsights-reports-chart-tooltip__descriptor">
				{ payload.descriptor }
			</div>
			{ payload.extra.length > 0 && (
				<ul className="monsterinsights-reports-chart-tooltip__extra">
					{ payload.extra.map( ( item, index ) => (
						<li key={ index }>
							{ item.label }: <strong>{ item.value }</strong>
						</li>
					) ) }
				</ul>
			) }
		</>
	);
}

function NoteMarkers( {
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
