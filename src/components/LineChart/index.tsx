/**
 * The report line chart: a chart.js line with an optional dashed compare series, site-note markers
 * and an HTML tooltip, and its data as a table for screen readers. Its options, tooltip and note
 * markers are in the sibling modules.
 */
import { VisuallyHidden } from '@wordpress/components';
import { useInstanceId, useReducedMotion } from '@wordpress/compose';
import { useMemo, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import {
	CategoryScale,
	Chart,
	LinearScale,
	LineElement,
	PointElement,
} from 'chart.js';
import { Line } from 'react-chartjs-2';

import { ChartTooltip } from '../ChartTooltip';
import { useChartsMayDraw } from '../FirstPaint';
import { hoverPlugin, type ChartHover } from '../ChartTooltip/hover';
import { areaPlugin } from './area';
import { Skeleton } from '../Loader';
import { formatDecimal } from '../utils/trend';
import { NoteMarkers, useNoteMarkers } from './notes';
import { COLORS, lineChartData, lineChartOptions } from './options';
import {
	groupNotes,
	type ChartNote,
	type LineTooltipPayload,
	type TooltipExtraItem,
} from './payload';
import type { LineChartProps } from './props';
import { buildTooltipPayload, LineTooltipContent } from './tooltip';
import './style.scss';

// Only the parts a line chart draws, so the rest of chart.js is left out of the bundle. Line
// registers its own controller. The tooltip is React's (hoverPlugin), not chart.js's; the area
// under the line is areaPlugin's, not chart.js's Filler.
Chart.register( CategoryScale, LinearScale, PointElement, LineElement );

export type { ChartNote, LineTooltipPayload, TooltipExtraItem };

/** Height of the report charts in pixels (docs/product-rules.md#charts). */
export const LINE_CHART_HEIGHT = 355;
export { DEFAULT_NOTE_COLOR } from './notes';
export type { LineChartCompare, LineChartProps } from './props';
export { buildTooltipPayload, LineTooltipContent } from './tooltip';

const NO_NOTES: ChartNote[] = [];

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

	const noteGroups = useMemo(
		() => groupNotes( notes, labels.length, timestamps ),
		[ notes, labels.length, timestamps ]
	);
	const { markers, notesPlugin, setChart } = useNoteMarkers( noteGroups );

	// The axis's ticks are handed to chart.js once; they read the latest formatter here.
	const latest = useRef( formatValue );
	latest.current = formatValue;

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

	const data = useMemo(
		() => lineChartData( label, labels, datapoints, compare ),
		[ label, labels, datapoints, compare ]
	);

	// Users who ask for less motion get the chart drawn at once, not grown from the axis.
	const reducedMotion = useReducedMotion();
	const mayDraw = useChartsMayDraw();
	// Whole numbers (sessions, page views) step by whole numbers on the axis.
	const whole = [ ...datapoints, ...( compare?.datapoints ?? [] ) ].every(
		( value ) => Number.isInteger( value )
	);
	const options = useMemo(
		() => lineChartOptions( reducedMotion, () => latest.current, whole ),
		[ reducedMotion, whole ]
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
