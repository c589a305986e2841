import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';

import { renderIn } from '../../../../tests/js/shell';
import type { EcommerceReport } from '../../../demo/ecommerce';
import type { EcommerceCouponsReport } from '../../../demo/ecommerce_coupons';
import { column as col, samplePage } from '../../../demo/pages';
import { addonsStore, type AddonsMap } from '../../../store/addons';
import { mockApi } from '../../../store/test/api';
import { CHART } from '../../traffic/test/fixtures';
import { EcommerceScreen } from '..';
import { EcommerceCouponsScreen } from '../../ecommerce-coupons';
import {
	expectNoReportRequest,
	renderLocked,
	renderWithoutShop,
	reportCalls,
	Routed,
	shopRegistryFor,
	tableRows,
} from '../../test/screen';

const box = (
	value: number | null,
	prev: number | null,
	compare: number | null
) => ( { value, prev, compare_value: compare } );

/**
 * The payload of tests/php/Shared/Reports/EcommerceReportTest.php's orders (3 paid orders in 4
 * sessions, 90 of revenue; the period before 1 order of 35), with a cart's steps added.
 */
const PAYLOAD: EcommerceReport = {
	infobox: {
		range: 3,
		conversionrate: box( 75, null, 0 ),
		transactions: box( 3, 200, 1 ),
		revenue: box( 90, 157.14, 35 ),
		ordervalue: box( 30, -14.29, 35 ),
		addtocart: box( 5, null, 0 ),
		remfromcart: box( 1, null, 0 ),
		newcustomers: box( 66.67, -33.33, 100 ),
		abandonedcheckouts: box( null, null, null ),
	},
	sessions_chart: CHART,
	products: [
		{ name: 'Mug', quantity: 4, percent: 66.67, revenue: 38 },
		{ name: 'Shirt', quantity: 2, percent: 33.33, revenue: 47 },
	],
	conversions: [
		{
			url: 'google.com',
			sessions: 2,
			transactions: 1,
			percent: 33.33,
			revenue: 50,
		},
		{
			url: '(direct)',
			sessions: 1,
			transactions: 1,
			percent: 33.33,
			revenue: 20,
		},
		{
			url: '(not set)',
			sessions: 0,
			transactions: 1,
			percent: 33.33,
			revenue: 20,
		},
	],
	days: [
		{ name: '0', transactions: 1, percent: 50 },
		{ name: '1', transactions: 0, percent: 0 },
		{ name: '2-3', transactions: 1, percent: 50 },
	],
	sessions: [],
};

/**
 * Each section's rows by its heading.
 *
 * @param container The rendered screen.
 */
function sections( container: HTMLElement ) {
	const out: Record< string, string[][] > = {};
	container
		.querySelectorAll( '.monsterinsights-reports-list-card' )
		.forEach( ( section ) => {
			out[ section.querySelector( 'h2' )?.textContent ?? '' ] =
				Array.from( section.querySelectorAll( 'tbody tr' ) )
					.map( ( tr ) =>
						Array.from( tr.querySelectorAll( 'th, td' ) ).map(
							( cell ) => cell.textContent ?? ''
						)
					)
					.filter( ( cells ) => cells.some( ( text ) => text ) );
		} );
	return out;
}

/**
 * The info boxes' titles and values, in order.
 *
 * @param container The rendered screen.
 */
function boxes( container: HTMLElement ) {
	return Array.from(
		container.querySelectorAll( '.monsterinsights-reports-infobox' )
	).map( ( element ) => [
		element.querySelector(
			'.monsterinsights-reports-infobox__title > span'
		)?.textContent,
		element.querySelector( '.monsterinsights-reports-infobox__value' )
			?.textContent,
	] );
}

