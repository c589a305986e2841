/**
 * SAMPLE DATA — the eCommerce Funnel (docs/product-rules.md#planned). Shown blurred under its
 * upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { pct } from './series';

export const SAMPLE = true;

/** The funnel's breakdowns. */
export type FunnelBreakdown = 'none' | 'channel' | 'country';

/**
 * One step of one category. The Purchase step has no next step: '--' for its completion and
 * abandonment figures.
 */
export interface FunnelRow {
	/** '1. View Item', '2. Add to Cart', '3. Purchase'. */
	step: string;
	users: number;
	/** Percent of the category's step 1. */
	users_rate: number;
	completion_rate: number | string;
	abandonments: number | string;
	abandonments_rate: number | string;
	/** 'Total' without a breakdown, else the channel or country. */
	breakdown_category: string;
}

/** A breakdown's rows (three per category) and how many categories. */
export type FunnelTable = {
	[ B in FunnelBreakdown ]: { rows: FunnelRow[] } & {
		[ K in `${ B }_category_length` ]: number;
	};
};

/** The eCommerce Funnel report (includes/Reports/EcommerceFunnel.php). */
export interface EcommerceFunnelReport {
	/** The users of the three steps. */
	funnel_chart: Array< { value: number } >;
	funnel_table: FunnelTable;
}

declare module '../store/reports/types' {
	interface ReportPayloads {
		ecommerce_funnel: EcommerceFunnelReport;
	}
}

const rows = ( category: string, scale: number ): FunnelRow[] => [
	{
		step: '1. View Item',
		users: Math.round( 4200 * scale ),
		users_rate: 100,
		completion_rate: 29.5,
		abandonments: Math.round( 2961 * scale ),
		abandonments_rate: 70.5,
		breakdown_category: category,
	},
	{
		step: '2. Add to Cart',
		users: Math.round( 1239 * scale ),
		users_rate: 29.5,
		completion_rate: 18.7,
		abandonments: Math.round( 1007 * scale ),
		abandonments_rate: 81.3,
		breakdown_category: category,
	},
	{
		step: '3. Purchase',
		users: Math.round( 232 * scale ),
		users_rate: 5.5,
		completion_rate: '--',
		abandonments: '--',
		abandonments_rate: '--',
		breakdown_category: category,
	},
];

export const payload: EcommerceFunnelReport = {
	funnel_chart: [ { value: 4200 }, { value: 1239 }, { value: 232 } ],
	funnel_table: {
		none: { rows: rows( 'Total', 1 ), none_category_length: 1 },
		channel: {
			rows: [
				...rows( 'Organic Search', 0.55 ),
				...rows( 'Direct', 0.3 ),
				...rows( 'Email', 0.15 ),
			],
			channel_category_length: 3,
		},
		country: {
			rows: [
				...rows( 'United States', 0.6 ),
				...rows( 'United Kingdom', 0.4 ),
			],
			country_category_length: 2,
		},
	},
};

const rate = ( value: number | string ) =>
	typeof value === 'number' ? pct( value ) : value;

export function layout(): SampleLayout {
	return {
		tables: [
			{
				title: __( 'eCommerce Funnel', 'monsterinsights-reports' ),
				columns: [
					__( 'Step', 'monsterinsights-reports' ),
					__( 'Users (% of step 1)', 'monsterinsights-reports' ),
					__( 'Completion Rate', 'monsterinsights-reports' ),
					__( 'Abandonments', 'monsterinsights-reports' ),
					__( 'Abandonment Rate', 'monsterinsights-reports' ),
				],
				rows: payload.funnel_table.none.rows.map( ( r ) => [
					r.step,
					`${ r.users } (${ pct( r.users_rate ) })`,
					rate( r.completion_rate ),
					r.abandonments,
					rate( r.abandonments_rate ),
				] ),
			},
		],
	};
}
