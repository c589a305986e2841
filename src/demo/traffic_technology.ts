/**
 * SAMPLE DATA — the Technology report (spec 3 §3 "Technology"). Shown blurred under its upsell;
 * never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { pct } from './series';

export const SAMPLE = true;

export const payload = {
	browser_breakdown: {
		series: [ 61.4, 18.2, 12.7, 4.9, 2.8 ],
		labels: [ 'Chrome', 'Safari', 'Edge', 'Firefox', 'Other' ],
	},
	device_breakdown: {
		series: [ 52.6, 41.3, 6.1 ],
		labels: [ 'desktop', 'mobile', 'tablet' ],
	},
};

export function layout(): SampleLayout {
	const table = (
		title: string,
		label: string,
		data: { series: number[]; labels: string[] }
	) => ( {
		title,
		columns: [ label, __( 'Sessions', 'monsterinsights-reports' ) ],
		rows: data.labels.map( ( l, i ) => [
			l,
			pct( data.series[ i ] ?? 0 ),
		] ),
	} );
	return {
		tables: [
			table(
				__( 'Browser Breakdown', 'monsterinsights-reports' ),
				__( 'Browser', 'monsterinsights-reports' ),
				payload.browser_breakdown
			),
			table(
				__( 'Device Breakdown', 'monsterinsights-reports' ),
				__( 'Device', 'monsterinsights-reports' ),
				payload.device_breakdown
			),
		],
	};
}
