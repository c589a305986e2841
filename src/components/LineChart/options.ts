/**
 * What chart.js is given to draw the report line chart: its colours, its datasets (the series and
 * the dashed compare series) and its options.
 */
import type { ChartData, ChartOptions } from 'chart.js';

import { AREA_PLUGIN_ID } from './area';
import type { LineChartCompare } from './props';

/** The colours of the series and of the compare series. */
export const COLORS = {
	line: '#2271b1',
	fill: 'rgba(34, 113, 177, 0.08)',
	compare: '#8c8f94',
};

/**
 * The chart's data: the series and, dashed, the compare series.
 *
 * @param label      What the values count.
 * @param labels     The points' labels.
 * @param datapoints The values.
 * @param compare    The compare series, if any.
 */
export function lineChartData(
	label: string,
	labels: string[],
	datapoints: number[],
	compare: LineChartCompare | undefined
): ChartData< 'line', number[], string > {
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
}

/**
 * The chart's options. Users who ask for less motion get the chart drawn at once, not grown from
 * the axis.
 *
 * @param reducedMotion Whether the user asks for less motion.
 * @param formatValue   Reads the current value formatter (the options are built once).
 * @param whole         Whether every value is a whole number: the axis then steps by whole numbers.
 */
export function lineChartOptions(
	reducedMotion: boolean,
	formatValue: () => ( value: number ) => string,
	whole = false
): ChartOptions< 'line' > {
	return {
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
					...( whole ? { precision: 0 } : {} ),
					// Small counts step by fractions the formatter rounds (0.2 → "0"): a label
					// equal to the one below it is left out, so no value shows twice.
					callback: ( value, index, ticks ) => {
						const format = formatValue();
						const text = format( Number( value ) );
						const below =
							index > 0 ? ticks[ index - 1 ] : undefined;
						return below && format( Number( below.value ) ) === text
							? ''
							: text;
					},
				},
			},
		},
	};
}
