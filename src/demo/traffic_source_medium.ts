/**
 * SAMPLE DATA — the Source / Medium Details report of spec 3 (payload key traffic_source_medium). Shown blurred under its upsell;
 * never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { trafficLayout, trafficPayload } from './traffic';

export const SAMPLE = true;

export const payload = trafficPayload( 'source_medium', [
	[ 'google / organic', 5120 ],
	[ '(direct) / (none)', 3210 ],
	[ 'facebook.com / referral', 1240 ],
	[ 'newsletter / email', 620 ],
	[ 'bing / organic', 290 ],
] );

export function layout(): SampleLayout {
	return trafficLayout(
		__( 'Source / Medium Details', 'monsterinsights-reports' ),
		__( 'Source / Medium', 'monsterinsights-reports' ),
		'source_medium',
		payload.table
	);
}
