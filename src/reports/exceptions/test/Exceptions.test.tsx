import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeBoot } from '../../../../tests/js/registry';
import { createShellRegistry, renderIn } from '../../../../tests/js/shell';
import { appStore } from '../../../store/app';
import type { Level } from '../../../store/app/types';
import type {
	ExceptionCategory,
	ExceptionRow,
	ExceptionsReport,
} from '../../../store/reports/types';
import fixture from '../../../store/reports/test/fixtures/exceptions.json';
import { mockApi, restError, type ApiCall } from '../../../store/test/api';
import { ExceptionsScreen } from '..';
import { expectLockedSample, Routed } from '../../test/screen';

const CATEGORIES: ExceptionCategory[] = [
	'engagement',
	'ecommerce',
	'marketing',
];

/**
 * A category of the fixture (JSON widens the union to string).
 *
 * @param value The value.
 */
function categoryOf( value: string ): ExceptionCategory {
	const found = CATEGORIES.find( ( category ) => category === value );
	if ( ! found ) {
		throw new Error( value );
	}
	return found;
}

/**
 * What the route answers for 1–14 March in ExceptionsReportTest (tests/php/Shared/Reports):
 * ReportPayloadContractTest holds the fixture to the route's schema.
 */
const PAYLOAD: ExceptionsReport = {
	...fixture,
	items: fixture.items.map( ( item ) => ( {
		...item,
		category: categoryOf( item.category ),
	} ) ),
};

const ROUTE = '/monsterinsights-reports/v1/reports/exceptions';
const DATES = 'start=2025-03-01&end=2025-03-14';

/**
 * Generated rows for paging: ids from `from`, one day each going back from 14 March.
 *
 * @param from  First id.
 * @param count How many.
 */
function rows( from: number, count: number ): ExceptionRow[] {
	return Array.from( { length: count }, ( _v, i ) => ( {
		id: from + i,
		category: 'engagement',
		time: '2025-03-14',
		recurring: false,
		resolved: false,
		description: `Exception ${ from + i }`,
	} ) );
}

/**
 * The screen in a shell registry with a licence level and the dates 1–14 March 2025.
 *
 * @param level           The licence level.
 * @param canSaveSettings Whether the user may change settings (and so delete exceptions).
 */
function renderScreen( level: Level, canSaveSettings = true ) {
	const boot = makeBoot();
	const registry = createShellRegistry( {
		licence: { level, source: 'site' },
		user: {
			...boot.user,
			capabilities: {
				...boot.user.capabilities,
				saveSettings: canSaveSettings,
			},
		},
	} );
	registry.dispatch( appStore ).setDateQuery( {
		preset: 'custom',
		start: '2025-03-01',
		end: '2025-03-14',
	} );
	return renderIn(
		<Routed report="exceptions">
			<ExceptionsScreen />
		</Routed>,
		registry
	);
}

/**
 * The report and delete requests among the calls (the header also reads the settings).
 *
 * @param calls Recorded calls.
 */
const exceptionCalls = ( calls: ApiCall[] ) =>
	calls
		.filter(
			( call ) =>
				call.path.includes( '/reports/exceptions' ) ||
				call.path.includes( '/exceptions/' )
		)
		.map( ( call ) => `${ call.method } ${ call.path }` );

/**
 * Whether a call is the delete route's: api-fetch sends DELETE as POST with
 * X-HTTP-Method-Override, on the exception's path.
 *
 * @param call A recorded call.
 */
const isDelete = ( call: ApiCall ) =>
	call.method === 'POST' &&
	call.path.startsWith( '/monsterinsights-reports/v1/exceptions/' );

/**
 * The cells of the table's body rows.
 *
 * @param hidden Whether the table is under the upsell.
 */
function tableRows( hidden = false ): string[][] {
	const table = screen.getByRole( 'table', { name: 'Exceptions', hidden } );
	return within( table )
		.getAllByRole( 'row', { hidden } )
		.slice( 1 )
		.map( ( row ) =>
			within( row )
				.getAllByRole( 'cell', { hidden } )
				.map( ( cell ) => cell.textContent ?? '' )
		);
}

