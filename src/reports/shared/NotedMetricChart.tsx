/**
 * The sessions chart of a report that has site notes: the shared MetricChart with the notes toggle
 * and panel right under it, in its box (as on the Overview); the markers open the panel on their
 * notes. A sample (locked report) shows the chart alone: nothing is fetched for it.
 */
import {
	MetricChart,
	type MetricChartProps,
} from '../../components/report/MetricChart';
import { useReportContext } from '../../components/report/context';
import { ChartNotes, useChartNotesState } from './site-notes';

/**
 * The chart with its site notes.
 *
 * @param props The chart's props.
 */
export function NotedMetricChart(
	props: Omit< MetricChartProps, 'onNoteSelect' | 'children' >
) {
	const { demo } = useReportContext();
	const notes = useChartNotesState();
	if ( demo ) {
		return <MetricChart { ...props } />;
	}
	return (
		<MetricChart { ...props } onNoteSelect={ notes.show }>
			<ChartNotes state={ notes } />
		</MetricChart>
	);
}
