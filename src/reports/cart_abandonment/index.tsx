/**
 * The Cart Abandonment report (docs/reports.md#cart-abandonment): two searchable tables, by product
 * and by day, each with Quantity (items purchased), Revenue (item revenue in the shop's currency),
 * Cart Abandonment % and Checkout Abandonment %. Only with a shop: without one, its notice.
 */
import { useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';

import type { ReportColumn } from '../../components/ReportTable';
import { ListCard } from '../../components/report/ListCard';
import type {
	CartAbandonmentMetrics,
	CartAbandonmentReport,
} from '../../demo/cart_abandonment';
import {
	formatMoney,
	formatNumber,
	formatPercent,
	SAMPLE_CURRENCY,
} from '../../lib/format';
import { appStore } from '../../store/app';
import { ReportScreen } from '../ReportScreen';

/** The empty text of the report and of its tables. */
const emptyText = () =>
	__( 'No data currently for the report', 'monsterinsights-reports' );

/**
 * The columns after the first: the same in both tables.
 *
 * @param locale The user's locale.
 */
function useMetricColumns< Row extends CartAbandonmentMetrics >(
	locale: string
): Array< ReportColumn< Row > > {
	// Money in the shop's currency; the sample on a site without a shop in the sample currency.
	const currency = useSelect(
		( select ) => select( appStore ).getShop()?.currency ?? SAMPLE_CURRENCY,
		[]
	);
	return [
		{
			key: 'purchase_quantity',
			header: __( 'Quantity', 'monsterinsights-reports' ),
			numeric: true,
			sortable: true,
			cell: ( row ) => formatNumber( row.purchase_quantity, locale ),
		},
		{
			key: 'revenue',
			header: __( 'Revenue', 'monsterinsights-reports' ),
			numeric: true,
			sortable: true,
			cell: ( row ) => formatMoney( row.revenue, currency, locale ),
		},
		{
			key: 'cart_abandonment',
			header: __( 'Cart Abandonment %', 'monsterinsights-reports' ),
			numeric: true,
			sortable: true,
			cell: ( row ) => formatPercent( row.cart_abandonment, locale ),
		},
		{
			key: 'checkout_abandonment',
			header: __( 'Checkout Abandonment %', 'monsterinsights-reports' ),
			numeric: true,
			sortable: true,
			cell: ( row ) => formatPercent( row.checkout_abandonment, locale ),
		},
	];
}

type ProductRow = CartAbandonmentReport[ 'cart_abandonment' ][ number ];
type DayRow = CartAbandonmentReport[ 'cart_abandonment_by_day' ][ number ];

/**
 * The two tables of a payload, real or sample.
 *
 * @param props        Component props.
 * @param props.data   The payload.
 * @param props.locale The user's locale.
 */
export function CartAbandonmentLayout( {
	data,
	locale,
}: {
	data: CartAbandonmentReport;
	locale: string;
} ) {
	const productMetrics = useMetricColumns< ProductRow >( locale );
	const dayMetrics = useMetricColumns< DayRow >( locale );
	const search = __( 'Search', 'monsterinsights-reports' );
	return (
		<div className="monsterinsights-reports-cart-abandonment">
			<ListCard< ProductRow >
				title={ __(
					'Cart Abandonment by Product',
					'monsterinsights-reports'
				) }
				columns={ [
					{
						key: 'name',
						header: __( 'Product', 'monsterinsights-reports' ),
						sortable: true,
					},
					...productMetrics,
				] }
				rows={ data.cart_abandonment }
				rowKey={ ( row ) => row.name }
				searchable
				searchLabel={ search }
				emptyText={ emptyText() }
			/>
			<ListCard< DayRow >
				title={ __(
					'Cart Abandonment by Day',
					'monsterinsights-reports'
				) }
				columns={ [
					{
						key: 'date',
						header: __( 'Date', 'monsterinsights-reports' ),
						sortable: true,
					},
					...dayMetrics,
				] }
				rows={ data.cart_abandonment_by_day }
				rowKey={ ( row ) => row.date }
				searchable
				searchLabel={ search }
				emptyText={ emptyText() }
			/>
		</div>
	);
}

export function CartAbandonmentScreen() {
	return (
		<ReportScreen< CartAbandonmentReport >
			isEmpty={ ( data ) =>
				data.cart_abandonment.length === 0 &&
				data.cart_abandonment_by_day.length === 0
			}
			emptyText={ emptyText() }
			errorText={ __(
				'An unknown error has occurred.',
				'monsterinsights-reports'
			) }
		>
			{ ( data, { locale } ) => (
				<CartAbandonmentLayout data={ data } locale={ locale } />
			) }
		</ReportScreen>
	);
}

export default CartAbandonmentScreen;
