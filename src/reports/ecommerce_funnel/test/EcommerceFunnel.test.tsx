import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { lastChartProps } from '../../../components/test/chartMock';
import { FUNNEL_COLORS } from '../../../components/FunnelChart';
import type { EcommerceFunnelReport } from '../../../demo/ecommerce_funnel';
import type { BootShop, Level } from '../../../store/app/types';
import fixture from '../../../store/reports/test/fixtures/ecommerce_funnel.json';
import { EcommerceFunnelScreen } from '..';
import {
	EURO_SHOP,
	expectNoReportRequest,
	findUpsellHeading,
	listCards,
	MARCH_10_12,
	renderWithoutShop,
	renderWithShop,
	reportCalls,
	Routed,
} from '../../test/screen';

jest.mock( 'react-chartjs-2', () =>
	jest.requireActual( '../../../components/test/chartMock' ).chartMock()
);

/** The payload of tests/php/Shared/Reports/CartFunnelReportsTest.php (10–12 March 2025). */
const PAYLOAD = fixture as EcommerceFunnelReport;

/**
 * Renders the screen at a level, with or without a shop, 10–12 March chosen with 7–9 March as
 * the compare range, the server answering a payload.
 *
 * @param level   The licence level.
 * @param shop    The site's shop.
 * @param payload What the server answers.
 */
const render = ( level: Level, shop: BootShop | null, payload: unknown ) =>
	renderWithShop(
		<Routed report="ecommerce_funnel">
			<EcommerceFunnelScreen />
		</Routed>,
		{
			level,
			shop,
			payload,
			dates: {
				...MARCH_10_12,
				compareStart: '2025-03-07',
				compareEnd: '2025-03-09',
			},
		}
	);

const TITLE = 'eCommerce Funnel';

/**
 * The three rows of a category: 5 → 3 → 1 users in total, and each category's own.
 *
 * @param view     Users who saw a product.
 * @param add      Of those, who added one to a cart.
 * @param buy      Of those, who paid.
 * @param category The category cell, if the breakdown shows one.
 */
function rows( view: number, add: number, buy: number, category?: string ) {
	const pct = ( part: number, whole: number ) =>
		`${ whole > 0 ? Math.round( ( part / whole ) * 10000 ) / 100 : 0 }%`;
	const cat = category === undefined ? [] : [ category ];
	return [
		[
			'1. View Item',
			...cat,
			`${ view } (100%)`,
			pct( add, view ),
			String( view - add ),
			pct( view - add, view ),
		],
		[
			'2. Add to Cart',
			...cat,
			`${ add } (${ pct( add, view ) })`,
			pct( buy, add ),
			String( add - buy ),
			add > 0 ? pct( add - buy, add ) : '0%',
		],
		[
			'3. Purchase',
			...cat,
			`${ buy } (${ pct( buy, view ) })`,
			'--',
			'--',
			'--',
		],
	];
}

