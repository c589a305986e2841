/**
 * SAMPLE DATA — the Campaigns report, shaped as GET /reports/traffic_campaign: the sessions chart
 * and the `campaigns` table. Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import { trafficDemo } from './traffic';

export const SAMPLE = true;

export const { payload, layout } = trafficDemo(
	'campaigns',
	'campaign',
	() => __( 'Campaign', 'monsterinsights-reports' ),
	[
		[ 'spring_sale', 1420 ],
		[ 'newsletter_october', 880 ],
		[ 'black_friday_preview', 610 ],
		[ 'webinar_signup', 340 ],
	],
	() => __( 'Campaign Details', 'monsterinsights-reports' )
);
