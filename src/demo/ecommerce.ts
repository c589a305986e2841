/**
 * SAMPLE DATA — the eCommerce Overview, shaped as its REST payload (includes/Reports/Ecommerce.php),
 * and that payload's type. Shown blurred under its upsell to lite, basic and plus licences; never
 * real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type { ChartBlock } from '../store/reports/types';
import { pct, sessionsChart } from './series';

export const SAMPLE = true;

/** An info box: the value, its change in percent, the value it compares with (null: no data). */
export interface ShopBox {
	value: number | null;
	prev: number | null;
	compare_value: number | null;
}

/** A bucket of time or sessions to purchase. */
export interface PurchaseBucket {
	name: string;
	transactions: number;
	percent: number;
}

/**
 * GET /reports/ecommerce: the info boxes, the sessions and page views chart, the top products and
 * conversion sources, and the orders by days and sessions to purchase (empty when no order's
 * timing is known).
 */
export interface EcommerceReport {
	infobox: {
		range: number;
		conversionrate: ShopBox;
		transactions: ShopBox;
		revenue: ShopBox;
		ordervalue: ShopBox;
		addtocart: ShopBox;
		remfromcart: ShopBox;
		newcustomers: ShopBox;
		abandonedcheckouts: ShopBox;
	};
	sessions_chart: ChartBlock;
	products: Array< {
		name: string;
		quantity: number;
		percent: number;
		revenue: number;
	} >;
	conversions: Array< {
		url: string;
		sessions: number;
		transactions: number;
		percent: number;
		revenue: number;
	} >;
	days: PurchaseBucket[];
	sessions: PurchaseBucket[];
	/** Where the source shows these lists in full (the google source: GA4's); absent on builtin. */
	galinks?: { products?: string; days?: string; sessions?: string };
}

declare module '../store/reports/types' {
	interface ReportPayloads {
		ecommerce: EcommerceReport;
	}
}

const box = ( value: number, prev: number ): ShopBox => ( {
	value,
	prev,
	compare_value: Math.round( ( value / ( 1 + prev / 100 ) ) * 100 ) / 100,
} );

export const payload: EcommerceReport = {
	infobox: {
		range: 30,
		conversionrate: box( 1.86, 4.2 ),
		transactions: box( 232, 6.8 ),
		revenue: box( 20184.5, 9.1 ),
		ordervalue: box( 87.0, 2.2 ),
		addtocart: box( 1240, 3.5 ),
		remfromcart: box( 310, -4.1 ),
		newcustomers: box( 71.4, 1.2 ),
		abandonedcheckouts: box( 64.2, -2.7 ),
	},
	sessions_chart: sessionsChart( 30, 12480 ),
	products: [
		{
			name: 'Sample product: starter kit',
			quantity: 84,
			percent: 36.21,
			revenue: 7308,
		},
		{
			name: 'Sample product: gift card',
			quantity: 51,
			percent: 21.98,
			revenue: 2550,
		},
		{
			name: 'Sample product: t-shirt',
			quantity: 38,
			percent: 16.38,
			revenue: 950,
		},
		{
			name: 'Sample product: mug',
			quantity: 29,
			percent: 12.5,
			revenue: 435,
		},
		{
			name: 'Sample product: sticker pack',
			quantity: 30,
			percent: 12.93,
			revenue: 150,
		},
	],
	conversions: [
		{
			url: 'google.com',
			sessions: 5210,
			transactions: 96,
			percent: 41.38,
			revenue: 8352,
		},
		{
			url: 'facebook.com',
			sessions: 2480,
			transactions: 52,
			percent: 22.41,
			revenue: 4524,
		},
		{
			url: 'newsletter',
			sessions: 1120,
			transactions: 41,
			percent: 17.67,
			revenue: 3567,
		},
		{
			url: 'bing.com',
			sessions: 940,
			transactions: 23,
			percent: 9.91,
			revenue: 2001,
		},
		{
			url: '(direct)',
			sessions: 2730,
			transactions: 20,
			percent: 8.62,
			revenue: 1740,
		},
	],
	days: [
		{ name: '0', transactions: 121, percent: 52.16 },
		{ name: '1', transactions: 47, percent: 20.26 },
		{ name: '2-3', transactions: 36, percent: 15.52 },
		{ name: '4-7', transactions: 18, percent: 7.76 },
		{ name: '8-14', transactions: 7, percent: 3.02 },
		{ name: '15-30', transactions: 3, percent: 1.29 },
		{ name: '31+', transactions: 0, percent: 0 },
	],
	sessions: [
		{ name: '1', transactions: 138, percent: 59.48 },
		{ name: '2', transactions: 51, percent: 21.98 },
		{ name: '3-5', transactions: 30, percent: 12.93 },
		{ name: '6-10', transactions: 9, percent: 3.88 },
		{ name: '11+', transactions: 4, percent: 1.72 },
	],
};

export function layout(): SampleLayout {
	const i = payload.infobox;
	return {
		boxes: [
			{
				label: __( 'Conversion Rate', 'monsterinsights-reports' ),
				value: pct( i.conversionrate.value ?? 0 ),
			},
			{
				label: __( 'Transactions', 'monsterinsights-reports' ),
				value: i.transactions.value ?? 0,
			},
			{
				label: __( 'Revenue', 'monsterinsights-reports' ),
				value: i.revenue.value ?? 0,
				money: true,
			},
			{
				label: __( 'Avg. Order Value', 'monsterinsights-reports' ),
				value: i.ordervalue.value ?? 0,
				money: true,
			},
		],
		tables: [
			{
				title: __( 'Top Products', 'monsterinsights-reports' ),
				columns: [
					__( 'Product', 'monsterinsights-reports' ),
					__( 'Quantity', 'monsterinsights-reports' ),
					__( '% of Sales', 'monsterinsights-reports' ),
					__( 'Revenue', 'monsterinsights-reports' ),
				],
				money: [ 3 ],
				rows: payload.products.map( ( r ) => [
					r.name,
					r.quantity,
					pct( r.percent ),
					r.revenue,
				] ),
			},
			{
				title: __(
					'Top Conversion Sources',
					'monsterinsights-reports'
				),
				columns: [
					__( 'Source', 'monsterinsights-reports' ),
					__( 'Sessions', 'monsterinsights-reports' ),
					__( 'Transactions', 'monsterinsights-reports' ),
					__( '% of Transactions', 'monsterinsights-reports' ),
					__( 'Revenue', 'monsterinsights-reports' ),
				],
				money: [ 4 ],
				rows: payload.conversions.map( ( r ) => [
					r.url,
					r.sessions,
					r.transactions,
					pct( r.percent ),
					r.revenue,
				] ),
			},
		],
	};
}
