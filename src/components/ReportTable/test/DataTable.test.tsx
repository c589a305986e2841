import '@testing-library/jest-dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegistryProvider } from '@wordpress/data';

import { createTestRegistry } from '../../../../tests/js/registry';
import { mockApi, type ApiCall } from '../../../store/test/api';
import type { TablePage, TableRow } from '../../../types/reports';
import { ReportContext, type ReportContextValue } from '../../report/context';
import { DataTable } from '../DataTable';
import { csvUrl, localPage } from '../table';

const columns: TablePage[ 'columns' ] = [
	{ id: 'page_path', label: 'Page Path', type: 'text', sortable: true },
	{ id: 'pageviews', label: 'Page Views', type: 'number', sortable: true },
	{
		id: 'bounce_rate',
		label: 'Bounce Rate (%)',
		type: 'percent',
		sortable: true,
	},
	{ id: 'change', label: 'Change', type: 'change', sortable: false },
];

const row = ( path: string, pageviews: number, extra = {} ): TableRow => ( {
	page_path: path,
	pageviews,
	bounce_rate: 42.5,
	change: null,
	...extra,
} );

function pageOf( rows: TableRow[], over: Partial< TablePage > = {} ) {
	return {
		columns,
		rows,
		total: rows.length,
		page: 1,
		per_page: 10,
		orderby: 'pageviews',
		order: 'desc',
		search: '',
		...over,
	} satisfies TablePage;
}

const context: ReportContextValue = {
	report: 'engagement_pages',
	dates: { start: '2026-10-24', end: '2026-11-22' },
	locale: 'en_US',
	restRoot: 'http://example.org/wp-json/',
	nonce: 'abc123',
	demo: false,
};

/**
 * Renders the table in a report's context, with the stores it asks for its pages.
 *
 * @param page  The payload's page.
 * @param value The report's context.
 */
function renderTable( page: TablePage, value = context ) {
	return render(
		<RegistryProvider value={ createTestRegistry() }>
			<ReportContext.Provider value={ value }>
				<DataTable table="pages" page={ page } title="Pages Report" />
			</ReportContext.Provider>
		</RegistryProvider>
	);
}

/**
 * The body rows DataViews renders, as text per cell.
 * @param container
 */
function bodyRows( container: HTMLElement ): string[][] {
	return Array.from( container.querySelectorAll( 'tbody tr' ) ).map( ( tr ) =>
		Array.from( tr.querySelectorAll( 'td' ) ).map(
			( td ) => td.textContent ?? ''
		)
	);
}

/**
 * The query arguments of a recorded call.
 * @param call
 */
function argsOf( call: ApiCall | undefined ): Record< string, string > {
	const url = new URL( call?.path ?? '', 'http://x' );
	return Object.fromEntries( url.searchParams.entries() );
}

