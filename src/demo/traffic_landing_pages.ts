/**
 * SAMPLE DATA — the Top Landing Pages report of spec 3 (payload key traffic_landing_pages). Shown blurred under its upsell;
 * never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { trafficLayout, trafficPayload } from './traffic';

export const SAMPLE = true;

export const payload = trafficPayload( 'landing_page', [
	[ '/', 3100 ],
	[ '/getting-started/', 1550 ],
	[ '/ten-quick-tips/', 1030 ],
	[ '/about/', 775 ],
	[ '/pricing/', 620 ],
	[ '/contact/', 515 ],
] );

export function layout(): SampleLayout {
	return trafficLayout(
		__( 'Top Landing Pages', 'monsterinsights-reports' ),
		__( 'Landing Page', 'monsterinsights-reports' ),
		'landing_page',
		payload.table
	);
}
