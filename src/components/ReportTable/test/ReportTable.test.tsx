import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import {
	FaviconCell,
	faviconUrl,
	pageSizesFor,
	ReportTable,
	type ReportColumn,
} from '..';
import { hostOf } from '../FaviconCell';
import { RegistryProvider } from '@wordpress/data';
import type { ReactElement } from 'react';
import { createTestRegistry } from '../../../../tests/js/registry';
import { settingsStore } from '../../../store/settings';
import { settingsWith } from '../../../store/settings/test/fixture';

/**
 * Renders in a registry with the stores, the settings loaded when `favicons` is given.
 *
 * @param ui       The element.
 * @param favicons The referral favicons setting.
 */
function renderInRegistry( ui: ReactElement, favicons?: boolean ) {
	const registry = createTestRegistry();
	if ( favicons !== undefined ) {
		registry
			.dispatch( settingsStore )
			.receiveSettings( settingsWith( { referral_favicons: favicons } ) );
	}
	return render(
		<RegistryProvider value={ registry }>{ ui }</RegistryProvider>
	);
}

interface Country {
	name: string;
	sessions: number;
	compare_sessions: number;
	compare_change: number | null;
}

const COLUMNS: Array< ReportColumn< Country > > = [
	{ key: 'name', header: 'Country', sortable: true },
	{ key: 'sessions', header: 'Sessions', numeric: true, sortable: true },
];

function makeRows( count: number ): Country[] {
	return Array.from( { length: count }, ( _, index ) => ( {
		name: `Country ${ index + 1 }`,
		sessions: 1000 - index,
		compare_sessions: 900,
		compare_change: 5,
	} ) );
}

function bodyRows() {
	const [ , body ] = screen.getAllByRole( 'rowgroup' );
	return within( body as HTMLElement ).queryAllByRole( 'row' );
}

function paddingRows( container: HTMLElement ) {
	return container.querySelectorAll( 'tbody tr.is-padding' );
}