describe( 'eCommerce Overview', () => {
	it( 'shows the boxes, products, sources and time to purchase in the shop’s currency', async () => {
		const calls = mockApi( () => PAYLOAD );
		const { container } = renderIn(
			<Routed report="ecommerce">
				<EcommerceScreen />
			</Routed>,
			shopRegistryFor( 'pro' )
		);
		await waitFor( () =>
			expect( boxes( container ) ).toEqual( [
				[ 'Conversion Rate', '75%' ],
				[ 'Transactions', '3' ],
				[ 'Revenue', '$90.00' ],
				[ 'Avg. Order Value', '$30.00' ],
				[ 'Add to Cart', '5' ],
				[ 'Removed from Cart', '1' ],
				// Abandoned checkouts has no data: hidden.
				[ 'New Customers', '66.67%' ],
			] )
		);
		expect( sections( container ) ).toEqual( {
			'Top Products': [
				[ 'Mug', '4', '66.67%', '$38.00' ],
				[ 'Shirt', '2', '33.33%', '$47.00' ],
			],
			'Top Conversion Sources': [
				[ 'google.com', '2', '1', '33.33%', '$50.00' ],
				[ '(direct)', '1', '1', '33.33%', '$20.00' ],
				[ '(not set)', '0', '1', '33.33%', '$20.00' ],
			],
			'Time to Purchase': [
				[ '0', '1', '50%' ],
				[ '1', '0', '0%' ],
				[ '2-3', '1', '50%' ],
			],
		} );
		// No order's sessions known: no Sessions to Purchase table.
		expect( screen.queryByText( 'Sessions to Purchase' ) ).toBeNull();
		// The builtin source has no reports of its own to link to.
		expect( screen.queryByText( /View Full/ ) ).toBeNull();
		expect(
			screen.getAllByText( 'vs. Previous 3 Days' ).length
		).toBeGreaterThan( 0 );
		expect( reportCalls( calls ) ).toEqual( [
			'/monsterinsights-reports/v1/reports/ecommerce?start=2025-03-10&end=2025-03-12',
		] );
	} );

	it( 'links to the source’s own reports of the products and the purchase timing when the payload has them', async () => {
		const ga4 =
			'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=';
		mockApi( () => ( {
			...PAYLOAD,
			galinks: {
				products: `${ ga4 }ecomm-product`,
				days: `${ ga4 }ecomm-days`,
				sessions: `${ ga4 }ecomm-sessions`,
			},
		} ) );
		const { container } = renderIn(
			<Routed report="ecommerce">
				<EcommerceScreen />
			</Routed>,
			shopRegistryFor( 'pro' )
		);
		const products = await screen.findByRole( 'link', {
			name: 'View Full Products Report',
		} );
		expect( products ).toHaveAttribute( 'href', `${ ga4 }ecomm-product` );
		expect( products ).toHaveAttribute( 'target', '_blank' );
		expect(
			products.closest( '.monsterinsights-reports-list-card' )
		).toHaveAccessibleName( 'Top Products' );
		expect(
			screen.getByRole( 'link', {
				name: 'View Full Time to Purchase Report',
			} )
		).toHaveAttribute( 'href', `${ ga4 }ecomm-days` );
		// No Sessions to Purchase table (no rows), so no button for it.
		expect(
			screen.queryByText( 'View Full Sessions to Purchase Report' )
		).toBeNull();
		expect(
			container.querySelectorAll(
				'.monsterinsights-reports-list-card__footer a'
			)
		).toHaveLength( 2 );
	} );

	it( 'leads on to the User Journey report while its module is on', async () => {
		const addon = ( active: boolean ) => ( {
			installed: true,
			active,
			basename: 'monsterinsights-reports/modules/x',
			title: 'X',
			description: '',
			requirement: '',
			requirement_met: true,
		} );
		const addons = ( journeys: boolean ) =>
			( {
				dimensions: addon( false ),
				woocommerce: addon( true ),
				forms: addon( false ),
				media: addon( false ),
				'user-journey': addon( journeys ),
			} ) as AddonsMap;
		const sources = () =>
			screen.getByRole( 'region', { name: 'Top Conversion Sources' } );
		mockApi( () => PAYLOAD );

		const on = shopRegistryFor( 'pro' );
		on.dispatch( addonsStore ).receiveAddons( addons( true ) );
		const first = renderIn(
			<Routed report="ecommerce">
				<EcommerceScreen />
			</Routed>,
			on
		);
		const link = await screen.findByRole( 'link', {
			name: 'View User Journeys',
		} );
		// In the conversion sources' card, to the report's route with the same dates.
		expect( sources() ).toContainElement( link );
		// A way on, not a figure: not in the PDF.
		expect( link.closest( '[data-pdf-exclude]' ) ).not.toBeNull();
		expect( link ).toHaveAttribute(
			'href',
			'#/user-journey-report?start=2025-03-10&end=2025-03-12&preset=custom'
		);
		first.unmount();

		const off = shopRegistryFor( 'pro' );
		off.dispatch( addonsStore ).receiveAddons( addons( false ) );
		const second = renderIn(
			<Routed report="ecommerce">
				<EcommerceScreen />
			</Routed>,
			off
		);
		await waitFor( () =>
			expect( sections( second.container )[ 'Top Products' ] ).toEqual( [
				[ 'Mug', '4', '66.67%', '$38.00' ],
				[ 'Shirt', '2', '33.33%', '$47.00' ],
			] )
		);
		expect(
			screen.queryByRole( 'link', { name: 'View User Journeys' } )
		).toBeNull();
	} );

	it( "asks for its report without a shop and shows the server's notice: the shop plugin missing", async () => {
		expect(
			await renderWithoutShop(
				<Routed report="ecommerce">
					<EcommerceScreen />
				</Routed>,
				'eCommerce reports need WooCommerce or Easy Digital Downloads. Install and activate one of them, and your store’s sales will show here.'
			)
		).toEqual( {
			requests: [
				'/monsterinsights-reports/v1/reports/ecommerce?start=2025-03-10&end=2025-03-12',
			],
			info: [
				'eCommerce reports need WooCommerce or Easy Digital Downloads. Install and activate one of them, and your store’s sales will show here.',
			],
			errorNotices: 0,
			errorDialog: null,
		} );
	} );

	it( 'shows its sample under the plus upsell to a plus licence, without fetching', async () => {
		const { calls, container } = await renderLocked(
			<Routed report="ecommerce">
				<EcommerceScreen />
			</Routed>,
			'ecommerce',
			'plus'
		);
		await waitFor( () =>
			expect( sections( container )[ 'Top Products' ]?.[ 0 ] ).toEqual( [
				'Sample product: starter kit',
				'84',
				'36.21%',
				'$7,308.00',
			] )
		);
		await expectNoReportRequest( calls );
	} );
} );