describe( 'DataTable', () => {
	it( 'shows the payload page with formatted cells, padded to 10 rows, without a request', () => {
		const calls = mockApi( () => pageOf( [] ) );
		const { container } = renderTable(
			pageOf(
				[ row( '/', 6210 ), row( '/about/', 1320, { change: -12.5 } ) ],
				{ total: 2 }
			)
		);
		const rows = bodyRows( container );
		expect( rows ).toHaveLength( 10 );
		expect( rows[ 0 ] ).toEqual( [ '/', '6,210', '42.50%', '--' ] );
		expect( rows[ 1 ] ).toEqual( [
			'/about/',
			'1,320',
			'42.50%',
			'Down 12.50%',
		] );
		expect( rows.slice( 2 ) ).toEqual(
			Array( 8 ).fill( [ '', '', '', '' ] )
		);
		expect( calls ).toEqual( [] );
	} );

	it( 'links the Download CSV button to the CSV route with the dates, order, search and nonce', () => {
		mockApi( () => pageOf( [] ) );
		renderTable( pageOf( [ row( '/', 1 ) ] ) );
		const link = screen.getByRole( 'link', { name: 'Download CSV' } );
		expect( link ).toHaveAttribute(
			'href',
			'http://example.org/wp-json/monsterinsights-reports/v1/reports/engagement_pages/tables/pages/csv?start=2026-10-24&end=2026-11-22&search=&orderby=pageviews&order=desc&_wpnonce=abc123'
		);
		expect(
			csvUrl(
				'http://example.org/?rest_route=/',
				'n',
				'engagement_pages',
				'pages',
				{
					start: '2026-01-01',
					end: '2026-01-31',
					compare_start: '2025-12-01',
					compare_end: '2025-12-31',
				},
				{ search: 'a b', orderby: 'page_path', order: 'asc' }
			)
		).toBe(
			'http://example.org/?rest_route=%2Fmonsterinsights-reports%2Fv1%2Freports%2Fengagement_pages%2Ftables%2Fpages%2Fcsv&start=2026-01-01&end=2026-01-31&compare_start=2025-12-01&compare_end=2025-12-31&search=a%20b&orderby=page_path&order=asc&_wpnonce=n'
		);
	} );

	it( 'asks the tables route for a search, a sort and a page, and shows its answer', async () => {
		const twelve = Array.from( { length: 12 }, ( _, i ) =>
			row( `/p${ i }/`, 100 - i )
		);
		const calls = mockApi( ( call ) => {
			const args = argsOf( call );
			if ( args.search === 'p1' ) {
				return pageOf( [ row( '/p1/', 99 ), row( '/p10/', 90 ) ], {
					search: 'p1',
				} );
			}
			if ( args.page === '2' ) {
				return pageOf( twelve.slice( 10 ), { page: 2, total: 12 } );
			}
			return pageOf( twelve.slice( 0, 10 ), {
				total: 12,
				orderby: args.orderby,
				order: args.order as 'asc' | 'desc',
			} );
		} );
		const user = userEvent.setup();
		const { container } = renderTable(
			pageOf( twelve.slice( 0, 10 ), { total: 12 } )
		);

		// Paging: more than 10 rows show the pagination.
		await user.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		await waitFor( () => expect( calls ).toHaveLength( 1 ) );
		expect( argsOf( calls[ 0 ] ) ).toEqual( {
			start: '2026-10-24',
			end: '2026-11-22',
			search: '',
			orderby: 'pageviews',
			order: 'desc',
			page: '2',
			per_page: '10',
		} );
		expect( calls[ 0 ]?.path ).toMatch(
			/^\/monsterinsights-reports\/v1\/reports\/engagement_pages\/tables\/pages\?/
		);
		await waitFor( () =>
			expect( bodyRows( container )[ 0 ]?.[ 0 ] ).toBe( '/p10/' )
		);
		expect( bodyRows( container ) ).toHaveLength( 10 );

		// Search: the first column, from the first page.
		await user.type( screen.getByRole( 'searchbox' ), 'p1' );
		await waitFor( () =>
			expect( argsOf( calls[ calls.length - 1 ] ) ).toMatchObject( {
				search: 'p1',
				page: '1',
			} )
		);
		await waitFor( () =>
			expect(
				bodyRows( container ).filter( ( cells ) => cells[ 0 ] !== '' )
			).toEqual( [
				[ '/p1/', '99', '42.50%', '--' ],
				[ '/p10/', '90', '42.50%', '--' ],
			] )
		);
		expect(
			screen.getByRole( 'link', { name: 'Download CSV' } )
		).toHaveAttribute( 'href', expect.stringContaining( '&search=p1&' ) );
	} );

	it( 'sorts by a column through its header menu', async () => {
		const calls = mockApi( ( call ) => {
			const args = argsOf( call );
			return pageOf( [ row( '/a/', 1 ) ], {
				orderby: args.orderby,
				order: args.order as 'asc' | 'desc',
			} );
		} );
		const user = userEvent.setup();
		renderTable( pageOf( [ row( '/b/', 2 ), row( '/a/', 1 ) ] ) );
		await user.click( screen.getByRole( 'button', { name: 'Page Path' } ) );
		await user.click(
			await screen.findByRole( 'menuitemradio', {
				name: /Sort ascending/,
			} )
		);
		await waitFor( () => expect( calls ).toHaveLength( 1 ) );
		expect( argsOf( calls[ 0 ] ) ).toMatchObject( {
			orderby: 'page_path',
			order: 'asc',
			page: '1',
		} );
	} );

	it( 'says so when a page fails, and when nothing matches', async () => {
		mockApi( ( call ) =>
			argsOf( call ).search === 'zzz'
				? pageOf( [], { search: 'zzz', total: 0 } )
				: Promise.reject( { code: 'boom', message: 'Boom' } )
		);
		const user = userEvent.setup();
		const { container } = renderTable(
			pageOf( [ row( '/a/', 1 ) ], { total: 30 } )
		);
		const notice = () =>
			container.querySelector( '.components-notice.is-error' );
		await user.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		await waitFor( () =>
			expect( notice() ).toHaveTextContent(
				'An unknown error has occurred.'
			)
		);
		await user.type( screen.getByRole( 'searchbox' ), 'zzz' );
		expect(
			await screen.findByText( 'No data to show' )
		).toBeInTheDocument();
		expect( notice() ).toBeNull();
	} );

	it( 'expands a row with children and links the first cell', async () => {
		mockApi( () => pageOf( [] ) );
		const user = userEvent.setup();
		const { container } = renderTable(
			pageOf( [
				row( 'Germany', 10, {
					url: 'https://example.org/de',
					children: [ row( 'Bavaria', 6 ), row( 'Berlin', 4 ) ],
				} ),
			] )
		);
		expect(
			screen.getByRole( 'link', { name: 'Germany' } )
		).toHaveAttribute( 'href', 'https://example.org/de' );
		const toggle = screen.getByRole( 'button', { name: 'Show details' } );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
		await user.click( toggle );
		expect(
			screen.getByRole( 'button', { name: 'Hide details' } )
		).toHaveAttribute( 'aria-expanded', 'true' );
		expect(
			bodyRows( container )
				.slice( 0, 3 )
				.map( ( cells ) => cells.slice( 0, 2 ) )
		).toEqual( [
			[ 'Germany', '10' ],
			[ 'Bavaria', '6' ],
			[ 'Berlin', '4' ],
		] );
	} );

	it( 'searches, sorts and pages a sample itself, without requests or a CSV link', async () => {
		const calls = mockApi( () => pageOf( [] ) );
		const user = userEvent.setup();
		const { container } = renderTable(
			pageOf( [ row( '/b10/', 5 ), row( '/b9/', 5 ), row( '/a/', 7 ) ] ),
			{ ...context, demo: true }
		);
		expect(
			bodyRows( container )
				.slice( 0, 3 )
				.map( ( cells ) => cells[ 0 ] )
		).toEqual( [ '/a/', '/b9/', '/b10/' ] );
		await act( async () => {
			await user.type( screen.getByRole( 'searchbox' ), 'B' );
		} );
		await waitFor( () =>
			expect(
				bodyRows( container ).filter( ( cells ) => cells[ 0 ] !== '' )
			).toHaveLength( 2 )
		);
		expect(
			screen.queryByRole( 'link', { name: 'Download CSV' } )
		).not.toBeInTheDocument();
		expect( calls ).toEqual( [] );
		expect(
			within( container ).queryByText( 'No data to show' )
		).not.toBeInTheDocument();
	} );
} );

describe( 'localPage', () => {
	it( 'sorts numbers numerically and text naturally, ties by the first column', () => {
		const rows = [
			row( 'b', 2 ),
			row( 'a10', 2 ),
			row( 'a9', 10 ),
			row( 'A1', 1 ),
		];
		const params = {
			search: '',
			orderby: 'pageviews',
			order: 'desc' as const,
			page: 1,
			per_page: 10,
		};
		expect(
			localPage( rows, columns, params ).rows.map( ( r ) => r.page_path )
		).toEqual( [ 'a9', 'a10', 'b', 'A1' ] );
		expect(
			localPage( rows, columns, {
				...params,
				orderby: 'page_path',
				order: 'asc',
			} ).rows.map( ( r ) => r.page_path )
		).toEqual( [ 'A1', 'a9', 'a10', 'b' ] );
		expect(
			localPage( rows, columns, { ...params, search: 'A' } ).total
		).toBe( 3 );
		expect(
			localPage( rows, columns, { ...params, per_page: 3, page: 2 } ).rows
		).toHaveLength( 1 );
	} );
} );
