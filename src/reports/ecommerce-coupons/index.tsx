/**
 * The Coupons Report (docs/reports.md#coupons, route /ecommerce-coupons): one searchable, sortable
 * table of the coupons used on the period's paid orders — revenue, transactions and average order
 * value in the shop's currency — with the change of each coupon's revenue while comparing.
 */
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { DataTable } from '../../components/ReportTable/DataTable';
import type { EcommerceCouponsReport } from '../../demo/ecommerce_coupons';
import { ReportScreen } from '../ReportScreen';
import './style.scss';

/**
 * A coupon's code, set as code.
 *
 * @param _row    The row.
 * @param content The code.
 */
function couponCode( _row: unknown, content: ReactNode ): ReactNode {
	return (
		<code className="monsterinsights-reports-coupon-code">{ content }</code>
	);
}

export function EcommerceCouponsScreen() {
	const emptyText = __(
		'No coupons were used on paid orders in this period.',
		'monsterinsights-reports'
	);
	const errorText = __(
		'An unknown error has occurred.',
		'monsterinsights-reports'
	);
	return (
		<ReportScreen< EcommerceCouponsReport >
			emptyText={ emptyText }
			errorText={ errorText }
		>
			{ ( data ) => (
				<DataTable
					table="coupons_table"
					page={ data.coupons_table }
					title={ __( 'Coupons Report', 'monsterinsights-reports' ) }
					emptyText={ emptyText }
					errorText={ errorText }
					decorate={ couponCode }
				/>
			) }
		</ReportScreen>
	);
}

export default EcommerceCouponsScreen;
