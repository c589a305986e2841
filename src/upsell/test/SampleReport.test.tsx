/**
 * The samples of the reports not built yet show their money in the shop's currency, and in the
 * sample currency without a shop: never an amount without a symbol.
 */
import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';

import type { BootShop } from '../../store/app';
import { createShellRegistry, renderIn } from '../../../tests/js/shell';
import { SampleReport } from '../SampleReport';

const EUR: BootShop = {
	platform: 'woocommerce',
	currency: {
		code: 'EUR',
		symbol: '€',
		decimals: 2,
		position: 'right_space',
	},
};

async function revenueBox( shop: BootShop | null ) {
	renderIn(
		<SampleReport report="ecommerce" />,
		createShellRegistry( { shop } )
	);
	const label = await screen.findByText( 'Revenue', {
		selector: '.monsterinsights-reports-sample__box-label',
	} );
	return label.parentElement as HTMLElement;
}

describe( 'SampleReport money', () => {
	it( 'shows the sample revenue in dollars without a shop', async () => {
		const box = await revenueBox( null );
		expect( box ).toHaveTextContent( 'Revenue$20,184.50' );
	} );

	it( 'shows it in the shop currency with one', async () => {
		const box = await revenueBox( EUR );
		expect( box ).toHaveTextContent( /^Revenue20,184\.50\s€$/ );
		const products = screen.getByRole( 'table', { name: 'Top Products' } );
		expect(
			within( products ).getAllByRole( 'row' )[ 1 ]
		).toHaveTextContent( /€$/ );
	} );
} );
