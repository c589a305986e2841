/**
 * The eCommerce Overview (docs/reports.md#ecommerce, route /ecommerce): the Sessions / Pageviews
 * chart with the site notes, the conversion rate, transactions, revenue and average order value,
 * the top products and conversion sources, the cart steps, then — when there is data for them —
 * new customers and abandoned checkouts, and the orders by time and sessions to purchase.
 * Money is in the shop's currency (on google, the GA4 property's). Under the top products and the
 * purchase timing, 'View Full … Report' leads to the source's own report when the payload links one
 * (`galinks`). Under the conversion sources, 'View User Journeys' leads on to
 * the User Journey report (its route is in no top menu) while its module is on and the licence
 * includes it: the same module state the WordPress side menu's User Journey item follows.
 */
import { Button } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';

import { InfoBox } from '../../components/InfoBox';
import { type ReportColumn } from '../../components/ReportTable';
import { fullReportLink } from '../../components/report/FullReportLink';
import { ListCard } from '../../components/report/ListCard';
import {
	formatMoney,
	formatNumber,
	formatPercent,
	SAMPLE_CURRENCY,
	type MoneyCurrency,
} from '../../lib/format';
import { buildHash } from '../../lib/hash';
import { canUse } from '../../lib/tiers';
import { addonsStore } from '../../store/addons';
import { appStore } from '../../store/app';
import type {
	EcommerceReport,
	PurchaseBucket,
	ShopBox,
} from '../../demo/ecommerce';
import { ReportScreen } from '../ReportScreen';
import { useRoutedReport } from '../registry';
import { compareText } from '../shared/compareText';
import { NotedMetricChart } from '../shared/NotedMetricChart';
import './style.scss';

/** The User Journey report's route (its registry path). */
const JOURNEY_ROUTE = '/user-journey-report';

type BoxId = Exclude< keyof EcommerceReport[ 'infobox' ], 'range' >;
type Format = 'count' | 'money' | 'percent';

interface BoxDef {
	id: BoxId;
	title: string;
	format: Format;
	/** Lower is better: a fall shows green, a rise red. */
	inverse?: boolean;
	help?: string;
}

/** The boxes in their rows, in order. */
function boxRows(): [ BoxDef[], BoxDef[], BoxDef[] ] {
	return [
		[
			{
				id: 'conversionrate',
				title: __( 'Conversion Rate', 'monsterinsights-reports' ),
				format: 'percent',
				help: __(
					'The share of sessions that ended in a paid order.',
					'monsterinsights-reports'
				),
			},
			{
				id: 'transactions',
				title: __( 'Transactions', 'monsterinsights-reports' ),
				format: 'count',
			},
			{
				id: 'revenue',
				title: __( 'Revenue', 'monsterinsights-reports' ),
				format: 'money',
				help: __(
					'Paid orders, less their refunds.',
					'monsterinsights-reports'
				),
			},
			{
				id: 'ordervalue',
				title: __( 'Avg. Order Value', 'monsterinsights-reports' ),
				format: 'money',
			},
		],
		[
			{
				id: 'addtocart',
				title: __( 'Add to Cart', 'monsterinsights-reports' ),
				format: 'count',
			},
			{
				id: 'remfromcart',
				title: __( 'Removed from Cart', 'monsterinsights-reports' ),
				format: 'count',
				inverse: true,
			},
		],
		[
			{
				id: 'newcustomers',
				title: __( 'New Customers', 'monsterinsights-reports' ),
				format: 'percent',
				help: __(
					'The share of paid orders from customers who had not bought before.',
					'monsterinsights-reports'
				),
			},
			{
				id: 'abandonedcheckouts',
				title: __( 'Abandoned Checkouts', 'monsterinsights-reports' ),
				format: 'percent',
				inverse: true,
				help: __(
					'The share of checkouts started that no paid order followed.',
					'monsterinsights-reports'
				),
			},
		],
	];
}

/**
 * A box's value as text.
 *
 * @param value    The value.
 * @param format   Its format.
 * @param locale   The user's locale.
 * @param currency The shop's currency.
 */
