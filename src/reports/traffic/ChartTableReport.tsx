/**
 * The layout the traffic reports with a details table share (Traffic Overview, Landing Page
 * Details, Campaigns, Source / Medium, Social Media; the Country report too): the Sessions /
 * Pageviews chart with its notes markers and, optionally, the site notes toggle and panel right
 * under it, then one searchable, sortable, paged table with its CSV download.
 * See docs/product-rules.md#traffic-publishers-and-pages.
 */
import type { ReactNode } from 'react';

import { DataTable } from '../../components/ReportTable/DataTable';
import { MetricChart } from '../../components/report/MetricChart';
import { NotedMetricChart } from '../shared/NotedMetricChart';
import type {
	ChartBlock,
	TablePage,
	TableRow,
} from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';
import { useRoutedReport } from '../registry';

/** A payload of a chart and tables. */
export type ChartTablePayload = { chart: ChartBlock };

/** The table ids of such a payload. */
export type TableId< P extends ChartTablePayload > = {
	[ K in keyof P ]: P[ K ] extends TablePage ? K : never;
}[ keyof P ] &
	string;

/**
 * The props of the screen of the report the route hands it; `P` is that report's payload type.
 */
export interface ChartTableReportProps< P extends ChartTablePayload > {
	/** Its details table's id in the payload and in the tables route. */
	table: TableId< P >;
	/** The table's heading. */
	title: string;
	/** The empty text of the report. */
	emptyText: string;
	/** Column ids whose `change` is good when it falls. */
	inverse?: readonly string[];
	/** Decorates a row's first cell (a flag, an icon). */
	decorate?: ( row: TableRow, content: ReactNode ) => ReactNode;
	/** Shows the site notes toggle and panel under the chart; chart markers open it. */
	notes?: boolean;
	/** Shown under the table for a payload, e.g. a note on what the table lacks. */
	footer?: ( data: P ) => ReactNode;
}

/**
 * The report screen: chart, table and notes.
 *
 * @param props           Component props.
 * @param props.table
 * @param props.title
 * @param props.emptyText
 * @param props.inverse
 * @param props.decorate
 * @param props.notes
 * @param props.footer
 */
export function ChartTableReport< P extends ChartTablePayload >( {
	table,
	title,
	emptyText,
	inverse,
	decorate,
	notes = true,
	footer,
}: ChartTableReportProps< P > ) {
	const name = useRoutedReport();
	return (
		<ReportScreen< P > emptyText={ emptyText }>
			{ ( payload, { comparing } ) => {
				const Chart = notes ? NotedMetricChart : MetricChart;
				return (
					<>
						<Chart
							chart={ payload.chart }
							id={ name }
							comparing={ comparing }
						/>
						<DataTable
							table={ table }
							page={ payload[ table ] as TablePage }
							title={ title }
							inverse={ inverse }
							emptyText={ emptyText }
							decorate={ decorate }
						/>
						{ footer?.( payload ) }
					</>
				);
			} }
		</ReportScreen>
	);
}