describe( 'eCommerce Funnel', () => {
	it( 'draws the three stages in orange, purple and green with their rates, and the table of each breakdown', async () => {
		const { calls, container } = render( 'pro', EURO_SHOP, PAYLOAD );
		await waitFor( () =>
			expect( listCards( container )[ TITLE ] ).toEqual( rows( 5, 3, 1 ) )
		);
		// Never compared: the dates alone.
		expect( reportCalls( calls ) ).toEqual( [
			expect.stringMatching(
				/\/reports\/ecommerce_funnel\?start=2025-03-10&end=2025-03-12$/
			),
		] );
		expect( screen.queryByText( /compared with/ ) ).not.toBeInTheDocument();
		expect(
			container.querySelector(
				'.monsterinsights-reports-datepicker__compare'
			)
		).toBeNull();

		const chart = lastChartProps( 'bar' );
		expect( chart.data.labels ).toEqual( [
			'View Item',
			'Add to Cart',
			'Purchase',
		] );
		expect( chart.data.datasets[ 0 ]?.data ).toEqual( [ 5, 3, 1 ] );
		expect( chart.data.datasets[ 0 ]?.backgroundColor ).toEqual(
			FUNNEL_COLORS
		);
		expect( FUNNEL_COLORS ).toEqual( [ '#f0863a', '#8c5fc7', '#00a32a' ] );
		expect(
			screen.getByText( 'View Item → Add to Cart' ).parentElement
				?.textContent
		).toBe(
			'View Item → Add to CartCompletion Rate: 60%Abandonment Rate: 40%'
		);
		expect(
			screen.getByText( 'Add to Cart → Purchase' ).parentElement
				?.textContent
		).toBe(
			'Add to Cart → PurchaseCompletion Rate: 33.33%Abandonment Rate: 66.67%'
		);
		expect(
			screen.getByRole( 'button', { name: /Site Notes/ } )
		).toBeInTheDocument();

		const select = screen.getByRole( 'combobox', { name: 'Breakdown' } );
		expect( select ).toHaveValue( 'none' );
		expect(
			within( select )
				.getAllByRole( 'option' )
				.map( ( option ) => option.textContent )
		).toEqual( [ 'None', 'Channel', 'Country' ] );
		const headers = () =>
			within( screen.getByRole( 'region', { name: TITLE } ) )
				.getAllByRole( 'columnheader' )
				.map( ( th ) => th.textContent );
		expect( headers() ).toEqual( [
			'Step',
			'Users (% of step 1)',
			'Completion Rate',
			'Abandonments',
			'Abandonment Rate',
		] );

		fireEvent.change( select, { target: { value: 'channel' } } );
		expect( headers() ).toEqual( [
			'Step',
			'Category',
			'Users (% of step 1)',
			'Completion Rate',
			'Abandonments',
			'Abandonment Rate',
		] );
		// Twelve rows: ten at first, 25 on offer.
		fireEvent.click( screen.getByRole( 'button', { name: '25' } ) );
		expect( listCards( container )[ TITLE ] ).toEqual( [
			...rows( 2, 1, 0, 'Direct' ),
			...rows( 1, 1, 0, 'Organic Search' ),
			...rows( 1, 1, 1, 'Organic Social' ),
			...rows( 1, 0, 0, 'Unassigned' ),
		] );

		fireEvent.change( select, { target: { value: 'country' } } );
		fireEvent.click( screen.getByRole( 'button', { name: '25' } ) );
		expect( listCards( container )[ TITLE ] ).toEqual( [
			...rows( 2, 1, 0, 'United States' ),
			...rows( 1, 1, 1, 'Germany' ),
			...rows( 1, 1, 0, 'United Kingdom' ),
			...rows( 1, 0, 0, 'Unknown' ),
		] );
	} );

	it( 'searches the steps', async () => {
		const { container } = render( 'pro', EURO_SHOP, PAYLOAD );
		await screen.findByText( '1. View Item' );
		fireEvent.change( screen.getByRole( 'searchbox' ), {
			target: { value: 'purchase' },
		} );
		expect( listCards( container )[ TITLE ] ).toEqual( [
			[ '3. Purchase', '1 (20%)', '--', '--', '--' ],
		] );
	} );

	it( "asks for its dates alone without a shop and shows the server's notice", async () => {
		expect(
			await renderWithoutShop(
				<Routed report="ecommerce_funnel">
					<EcommerceFunnelScreen />
				</Routed>,
				'Our funnel report only supports WooCommerce and Easy Digital Downloads.',
				{
					...MARCH_10_12,
					compareStart: '2025-03-07',
					compareEnd: '2025-03-09',
				}
			)
		).toEqual( {
			requests: [
				'/monsterinsights-reports/v1/reports/ecommerce_funnel?start=2025-03-10&end=2025-03-12',
			],
			info: [
				'Our funnel report only supports WooCommerce and Easy Digital Downloads.',
			],
			errorNotices: 0,
			errorDialog: null,
		} );
	} );

	it( 'says so when no one saw a product', async () => {
		render( 'pro', EURO_SHOP, {
			...PAYLOAD,
			funnel_chart: [ { value: 0 }, { value: 0 }, { value: 0 } ],
		} );
		expect(
			await screen.findByText( 'No data currently for the report' )
		).toBeInTheDocument();
	} );

	it( 'shows the upsell over its sample below pro', async () => {
		const { calls } = render( 'basic', EURO_SHOP, PAYLOAD );
		expect(
			await findUpsellHeading( 'ecommerce_funnel' )
		).toBeInTheDocument();
		await expectNoReportRequest( calls );
	} );
} );
