/**
 * SAMPLE DATA — the Site Speed report, shaped as GET /reports/sitespeed answers. Shown blurred
 * under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SiteSpeedReport } from '../store/reports/types';
import type { SampleLayout } from '.';

export const SAMPLE = true;

export const payload: SiteSpeedReport = {
	desktop: {
		overallScore: 78,
		samples: 1840,
		cumulative_layout_shift: { score: 92, value: 0.06 },
		largest_contentful_paint: { score: 71, value: 1.9 },
		server_response_time: { score: 92, value: 540 },
		first_contentful_paint: { score: 88, value: 1.0 },
		total_blocking_time: { score: 63, value: 380 },
		interaction_to_next_paint: { score: 95, value: 0.18 },
		audit: null,
		server_response_source: 'field',
		method: 'field',
	},
	mobile: {
		overallScore: 64,
		samples: 2210,
		cumulative_layout_shift: { score: 84, value: 0.12 },
		largest_contentful_paint: { score: 58, value: 3.6 },
		server_response_time: { score: 81, value: 780 },
		first_contentful_paint: { score: 74, value: 2.4 },
		total_blocking_time: { score: 41, value: 690 },
		interaction_to_next_paint: { score: 70, value: 0.31 },
		audit: null,
		server_response_source: 'field',
		method: 'field',
	},
};

export function layout(): SampleLayout {
	const p = payload.desktop;
	return {
		boxes: [
			{
				label: __( 'Overall Score', 'monsterinsights-reports' ),
				value: p.overallScore ?? 0,
			},
			{
				label: __(
					'Largest Contentful Paint',
					'monsterinsights-reports'
				),
				value: `${ p.largest_contentful_paint?.value } s`,
			},
			{
				label: __(
					'Cumulative Layout Shift',
					'monsterinsights-reports'
				),
				value: p.cumulative_layout_shift?.value ?? 0,
			},
			{
				label: __( 'Server Response Time', 'monsterinsights-reports' ),
				value: `${ p.server_response_time?.value } ms`,
			},
			{
				label: __(
					'First Contentful Paint',
					'monsterinsights-reports'
				),
				value: `${ p.first_contentful_paint?.value } s`,
			},
			{
				label: __( 'Total Blocking Time', 'monsterinsights-reports' ),
				value: `${ p.total_blocking_time?.value } ms`,
			},
			{
				label: __(
					'Interaction to Next Paint',
					'monsterinsights-reports'
				),
				value: `${ p.interaction_to_next_paint?.value } s`,
			},
		],
	};
}
