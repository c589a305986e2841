/**
 * SAMPLE DATA — the Real-Time report. Shown blurred under its upsell; never real.
 */
import { __, sprintf } from '@wordpress/i18n';

import type { RealtimeReport } from '../store/reports/types';
import type { SampleLayout } from '.';
import { pct } from './series';

export const SAMPLE = true;

/** A fixed instant for the sample's timestamps (never shown as a date). */
const SAMPLE_NOW = 1767225600;

/** Sample page views of each of the last 30 minutes. */
const MINUTES = Array.from(
	{ length: 30 },
	( _v, i ) => 4 + ( ( i * 7 ) % 9 )
);

export const payload = {
	now: 37,
	toppages: [
		{ title: 'Sample home page', count: 14, percent: 37.8 },
		{ title: 'Sample post: getting started', count: 9, percent: 24.3 },
		{ title: 'Sample page: pricing', count: 6, percent: 16.2 },
	],
	referrals: [
		{
			source: 'google.com',
			path: '/',
			campaign: '(not set)',
			count: 11,
			percent: 29.7,
		},
		{
			source: 'facebook.com',
			path: '/getting-started/',
			campaign: '(not set)',
			count: 5,
			percent: 13.5,
		},
	],
	countries: [
		{ name: 'United States', iso: 'US', count: 15, percent: 40.5 },
		{ name: 'United Kingdom', iso: 'GB', count: 7, percent: 18.9 },
		{ name: 'Germany', iso: 'DE', count: 5, percent: 13.5 },
	],
	cities: [
		{
			city: 'New York',
			region: 'New York',
			name: 'United States',
			iso: 'US',
			count: 6,
		},
		{
			city: 'London',
			region: 'England',
			name: 'United Kingdom',
			iso: 'GB',
			count: 5,
		},
		{
			city: 'Berlin',
			region: 'Berlin',
			name: 'Germany',
			iso: 'DE',
			count: 3,
		},
	],
	pageviewsovertime: {
		labels: Array.from( { length: 30 }, ( _v, i ) =>
			i === 29
				? __( 'now', 'monsterinsights-reports' )
				: sprintf(
						/* translators: %d: how many minutes ago, e.g. 29. */
						__( '-%d min', 'monsterinsights-reports' ),
						29 - i
				  )
		),
		datapoints: MINUTES,
		trendpoints: MINUTES.map( ( value, i ) =>
			i === 0 ? null : Math.round( ( value / 6 - 1 ) * 10000 ) / 100
		) as Array< number | null >,
		timestamps: Array.from(
			{ length: 30 },
			( _v, i ) => SAMPLE_NOW - ( 29 - i ) * 60
		),
	},
} satisfies RealtimeReport;

export function layout(): SampleLayout {
	return {
		boxes: [
			{
				label: __( 'Right Now', 'monsterinsights-reports' ),
				value: payload.now,
			},
		],
		tables: [
			{
				title: __( 'Top Pages', 'monsterinsights-reports' ),
				columns: [
					__( 'Page', 'monsterinsights-reports' ),
					__( 'Pageviews', 'monsterinsights-reports' ),
					__( 'Percent', 'monsterinsights-reports' ),
				],
				rows: payload.toppages.map( ( r ) => [
					r.title,
					r.count,
					pct( r.percent ),
				] ),
			},
			{
				title: __( 'Top Countries', 'monsterinsights-reports' ),
				columns: [
					__( 'Country', 'monsterinsights-reports' ),
					__( 'Active Users', 'monsterinsights-reports' ),
					__( 'Percent', 'monsterinsights-reports' ),
				],
				rows: payload.countries.map( ( r ) => [
					r.name,
					r.count,
					pct( r.percent ),
				] ),
			},
			{
				title: __( 'Top Cities', 'monsterinsights-reports' ),
				columns: [
					__( 'City', 'monsterinsights-reports' ),
					__( 'Active Users', 'monsterinsights-reports' ),
				],
				rows: payload.cities.map( ( r ) => [
					`${ r.city }, ${ r.name }`,
					r.count,
				] ),
			},
		],
	};
}
