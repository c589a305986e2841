/**
 * SAMPLE DATA — AI Insights (docs/product-rules.md#planned): three insights behind the upsell.
 * Never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';

export const SAMPLE = true;

export const payload = {
	insights: [
		{
			id: 'sample-1',
			content:
				'Sessions from organic search grew 18% compared with the previous 30 days, led by your getting-started guide.',
		},
		{
			id: 'sample-2',
			content:
				'Mobile visitors bounce 12 points more often than desktop visitors on your pricing page.',
		},
		{
			id: 'sample-3',
			content:
				'Tuesday mornings bring the most visits: consider publishing new posts then.',
		},
	],
	ratings: [] as Array< { insight_id: string; score: number } >,
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
