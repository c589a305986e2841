/**
 * SAMPLE DATA — the Landing Page Details report, shaped as GET /reports/traffic_landing_pages: the
 * sessions chart and the `landing_pages` table. Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import { trafficDemo } from './traffic';

export const SAMPLE = true;

export const { payload, layout } = trafficDemo(
	'landing_pages',
	'landing_page',
	() => __( 'Landing Page', 'monsterinsights-reports' ),
	[
		[ '/', 4210 ],
		[ '/getting-started/', 2380 ],
		[ '/ten-quick-tips/', 1690 ],
		[ '/pricing/', 940 ],
		[ '/about/', 610 ],
		[ '/contact/', 320 ],
	],
	() => __( 'Top Landing Pages', 'monsterinsights-reports' )
);