describe( 'ReportTable', () => {
	it( 'renders an accessible table with a caption, headers and numeric alignment', () => {
		render(
			<ReportTable
				caption="Top countries"
				columns={ COLUMNS }
				rows={ [
					{
						name: 'Germany',
						sessions: 1234,
						compare_sessions: 1000,
						compare_change: 23.4,
					},
				] }
			/>
		);
		const table = screen.getByRole( 'table', { name: 'Top countries' } );
		expect( table ).toHaveClass( 'widefat', 'striped' );
		expect(
			screen.getByRole( 'columnheader', { name: 'Sessions' } )
		).toHaveClass( 'is-numeric' );
		expect(
			screen.getByRole( 'rowheader', { name: 'Germany' } )
		).toBeVisible();
		expect( screen.getByRole( 'cell', { name: '1,234' } ) ).toHaveClass(
			'is-numeric'
		);
		expect( screen.getByRole( 'cell', { name: '1,234' } ) ).toHaveAttribute(
			'data-label',
			'Sessions'
		);
	} );

	it( 'renders cells with the column renderer', () => {
		render(
			<ReportTable
				caption="Top countries"
				columns={ [
					{
						key: 'name',
						header: 'Country',
						cell: ( row: Country, index ) =>
							`${ index + 1 }. ${ row.name }`,
					},
				] }
				rows={ makeRows( 2 ) }
			/>
		);
		expect( screen.getByText( '2. Country 2' ) ).toBeInTheDocument();
	} );

	it( 'pads to 10 rows with empty rows hidden from screen readers', () => {
		const { container } = render(
			<ReportTable
				caption="Top"
				columns={ COLUMNS }
				rows={ makeRows( 3 ) }
			/>
		);
		expect( bodyRows() ).toHaveLength( 3 );
		const padding = paddingRows( container );
		expect( padding ).toHaveLength( 7 );
		padding.forEach( ( row ) =>
			expect( row ).toHaveAttribute( 'aria-hidden', 'true' )
		);
	} );

	it( 'shows the empty text without padding', () => {
		const { container, rerender } = render(
			<ReportTable caption="Top" columns={ COLUMNS } rows={ [] } />
		);
		expect( screen.getByText( 'No data to show' ) ).toBeInTheDocument();
		expect( paddingRows( container ) ).toHaveLength( 0 );
		rerender(
			<ReportTable
				caption="Top"
				columns={ COLUMNS }
				rows={ [] }
				emptyText="No data for this time period."
			/>
		);
		expect(
			screen.getByText( 'No data for this time period.' )
		).toBeInTheDocument();
	} );

	it( 'offers each page size only when the rows exceed the size before it', () => {
		expect( pageSizesFor( 0 ) ).toEqual( [] );
		expect( pageSizesFor( 10 ) ).toEqual( [] );
		expect( pageSizesFor( 11 ) ).toEqual( [ 10, 25 ] );
		expect( pageSizesFor( 25 ) ).toEqual( [ 10, 25 ] );
		expect( pageSizesFor( 26 ) ).toEqual( [ 10, 25, 50 ] );
		expect( pageSizesFor( 50 ) ).toEqual( [ 10, 25, 50 ] );
		expect( pageSizesFor( 51 ) ).toEqual( [ 10, 25, 50, 'all' ] );
	} );

	it( 'shows no page sizes for 10 rows or fewer', () => {
		render(
			<ReportTable
				caption="Top"
				columns={ COLUMNS }
				rows={ makeRows( 10 ) }
			/>
		);
		expect( screen.queryByRole( 'group' ) ).not.toBeInTheDocument();
	} );

	it( 'shows 10 rows first and more when a larger page size is chosen', async () => {
		render(
			<ReportTable
				caption="Top"
				columns={ COLUMNS }
				rows={ makeRows( 60 ) }
			/>
		);
		const sizes = screen.getByRole( 'group', {
			name: 'Number of rows to show',
		} );
		expect(
			within( sizes )
				.getAllByRole( 'button' )
				.map( ( button ) => button.textContent )
		).toEqual( [ '10', '25', '50', 'All' ] );
		expect( bodyRows() ).toHaveLength( 10 );
		expect(
			within( sizes ).getByRole( 'button', { name: '10' } )
		).toHaveAttribute( 'aria-pressed', 'true' );

		await userEvent.click(
			within( sizes ).getByRole( 'button', { name: '25' } )
		);
		expect( bodyRows() ).toHaveLength( 25 );
		await userEvent.click(
			within( sizes ).getByRole( 'button', { name: 'All' } )
		);
		expect( bodyRows() ).toHaveLength( 60 );
		expect(
			within( sizes ).getByRole( 'button', { name: 'All' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
	} );

	it( 'adds the compare value and a coloured change in compare mode', () => {
		const rows: Country[] = [
			{
				name: 'A',
				sessions: 10,
				compare_sessions: 8,
				compare_change: 25,
			},
			{
				name: 'B',
				sessions: 5,
				compare_sessions: 10,
				compare_change: -50,
			},
			{ name: 'C', sessions: 5, compare_sessions: 5, compare_change: 0 },
		];
		const compare = {
			header: 'Oct 1 – 30, 2025',
			value: ( row: Country ) => String( row.compare_sessions ),
			change: ( row: Country ) => row.compare_change,
		};
		const { container, rerender } = render(
			<ReportTable
				caption="Top"
				columns={ COLUMNS }
				rows={ rows }
				compare={ compare }
			/>
		);
		expect(
			screen
				.getAllByRole( 'columnheader' )
				.map( ( th ) => th.textContent )
		).toEqual( [ 'Country', 'Sessions', 'Oct 1 – 30, 2025', 'Change' ] );
		const trends = container.querySelectorAll(
			'tbody .monsterinsights-reports-trend'
		);
		expect( trends[ 0 ] ).toHaveClass( 'is-positive' );
		expect( trends[ 0 ] ).toHaveTextContent( 'Up 25%' );
		expect( trends[ 1 ] ).toHaveClass( 'is-negative' );
		expect( trends[ 1 ] ).toHaveTextContent( 'Down 50%' );
		expect( trends[ 2 ] ).toHaveTextContent( /^0%$/ );
		// The padding rows span the compare columns too.
		expect(
			paddingRows( container )[ 0 ]?.querySelectorAll( 'td' )
		).toHaveLength( 4 );

		rerender(
			<ReportTable
				caption="Top"
				columns={ COLUMNS }
				rows={ rows }
				compare={ {
					...compare,
					inverse: true,
					changeHeader: '% Change',
				} }
			/>
		);
		const inverted = container.querySelectorAll(
			'tbody .monsterinsights-reports-trend'
		);
		expect( inverted[ 0 ] ).toHaveClass( 'is-negative' );
		expect( inverted[ 1 ] ).toHaveClass( 'is-positive' );
		expect(
			screen.getByRole( 'columnheader', { name: '% Change' } )
		).toBeVisible();
	} );

	it( 'carries an anchor id on its wrapper', () => {
		const { container } = render(
			<ReportTable
				id="top-landing-pages"
				caption="Top pages"
				columns={ COLUMNS }
				rows={ [] }
			/>
		);
		expect( container.firstChild ).toHaveAttribute(
			'id',
			'top-landing-pages'
		);
	} );

	it( 'shows a loader while fetching', () => {
		render(
			<ReportTable
				caption="Top"
				columns={ COLUMNS }
				rows={ makeRows( 30 ) }
				isLoading
			/>
		);
		expect( screen.getByRole( 'table' ) ).toHaveAttribute(
			'aria-busy',
			'true'
		);
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( 'Loading…' );
		expect( screen.queryByText( 'Country 1' ) ).not.toBeInTheDocument();
		expect( screen.queryByRole( 'group' ) ).not.toBeInTheDocument();
	} );

	it( 'sorts ascending first, then toggles, and starts a new column ascending', async () => {
		const rows: Country[] = [
			{
				name: 'item 10',
				sessions: 2,
				compare_sessions: 0,
				compare_change: 0,
			},
			{
				name: 'Item 9',
				sessions: 30,
				compare_sessions: 0,
				compare_change: 0,
			},
			{
				name: 'item 100',
				sessions: 100,
				compare_sessions: 0,
				compare_change: 0,
			},
		];
		render(
			<ReportTable caption="Top" columns={ COLUMNS } rows={ rows } />
		);
		const names = () =>
			screen.getAllByRole( 'rowheader' ).map( ( th ) => th.textContent );
		const country = screen.getByRole( 'columnheader', { name: 'Country' } );
		const sessions = screen.getByRole( 'columnheader', {
			name: 'Sessions',
		} );
		expect( country ).not.toHaveAttribute( 'aria-sort' );

		await userEvent.click( within( country ).getByRole( 'button' ) );
		expect( country ).toHaveAttribute( 'aria-sort', 'ascending' );
		// Natural order, case-insensitive.
		expect( names() ).toEqual( [ 'Item 9', 'item 10', 'item 100' ] );

		await userEvent.click( within( country ).getByRole( 'button' ) );
		expect( country ).toHaveAttribute( 'aria-sort', 'descending' );
		expect( names() ).toEqual( [ 'item 100', 'item 10', 'Item 9' ] );

		await userEvent.click( within( sessions ).getByRole( 'button' ) );
		expect( sessions ).toHaveAttribute( 'aria-sort', 'ascending' );
		expect( country ).not.toHaveAttribute( 'aria-sort' );
		// Numerically: 2, 30, 100.
		expect( names() ).toEqual( [ 'item 10', 'Item 9', 'item 100' ] );
	} );

	it( 'searches the first cell of each row, case-insensitively', async () => {
		render(
			<ReportTable
				caption="Top"
				columns={ COLUMNS }
				rows={ [
					{
						name: 'Germany',
						sessions: 1,
						compare_sessions: 0,
						compare_change: 0,
					},
					{
						name: 'France',
						sessions: 2,
						compare_sessions: 0,
						compare_change: 0,
					},
				] }
				searchable
			/>
		);
		await userEvent.type(
			screen.getByRole( 'searchbox', { name: 'Search' } ),
			'GERM'
		);
		expect(
			screen.getAllByRole( 'rowheader' ).map( ( th ) => th.textContent )
		).toEqual( [ 'Germany' ] );
		await userEvent.clear( screen.getByRole( 'searchbox' ) );
		await userEvent.type( screen.getByRole( 'searchbox' ), '2' );
		expect( screen.getByText( 'No records found.' ) ).toBeInTheDocument();
	} );
} );

describe( 'FaviconCell', () => {
	it( 'shows a decorative favicon from the public service beside the domain', () => {
		const { container } = renderInRegistry(
			<FaviconCell
				domain="https://www.example.com/path?q=1"
				showFavicon
			/>,
			true
		);
		const img = container.querySelector( 'img' );
		expect( img ).toHaveAttribute( 'alt', '' );
		expect( img ).toHaveAttribute(
			'src',
			'https://www.google.com/s2/favicons?domain=www.example.com'
		);
		expect( screen.queryByRole( 'img' ) ).not.toBeInTheDocument();
		expect(
			screen.getByText( 'https://www.example.com/path?q=1' )
		).toBeInTheDocument();
	} );

	it( 'loads nothing when favicons are turned off', () => {
		const { container } = renderInRegistry(
			<FaviconCell domain="example.com" showFavicon={ false } />
		);
		expect( container.querySelector( 'img' ) ).toBeNull();
		expect( screen.getByText( 'example.com' ) ).toBeInTheDocument();
	} );

	it( 'loads nothing when the referral favicons setting is off', () => {
		const { container } = renderInRegistry(
			<FaviconCell domain="example.com" showFavicon />,
			false
		);
		expect( container.querySelector( 'img' ) ).toBeNull();
		expect( screen.getByText( 'example.com' ) ).toBeInTheDocument();
	} );

	it( 'shows the icon when the setting is on', () => {
		const { container } = renderInRegistry(
			<FaviconCell domain="example.com" showFavicon />,
			true
		);
		expect( container.querySelector( 'img' ) ).not.toBeNull();
	} );

	it( 'finds the host of a domain or URL', () => {
		expect( hostOf( 'example.com/page' ) ).toBe( 'example.com' );
		expect( hostOf( 'http://sub.example.org:8080/x' ) ).toBe(
			'sub.example.org'
		);
		expect( faviconUrl( 't.co' ) ).toBe(
			'https://www.google.com/s2/favicons?domain=t.co'
		);
	} );
} );
