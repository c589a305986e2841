/**
 * SAMPLE DATA — the Technology report, shaped as GET /reports/traffic_technology: two Shares
 * blocks. Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout, SampleTable } from '.';
import type { TrafficTechnologyReport } from '../store/reports/types';
import type { SharesBlock } from '../types/reports';
import { pct } from './series';

export const SAMPLE = true;

export const payload: TrafficTechnologyReport = {
	browser_breakdown: {
		labels: [ 'Chrome', 'Safari', 'Edge', 'Firefox', 'Samsung Internet' ],
		series: [ 61.4, 18.2, 12.7, 4.9, 2.8 ],
	},
	device_breakdown: {
		labels: [ 'Desktop', 'Mobile', 'Tablet' ],
		series: [ 52.6, 41.3, 6.1 ],
	},
};

/**
 * A pie as a sample table.
 *
 * @param title  Its title.
 * @param label  Its label column.
 * @param shares The pie.
 */
const table = (
	title: string,
	label: string,
	shares: SharesBlock
): SampleTable => ( {
	title,
	columns: [ label, __( 'Sessions', 'monsterinsights-reports' ) ],
	rows: shares.labels.map( ( name, i ) => [
		name,
		pct( shares.series[ i ] ?? 0 ),
	] ),
} );

export function layout(): SampleLayout {
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
