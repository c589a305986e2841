/**
 * SAMPLE DATA — the Cart Abandonment report (docs/product-rules.md#planned). Shown blurred under
 * its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { pct, sampleDate } from './series';

export const SAMPLE = true;

/** A row's figures: items purchased, item revenue, and the two abandonment percents. */
export interface CartAbandonmentMetrics {
	/** Items purchased (units of paid orders, less refunded units). */
	purchase_quantity: number;
	/** Item revenue, refunds off, in the shop's currency. */
	revenue: number;
	/** Percent of the items added to a cart that were not checked out. */
	cart_abandonment: number;
	/** Percent of the items checked out that were not purchased. */
	checkout_abandonment: number;
}

/**
 * The Cart Abandonment report (includes/Reports/CartAbandonment.php): by product and by day
 * (Y-m-d, in order).
 */
export interface CartAbandonmentReport {
	cart_abandonment: Array< CartAbandonmentMetrics & { name: string } >;
	cart_abandonment_by_day: Array< CartAbandonmentMetrics & { date: string } >;
}

declare module '../store/reports/types' {
	interface ReportPayloads {
		cart_abandonment: CartAbandonmentReport;
	}
}

const metrics = (
	quantity: number,
	revenue: number,
	cart: number,
	checkout: number
): CartAbandonmentMetrics => ( {
	purchase_quantity: quantity,
	revenue,
	cart_abandonment: cart,
	checkout_abandonment: checkout,
} );

export const payload: CartAbandonmentReport = {
	cart_abandonment: [
		{
			name: 'Sample product: starter kit',
			...metrics( 84, 7308, 61.2, 22.4 ),
		},
		{
			name: 'Sample product: gift card',
			...metrics( 51, 2550, 48.7, 18.1 ),
		},
		{ name: 'Sample product: t-shirt', ...metrics( 38, 950, 66.3, 25.9 ) },
		{ name: 'Sample product: mug', ...metrics( 29, 435, 52.0, 20.4 ) },
	],
	cart_abandonment_by_day: [ 0, 1, 2, 3, 4 ].map( ( d ) => ( {
		date: sampleDate( d ),
		...metrics( 10 + d * 3, 870 + d * 120, 55 + d, 20 + d / 2 ),
	} ) ),
};

export function layout(): SampleLayout {
	const columns = [
		__( 'Quantity', 'monsterinsights-reports' ),
		__( 'Revenue', 'monsterinsights-reports' ),
		__( 'Cart Abandonment %', 'monsterinsights-reports' ),
		__( 'Checkout Abandonment %', 'monsterinsights-reports' ),
	];
	const cells = ( r: CartAbandonmentMetrics ) => [
		r.purchase_quantity,
		r.revenue,
		pct( r.cart_abandonment ),
		pct( r.checkout_abandonment ),
	];
	return {
		tables: [
			{
				title: __(
					'Cart Abandonment by Product',
					'monsterinsights-reports'
				),
				columns: [
					__( 'Product', 'monsterinsights-reports' ),
					...columns,
				],
				money: [ 2 ],
				rows: payload.cart_abandonment.map( ( r ) => [
					r.name,
					...cells( r ),
				] ),
			},
			{
				title: __(
					'Cart Abandonment by Day',
					'monsterinsights-reports'
				),
				columns: [
					__( 'Date', 'monsterinsights-reports' ),
					...columns,
				],
				money: [ 2 ],
				rows: payload.cart_abandonment_by_day.map( ( r ) => [
					r.date,
					...cells( r ),
				] ),
			},
		],
	};
}
