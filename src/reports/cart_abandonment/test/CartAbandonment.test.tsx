import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { getUpsellContent } from '../../../upsell/content';
import type { BootShop, Level } from '../../../store/app/types';
import fixture from '../../../store/reports/test/fixtures/cart_abandonment.json';
import type { CartAbandonmentReport } from '../../../demo/cart_abandonment';
import { CartAbandonmentScreen } from '..';
import {
	expectNoReportRequest,
	EURO_SHOP,
	findUpsellHeading,
	listCards,
	renderWithoutShop,
	renderWithShop,
	reportCalls,
	Routed,
} from '../../test/screen';

/** The payload of tests/php/Shared/Reports/CartFunnelReportsTest.php (10–12 March 2025). */
const PAYLOAD = fixture as CartAbandonmentReport;

/**
 * Renders the screen at a level, with or without a shop, the server answering a payload.
 *
 * @param level   The licence level.
 * @param shop    The site's shop.
 * @param payload What the server answers.
 */
const render = ( level: Level, shop: BootShop | null, payload: unknown ) =>
	renderWithShop(
		<Routed report="cart_abandonment">
			<CartAbandonmentScreen />
		</Routed>,
		{ level, shop, payload }
	);

const tables = listCards;

/**
 * Money as the shop shows it: the amount, a no-break space, the symbol.
 *
 * @param amount The amount.
 */
const euros = ( amount: string ) => `${ amount }\u00a0€`;

describe( 'Cart Abandonment report', () => {
	it( 'shows the products and the days with quantity, revenue in the shop currency and both abandonment percents', async () => {
		const { calls, container } = render( 'pro', EURO_SHOP, PAYLOAD );
		await waitFor( () =>
			expect( tables( container ) ).toEqual( {
				'Cart Abandonment by Product': [
					[ 'Mug', '2', euros( '25.00' ), '0%', '33.33%' ],
					[ 'Cap', '0', euros( '0.00' ), '100%', '0%' ],
				],
				'Cart Abandonment by Day': [
					[ '2025-03-10', '2', euros( '25.00' ), '25%', '33.33%' ],
					[ '2025-03-11', '0', euros( '0.00' ), '100%', '0%' ],
				],
			} )
		);
		expect( reportCalls( calls ) ).toEqual( [
			expect.stringContaining(
				'/reports/cart_abandonment?start=2025-03-10&end=2025-03-12'
			),
		] );
		const columns = within(
			screen.getByRole( 'region', {
				name: 'Cart Abandonment by Product',
			} )
		)
			.getAllByRole( 'columnheader' )
			.map( ( th ) => th.textContent );
		expect( columns ).toEqual( [
			'Product',
			'Quantity',
			'Revenue',
			'Cart Abandonment %',
			'Checkout Abandonment %',
		] );
	} );

	it( 'searches each table on its first cell, case-insensitively', async () => {
		const { container } = render( 'pro', EURO_SHOP, PAYLOAD );
		await screen.findByText( 'Mug' );
		const products = screen.getByRole( 'region', {
			name: 'Cart Abandonment by Product',
		} );
		fireEvent.change( within( products ).getByRole( 'searchbox' ), {
			target: { value: 'CA' },
		} );
		expect( tables( container )[ 'Cart Abandonment by Product' ] ).toEqual(
			[ [ 'Cap', '0', euros( '0.00' ), '100%', '0%' ] ]
		);
		const days = screen.getByRole( 'region', {
			name: 'Cart Abandonment by Day',
		} );
		fireEvent.change( within( days ).getByRole( 'searchbox' ), {
			target: { value: '03-11' },
		} );
		expect( tables( container )[ 'Cart Abandonment by Day' ] ).toEqual( [
			[ '2025-03-11', '0', euros( '0.00' ), '100%', '0%' ],
		] );
	} );

	it( 'says so when nothing was added to a cart or bought', async () => {
		render( 'pro', EURO_SHOP, {
			cart_abandonment: [],
			cart_abandonment_by_day: [],
		} );
		expect(
			await screen.findByText( 'No data currently for the report' )
		).toBeInTheDocument();
	} );

	it( "asks for its report without a shop and shows the server's notice", async () => {
		expect(
			await renderWithoutShop(
				<Routed report="cart_abandonment">
					<CartAbandonmentScreen />
				</Routed>,
				'Our cart abandonment report only supports WooCommerce and Easy Digital Downloads.'
			)
		).toEqual( {
			requests: [
				'/monsterinsights-reports/v1/reports/cart_abandonment?start=2025-03-10&end=2025-03-12',
			],
			info: [
				'Our cart abandonment report only supports WooCommerce and Easy Digital Downloads.',
			],
			errorNotices: 0,
			errorDialog: null,
		} );
	} );

	it( 'shows the upsell over its sample below pro', async () => {
		const { calls } = render( 'basic', EURO_SHOP, PAYLOAD );
		expect(
			await findUpsellHeading( 'cart_abandonment' )
		).toBeInTheDocument();
		expect( getUpsellContent( 'cart_abandonment' ).title ).not.toBe( '' );
		await expectNoReportRequest( calls );
	} );
} );
