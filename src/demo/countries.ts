/**
 * SAMPLE DATA — the Country Report (spec 3 §3 "Country"). Shown blurred under its upsell; never
 * real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { pct, sessionsChart } from './series';

export const SAMPLE = true;

const metrics = ( sessions: number ) => ( {
	sessions,
	engagedSessions: Math.round( sessions * 0.6 ),
	bounceRate: 40 + ( sessions % 11 ),
	purchases: Math.round( sessions * 0.012 ),
} );

export const payload = {
	sessions_chart: sessionsChart( 30, 12480 ),
	countries: [
		{
			name: 'United States',
			iso: 'US',
			...metrics( 4210 ),
			regions: [
				{ region: 'California', ...metrics( 820 ) },
				{ region: 'New York', ...metrics( 610 ) },
			],
		},
		{
			name: 'United Kingdom',
			iso: 'GB',
			...metrics( 1630 ),
			regions: [
				{ region: 'England', ...metrics( 1340 ) },
				{ region: 'Scotland', ...metrics( 170 ) },
			],
		},
		{
			name: 'Germany',
			iso: 'DE',
			...metrics( 1180 ),
			regions: [
				{ region: 'Bavaria', ...metrics( 290 ) },
				{ region: 'Berlin', ...metrics( 260 ) },
			],
		},
		{
			name: 'Canada',
			iso: 'CA',
			...metrics( 920 ),
			regions: [ { region: 'Ontario', ...metrics( 410 ) } ],
		},
		{
			name: 'India',
			iso: 'IN',
			...metrics( 860 ),
			regions: [ { region: 'Karnataka', ...metrics( 190 ) } ],
		},
	],
};

export function layout(): SampleLayout {
	return {
		tables: [
			{
				title: __( 'Country Report', 'monsterinsights-reports' ),
				columns: [
					__( 'Country', 'monsterinsights-reports' ),
					__( 'Sessions', 'monsterinsights-reports' ),
					__( 'Engaged Sessions', 'monsterinsights-reports' ),
					__( 'Bounce Rate', 'monsterinsights-reports' ),
				],
				rows: payload.countries.map( ( r ) => [
					r.name,
					r.sessions,
					r.engagedSessions,
					pct( r.bounceRate ),
				] ),
			},
		],
	};
}