function formatValue(
	value: number | null,
	format: Format,
	locale: string,
	currency: MoneyCurrency
): string {
	switch ( format ) {
		case 'money':
			return formatMoney( value, currency, locale );
		case 'percent':
			return formatPercent( value, locale );
		default:
			return formatNumber( value, locale, 0 );
	}
}

/**
 * Whether the payload has nothing: no session, no order, no cart step.
 *
 * @param data The payload.
 */
function isEmpty( data: EcommerceReport ): boolean {
	const sessions = data.sessions_chart.sessions.reduce(
		( sum, value ) => sum + value,
		0
	);
	return (
		sessions === 0 &&
		! data.infobox.transactions.value &&
		! data.infobox.addtocart.value
	);
}

/**
 * A table of purchase buckets (time or sessions to purchase).
 *
 * @param props          Component props.
 * @param props.title    Heading.
 * @param props.first    The bucket column's header.
 * @param props.rows     The buckets.
 * @param props.locale   The user's locale.
 * @param props.link     The source's own report of the buckets, if any.
 * @param props.linkText The link's button text.
 */
function BucketTable( {
	title,
	first,
	rows,
	locale,
	link,
	linkText,
}: {
	title: string;
	first: string;
	rows: PurchaseBucket[];
	locale: string;
	link?: string;
	linkText: string;
} ) {
	const columns: Array< ReportColumn< PurchaseBucket > > = [
		{ key: 'name', header: first },
		{
			key: 'transactions',
			header: __( 'Transactions', 'monsterinsights-reports' ),
			numeric: true,
			cell: ( row ) => formatNumber( row.transactions, locale, 0 ),
		},
		{
			key: 'percent',
			header: __( '% of Transactions', 'monsterinsights-reports' ),
			numeric: true,
			cell: ( row ) => formatPercent( row.percent, locale ),
		},
	];
	return (
		<ListCard< PurchaseBucket >
			title={ title }
			columns={ columns }
			rows={ rows }
			footer={ fullReportLink( link, linkText ) }
		/>
	);
}

