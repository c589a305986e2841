/**
 * SAMPLE DATA — the Media report (spec 3 §3 "Media"). Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { curve, dayLabels, pct, timestamps, trend } from './series';

export const SAMPLE = true;

export const payload = {
	line_chart_report: {
		labels: dayLabels( 30 ),
		datas: curve( 30, 2140 ),
		trends: trend( 30 ),
		timestamps: timestamps( 30 ),
	},
	line_compare_chart: { datas: curve( 30, 1880 ) },
	video_details_rows: [
		{
			title: 'Sample video: product tour',
			video_start: 940,
			average_watch_time: '1:42',
			average_time_viewed: 58.3,
			completion_rate: 31.2,
		},
		{
			title: 'Sample video: customer story',
			video_start: 610,
			average_watch_time: '2:05',
			average_time_viewed: 64.9,
			completion_rate: 38.7,
		},
		{
			title: 'Sample video: how-to',
			video_start: 590,
			average_watch_time: '3:18',
			average_time_viewed: 47.1,
			completion_rate: 22.4,
		},
	],
};

export function layout(): SampleLayout {
	return {
		boxes: [
			{
				label: __( 'Video Plays', 'monsterinsights-reports' ),
				value: payload.line_chart_report.datas.reduce(
					( s, v ) => s + v,
					0
				),
			},
		],
		tables: [
			{
				title: __( 'Videos', 'monsterinsights-reports' ),
				columns: [
					__( 'Video', 'monsterinsights-reports' ),
					__( 'Video Plays', 'monsterinsights-reports' ),
					__( 'Avg. Watch Time', 'monsterinsights-reports' ),
					__( 'Avg. % Watched', 'monsterinsights-reports' ),
					__( 'Completion Rate', 'monsterinsights-reports' ),
				],
				rows: payload.video_details_rows.map( ( r ) => [
					r.title,
					r.video_start,
					r.average_watch_time,
					pct( r.average_time_viewed ),
					pct( r.completion_rate ),
				] ),
			},
		],
	};
}
