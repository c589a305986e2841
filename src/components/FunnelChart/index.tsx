/**
 * The funnel chart: one bar per stage, each in its own colour, with the stage's value and its
 * percent of the first stage above the bars (docs/reports.md#ecommerce-funnel).
 */
import { useReducedMotion } from '@wordpress/compose';
import { useMemo } from '@wordpress/element';
import {
	BarElement,
	CategoryScale,
	Chart,
	LinearScale,
	type ChartData,
	type ChartOptions,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';

import { useChartsMayDraw } from '../FirstPaint';
import { Skeleton } from '../Loader';
import { formatNumber, formatPercent } from '../../lib/format';
import { getLocale } from '../utils/locale';
import './style.scss';

// Only the parts a bar chart draws; Bar registers its own controller.
Chart.register( CategoryScale, LinearScale, BarElement );

/** The stages' colours, in order: orange, purple, green (docs/reports.md#ecommerce-funnel). */
export const FUNNEL_COLORS = [ '#f0863a', '#8c5fc7', '#00a32a' ];

/** Height of the chart in pixels. */
export const FUNNEL_HEIGHT = 260;

export interface FunnelStage {
	label: string;
	value: number;
}

export interface FunnelChartProps {
	/** Accessible name of the chart. */
	title: string;
	stages: FunnelStage[];
	isLoading?: boolean;
	className?: string;
}

/**
 * Percent of the first stage, 0 when it is 0.
 *
 * @param value The stage's value.
 * @param first The first stage's value.
 */
export function shareOfFirst( value: number, first: number ): number {
	return first > 0 ? ( value / first ) * 100 : 0;
}

/**
 * The funnel: bars in the stages' colours, each stage's value and share of the first stage as
 * its heading.
 *
 * @param props           Component props.
 * @param props.title     Accessible name of the chart.
 * @param props.stages    The stages, in order.
 * @param props.isLoading Whether the stages are loading.
 * @param props.className A class of the figure.
 */
export function FunnelChart( {
	title,
	stages,
	isLoading = false,
	className,
}: FunnelChartProps ) {
	const reducedMotion = useReducedMotion();
	const mayDraw = useChartsMayDraw();
	const locale = getLocale();
	const first = stages[ 0 ]?.value ?? 0;

	const data = useMemo< ChartData< 'bar', number[], string > >(
		() => ( {
			labels: stages.map( ( stage ) => stage.label ),
			datasets: [
				{
					data: stages.map( ( stage ) => stage.value ),
					backgroundColor: stages.map(
						( _, index ) =>
							FUNNEL_COLORS[ index % FUNNEL_COLORS.length ] ??
							'#2271b1'
					),
					borderWidth: 0,
					barPercentage: 1,
					categoryPercentage: 0.9,
				},
			],
		} ),
		[ stages ]
	);
	const options = useMemo< ChartOptions< 'bar' > >(
		() => ( {
			...( reducedMotion ? { animation: false as const } : {} ),
			responsive: true,
			maintainAspectRatio: false,
			plugins: {
				legend: { display: false },
				tooltip: { enabled: false },
			},
			scales: {
				x: { grid: { display: false } },
				y: {
					beginAtZero: true,
					ticks: {
						precision: 0,
						callback: ( value ) =>
							formatNumber( Number( value ), locale ),
					},
				},
			},
		} ),
		[ reducedMotion, locale ]
	);

	if ( isLoading ) {
		return <Skeleton height={ FUNNEL_HEIGHT } />;
	}
	return (
		<figure
			className={ `monsterinsights-reports-funnel-chart ${
				className ?? ''
			}` }
		>
			<ol className="monsterinsights-reports-funnel-chart__stages">
				{ stages.map( ( stage, index ) => (
					<li
						key={ stage.label }
						className="monsterinsights-reports-funnel-chart__stage"
						style={ {
							borderTopColor:
								FUNNEL_COLORS[ index % FUNNEL_COLORS.length ],
						} }
					>
						<span className="monsterinsights-reports-funnel-chart__label">
							{ stage.label }
						</span>
						<span className="monsterinsights-reports-funnel-chart__value">
							{ formatNumber( stage.value, locale ) }
						</span>
						<span className="monsterinsights-reports-funnel-chart__share">
							{ formatPercent(
								shareOfFirst( stage.value, first ),
								locale
							) }
						</span>
					</li>
				) ) }
			</ol>
			<div
				className="monsterinsights-reports-funnel-chart__canvas"
				style={ { height: FUNNEL_HEIGHT } }
			>
				{ mayDraw && (
					<Bar
						data={ data }
						options={ options }
						role="img"
						aria-label={ title }
					/>
				) }
			</div>
		</figure>
	);
}
