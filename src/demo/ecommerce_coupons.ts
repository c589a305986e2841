/**
 * SAMPLE DATA — the Coupons Report (docs/product-rules.md#planned). Shown blurred under its upsell;
 * never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';

export const SAMPLE = true;

export const payload = {
	coupons_table: [
		{
			coupon_name: 'SAMPLE10',
			revenue: 4210.5,
			transactions: 48,
			average_order_value: 87.72,
		},
		{
			coupon_name: 'FREESHIP',
			revenue: 2980,
			transactions: 41,
			average_order_value: 72.68,
		},
		{
			coupon_name: 'WELCOME15',
			revenue: 1875.25,
			transactions: 23,
			average_order_value: 81.53,
		},
		{
			coupon_name: 'VIP20',
			revenue: 1320,
			transactions: 11,
			average_order_value: 120,
		},
	],
	error: null as null | { code: string },
};

export function layout(): SampleLayout {
	return {
		tables: [
			{
				title: __( 'Coupons Report', 'monsterinsights-reports' ),
				columns: [
					__( 'Coupon Name', 'monsterinsights-reports' ),
					__( 'Revenue', 'monsterinsights-reports' ),
					__( 'Transactions', 'monsterinsights-reports' ),
					__( 'Average Order Value', 'monsterinsights-reports' ),
				],
				money: [ 1, 3 ],
				rows: payload.coupons_table.map( ( r ) => [
					r.coupon_name,
					r.revenue,
					r.transactions,
					r.average_order_value,
				] ),
			},
		],
	};
}