export function EcommerceScreen() {
	const name = useRoutedReport();
	const { currency, query, journeys } = useSelect(
		( select ) => ( {
			currency: select( appStore ).getShop()?.currency ?? SAMPLE_CURRENCY,
			query: select( appStore ).getDateQuery(),
			journeys:
				select( addonsStore ).isAddonActive( 'user-journey' ) &&
				canUse( select( appStore ).getLevel(), 'userjourney' ),
		} ),
		[]
	);
	return (
		<ReportScreen< EcommerceReport >
			isEmpty={ isEmpty }
			emptyText={ __(
				'No sessions or orders in this period.',
				'monsterinsights-reports'
			) }
		>
			{ ( data, { demo, locale, comparing } ) => {
				const vs = query ? compareText( query, locale ) : undefined;
				const money = ( value: number ) =>
					formatMoney( value, currency, locale );
				const products: Array<
					ReportColumn< EcommerceReport[ 'products' ][ number ] >
				> = [
					{
						key: 'name',
						header: __( 'Product', 'monsterinsights-reports' ),
					},
					{
						key: 'quantity',
						header: __( 'Quantity', 'monsterinsights-reports' ),
						numeric: true,
						cell: ( row ) =>
							formatNumber( row.quantity, locale, 0 ),
					},
					{
						key: 'percent',
						header: __( '% of Sales', 'monsterinsights-reports' ),
						numeric: true,
						cell: ( row ) => formatPercent( row.percent, locale ),
					},
					{
						key: 'revenue',
						header: __( 'Revenue', 'monsterinsights-reports' ),
						numeric: true,
						cell: ( row ) => money( row.revenue ),
					},
				];
				const sources: Array<
					ReportColumn< EcommerceReport[ 'conversions' ][ number ] >
				> = [
					{
						key: 'url',
						header: __( 'Source', 'monsterinsights-reports' ),
					},
					{
						key: 'sessions',
						header: __( 'Sessions', 'monsterinsights-reports' ),
						numeric: true,
						cell: ( row ) =>
							formatNumber( row.sessions, locale, 0 ),
					},
					{
						key: 'transactions',
						header: __( 'Transactions', 'monsterinsights-reports' ),
						numeric: true,
						cell: ( row ) =>
							formatNumber( row.transactions, locale, 0 ),
					},
					{
						key: 'percent',
						header: __(
							'% of Transactions',
							'monsterinsights-reports'
						),
						numeric: true,
						cell: ( row ) => formatPercent( row.percent, locale ),
					},
					{
						key: 'revenue',
						header: __( 'Revenue', 'monsterinsights-reports' ),
						numeric: true,
						cell: ( row ) => money( row.revenue ),
					},
				];
				const box = ( def: BoxDef, value: ShopBox ) => (
					<InfoBox
						key={ def.id }
						title={ def.title }
						value={ formatValue(
							value.value,
							def.format,
							locale,
							currency
						) }
						change={ value.prev }
						inverse={ def.inverse }
						help={ def.help }
						compareText={ vs }
					/>
				);
				const [ main, cart, customers ] = boxRows();
				// New customers and abandoned checkouts show when there is data for them.
				const known = customers.filter(
					( def ) => data.infobox[ def.id ].value !== null
				);
				return (
					<div className="monsterinsights-reports-ecommerce">
						<NotedMetricChart
							chart={ data.sessions_chart }
							id={ name }
							comparing={ comparing }
						/>
						<section
							className="monsterinsights-reports-ecommerce__boxes"
							aria-label={ __(
								'Key metrics',
								'monsterinsights-reports'
							) }
						>
							{ main.map( ( def ) =>
								box( def, data.infobox[ def.id ] )
							) }
						</section>
						<div className="monsterinsights-reports-ecommerce__tables monsterinsights-reports-ecommerce__tables--wide">
							<ListCard
								title={ __(
									'Top Products',
									'monsterinsights-reports'
								) }
								columns={ products }
								rows={ data.products }
								emptyText={ __(
									'No products sold in this period.',
									'monsterinsights-reports'
								) }
								footer={ fullReportLink(
									data.galinks?.products,
									__(
										'View Full Products Report',
										'monsterinsights-reports'
									)
								) }
							/>
							<ListCard
								title={ __(
									'Top Conversion Sources',
									'monsterinsights-reports'
								) }
								columns={ sources }
								rows={ data.conversions }
								emptyText={ __(
									'No orders in this period.',
									'monsterinsights-reports'
								) }
								footer={
									journeys &&
									! demo && (
										<Button
											variant="secondary"
											href={ buildHash(
												JOURNEY_ROUTE,
												query
											) }
										>
											{ __(
												'View User Journeys',
												'monsterinsights-reports'
											) }
										</Button>
									)
								}
							/>
						</div>
						<section
							className="monsterinsights-reports-ecommerce__boxes"
							aria-label={ __(
								'Cart',
								'monsterinsights-reports'
							) }
						>
							{ cart.map( ( def ) =>
								box( def, data.infobox[ def.id ] )
							) }
							{ known.map( ( def ) =>
								box( def, data.infobox[ def.id ] )
							) }
						</section>
						{ ( data.days.length > 0 ||
							data.sessions.length > 0 ) && (
							<div className="monsterinsights-reports-ecommerce__tables">
								{ data.days.length > 0 && (
									<BucketTable
										title={ __(
											'Time to Purchase',
											'monsterinsights-reports'
										) }
										first={ __(
											'Days',
											'monsterinsights-reports'
										) }
										rows={ data.days }
										locale={ locale }
										link={ data.galinks?.days }
										linkText={ __(
											'View Full Time to Purchase Report',
											'monsterinsights-reports'
										) }
									/>
								) }
								{ data.sessions.length > 0 && (
									<BucketTable
										title={ __(
											'Sessions to Purchase',
											'monsterinsights-reports'
										) }
										first={ __(
											'Sessions',
											'monsterinsights-reports'
										) }
										rows={ data.sessions }
										locale={ locale }
										link={ data.galinks?.sessions }
										linkText={ __(
											'View Full Sessions to Purchase Report',
											'monsterinsights-reports'
										) }
									/>
								) }
							</div>
						) }
					</div>
				);
			} }
		</ReportScreen>
	);
}

export default EcommerceScreen;
