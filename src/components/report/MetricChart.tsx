/**
 * The sessions chart of a report payload (the Chart block): Sessions and Pageviews tabs with their
 * totals over a line chart of the chosen metric, its trend points in the tooltip, the site notes as
 * markers (a click tells the report, whose notes go right under the chart) and, while comparing,
 * the compare range as a second line. All zero shows the waiting-for-data overlay. A report may add
 * tabs of its own series on the same days (the Forms report's impressions and conversions).
 */
import { useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { ChartOverlay } from '../ChartOverlay';
import { LineChart } from '../LineChart';
import { MetricTabs } from '../MetricTabs';
import { formatNumber } from '../../lib/format';
import type { GraphSeries } from '../../store/reports/types';
import type { ChartBlock } from '../../types/reports';
import { useChartNotes } from './chartNotes';
import { useReportContext } from './context';
import './chart.scss';

/** The chart's two metrics and the series of the block each one reads. */
const METRICS = {
	sessions: { values: 'sessions', trend: 'session_trendpoints' },
	page_views: { values: 'page_views', trend: 'page_view_trendpoints' },
} as const;

export type ChartMetric = keyof typeof METRICS;

/** A tab of a report's own series on the chart's days. */
export interface ChartTab {
	key: string;
	label: string;
	series: GraphSeries;
	/** The compare range's points, while comparing. */
	compare?: number[];
}

export interface MetricChartProps {
	/** The Chart block of the payload. */
	chart: ChartBlock;
	/** Names the chart in the DOM and in its tooltip payload. */
	id: string;
	/** Shows the compare line (the payload has `compare` only while comparing). */
	comparing?: boolean;
	/** More tabs after Sessions and Pageviews. */
	extra?: ChartTab[];
	/** Called with the ids of the notes whose marker was clicked; markers are inert without it. */
	onNoteSelect?: ( ids: number[] ) => void;
	/** Shown right under the chart, in its box: the site notes of a report that has them. */
	children?: ReactNode;
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
 * @param props              Component props.
 * @param props.chart        The Chart block.
 * @param props.id           The chart's id.
 * @param props.comparing    Whether the compare line shows.
 * @param props.extra        More tabs.
 * @param props.onNoteSelect Called when a note marker is clicked.
 * @param props.children     Shown right under the chart.
 */
export function MetricChart( {
	chart,
	id,
	comparing = false,
	extra = [],
	onNoteSelect,
	children,
}: MetricChartProps ) {
	const { locale } = useReportContext();
	const [ metric, setMetric ] = useState< string >( 'sessions' );
	const tabs = useMemo(
		(): ChartTab[] => [
			...( Object.keys( METRICS ) as ChartMetric[] ).map( ( key ) => {
				const { values, trend } = METRICS[ key ];
				return {
					key,
					label: chartMetricLabel( key ),
					series: {
						datapoints: chart[ values ],
						trendpoints: chart[ trend ],
						total: sum( chart[ values ] ),
					},
					compare: chart.compare?.[ values ],
				};
			} ),
			...extra,
		],
		[ chart, extra ]
	);
	const tab = tabs.find( ( item ) => item.key === metric ) ?? tabs[ 0 ]!;
	const label = tab.label;
	const notes = useChartNotes( chart.notes );
	const empty = chart.sessions.every( ( value ) => ! value );

	return (
		<section
			className="monsterinsights-reports-metric-chart"
			aria-label={ __( 'Traffic chart', 'monsterinsights-reports' ) }
		>
			<MetricTabs
				label={ __( 'Metrics', 'monsterinsights-reports' ) }
				tabs={ tabs.map( ( item ) => ( {
					key: item.key,
					label: item.label,
					value: formatNumber( item.series.total, locale, 0 ),
				} ) ) }
				selected={ tab.key }
				onSelect={ setMetric }
			>
				<LineChart
					id={ `${ id }-${ tab.key }` }
					label={ label }
					labels={ chart.categories }
					timestamps={ chart.timestamps }
					datapoints={ tab.series.datapoints }
					trendpoints={ tab.series.trendpoints }
					formatValue={ ( value ) =>
						formatNumber( value, locale, 0 )
					}
					notes={ notes }
					onNoteSelect={
						onNoteSelect
							? ( selected ) =>
									onNoteSelect(
										selected.flatMap( ( note ) =>
											note.id === undefined
												? []
												: [ note.id ]
										)
									)
							: undefined
					}
					compare={
						comparing && tab.compare
							? {
									label: __(
										'Compare Period',
										'monsterinsights-reports'
									),
									datapoints: tab.compare,
							  }
							: undefined
					}
				>
					{ empty && <ChartOverlay /> }
				</LineChart>
			</MetricTabs>
			{ children }
		</section>
	);
}
