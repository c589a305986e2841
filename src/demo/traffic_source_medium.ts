/**
 * SAMPLE DATA — the Source / Medium report, shaped as GET /reports/traffic_source_medium: the
 * sessions chart and the `source_medium` table. Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import { trafficDemo } from './traffic';

export const SAMPLE = true;

export const { payload, layout } = trafficDemo(
	'source_medium',
	'source_medium',
	() => __( 'Source / Medium', 'monsterinsights-reports' ),
	[
		[ 'google / organic', 4870 ],
		[ '(direct) / (none)', 3210 ],
		[ 'facebook.com / referral', 1120 ],
		[ 'newsletter / email', 620 ],
		[ 'bing / organic', 410 ],
		[ 'google / cpc', 380 ],
	],
	() => __( 'Source / Medium Details', 'monsterinsights-reports' )
);
