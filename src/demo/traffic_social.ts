/**
 * SAMPLE DATA — the Social Media report, shaped as GET /reports/traffic_social: the sessions chart
 * and the `social` table. Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type { TrafficChartReport } from '../store/reports/types';
import type { TableRow } from '../types/reports';
import { column, pageLayout, samplePage } from './pages';
import { sampleChart } from './traffic';

export const SAMPLE = true;

const network = ( name: string, icon: string, sessions: number ): TableRow => {
	const purchases = Math.round( sessions * 0.01 );
	return {
		network: name,
		icon,
		sessions,
		engaged_sessions: Math.round( sessions * 0.55 ),
		pages_per_sessions: 1.8 + ( sessions % 7 ) / 10,
		bounce_rate: 45 + ( sessions % 9 ),
		purchases,
		revenue: purchases * 80,
		conversion_rate: Math.round( ( purchases / sessions ) * 10000 ) / 100,
	};
};

const rows = [
	network( 'Facebook', 'facebook.com', 1240 ),
	network( 'Twitter', 'twitter.com', 610 ),
	network( 'LinkedIn', 'linkedin.com', 480 ),
	network( 'Pinterest', 'pinterest.com', 180 ),
];

export const payload: TrafficChartReport< 'social' > = {
	chart: sampleChart( 2510 ),
	social: samplePage(
		() => [
			column(
				'network',
				__( 'Social Network', 'monsterinsights-reports' ),
				'text'
			),
			column( 'sessions', __( 'Sessions', 'monsterinsights-reports' ) ),
			column(
				'engaged_sessions',
				__( 'Engaged Sessions', 'monsterinsights-reports' )
			),
			column(
				'bounce_rate',
				__( 'Bounce Rate', 'monsterinsights-reports' ),
				'percent'
			),
			column( 'purchases', __( 'Purchases', 'monsterinsights-reports' ) ),
			column(
				'revenue',
				__( 'Revenue', 'monsterinsights-reports' ),
				'money'
			),
			column(
				'conversion_rate',
				__( 'Conversion Rate', 'monsterinsights-reports' ),
				'percent'
			),
		],
		rows
	),
};

export function layout(): SampleLayout {
	return pageLayout(
		__( 'Report Details', 'monsterinsights-reports' ),
		payload.social
	);
}
