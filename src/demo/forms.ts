/**
 * SAMPLE DATA — the Forms report (spec 2 §3 "forms"). Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import {
	curve,
	dayLabels,
	pct,
	sessionsChart,
	timestamps,
	trend,
} from './series';

export const SAMPLE = true;

const form = ( id: string, impressions: number, conversions: number ) => ( {
	id,
	impressions,
	conversions,
	conversionrate: Math.round( ( conversions / impressions ) * 10000 ) / 100,
} );

const forms = [
	form( 'Sample contact form', 4120, 318 ),
	form( 'Sample newsletter signup', 6230, 512 ),
	form( 'Sample quote request', 1210, 74 ),
];

export const payload = {
	forms,
	forms_campaign: forms.map( ( f ) => ( {
		...f,
		id: `${ f.id } — spring_sale`,
	} ) ),
	forms_source_medium: forms.map( ( f ) => ( {
		...f,
		id: `${ f.id } — google / organic`,
	} ) ),
	sessions_chart: {
		...sessionsChart( 30, 12480 ),
		trendpoints: trend( 30 ),
		totals: { sessions: 12480, page_views: 28704 },
	},
	overviewgraph: {
		labels: dayLabels( 30 ),
		timestamps: timestamps( 30 ),
		impressions: {
			datapoints: curve( 30, 11560 ),
			trendpoints: trend( 30 ),
			total: 11560,
		},
		conversions: {
			datapoints: curve( 30, 904 ),
			trendpoints: trend( 30 ),
			total: 904,
		},
	},
	galinks: {},
};

export function layout(): SampleLayout {
	return {
		boxes: [
			{
				label: __( 'Form Impressions', 'monsterinsights-reports' ),
				value: payload.overviewgraph.impressions.total,
			},
			{
				label: __( 'Form Completions', 'monsterinsights-reports' ),
				value: payload.overviewgraph.conversions.total,
			},
		],
		tables: [
			{
				title: __( 'Forms', 'monsterinsights-reports' ),
				columns: [
					__( 'Form Name or ID', 'monsterinsights-reports' ),
					__( 'Impressions', 'monsterinsights-reports' ),
					__( 'Conversions', 'monsterinsights-reports' ),
					__( 'Conversion Rate', 'monsterinsights-reports' ),
				],
				rows: payload.forms.map( ( r ) => [
					r.id,
					r.impressions,
					r.conversions,
					pct( r.conversionrate ),
				] ),
			},
		],
	};
}
