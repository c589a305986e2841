/**
 * SAMPLE DATA — the Forms report, shaped as its REST payload (includes/Reports/Forms.php): the
 * sessions chart, the impressions and conversions graph and the forms tables. Shown blurred under
 * its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type { FormsGraph, FormsReport, TableRow } from '../store/reports/types';
import { curve, dayLabels, pct, timestamps, trend } from './series';
import { column, samplePage } from './pages';
import { sampleChart } from './traffic';

export const SAMPLE = true;

const DAYS = 30;

/**
 * A form's row.
 *
 * @param id          Its name.
 * @param impressions Impressions.
 * @param conversions Conversions.
 * @param breakdown   The breakdown's cell.
 */
const form = (
	id: string,
	impressions: number,
	conversions: number,
	breakdown: Record< string, string > = {}
): TableRow => ( {
	id,
	...breakdown,
	impressions,
	conversions,
	conversionrate: Math.round( ( conversions / impressions ) * 10000 ) / 100,
} );

const FORMS: Array< [ string, number, number ] > = [
	[ 'Sample contact form', 4120, 318 ],
	[ 'Sample newsletter signup', 6230, 512 ],
	[ 'Sample quote request', 1210, 74 ],
];

/**
 * The forms table's columns, with a breakdown's column after the first.
 *
 * @param breakdown The breakdown's column id and label, if any.
 */
const columns = ( breakdown?: [ string, () => string ] ) => () => [
	column( 'id', __( 'Form Name or ID', 'monsterinsights-reports' ), 'text' ),
	...( breakdown
		? [ column( breakdown[ 0 ], breakdown[ 1 ](), 'text' ) ]
		: [] ),
	column( 'impressions', __( 'Impressions', 'monsterinsights-reports' ) ),
	column( 'conversions', __( 'Conversions', 'monsterinsights-reports' ) ),
	column(
		'conversionrate',
		__( 'Conversion Rate', 'monsterinsights-reports' ),
		'percent'
	),
];

/**
 * A graph series of the sample.
 *
 * @param total Its total.
 */
const series = ( total: number ) => ( {
	datapoints: curve( DAYS, total ),
	trendpoints: trend( DAYS ),
	total,
} );

const graph: FormsGraph = {
	labels: dayLabels( DAYS ),
	timestamps: timestamps( DAYS ),
	count: DAYS,
	notes: [],
	impressions: series( 11560 ),
	conversions: series( 904 ),
};

export const payload: FormsReport = {
	chart: sampleChart( 12480 ),
	overviewgraph: graph,
	forms: samplePage(
		columns(),
		FORMS.map( ( [ id, i, c ] ) => form( id, i, c ) ),
		'impressions'
	),
	forms_source_medium: samplePage(
		columns( [
			'source_medium',
			() => __( 'Source / Medium', 'monsterinsights-reports' ),
		] ),
		FORMS.map( ( [ id, i, c ] ) =>
			form( id, i, c, { source_medium: 'google / organic' } )
		),
		'impressions'
	),
	forms_campaign: samplePage(
		columns( [
			'campaign',
			() => __( 'Campaign', 'monsterinsights-reports' ),
		] ),
		FORMS.map( ( [ id, i, c ] ) =>
			form( id, i, c, { campaign: 'spring_sale' } )
		),
		'impressions'
	),
	missing_dimensions: [],
};

export function layout(): SampleLayout {
	return {
		boxes: [
			{
				label: __( 'Form Impressions', 'monsterinsights-reports' ),
				value: graph.impressions.total,
			},
			{
				label: __( 'Form Completions', 'monsterinsights-reports' ),
				value: graph.conversions.total,
			},
		],
		tables: [
			{
				title: __( 'Forms', 'monsterinsights-reports' ),
				columns: payload.forms.columns.map( ( c ) => c.label ),
				rows: payload.forms.rows.map( ( r ) => [
					String( r.id ),
					Number( r.impressions ),
					Number( r.conversions ),
					pct( Number( r.conversionrate ) ),
				] ),
			},
		],
	};
}
