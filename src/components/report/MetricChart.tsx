/**
 * The sessions chart of a report payload (the Chart block, spec 3 §3 "Sessions chart"): Sessions
 * and Pageviews tabs with their totals over a line chart of the chosen metric, its trend points in
 * the tooltip, the site notes as markers (a click opens the report's notes panel) and, while
 * comparing, the compare range as a second line. All zero shows the waiting-for-data overlay.
 */
import { useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { ChartOverlay } from '../ChartOverlay';
import { LineChart } from '../LineChart';
import { MetricTabs } from '../MetricTabs';
import { formatNumber } from '../../lib/format';
import type { ChartBlock } from '../../types/reports';
import { useReportContext } from './context';
import './chart.scss';

/** The chart's two metrics and the series of the block each one reads. */
const METRICS = {
	sessions: { values: 'sessions', trend: 'session_trendpoints' },
	page_views: { values: 'page_views', trend: 'page_view_trendpoints' },
} as const;

export type ChartMetric = keyof typeof METRICS;

export interface MetricChartProps {
	/** The Chart block of the payload. */
	chart: ChartBlock;
	/** Names the chart in the DOM and in its tooltip payload. */
	id: string;
	/** Shows the compare line (the payload has `compare` only while comparing). */
	comparing?: boolean;
}

/**
 * The label of a chart metric.
 *
 * @param metric The metric.
 */
export function chartMetricLabel( metric: ChartMetric ): string {
	return metric === 'sessions'
		? __( 'Sessions', 'monsterinsights-reports' )
		: __( 'Pageviews', 'monsterinsights-reports' );
}

const sum = ( values: number[] ) =>
	values.reduce( ( total, value ) => total + value, 0 );

/**
 * The tabs and the chart.
 *
 * @param props           Component props.
 * @param props.chart     The Chart block.
 * @param props.id        The chart's id.
 * @param props.comparing Whether the compare line shows.
 */
export function MetricChart( {
	chart,
	id,
	comparing = false,
}: MetricChartProps ) {
	const { locale, showNotes } = useReportContext();
	const [ metric, setMetric ] = useState< ChartMetric >( 'sessions' );
	const { values, trend } = METRICS[ metric ];
	const label = chartMetricLabel( metric );
	const compare = comparing ? chart.compare : undefined;
	const notes = useMemo(
		() =>
			chart.notes.map( ( note ) => ( {
				id: note.id,
				timestamp: note.timestamp,
				title: note.title,
				color: note.color || undefined,
			} ) ),
		[ chart.notes ]
	);
	const empty = chart.sessions.every( ( value ) => ! value );

	return (
		<section
			className="monsterinsights-reports-metric-chart"
			aria-label={ __( 'Traffic chart', 'monsterinsights-reports' ) }
		>
			<MetricTabs
				label={ __( 'Metrics', 'monsterinsights-reports' ) }
				tabs={ ( Object.keys( METRICS ) as ChartMetric[] ).map(
					( key ) => ( {
						key,
						label: chartMetricLabel( key ),
						value: formatNumber(
							sum( chart[ METRICS[ key ].values ] ),
							locale,
							0
						),
					} )
				) }
				selected={ metric }
				onSelect={ ( key ) => setMetric( key as ChartMetric ) }
			>
				<LineChart
					id={ `${ id }-${ metric }` }
					label={ label }
					labels={ chart.categories }
					timestamps={ chart.timestamps }
					datapoints={ chart[ values ] }
					trendpoints={ chart[ trend ] }
					formatValue={ ( value ) =>
						formatNumber( value, locale, 0 )
					}
					notes={ notes }
					onNoteSelect={
						showNotes
							? ( selected ) =>
									showNotes(
										selected.flatMap( ( note ) =>
											note.id === undefined
												? []
												: [ note.id ]
										)
									)
							: undefined
					}
					compare={
						compare
							? {
									label: __(
										'Compare Period',
										'monsterinsights-reports'
									),
									datapoints: compare[ values ],
							  }
							: undefined
					}
				>
					{ empty && <ChartOverlay /> }
				</LineChart>
			</MetricTabs>
		</section>
	);
}
