/**
 * The chart of a Conversations AI answer (docs/product-rules.md#conversations-ai): a pie, a donut
 * or a bar chart of one metric's values by label, drawn with the app's chart.js setup (the pie
 * chart's colours and hole, the bar chart's parts), with a table of the values beside it (and, for
 * a pie or a donut, each one's share of their total), so the numbers read without the canvas. A bar
 * chart's values may be rates, whose shares would mean nothing.
 */
import { useReducedMotion } from '@wordpress/compose';
import { useMemo } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import {
	ArcElement,
	BarElement,
	CategoryScale,
	Chart,
	LinearScale,
	type ChartData,
	type ChartOptions,
} from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';

import { useChartsMayDraw } from '../FirstPaint';
import { PIE_COLORS, PIE_CUTOUT, PIE_SIZE, toPercentages } from '../PieChart';
import { formatNumber, formatPercent } from '../../lib/format';
import { getLocale } from '../utils/locale';
import './style.scss';

// Only the parts these charts draw; Doughnut and Bar register their own controllers.
Chart.register( ArcElement, CategoryScale, LinearScale, BarElement );

/** Height of the bar chart in pixels. */
export const ANSWER_BAR_HEIGHT = 220;

export interface AnswerChartProps {
	type: 'pie' | 'donut' | 'bar';
	/** What the values count, e.g. "Sessions". */
	seriesName: string;
	data: Array< { value: number; label: string } >;
}

/**
 * The chart with its table of values.
 *
 * @param props            Component props.
 * @param props.type       Pie, donut or bar.
 * @param props.seriesName What the values count.
 * @param props.data       The values with their labels.
 */
export function AnswerChart( { type, seriesName, data }: AnswerChartProps ) {
	const reducedMotion = useReducedMotion();
	const mayDraw = useChartsMayDraw();
	const locale = getLocale();
	const labels = useMemo(
		() => data.map( ( item ) => item.label ),
		[ data ]
	);
	const values = useMemo(
		() => data.map( ( item ) => Number( item.value ) || 0 ),
		[ data ]
	);
	const shares = useMemo( () => toPercentages( values ), [ values ] );
	const colors = useMemo(
		() =>
			values.map(
				( _, index ) =>
					PIE_COLORS[ index % PIE_COLORS.length ] ?? '#2271b1'
			),
		[ values ]
	);
	const withShares = type !== 'bar';
	const label = sprintf(
		/* translators: %s: what the chart counts, e.g. Sessions. */
		__( 'Chart of %s', 'monsterinsights-reports' ),
		seriesName
	);

	const pieData = useMemo< ChartData< 'doughnut', number[], string > >(
		() => ( {
			labels,
			datasets: [
				{
					label: seriesName,
					data: values,
					backgroundColor: colors,
					borderColor: '#fff',
					borderWidth: 1,
				},
			],
		} ),
		[ labels, values, colors, seriesName ]
	);
	const pieOptions = useMemo< ChartOptions< 'doughnut' > >(
		() => ( {
			...( reducedMotion ? { animation: false as const } : {} ),
			responsive: true,
			maintainAspectRatio: false,
			cutout: type === 'donut' ? `${ PIE_CUTOUT }%` : 0,
			plugins: { legend: { display: false } },
		} ),
		[ reducedMotion, type ]
	);
	const barData = useMemo< ChartData< 'bar', number[], string > >(
		() => ( {
			labels,
			datasets: [
				{
					label: seriesName,
					data: values,
					backgroundColor: colors,
					borderWidth: 0,
				},
			],
		} ),
		[ labels, values, colors, seriesName ]
	);
	const barOptions = useMemo< ChartOptions< 'bar' > >(
		() => ( {
			...( reducedMotion ? { animation: false as const } : {} ),
			responsive: true,
			maintainAspectRatio: false,
			plugins: { legend: { display: false } },
			scales: {
				x: { grid: { display: false } },
				y: {
					beginAtZero: true,
					ticks: {
						callback: ( value ) =>
							formatNumber( Number( value ), locale ),
					},
				},
			},
		} ),
		[ reducedMotion, locale ]
	);

	return (
		<figure
			className={ `monsterinsights-reports-answer-chart is-${ type }` }
		>
			<div
				className="monsterinsights-reports-answer-chart__canvas"
				style={
					type === 'bar'
						? { height: ANSWER_BAR_HEIGHT }
						: { width: PIE_SIZE, height: PIE_SIZE }
				}
			>
				{ mayDraw &&
					( type === 'bar' ? (
						<Bar
							data={ barData }
							options={ barOptions }
							role="img"
							aria-label={ label }
						/>
					) : (
						<Doughnut
							data={ pieData }
							options={ pieOptions }
							width={ PIE_SIZE }
							height={ PIE_SIZE }
							role="img"
							aria-label={ label }
						/>
					) ) }
			</div>
			<table className="monsterinsights-reports-answer-chart__values">
				<caption>{ seriesName }</caption>
				<thead>
					<tr>
						<th scope="col">
							<span className="screen-reader-text">
								{ __( 'Label', 'monsterinsights-reports' ) }
							</span>
						</th>
						<th scope="col">{ seriesName }</th>
						{ withShares && (
							<th scope="col">
								{ __( 'Share', 'monsterinsights-reports' ) }
							</th>
						) }
					</tr>
				</thead>
				<tbody>
					{ data.map( ( item, index ) => (
						<tr key={ `${ item.label }-${ index }` }>
							<th scope="row">
								<span
									className="monsterinsights-reports-answer-chart__swatch"
									style={ { background: colors[ index ] } }
									aria-hidden="true"
								/>
								{ item.label }
							</th>
							<td>{ formatNumber( values[ index ], locale ) }</td>
							{ withShares && (
								<td>
									{ formatPercent(
										shares[ index ] ?? 0,
										locale
									) }
								</td>
							) }
						</tr>
					) ) }
				</tbody>
			</table>
		</figure>
	);
}
