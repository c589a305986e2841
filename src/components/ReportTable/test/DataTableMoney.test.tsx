/**
 * Money columns in the shop's currency and the user's locale, and a traffic table without a shop:
 * the server leaves the eCommerce columns out (includes/Reports/Blocks/AcquisitionTable.php), so
 * the table shows none of them and no bare "0.00".
 */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { RegistryProvider } from '@wordpress/data';

import { createBootedRegistry } from '../../../../tests/js/registry';
import type { BootShop } from '../../../store/app';
import { mockApi } from '../../../store/test/api';
import type { TablePage, TableRow } from '../../../types/reports';
import { ReportContext, type ReportContextValue } from '../../report/context';
import { DataTable } from '../DataTable';

const base: TablePage[ 'columns' ] = [
	{ id: 'channel', label: 'Channel', type: 'text', sortable: true },
	{ id: 'sessions', label: 'Sessions', type: 'number', sortable: true },
];
const shopColumns: TablePage[ 'columns' ] = [
	{ id: 'purchases', label: 'Purchases', type: 'number', sortable: true },
	{
		id: 'conversion_rate',
		label: 'Conversion Rate',
		type: 'percent',
		sortable: true,
	},
	{ id: 'revenue', label: 'Revenue', type: 'money', sortable: true },
];

function pageOf(
	columns: TablePage[ 'columns' ],
	rows: TableRow[]
): TablePage {
	return {
		columns,
		rows,
		total: rows.length,
		page: 1,
		per_page: 10,
		orderby: 'sessions',
		order: 'desc',
		search: '',
	};
}

function contextIn( locale: string ): ReportContextValue {
	return {
		report: 'traffic_overview',
		dates: { start: '2026-10-24', end: '2026-11-22' },
		locale,
		restRoot: 'http://example.org/wp-json/',
		nonce: 'abc123',
		demo: false,
	};
}

function renderTable( page: TablePage, shop: BootShop | null, locale: string ) {
	mockApi( () => page );
	return render(
		<RegistryProvider value={ createBootedRegistry( { shop } ) }>
			<ReportContext.Provider value={ contextIn( locale ) }>
				<DataTable table="channels" page={ page } title="Channels" />
			</ReportContext.Provider>
		</RegistryProvider>
	);
}

function firstRow( container: HTMLElement ): string[] {
	return Array.from(
		container.querySelectorAll( 'tbody tr:first-child td' )
	).map( ( td ) => td.textContent ?? '' );
}

const shopOf = ( currency: BootShop[ 'currency' ] ): BootShop => ( {
	platform: 'woocommerce',
	currency,
} );
const EUR = shopOf( {
	code: 'EUR',
	symbol: '€',
	decimals: 2,
	position: 'right_space',
} );
const USD = shopOf( {
	code: 'USD',
	symbol: '$',
	decimals: 2,
	position: 'left',
} );
const JPY = shopOf( {
	code: 'JPY',
	symbol: '¥',
	decimals: 0,
	position: 'left',
} );

describe( 'DataTable money and the eCommerce columns', () => {
	it( 'shows no eCommerce column and no bare amount without a shop', () => {
		const { container } = renderTable(
			pageOf( base, [ { channel: 'Direct', sessions: 1200 } ] ),
			null,
			'en_US'
		);
		expect(
			screen.queryByRole( 'columnheader', { name: /Purchases/ } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'columnheader', { name: /Revenue/ } )
		).not.toBeInTheDocument();
		expect( firstRow( container ) ).toEqual( [ 'Direct', '1,200' ] );
		expect( container.textContent ).not.toMatch( /0\.00/ );
	} );

	it.each( [
		[ 'USD', 'en_US', USD, '$1,234.50' ],
		[ 'USD', 'de_DE', USD, '$1.234,50' ],
		[ 'EUR', 'en_US', EUR, '1,234.50\u00a0€' ],
		[ 'EUR', 'de_DE', EUR, '1.234,50\u00a0€' ],
		[ 'JPY', 'en_US', JPY, '¥1,235' ],
		[ 'JPY', 'de_DE', JPY, '¥1.235' ],
	] )(
		'formats %s revenue in %s in the shop currency',
		( _code, locale, shop, revenue ) => {
			const { container } = renderTable(
				pageOf(
					[ ...base, ...shopColumns ],
					[
						{
							channel: 'Direct',
							sessions: 10,
							purchases: 2,
							conversion_rate: 20,
							revenue: 1234.5,
						},
					]
				),
				shop,
				locale
			);
			expect( firstRow( container ).slice( 2 ) ).toEqual( [
				'2',
				locale === 'de_DE' ? '20\u00a0%' : '20%',
				revenue,
			] );
		}
	);
} );
