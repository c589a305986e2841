import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderIn } from '../../../../tests/js/shell';
import { addonsWith } from '../../../store/addons/test/fixture';
import type {
	JourneyStep,
	UserJourneyReport,
} from '../../../store/reports/types';
import { mockApi, restError, type ApiCall } from '../../../store/test/api';
import UserJourneyScreen, { emptyJourneyText } from '..';
import {
	expectLockedSample,
	expectNoReportRequest,
	registryFor,
	renderLocked,
	Routed,
} from '../../test/screen';

const ROUTE = '/monsterinsights-reports/v1/reports/userjourney';
const DATES = 'start=2025-03-10&end=2025-03-12';

/**
 * A step as the route gives it.
 *
 * @param path  Its path.
 * @param time  Seconds on the page.
 * @param date  When.
 * @param utm   Source, medium, campaign.
 * @param utm.0
 * @param utm.1
 * @param utm.2
 */
const step = (
	path: string,
	time: number,
	date: string,
	[ source, medium, campaign ]: [ string, string, string ]
): JourneyStep => ( {
	title: path === '/' ? 'Home Page' : path,
	url: `http://example.org${ path }`,
	time,
	date,
	utm_source: source,
	utm_medium: medium,
	utm_campaign: campaign,
} );

/**
 * The element at an index, which the test expects to exist.
 *
 * @param list  Elements.
 * @param index The index.
 */
function nth< T >( list: ArrayLike< T >, index: number ): T {
	const found = list[ index ];
	if ( found === undefined ) {
		throw new Error( `No element ${ index }` );
	}
	return found;
}

const NEWSLETTER: [ string, string, string ] = [
	'newsletter',
	'email',
	'spring',
];

/** What the route answers for 10–12 March in UserJourneyReportTest, its first two orders. */
const PAYLOAD: UserJourneyReport = {
	items: [
		{
			transaction_id: '1001',
			edit_order_url:
				'http://example.org/wp-admin/admin.php?page=wc-orders&action=edit&id=1001',
			purchase_date: '2025-03-11 10:03:00',
			utm_campaign: 'spring',
			utm_medium: 'email',
			utm_source: 'newsletter',
			order_total: '24.50&nbsp;&euro;',
			steps: [
				step( '/', 40, '2025-03-10 09:00:00', [
					'google',
					'cpc',
					'brand_search',
				] ),
				step( '/cart/', 40, '2025-03-11 10:01:30', NEWSLETTER ),
				step( '/checkout/', 65, '2025-03-11 10:02:10', NEWSLETTER ),
			],
		},
		{
			transaction_id: '1003',
			edit_order_url: '',
			purchase_date: '2025-03-12 16:00:00',
			utm_campaign: '',
			utm_medium: '(not set)',
			utm_source: '(not set)',
			order_total: '5.00&nbsp;&euro;',
			steps: [],
		},
	],
	pagination: { page: 1, pages: 2 },
	demo: false,
};

const FILTERS = {
	campaigns: [ 'spring' ],
	mediums: [ '(none)', 'email' ],
	sources: [ '(direct)', 'newsletter' ],
};

/**
 * The journey routes' calls (the header also reads the settings).
 *
 * @param calls Recorded calls.
 */
const journeyCalls = ( calls: ApiCall[] ) =>
	calls
		.map( ( call ) => `${ call.method } ${ call.path }` )
		.filter( ( call ) => call.includes( '/userjourney' ) );

/**
 * The screen at a licence level, 10–12 March 2025 chosen.
 *
 * @param level The licence level.
 */
function render( level: 'pro' | 'plus' = 'pro' ) {
	return renderIn(
		<Routed report="userjourney">
			<UserJourneyScreen />
		</Routed>,
		registryFor( level )
	);
}

