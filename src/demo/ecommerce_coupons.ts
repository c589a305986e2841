/**
 * SAMPLE DATA — the Coupons Report, shaped as its REST payload
 * (includes/Reports/EcommerceCoupons.php), and that payload's type. Shown blurred under its upsell;
 * never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type { TablePage, TableRow } from '../types/reports';
import { pageLayout, samplePage, translatedColumn } from './pages';

export const SAMPLE = true;

/**
 * GET /reports/ecommerce_coupons: the coupons of the range's paid orders (coupon_name, revenue,
 * transactions, average_order_value, change of the revenue while comparing).
 */
export interface EcommerceCouponsReport {
	coupons_table: TablePage;
}

declare module '../store/reports/types' {
	interface ReportPayloads {
		ecommerce_coupons: EcommerceCouponsReport;
	}
}

const row = (
	name: string,
	revenue: number,
	transactions: number
): TableRow => ( {
	coupon_name: name,
	revenue,
	transactions,
	average_order_value: Math.round( ( revenue / transactions ) * 100 ) / 100,
} );

export const payload: EcommerceCouponsReport = {
	coupons_table: samplePage(
		() => [
			translatedColumn(
				'coupon_name',
				() => __( 'Coupon Name', 'monsterinsights-reports' ),
				'text'
			),
			translatedColumn(
				'revenue',
				() => __( 'Revenue', 'monsterinsights-reports' ),
				'money'
			),
			translatedColumn( 'transactions', () =>
				__( 'Transactions', 'monsterinsights-reports' )
			),
			translatedColumn(
				'average_order_value',
				() => __( 'Average Order Value', 'monsterinsights-reports' ),
				'money'
			),
		],
		[
			row( 'SAMPLE10', 4210.5, 48 ),
			row( 'FREESHIP', 2980, 41 ),
			row( 'WELCOME15', 1875.25, 23 ),
			row( 'VIP20', 1320, 11 ),
		],
		'revenue'
	),
};

export function layout(): SampleLayout {
	return pageLayout(
		__( 'Coupons Report', 'monsterinsights-reports' ),
		payload.coupons_table
	);
}
