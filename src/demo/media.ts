/**
 * SAMPLE DATA — the Media report, shaped as its REST payload (includes/Reports/Media.php): the
 * Video Plays graph and the videos table. Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type { MediaGraph, MediaReport } from '../store/reports/types';
import { curve, dayLabels, pct, timestamps, trend } from './series';
import { column, samplePage } from './pages';

export const SAMPLE = true;

const DAYS = 30;

const graph: MediaGraph = {
	labels: dayLabels( DAYS ),
	timestamps: timestamps( DAYS ),
	count: DAYS,
	notes: [],
	video_start: {
		datapoints: curve( DAYS, 2140 ),
		trendpoints: trend( DAYS ),
		total: 2140,
	},
};

/** The videos table's columns, their labels translated when read. */
const columns = () => [
	column( 'title', __( 'Video', 'monsterinsights-reports' ), 'text' ),
	column( 'video_start', __( 'Video Plays', 'monsterinsights-reports' ) ),
	column(
		'average_watch_time',
		__( 'Avg. Watch Time', 'monsterinsights-reports' ),
		'duration'
	),
	column(
		'average_time_viewed',
		__( 'Avg. % Watched', 'monsterinsights-reports' ),
		'percent'
	),
	column(
		'completion_rate',
		__( 'Completion Rate', 'monsterinsights-reports' ),
		'percent'
	),
];

export const payload: MediaReport = {
	line_chart_report: graph,
	video_details_rows: samplePage(
		columns,
		[
			{
				title: 'Sample video: product tour',
				video_start: 940,
				average_watch_time: 102,
				average_time_viewed: 58.3,
				completion_rate: 31.2,
			},
			{
				title: 'Sample video: customer story',
				video_start: 610,
				average_watch_time: 125,
				average_time_viewed: 64.9,
				completion_rate: 38.7,
			},
			{
				title: 'Sample video: how-to',
				video_start: 590,
				average_watch_time: 198,
				average_time_viewed: 47.1,
				completion_rate: 22.4,
			},
		],
		'video_start'
	),
	compare: {
		line_chart_report: {
			...graph,
			video_start: {
				...graph.video_start,
				datapoints: curve( DAYS, 1880 ),
			},
		},
	},
	missing_dimensions: [],
};

export function layout(): SampleLayout {
	return {
		boxes: [
			{
				label: __( 'Video Plays', 'monsterinsights-reports' ),
				value: graph.video_start.total,
			},
		],
		tables: [
			{
				title: __( 'Videos', 'monsterinsights-reports' ),
				columns: payload.video_details_rows.columns.map(
					( c ) => c.label
				),
				rows: payload.video_details_rows.rows.map( ( r ) => [
					String( r.title ),
					Number( r.video_start ),
					Number( r.average_watch_time ),
					pct( Number( r.average_time_viewed ) ),
					pct( Number( r.completion_rate ) ),
				] ),
			},
		],
	};
}
