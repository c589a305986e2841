/**
 * SAMPLE DATA — the Site Speed report (spec 3 §3 "Site speed data"). Shown blurred under its upsell;
 * never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';

export const SAMPLE = true;

export const payload = {
	overallScore: 78,
	cumulative_layout_shift: { score: 92, value: 0.06 },
	largest_contentful_paint: { score: 71, value: 2.9 },
	server_response_time: { score: 84, value: 540 },
	first_contentful_paint: { score: 88, value: 1.4 },
	total_blocking_time: { score: 63, value: 380 },
	interaction_to_next_paint: { score: 95, value: 0.18 },
};

export function layout(): SampleLayout {
	const p = payload;
	return {
		boxes: [
			{
				label: __( 'Overall Score', 'monsterinsights-reports' ),
				value: p.overallScore,
			},
			{
				label: __(
					'Largest Contentful Paint',
					'monsterinsights-reports'
				),
				value: `${ p.largest_contentful_paint.value } s`,
			},
			{
				label: __(
					'Cumulative Layout Shift',
					'monsterinsights-reports'
				),
				value: p.cumulative_layout_shift.value,
			},
			{
				label: __( 'Server Response Time', 'monsterinsights-reports' ),
				value: `${ p.server_response_time.value } ms`,
			},
			{
				label: __(
					'First Contentful Paint',
					'monsterinsights-reports'
				),
				value: `${ p.first_contentful_paint.value } s`,
			},
			{
				label: __( 'Total Blocking Time', 'monsterinsights-reports' ),
				value: `${ p.total_blocking_time.value } ms`,
			},
			{
				label: __(
					'Interaction to Next Paint',
					'monsterinsights-reports'
				),
				value: `${ p.interaction_to_next_paint.value } s`,
			},
		],
	};
}
