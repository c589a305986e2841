/**
 * SAMPLE DATA — the Traffic Overview report, shaped as GET /reports/traffic_overview: the sessions
 * chart and the `channels` table. Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import { trafficDemo } from './traffic';

export const SAMPLE = true;

export const { payload, layout } = trafficDemo(
	'channels',
	'channel',
	() => __( 'Channel', 'monsterinsights-reports' ),
	[
		[ 'Organic Search', 5120 ],
		[ 'Direct', 3210 ],
		[ 'Referral', 1840 ],
		[ 'Organic Social', 1260 ],
		[ 'Email', 620 ],
		[ 'Paid Search', 430 ],
	],
	() => __( 'Traffic Details', 'monsterinsights-reports' )
);
