/**
 * SAMPLE DATA — the Campaign Details report of spec 3 (payload key traffic_campaign). Shown blurred under its upsell;
 * never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { trafficLayout, trafficPayload } from './traffic';

export const SAMPLE = true;

export const payload = trafficPayload( 'campaign', [
	[ 'spring_sale', 1420 ],
	[ 'newsletter_october', 880 ],
	[ 'black_friday_preview', 610 ],
	[ 'webinar_signup', 340 ],
] );

export function layout(): SampleLayout {
	return trafficLayout(
		__( 'Campaign Details', 'monsterinsights-reports' ),
		__( 'Campaign', 'monsterinsights-reports' ),
		'campaign',
		payload.table
	);
}
