/**
 * SAMPLE DATA — the Country Report, shaped as GET /reports/countries: the sessions chart and the
 * `countries` table whose rows expand to their regions. Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type { CountriesReport } from '../store/reports/types';
import type { TableRow } from '../types/reports';
import { column, pageLayout, samplePage } from './pages';
import { sampleChart } from './traffic';

export const SAMPLE = true;

const metrics = ( sessions: number ) => ( {
	sessions,
	engagedSessions: Math.round( sessions * 0.6 ),
	bounceRate: 40 + ( sessions % 11 ),
	purchases: Math.round( sessions * 0.012 ),
} );

/**
 * A country row with its regions.
 *
 * @param name     The country's name.
 * @param iso      Its ISO code.
 * @param sessions Its sessions.
 * @param regions  Its regions with their sessions.
 */
const country = (
	name: string,
	iso: string,
	sessions: number,
	regions: Array< [ string, number ] >
): TableRow => ( {
	name,
	iso,
	...metrics( sessions ),
	children: regions.map( ( [ region, count ] ) => ( {
		name: region,
		...metrics( count ),
	} ) ),
} );

export const payload: CountriesReport = {
	chart: sampleChart( 8800 ),
	countries: samplePage(
		() => [
			column(
				'name',
				__( 'Country', 'monsterinsights-reports' ),
				'text'
			),
			column( 'sessions', __( 'Sessions', 'monsterinsights-reports' ) ),
			column(
				'engagedSessions',
				__( 'Engaged Sessions', 'monsterinsights-reports' )
			),
			column(
				'bounceRate',
				__( 'Bounce Rate', 'monsterinsights-reports' ),
				'percent'
			),
			column( 'purchases', __( 'Purchases', 'monsterinsights-reports' ) ),
		],
		[
			country( 'United States', 'US', 4210, [
				[ 'California', 820 ],
				[ 'New York', 610 ],
			] ),
			country( 'United Kingdom', 'GB', 1630, [
				[ 'England', 1340 ],
				[ 'Scotland', 170 ],
			] ),
			country( 'Germany', 'DE', 1180, [
				[ 'Bavaria', 290 ],
				[ 'Berlin', 260 ],
			] ),
			country( 'Canada', 'CA', 920, [ [ 'Ontario', 410 ] ] ),
			country( 'India', 'IN', 860, [ [ 'Karnataka', 190 ] ] ),
		]
	),
	regions: { available: true },
};

export function layout(): SampleLayout {
	return pageLayout(
		__( 'Country Report', 'monsterinsights-reports' ),
		payload.countries
	);
}
