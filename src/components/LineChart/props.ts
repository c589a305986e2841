/**
 * The props of the report line chart: its series, the compare series, the notes and the tooltip's
 * formatting.
 */
import type { ReactNode } from 'react';

import type { ChartNote, TooltipExtraItem } from './payload';

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