describe( 'User Journey screen', () => {
	it( 'shows each order with its journey, and its own navigation', async () => {
		const calls = mockApi( ( call ) =>
			call.path.includes( 'filter-params' ) ? FILTERS : PAYLOAD
		);
		const { container } = render();

		const table = await screen.findByRole( 'table', {
			name: 'User Journeys',
		} );
		const rows = within( table ).getAllByRole( 'row' ).slice( 1 );
		expect( rows ).toHaveLength( 2 );
		const cells = within( nth( rows, 0 ) ).getAllByRole( 'cell' );
		expect( cells.map( ( cell ) => cell.textContent ) ).toEqual( [
			'Details of the order 1001+1001',
			'Mar 11, 2025, 10:03 AM',
			'newsletter',
			'email',
			'spring',
			'24.50\u00a0€',
			'Home PageTime on page: 0:40Mar 10, 2025, 9:00 AM' +
				'/cart/Time on page: 0:40Mar 11, 2025, 10:01 AM' +
				'/checkout/Time on page: 1:05Mar 11, 2025, 10:02 AM',
		] );
		expect(
			within( nth( cells, 0 ) ).getByRole( 'link', { name: '1001' } )
		).toHaveAttribute( 'href', nth( PAYLOAD.items, 0 ).edit_order_url );
		expect(
			within( nth( cells, 6 ) )
				.getAllByRole( 'link' )
				.map( ( link ) => link.getAttribute( 'href' ) )
		).toEqual( [
			'http://example.org/',
			'http://example.org/cart/',
			'http://example.org/checkout/',
		] );
		const second = within( nth( rows, 1 ) ).getAllByRole( 'cell' );
		expect( nth( second, 0 ).textContent ).toBe(
			'Details of the order 1003+1003'
		);
		expect( nth( second, 4 ).textContent ).toBe( '—' );
		expect( nth( second, 6 ).textContent ).toBe(
			'No pages recorded for this order.'
		);
		expect( screen.getByText( 'Page 1 of 2' ) ).toBeInTheDocument();

		// Small screens show the id and the total; the toggle adds a row of the details.
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Details of the order 1001' } )
		);
		const details = nth(
			container.querySelectorAll(
				'.monsterinsights-reports-journey__details dt'
			),
			4
		);
		expect( details ).toHaveTextContent( 'Journey' );
		expect(
			container.querySelectorAll(
				'.monsterinsights-reports-journey__details li'
			)
		).toHaveLength( 3 );
		expect(
			screen.getByRole( 'button', { name: 'Details of the order 1001' } )
		).toHaveAttribute( 'aria-expanded', 'true' );

		const nav = screen.getByRole( 'navigation', { name: 'User Journey' } );
		expect(
			within( nav )
				.getAllByRole( 'link' )
				.map( ( link ) => link.getAttribute( 'href' ) )
		).toEqual( [ '#/', '#/ecommerce' ] );

		// The filters: not searchable selects whose empty choice is 'All …'.
		const selects = container.querySelectorAll( 'select' );
		await waitFor( () =>
			expect(
				Array.from( selects ).map( ( select ) =>
					Array.from( select.options ).map( ( o ) => o.text )
				)
			).toEqual( [
				[ 'All Sources', '(direct)', 'newsletter' ],
				[ 'All Mediums', '(none)', 'email' ],
				[ 'All Campaigns', 'spring' ],
			] )
		);
		expect( journeyCalls( calls ) ).toEqual( [
			`GET ${ ROUTE }?${ DATES }&search=&sources=&mediums=&campaigns=&page=1`,
			`GET ${ ROUTE }/filter-params`,
		] );
	} );

	it( 'filters, searches and pages, with a loading notice', async () => {
		const user = userEvent.setup();
		let hold: ( () => void ) | null = null;
		const calls = mockApi( ( call ) => {
			if ( call.path.includes( 'filter-params' ) ) {
				return FILTERS;
			}
			if ( call.path.includes( 'search=1001' ) ) {
				return new Promise( ( resolve ) => {
					hold = () =>
						resolve( {
							...PAYLOAD,
							items: [ nth( PAYLOAD.items, 0 ) ],
							pagination: { page: 1, pages: 1 },
						} );
				} );
			}
			if ( call.path.includes( 'campaigns=winter' ) ) {
				return {
					...PAYLOAD,
					items: [],
					pagination: { page: 1, pages: 0 },
				};
			}
			return PAYLOAD;
		} );
		const { container } = render();
		await screen.findByRole( 'table', { name: 'User Journeys' } );

		await user.click( screen.getByRole( 'button', { name: 'Next' } ) );
		await waitFor( () =>
			expect( journeyCalls( calls ) ).toContain(
				`GET ${ ROUTE }?${ DATES }&search=&sources=&mediums=&campaigns=&page=2`
			)
		);

		const selects = container.querySelectorAll( 'select' );
		await waitFor( () =>
			expect( nth( selects, 0 ).options ).toHaveLength( 3 )
		);
		await user.selectOptions( nth( selects, 0 ), 'newsletter' );
		await user.selectOptions( nth( selects, 1 ), 'email' );
		await user.type(
			screen.getByRole( 'textbox', { name: 'Transaction ID' } ),
			' 1001 '
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Search Journeys' } )
		);
		expect(
			await screen.findByRole( 'status', { name: '' } )
		).toHaveTextContent( 'Loading journeys…' );
		expect( journeyCalls( calls ).at( -1 ) ).toBe(
			`GET ${ ROUTE }?${ DATES }&search=1001&sources=newsletter&mediums=email&campaigns=&page=1`
		);
		hold!();
		await waitFor( () =>
			expect(
				screen.queryByText( 'Loading journeys…' )
			).not.toBeInTheDocument()
		);
		expect(
			within(
				screen.getByRole( 'table', { name: 'User Journeys' } )
			).getAllByRole( 'row' )
		).toHaveLength( 2 );
		expect( screen.queryByText( /Page \d of/ ) ).not.toBeInTheDocument();
	} );

	it( 'says when no journey matches', async () => {
		mockApi( ( call ) =>
			call.path.includes( 'filter-params' )
				? FILTERS
				: { ...PAYLOAD, items: [], pagination: { page: 1, pages: 0 } }
		);
		render();
		expect(
			await screen.findByText( emptyJourneyText() )
		).toBeInTheDocument();
		expect( emptyJourneyText() ).toBe(
			"No User Journey's matched your filters. Please remove some conditions and try again."
		);
	} );

	it( 'blurs the sample and offers to activate the missing addon on a 400', async () => {
		const user = userEvent.setup();
		let on = false;
		const calls = mockApi( ( call ) => {
			if (
				call.path.startsWith( '/monsterinsights-reports/v1/addons' )
			) {
				if ( call.method === 'POST' ) {
					on = true;
				}
				return addonsWith( { 'user-journey': true, woocommerce: on } );
			}
			if ( call.path.includes( 'filter-params' ) ) {
				return FILTERS;
			}
			return on
				? PAYLOAD
				: restError(
						'ecommerce_inactive',
						'Please activate the eCommerce addon to view User journey reports.',
						{ status: 400 }
				  );
		} );
		render();

		const dialog = await screen.findByRole( 'alertdialog', {
			name: 'Report Unavailable',
		} );
		expect( dialog ).toHaveTextContent(
			'Please activate the eCommerce addon to view User journey reports.'
		);
		// The sample, blurred and out of reach, behind it.
		expect(
			await screen.findByText( 'Details of the order SAMPLE-1042' )
		).toBeInTheDocument();
		expect(
			document.querySelector(
				'.monsterinsights-reports-journey__blurred'
			)
		).toHaveAttribute( 'inert' );
		expect(
			within( dialog ).getByRole( 'button', { name: 'Dismiss' } )
		).toBeInTheDocument();

		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Activate Addon' } )
		);
		await screen.findByRole( 'table', { name: 'User Journeys' } );
		expect(
			screen.queryByRole( 'alertdialog', { name: 'Report Unavailable' } )
		).not.toBeInTheDocument();
		expect(
			calls
				.filter( ( call ) => call.method === 'POST' )
				.map( ( call ) => [ call.path, call.data ] )
		).toEqual( [
			[
				'/monsterinsights-reports/v1/addons/woocommerce',
				{ active: true },
			],
		] );
		expect(
			journeyCalls( calls ).filter( ( call ) =>
				call.startsWith( `GET ${ ROUTE }?` )
			)
		).toHaveLength( 2 );
	} );

	it( 'dismisses the dialog and keeps the sample blurred', async () => {
		const user = userEvent.setup();
		mockApi( ( call ) =>
			call.path.startsWith( '/monsterinsights-reports/v1/addons' )
				? addonsWith( {} )
				: restError(
						'user_journey_inactive',
						'Please activate the User Journey addon to view User journey reports.',
						{ status: 400 }
				  )
		);
		render();
		const dialog = await screen.findByRole( 'alertdialog', {
			name: 'Report Unavailable',
		} );
		expect( dialog ).toHaveTextContent(
			'Please activate the User Journey addon to view User journey reports.'
		);
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Dismiss' } )
		);
		expect(
			screen.queryByRole( 'alertdialog', { name: 'Report Unavailable' } )
		).not.toBeInTheDocument();
		expect(
			document.querySelector(
				'.monsterinsights-reports-journey__blurred'
			)
		).toBeInTheDocument();
	} );

	it( 'shows the blurred sample under the upsell below pro, without a sample button', async () => {
		const { calls } = await renderLocked(
			<Routed report="userjourney">
				<UserJourneyScreen />
			</Routed>,
			'userjourney',
			'plus'
		);
		await expectLockedSample(
			'userjourney',
			'.monsterinsights-reports-journey__table'
		);
		expect( screen.getByText( 'SAMPLE-1042' ) ).toBeInTheDocument();
		await expectNoReportRequest( calls );
		expect(
			screen.queryByRole( 'button', { name: 'See a Sample Report' } )
		).not.toBeInTheDocument();
	} );
} );