describe( 'Exceptions report', () => {
	it( 'lists the exceptions newest first with category, time, recurring, description and a delete action', async () => {
		const calls = mockApi( () => PAYLOAD );
		renderScreen( 'agency' );
		await screen.findByRole( 'table', { name: 'Exceptions' } );

		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Exceptions Report',
			} )
		).toBeInTheDocument();
		expect(
			within(
				screen.getByRole( 'table', { name: 'Exceptions' } )
			).getAllByRole( 'columnheader' )
		).toHaveLength( 5 );
		expect(
			within( screen.getByRole( 'table', { name: 'Exceptions' } ) )
				.getAllByRole( 'columnheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [
			'Category',
			'Time',
			'Recurring',
			'Description',
			'Action',
		] );
		expect( tableRows() ).toEqual( [
			[
				'Marketing',
				'Mar 13, 2025',
				'No',
				'Sessions from the spring_sale campaign were 40 on Thursday, March 13, 2025, 60% below the usual 100 for a Thursday.',
				'Delete',
			],
			[
				'Engagement',
				'Mar 11, 2025',
				'Yes',
				'Sessions were 524 on Tuesday, March 11, 2025, 2.2× the usual 237 for a Tuesday.',
				'Delete',
			],
			[
				'Engagement',
				'Mar 11, 2025',
				'Yes',
				'Sessions from Organic Search were 412 on Tuesday, March 11, 2025, 3.1× the usual 133 for a Tuesday.',
				'Delete',
			],
			[
				'Engagement',
				'Mar 11, 2025',
				'Yes',
				'Page views from Organic Search were 824 on Tuesday, March 11, 2025, 3.1× the usual 266 for a Tuesday.',
				'Delete',
			],
			[
				'Engagement',
				'Mar 10, 2025',
				'No',
				'Bounce rate on /pricing/ rose to 75.0% on Monday, March 10, 2025, from the usual 40.0% for a Monday.',
				'Delete',
			],
		] );
		// One page: no pagination; the page size selector shows 20.
		expect(
			screen.queryByRole( 'navigation', { name: 'Exceptions pages' } )
		).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'combobox', { name: 'Items per page' } )
		).toHaveValue( '20' );
		expect(
			Array.from(
				screen
					.getByRole( 'combobox', { name: 'Items per page' } )
					.querySelectorAll( 'option' )
			).map( ( option ) => option.textContent )
		).toEqual( [ '20', '50', '100', '200', '500' ] );
		expect( exceptionCalls( calls ) ).toEqual( [
			`GET ${ ROUTE }?${ DATES }`,
		] );
	} );

	it( 'pages when there is more than one page, and asks for another page size', async () => {
		const pages: Record< string, ExceptionsReport > = {
			'1-20': {
				items: rows( 1, 20 ),
				pagination: { page: 1, pages: 3, per_page: 20, total: 45 },
				detects: true,
			},
			'2-20': {
				items: rows( 21, 20 ),
				pagination: { page: 2, pages: 3, per_page: 20, total: 45 },
				detects: true,
			},
			'1-50': {
				items: rows( 1, 45 ),
				pagination: { page: 1, pages: 1, per_page: 50, total: 45 },
				detects: true,
			},
		};
		const calls = mockApi( ( call ) => {
			const url = new URL( call.path, 'https://example.test' );
			const key = `${ url.searchParams.get( 'page' ) ?? '1' }-${
				url.searchParams.get( 'per_page' ) ?? '20'
			}`;
			return pages[ key ];
		} );
		renderScreen( 'agency' );
		await screen.findByRole( 'table', { name: 'Exceptions' } );
		const user = userEvent.setup();

		const nav = screen.getByRole( 'navigation', {
			name: 'Exceptions pages',
		} );
		expect( nav ).toHaveTextContent( 'Page 1 of 3' );
		expect(
			within( nav ).getByRole( 'button', { name: 'Previous page' } )
		).toBeDisabled();
		expect( tableRows() ).toHaveLength( 20 );
		expect( tableRows()[ 0 ]?.[ 3 ] ).toBe( 'Exception 1' );

		await user.click(
			within( nav ).getByRole( 'button', { name: 'Next page' } )
		);
		await waitFor( () =>
			expect( tableRows()[ 0 ]?.[ 3 ] ).toBe( 'Exception 21' )
		);
		expect(
			screen.getByRole( 'navigation', { name: 'Exceptions pages' } )
		).toHaveTextContent( 'Page 2 of 3' );

		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Items per page' } ),
			'50'
		);
		await waitFor( () => expect( tableRows() ).toHaveLength( 45 ) );
		// Everything on one page: the pagination goes.
		expect(
			screen.queryByRole( 'navigation', { name: 'Exceptions pages' } )
		).not.toBeInTheDocument();
		expect( exceptionCalls( calls ) ).toEqual( [
			`GET ${ ROUTE }?${ DATES }`,
			`GET ${ ROUTE }?${ DATES }&page=2&per_page=20`,
			`GET ${ ROUTE }?${ DATES }&page=1&per_page=50`,
		] );
	} );

	it( 'deletes an exception after a confirmation, through the delete route, and reloads the page', async () => {
		let deleted = false;
		const calls = mockApi( ( call ) => {
			if ( isDelete( call ) ) {
				deleted = true;
				return { deleted: true, id: 6 };
			}
			if ( ! deleted ) {
				return PAYLOAD;
			}
			return {
				items: PAYLOAD.items.filter( ( item ) => item.id !== 6 ),
				pagination: { ...PAYLOAD.pagination, total: 4 },
			};
		} );
		renderScreen( 'agency' );
		await screen.findByRole( 'table', { name: 'Exceptions' } );
		const user = userEvent.setup();
		const deleteButton = () =>
			screen.getByRole( 'button', {
				name: 'Delete the exception: Sessions from Organic Search were 412 on Tuesday, March 11, 2025, 3.1× the usual 133 for a Tuesday.',
			} );

		// Cancel: nothing is deleted.
		await user.click( deleteButton() );
		const dialog = screen.getByRole( 'alertdialog', {
			name: 'Delete Exception',
		} );
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		expect( exceptionCalls( calls ) ).toEqual( [
			`GET ${ ROUTE }?${ DATES }`,
		] );

		await user.click( deleteButton() );
		await user.click(
			within(
				screen.getByRole( 'alertdialog', { name: 'Delete Exception' } )
			).getByRole( 'button', { name: 'Delete' } )
		);
		await waitFor( () => expect( tableRows() ).toHaveLength( 4 ) );
		expect( tableRows().map( ( row ) => row[ 3 ] ) ).not.toContain(
			'Sessions from Organic Search were 412 on Tuesday, March 11, 2025, 3.1× the usual 133 for a Tuesday.'
		);
		expect( exceptionCalls( calls ).slice( 0, 3 ) ).toEqual( [
			`GET ${ ROUTE }?${ DATES }`,
			'POST /monsterinsights-reports/v1/exceptions/6',
			`GET ${ ROUTE }?${ DATES }&page=1&per_page=20`,
		] );
	} );

	it( 'offers no deletion to a user who may view the reports but not change settings', async () => {
		const calls = mockApi( () => PAYLOAD );
		renderScreen( 'agency', false );
		await screen.findByRole( 'table', { name: 'Exceptions' } );
		const deleteButtons = screen.getAllByRole( 'button', {
			name: /^Delete the exception: /,
		} );
		expect( deleteButtons ).toHaveLength( PAYLOAD.items.length );
		for ( const button of deleteButtons ) {
			expect( button ).toBeDisabled();
		}
		expect( exceptionCalls( calls ) ).toEqual( [
			`GET ${ ROUTE }?${ DATES }`,
		] );
	} );

	it( 'stays on the page it deleted from', async () => {
		let deleted = false;
		const calls = mockApi( ( call ) => {
			if ( isDelete( call ) ) {
				deleted = true;
				return { deleted: true, id: 25 };
			}
			const url = new URL( call.path, 'https://example.test' );
			const page = Number( url.searchParams.get( 'page' ) ?? '1' );
			const total = deleted ? 44 : 45;
			const items =
				page === 1
					? rows( 1, 20 )
					: rows( 21, 20 ).filter(
							( item ) => ! deleted || item.id !== 25
					  );
			return {
				items,
				pagination: { page, pages: 3, per_page: 20, total },
			};
		} );
		renderScreen( 'agency' );
		await screen.findByRole( 'table', { name: 'Exceptions' } );
		const user = userEvent.setup();
		await user.click( screen.getByRole( 'button', { name: 'Next page' } ) );
		await waitFor( () =>
			expect( tableRows()[ 0 ]?.[ 3 ] ).toBe( 'Exception 21' )
		);
		await user.click(
			screen.getByRole( 'button', {
				name: 'Delete the exception: Exception 25',
			} )
		);
		await user.click(
			within(
				screen.getByRole( 'alertdialog', { name: 'Delete Exception' } )
			).getByRole( 'button', { name: 'Delete' } )
		);
		await waitFor( () => expect( tableRows() ).toHaveLength( 19 ) );
		// The store fetched the first page again meanwhile: the screen stays on page 2.
		await waitFor( () =>
			expect(
				exceptionCalls( calls ).filter(
					( call ) => call === `GET ${ ROUTE }?${ DATES }`
				)
			).toHaveLength( 2 )
		);
		expect(
			screen.getByRole( 'navigation', { name: 'Exceptions pages' } )
		).toHaveTextContent( 'Page 2 of 3' );
		expect( tableRows()[ 0 ]?.[ 3 ] ).toBe( 'Exception 21' );
	} );

	it( 'shows the server’s message when a deletion fails', async () => {
		mockApi( ( call ) =>
			isDelete( call )
				? restError(
						'rest_exception_not_found',
						'There is no exception with this ID.',
						{ status: 404 }
				  )
				: PAYLOAD
		);
		renderScreen( 'agency' );
		await screen.findByRole( 'table', { name: 'Exceptions' } );
		const user = userEvent.setup();
		await user.click(
			screen.getAllByRole( 'button', {
				name: /^Delete the exception/,
			} )[ 0 ] as HTMLElement
		);
		await user.click(
			within(
				screen.getByRole( 'alertdialog', { name: 'Delete Exception' } )
			).getByRole( 'button', { name: 'Delete' } )
		);
		// In the notice (its text is also spoken through an aria-live region, when that has run).
		expect(
			await screen.findByText( 'There is no exception with this ID.', {
				selector: 'p',
			} )
		).toBeInTheDocument();
		expect( tableRows() ).toHaveLength( 5 );
	} );

	it( 'says a source that does not detect exceptions does not, instead of “no data”', async () => {
		mockApi( () => ( {
			items: [],
			pagination: { page: 1, pages: 0, per_page: 20, total: 0 },
			detects: false,
		} ) );
		renderScreen( 'agency' );
		expect(
			await screen.findByText(
				'The active data source does not find exceptions, so none are listed.'
			)
		).toBeInTheDocument();
		expect(
			screen.queryByText( 'No data currently for the report.' )
		).not.toBeInTheDocument();
	} );

	it( 'shows the empty text when the range has no exceptions', async () => {
		mockApi( () => ( {
			items: [],
			pagination: { page: 1, pages: 0, per_page: 20, total: 0 },
		} ) );
		renderScreen( 'agency' );
		expect(
			await screen.findByText( 'No data currently for the report.' )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'table', { name: 'Exceptions' } )
		).not.toBeInTheDocument();
	} );

	it.each( [ 'lite', 'plus', 'pro' ] as const )(
		'shows %s the sample in the same table under the agency upsell, without fetching',
		async ( level ) => {
			const calls = mockApi( () => PAYLOAD );
			renderScreen( level );
			await expectLockedSample(
				'exceptions',
				'.monsterinsights-reports-exceptions'
			);
			expect( tableRows( true ).map( ( row ) => row[ 0 ] ) ).toEqual( [
				'Engagement',
				'eCommerce',
				'Marketing',
				'Engagement',
			] );
			expect(
				screen
					.getAllByRole( 'button', {
						name: /^Delete the exception/,
						hidden: true,
					} )
					.every( ( button ) => button.hasAttribute( 'disabled' ) )
			).toBe( true );
			expect( exceptionCalls( calls ) ).toEqual( [] );
		}
	);
} );
