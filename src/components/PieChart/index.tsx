import { useReducedMotion } from '@wordpress/compose';
import { useMemo, useState } from '@wordpress/element';
import { __, _x, sprintf } from '@wordpress/i18n';
import { ArcElement, Chart, type ChartData, type ChartOptions } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';

import { ChartTooltip } from '../ChartTooltip';
import { useChartsMayDraw } from '../FirstPaint';
import { hoverPlugin, type ChartHover } from '../ChartTooltip/hover';
import { Skeleton } from '../Loader';
import { formatPercent } from '../../lib/format';
import { Trend } from '../Trend';
import { getLocale } from '../utils/locale';
import './style.scss';

// Only the parts a doughnut draws; Doughnut registers its own controller. The tooltip is
// React's (hoverPlugin), not chart.js's.
Chart.register( ArcElement );

/** Default size of a pie in pixels (docs/product-rules.md#charts). */
export const PIE_SIZE = 200;

/** Donut hole, in percent of the radius (docs/product-rules.md#charts). */
export const PIE_CUTOUT = 50;

/** Legends of more values than this use the long-list layout. */
export const PIE_LONG_LIST_AFTER = 7;

/** Slice colours, in order; they repeat for longer lists, where the legend tells slices apart. */
export const PIE_COLORS = [
	'#2271b1',
	'#72aee6',
	'#9ec2e6',
	'#135e96',
	'#f0b849',
	'#00a32a',
	'#d63638',
	'#8c8f94',
	'#3c434a',
	'#c3c4c7',
];

export interface PieSlice {
	label: string;
	/** A count or a share; slices show their percent of the total. */
	value: number;
	/** The slice's value in the compare period (compare mode). */
	compareValue?: number;
	/** Percent change to show in compare mode; by default the change of the slice's percent. */
	change?: number | null;
	color?: string;
}

/** The pie tooltip payload: label, percentage, chart id. */
export interface PieTooltipPayload {
	label: string;
	percentage: number;
	chartId: string;
}

export interface PieChartProps {
	/** The chart id of the tooltip payload. */
	id: string;
	/** Accessible name of the chart, e.g. "Devices". */
	title: string;
	slices: PieSlice[];
	/** Two pies side by side: slices' values and compare values, with the change of each. */
	compare?: boolean;
	/** Caption of the current pie in compare mode, e.g. its date range. */
	currentLabel?: string;
	/** Caption of the compare pie, e.g. its date range. */
	compareLabel?: string;
	/** Width and height of a pie. */
	size?: number;
	/** Donut hole in percent of the radius. */
	cutout?: number;
	isLoading?: boolean;
	emptyText?: string;
	className?: string;
}

/**
 * Percent of each value in their total, 0 for all when the total is 0.
 *
 * @param values The values.
 */
export function toPercentages( values: number[] ): number[] {
	const total = values.reduce(
		( sum, value ) => sum + ( Number.isFinite( value ) ? value : 0 ),
		0
	);
	return values.map( ( value ) =>
		total > 0 && Number.isFinite( value ) ? ( value / total ) * 100 : 0
	);
}

/**
 * Percent change from one share to another; null when the earlier one is 0.
 *
 * @param current  Current share.
 * @param previous Previous share.
 */
function changeOf( current: number, previous: number ): number | null {
	if ( previous === 0 ) {
		return null;
	}
	return ( ( current - previous ) / previous ) * 100;
}

interface PieProps {
	chartId: string;
	ariaLabel: string;
	labels: string[];
	values: number[];
	percentages: number[];
	colors: string[];
	size: number;
	cutout: number;
	caption?: string;
}

function Pie( {
	chartId,
	ariaLabel,
	labels,
	values,
	percentages,
	colors,
	size,
	cutout,
	caption,
}: PieProps ) {
	const [ hover, setHover ] = useState< ChartHover | null >( null );
	const plugin = useMemo( () => hoverPlugin( setHover ), [] );
	const tooltip: PieTooltipPayload | null =
		hover && hover.index < labels.length
			? {
					label: labels[ hover.index ] ?? '',
					percentage: percentages[ hover.index ] ?? 0,
					chartId,
			  }
			: null;

	const data = useMemo< ChartData< 'doughnut', number[], string > >(
		() => ( {
			labels,
			datasets: [
				{
					data: values,
					backgroundColor: colors,
					borderColor: '#fff',
					borderWidth: 1,
				},
			],
		} ),
		[ labels, values, colors ]
	);

	// Users who ask for less motion get the chart drawn at once, not swept round.
	const reducedMotion = useReducedMotion();
	const mayDraw = useChartsMayDraw();
	const options = useMemo< ChartOptions< 'doughnut' > >(
		() => ( {
			...( reducedMotion ? { animation: false as const } : {} ),
			responsive: true,
			maintainAspectRatio: false,
			cutout: `${ cutout }%`,
			plugins: {
				legend: { display: false },
			},
		} ),
		[ cutout, reducedMotion ]
	);

	return (
		<figure className="monsterinsights-reports-pie__figure">
			<div
				className="monsterinsights-reports-pie__canvas"
				style={ { width: size, height: size } }
				onMouseLeave={ () => setHover( null ) }
			>
				{ mayDraw && (
					<Doughnut
						data={ data }
						options={ options }
						plugins={ [ plugin ] }
						width={ size }
						height={ size }
						role="img"
						aria-label={ ariaLabel }
					/>
				) }
				{ hover && tooltip && (
					<ChartTooltip
						x={ hover.x }
						y={ hover.y }
						width={ size }
						chartId={ tooltip.chartId }
					>
						<div className="monsterinsights-reports-chart-tooltip__title">
							{ tooltip.label }
						</div>
						<div className="monsterinsights-reports-chart-tooltip__value">
							{ formatPercent( tooltip.percentage, getLocale() ) }
						</div>
					</ChartTooltip>
				) }
			</div>
			{ caption && (
				<figcaption className="monsterinsights-reports-pie__caption">
					{ caption }
				</figcaption>
			) }
		</figure>
	);
}

