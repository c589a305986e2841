/**
 * SAMPLE DATA — the eCommerce report (docs/product-rules.md#planned). Shown blurred under its
 * upsell to lite and basic licences; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { pct, sessionsChart } from './series';

export const SAMPLE = true;

const box = ( value: number, prev: number ) => ( { value, prev } );

export const payload = {
	infobox: {
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
			percent: 36.2,
			revenue: 7308,
		},
		{
			name: 'Sample product: gift card',
			quantity: 51,
			percent: 22.0,
			revenue: 2550,
		},
		{
			name: 'Sample product: t-shirt',
			quantity: 38,
			percent: 16.4,
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
			percent: 12.9,
			revenue: 150,
		},
	],
	conversions: [
		{ url: 'google.com', sessions: 96, percent: 41.4, revenue: 8352 },
		{ url: 'facebook.com', sessions: 52, percent: 22.4, revenue: 4524 },
		{ url: 'newsletter', sessions: 41, percent: 17.7, revenue: 3567 },
		{ url: 'bing.com', sessions: 23, percent: 9.9, revenue: 2001 },
		{ url: '(direct)', sessions: 20, percent: 8.6, revenue: 1740 },
	],
	days: [
		{ name: '0', transactions: 121, percent: 52.2 },
		{ name: '1', transactions: 47, percent: 20.3 },
		{ name: '2-3', transactions: 36, percent: 15.5 },
		{ name: '4-7', transactions: 28, percent: 12.0 },
	],
	sessions: [
		{ name: '1', transactions: 138, percent: 59.5 },
		{ name: '2', transactions: 51, percent: 22.0 },
		{ name: '3-5', transactions: 30, percent: 12.9 },
		{ name: '6+', transactions: 13, percent: 5.6 },
	],
};

export function layout(): SampleLayout {
	const i = payload.infobox;
	return {
		boxes: [
			{
				label: __( 'Conversion Rate', 'monsterinsights-reports' ),
				value: pct( i.conversionrate.value ),
			},
			{
				label: __( 'Transactions', 'monsterinsights-reports' ),
				value: i.transactions.value,
			},
			{
				label: __( 'Revenue', 'monsterinsights-reports' ),
				value: i.revenue.value,
				money: true,
			},
			{
				label: __( 'Avg. Order Value', 'monsterinsights-reports' ),
				value: i.ordervalue.value,
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
					__( '% of Transactions', 'monsterinsights-reports' ),
					__( 'Revenue', 'monsterinsights-reports' ),
				],
				money: [ 3 ],
				rows: payload.conversions.map( ( r ) => [
					r.url,
					r.sessions,
					pct( r.percent ),
					r.revenue,
				] ),
			},
		],
	};
}
