/**
 * SAMPLE DATA — AI Insights (docs/product-rules.md#ai-insights): three insights behind the upsell,
 * shaped as GET /reports/ai_insights answers. Never real.
 */
import { __ } from '@wordpress/i18n';

import type { AiInsightsReport } from '../store/reports/types';
import type { SampleLayout } from '.';

export const SAMPLE = true;

export const payload: AiInsightsReport = {
	generated_at: 1760000000,
	insights: [
		{
			id: 'sample-1',
			content:
				'Sessions from the Organic Search channel grew 18%: 4,120 in the last 30 days, up from 3,492.',
			link: '/traffic-overview',
		},
		{
			id: 'sample-2',
			content:
				'Sessions on mobile devices fell 12%: 1,870 in the last 30 days, down from 2,125.',
			link: '/traffic-technology',
		},
		{
			id: 'sample-3',
			content:
				'Sessions starting on /getting-started/ appeared: 640 in the last 30 days, none in the 30 days before.',
			link: '/traffic-landing-pages',
		},
	],
	ratings: [],
};

export function layout(): SampleLayout {
	return {
		tables: [
			{
				title: __( 'AI Insights', 'monsterinsights-reports' ),
				columns: [ __( 'Insight', 'monsterinsights-reports' ) ],
				rows: payload.insights.map( ( r ) => [ r.content ] ),
			},
		],
	};
}
