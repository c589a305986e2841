/**
 * SAMPLE DATA helpers shared by the traffic reports (spec 3 §3 "Channel, landing page, campaign and
 * source_medium rows").
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { sessionsChart, trafficMetrics, type TrafficRow } from './series';

export type NameColumn =
	| 'channel'
	| 'landing_page'
	| 'campaign'
	| 'source_medium';

/**
 * A traffic payload: the sessions chart and a table of named rows.
 *
 * @param column Name column of the rows.
 * @param names  Row names with their sessions.
 */
export function trafficPayload< K extends NameColumn >(
	column: K,
	names: Array< [ string, number ] >
) {
	return {
		sessions_chart: sessionsChart(
			30,
			names.reduce( ( s, [ , n ] ) => s + n, 0 )
		),
		table: names.map(
			( [ name, sessions ] ) =>
				( {
					[ column ]: name,
					...trafficMetrics( sessions ),
				} ) as Record< K, string > & TrafficRow
		),
	};
}

/**
 * The sample layout of a traffic payload.
 *
 * @param title     Table title.
 * @param nameLabel Name column heading.
 * @param column    Name column key.
 * @param rows      Rows.
 */
export function trafficLayout(
	title: string,
	nameLabel: string,
	column: NameColumn,
	rows: ReadonlyArray< TrafficRow & Partial< Record< NameColumn, string > > >
): SampleLayout {
	return {
		tables: [
			{
				title,
				columns: [
					nameLabel,
					__( 'Sessions', 'monsterinsights-reports' ),
					__( 'Engaged Sessions', 'monsterinsights-reports' ),
					__( 'Pages / Session', 'monsterinsights-reports' ),
					__( 'Purchases', 'monsterinsights-reports' ),
					__( 'Conversion Rate', 'monsterinsights-reports' ),
					__( 'Revenue', 'monsterinsights-reports' ),
				],
				rows: rows.map( ( r ) => [
					r[ column ] ?? '',
					r.sessions,
					r.engaged_sessions,
					r.pages_per_sessions,
					r.purchases,
					`${ r.conversion_rate }%`,
					r.revenue,
				] ),
			},
		],
	};
}
