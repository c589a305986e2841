/**
 * SAMPLE DATA — the Traffic Details report of spec 3 (payload key traffic_overview). Shown blurred under its upsell;
 * never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { trafficLayout, trafficPayload } from './traffic';

export const SAMPLE = true;

export const payload = trafficPayload( 'channel', [
	[ 'Organic Search', 5120 ],
	[ 'Direct', 3210 ],
	[ 'Referral', 1840 ],
	[ 'Organic Social', 1260 ],
	[ 'Email', 620 ],
	[ 'Paid Search', 430 ],
] );

export function layout(): SampleLayout {
	return trafficLayout(
		__( 'Traffic Details', 'monsterinsights-reports' ),
		__( 'Channel', 'monsterinsights-reports' ),
		'channel',
		payload.table
	);
}