const COUPONS: EcommerceCouponsReport = {
	coupons_table: samplePage(
		() => [
			col( 'coupon_name', 'Coupon Name', 'text' ),
			col( 'revenue', 'Revenue', 'money' ),
			col( 'transactions', 'Transactions' ),
			col( 'average_order_value', 'Average Order Value', 'money' ),
			col( 'change', 'Change', 'change' ),
		],
		[
			{
				coupon_name: 'SAVE5',
				revenue: 70,
				transactions: 2,
				average_order_value: 35,
				change: 100,
			},
			{
				coupon_name: 'FREESHIP',
				revenue: 20,
				transactions: 1,
				average_order_value: 20,
				change: null,
			},
		],
		'revenue'
	),
};

describe( 'Coupons Report', () => {
	it( 'shows each coupon’s revenue, orders, order value and change', async () => {
		mockApi( () => COUPONS );
		const { container } = renderIn(
			<Routed report="ecommerce_coupons">
				<EcommerceCouponsScreen />
			</Routed>,
			shopRegistryFor( 'pro', true )
		);
		await waitFor( () =>
			expect( tableRows( container ) ).toEqual( [
				[ 'SAVE5', '$70.00', '2', '$35.00', 'Up 100%' ],
				[ 'FREESHIP', '$20.00', '1', '$20.00', '--' ],
			] )
		);
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Coupons Report' } )
		).toBeInTheDocument();
	} );

	it( "asks for its report without a shop and shows the server's notice: the module off", async () => {
		expect(
			await renderWithoutShop(
				<Routed report="ecommerce_coupons">
					<EcommerceCouponsScreen />
				</Routed>,
				'The eCommerce module is off. Turn it on in Settings, and your store’s sales will show here.'
			)
		).toEqual( {
			requests: [
				'/monsterinsights-reports/v1/reports/ecommerce_coupons?start=2025-03-10&end=2025-03-12',
			],
			info: [
				'The eCommerce module is off. Turn it on in Settings, and your store’s sales will show here.',
			],
			errorNotices: 0,
			errorDialog: null,
		} );
	} );
} );