/**
 * A donut chart, 200 × 200 with a 50% hole, with a legend of each slice's percent; lists of more
 * than 7 values use the long-list legend. In compare mode two donuts sit side by side and the
 * legend adds the compare percent and the change.
 *
 * @param props Component props.
 */
export function PieChart( props: PieChartProps ) {
	const {
		id,
		title,
		slices,
		compare = false,
		currentLabel,
		compareLabel,
		size = PIE_SIZE,
		cutout = PIE_CUTOUT,
		isLoading = false,
		emptyText,
		className,
	} = props;
	const labels = useMemo(
		() => slices.map( ( slice ) => slice.label ),
		[ slices ]
	);
	const values = useMemo(
		() => slices.map( ( slice ) => slice.value ),
		[ slices ]
	);
	const compareValues = useMemo(
		() => slices.map( ( slice ) => slice.compareValue ?? 0 ),
		[ slices ]
	);
	const percentages = useMemo( () => toPercentages( values ), [ values ] );
	const comparePercentages = useMemo(
		() => toPercentages( compareValues ),
		[ compareValues ]
	);
	const colors = useMemo(
		() =>
			slices.map(
				( slice, index ) =>
					slice.color ??
					PIE_COLORS[ index % PIE_COLORS.length ] ??
					'#2271b1'
			),
		[ slices ]
	);
	const isLong = slices.length > PIE_LONG_LIST_AFTER;
	const classes = [
		'monsterinsights-reports-pie',
		compare && 'is-compare',
		isLong && 'is-long-list',
		className,
	]
		.filter( Boolean )
		.join( ' ' );

	if ( isLoading ) {
		return (
			<div className={ `${ classes } is-loading` } aria-busy="true">
				<Skeleton circle width={ size } height={ size } />
			</div>
		);
	}

	const hasData = percentages.some( ( percent ) => percent > 0 );
	if ( ! hasData ) {
		return (
			<div className={ `${ classes } is-empty` }>
				<p className="monsterinsights-reports-pie__empty">
					{ emptyText ??
						__( 'No data to show', 'monsterinsights-reports' ) }
				</p>
			</div>
		);
	}

	const describe = ( shares: number[] ) =>
		sprintf(
			/* translators: 1: what the chart shows, e.g. Devices; 2: each slice with its percent. */
			_x(
				'%1$s: %2$s',
				'pie chart: title and slices',
				'monsterinsights-reports'
			),
			title,
			labels
				.map( ( label, index ) =>
					sprintf(
						/* translators: 1: a slice of a pie chart, e.g. Desktop; 2: its percent. */
						_x(
							'%1$s %2$s',
							'pie chart slice and its percent',
							'monsterinsights-reports'
						),
						label,
						formatPercent( shares[ index ] ?? 0, getLocale() )
					)
				)
				.join( ', ' )
		);

	// The period's pie, then the compare period's beside it, each captioned with its period.
	const pies = [
		{
			chartId: id,
			values,
			percentages,
			caption: compare ? currentLabel : undefined,
		},
		...( compare
			? [
					{
						chartId: `${ id }-compare`,
						values: compareValues,
						percentages: comparePercentages,
						caption: compareLabel,
					},
			  ]
			: [] ),
	];

	return (
		<div className={ classes } data-chart-id={ id }>
			<div className="monsterinsights-reports-pie__charts">
				{ pies.map( ( pie ) => (
					<Pie
						key={ pie.chartId }
						{ ...pie }
						ariaLabel={
							pie.caption
								? `${ describe( pie.percentages ) } (${
										pie.caption
								  })`
								: describe( pie.percentages )
						}
						labels={ labels }
						colors={ colors }
						size={ size }
						cutout={ cutout }
					/>
				) ) }
			</div>
			<ul
				className="monsterinsights-reports-pie__legend"
				aria-label={ sprintf(
					/* translators: %s: what the chart shows, e.g. Devices. */
					__( '%s legend', 'monsterinsights-reports' ),
					title
				) }
			>
				{ slices.map( ( slice, index ) => {
					const percent = percentages[ index ] ?? 0;
					const comparePercent = comparePercentages[ index ] ?? 0;
					const change =
						slice.change !== undefined
							? slice.change
							: changeOf( percent, comparePercent );
					return (
						<li key={ `${ slice.label }-${ index }` }>
							<span
								className="monsterinsights-reports-pie__swatch"
								style={ { background: colors[ index ] } }
								aria-hidden="true"
							/>
							<span className="monsterinsights-reports-pie__label">
								{ slice.label }
							</span>
							<span className="monsterinsights-reports-pie__percent">
								{ formatPercent( percent, getLocale() ) }
							</span>
							{ compare && (
								<>
									<span className="monsterinsights-reports-pie__percent is-compare">
										{ compareLabel && (
											<span className="screen-reader-text">
												{ compareLabel }{ ' ' }
											</span>
										) }
										{ formatPercent(
											comparePercent,
											getLocale()
										) }
									</span>
									<Trend
										className="monsterinsights-reports-pie__change"
										change={ change }
									/>
								</>
							) }
						</li>
					);
				} ) }
			</ul>
		</div>
	);
}
