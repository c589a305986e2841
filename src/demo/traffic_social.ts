/**
 * SAMPLE DATA — the Social Media report (spec 3 §3 "Social rows"). Shown blurred under its upsell;
 * never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { pct, sessionsChart } from './series';

export const SAMPLE = true;

const network = ( name: string, sessions: number ) => {
	const purchases = Math.round( sessions * 0.01 );
	return {
		network: name,
		icon: '',
		sessions,
		engaged_sessions: Math.round( sessions * 0.55 ),
		bounce_rate: 45 + ( sessions % 9 ),
		purchases,
		revenue: purchases * 80,
		conversion_rate: Math.round( ( purchases / sessions ) * 10000 ) / 100,
	};
};

export const payload = {
	sessions_chart: sessionsChart( 30, 2450 ),
	table: [
		network( 'Facebook', 1240 ),
		network( 'X (Twitter)', 610 ),
		network( 'LinkedIn', 480 ),
		network( 'Pinterest', 180 ),
	],
};

export function layout(): SampleLayout {
	return {
		tables: [
			{
				title: __( 'Report Details', 'monsterinsights-reports' ),
				columns: [
					__( 'Network', 'monsterinsights-reports' ),
					__( 'Sessions', 'monsterinsights-reports' ),
					__( 'Engaged Sessions', 'monsterinsights-reports' ),
					__( 'Bounce Rate', 'monsterinsights-reports' ),
					__( 'Purchases', 'monsterinsights-reports' ),
					__( 'Revenue', 'monsterinsights-reports' ),
					__( 'Conversion Rate', 'monsterinsights-reports' ),
				],
				rows: payload.table.map( ( r ) => [
					r.network,
					r.sessions,
					r.engaged_sessions,
					pct( r.bounce_rate ),
					r.purchases,
					r.revenue,
					pct( r.conversion_rate ),
				] ),
			},
		],
	};
}
