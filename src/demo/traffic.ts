/**
 * SAMPLE DATA helpers shared by the traffic reports and the Country report: their payloads are a
 * sessions chart (the Chart block) and a table page (the TablePage block), shaped as the REST
 * payloads of includes/Reports/Traffic.php and CountriesReport.php (issue #11 contract).
 */
import { __ } from '@wordpress/i18n';

import type { DemoModule } from '.';
import type {
	ChartBlock,
	TableColumn,
	TablePage,
	TableRow,
} from '../types/reports';
import { column, pageLayout, samplePage } from './pages';
import { curve, dayLabels, timestamps, trend, trafficMetrics } from './series';

/** Sample chart days. */
const DAYS = 30;

/**
 * The sessions chart of a sample: 30 days around a total, no notes.
 *
 * @param sessions Roughly the sessions of the 30 days.
 */
export function sampleChart( sessions: number ): ChartBlock {
	return {
		categories: dayLabels( DAYS ),
		timestamps: timestamps( DAYS ),
		sessions: curve( DAYS, sessions ),
		page_views: curve( DAYS, sessions * 2.3 ),
		session_trendpoints: trend( DAYS ),
		page_view_trendpoints: trend( DAYS ).map( ( v ) => v - 1 ),
		notes: [],
	};
}

/**
 * The channel, landing page, campaign and source / medium columns.
 *
 * @param id    The name column's id.
 * @param label Its label.
 */
export function acquisitionColumns( id: string, label: string ): TableColumn[] {
	return [
		column( id, label, 'text' ),
		column( 'sessions', __( 'Sessions', 'monsterinsights-reports' ) ),
		column(
			'engaged_sessions',
			__( 'Engaged Sessions', 'monsterinsights-reports' )
		),
		column(
			'pages_per_sessions',
			__( 'Pages / Session', 'monsterinsights-reports' )
		),
		column( 'purchases', __( 'Purchases', 'monsterinsights-reports' ) ),
		column(
			'conversion_rate',
			__( 'Conversion Rate', 'monsterinsights-reports' ),
			'percent'
		),
		column(
			'revenue',
			__( 'Revenue', 'monsterinsights-reports' ),
			'money'
		),
	];
}

/**
 * A chart-and-table traffic payload: named rows with their sessions.
 *
 * @param table Its table's id in the payload.
 * @param id    The name column's id.
 * @param label The name column's label, read when the columns are read.
 * @param names Row names with their sessions.
 */
export function trafficPayload< T extends string >(
	table: T,
	id: string,
	label: () => string,
	names: Array< [ string, number ] >
): { chart: ChartBlock } & Record< T, TablePage > {
	const rows = names.map(
		( [ name, sessions ] ): TableRow => ( {
			[ id ]: name,
			...trafficMetrics( sessions ),
		} )
	);
	return {
		chart: sampleChart( names.reduce( ( s, [ , n ] ) => s + n, 0 ) ),
		[ table ]: samplePage( () => acquisitionColumns( id, label() ), rows ),
	} as { chart: ChartBlock } & Record< T, TablePage >;
}

/**
 * The payload (see trafficPayload()) and layout, the table under a title, of a chart-and-table
 * traffic report's demo module.
 *
 * @param table The table's id in the payload.
 * @param id    The name column's id.
 * @param label The name column's label, read when the columns are read.
 * @param names Row names with their sessions.
 * @param title The table's title, read when the layout is.
 */
export function trafficDemo< T extends string >(
	table: T,
	id: string,
	label: () => string,
	names: Array< [ string, number ] >,
	title: () => string
): Pick<
	DemoModule< { chart: ChartBlock } & Record< T, TablePage > >,
	'payload' | 'layout'
> {
	const payload = trafficPayload( table, id, label, names );
	return {
		payload,
		layout: () => pageLayout( title(), payload[ table ] ),
	};
}
