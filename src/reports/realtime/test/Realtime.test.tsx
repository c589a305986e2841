import '@testing-library/jest-dom';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderIn } from '../../../../tests/js/shell';
import {
	lastChartProps,
	resetChartCalls,
} from '../../../components/test/chartMock';
import { payload as sample } from '../../../demo/realtime';
import type { Level } from '../../../store/app/types';
import { reportsStore } from '../../../store/reports';
import type { RealtimeReport } from '../../../store/reports/types';
import { mockApi, restError, type ApiCall } from '../../../store/test/api';
import { getUpsellContent } from '../../../upsell/content';
import {
	MAX_FAILURES,
	REALTIME_PATH,
	REFRESH_SECONDS,
	RealtimeScreen,
} from '..';
import { registryAt, findUpsellHeading, Routed } from '../../test/screen';
import { flagsIn } from '../../../components/Flag/test/flags';

/** What the route answers for the scripted visits of the PHP test (RealtimeReportTest). */
const PAYLOAD: RealtimeReport = {
	now: 2,
	toppages: [
		{ title: 'About Us', count: 2, percent: 50 },
		{ title: '/', count: 1, percent: 25 },
		{ title: '/pricing/', count: 1, percent: 25 },
	],
	referrals: [
		{
			source: 'google.com',
			path: '/',
			campaign: '(not set)',
			count: 1,
			percent: 33.33,
		},
	],
	countries: [
		{ name: 'Germany', iso: 'DE', count: 1, percent: 33.33 },
		{ name: 'United States', iso: 'US', count: 1, percent: 33.33 },
	],
	cities: [
		{
			city: 'Berlin',
			region: 'Berlin',
			name: 'Germany',
			iso: 'DE',
			count: 1,
		},
		{
			city: 'New York',
			region: 'New York',
			name: 'United States',
			iso: 'US',
			count: 1,
		},
	],
	pageviewsovertime: {
		labels: [
			...Array.from( { length: 29 }, ( _v, i ) => `-${ 29 - i } min` ),
			'now',
		],
		datapoints: [ ...Array( 29 ).fill( 0 ), 1 ],
		trendpoints: [ ...Array( 29 ).fill( 0 ), null ],
		timestamps: Array.from(
			{ length: 30 },
			( _v, i ) => 1742000000 + i * 60
		),
	},
};

const EMPTY: RealtimeReport = {
	now: 0,
	toppages: [],
	referrals: [],
	countries: [],
	cities: [],
	pageviewsovertime: {
		...PAYLOAD.pageviewsovertime,
		datapoints: Array( 30 ).fill( 0 ),
		trendpoints: Array( 30 ).fill( 0 ),
	},
};

/**
 * A shell registry with a licence level.
 *
 * @param level The licence level.
 */
function registryFor( level: Level ) {
	return registryAt( level, {
		preset: 'last30days',
		start: '2025-02-13',
		end: '2025-03-14',
	} );
}

/**
 * The real-time requests among the calls (the header also reads the settings).
 *
 * @param calls Recorded calls.
 */
const realtimeCalls = ( calls: ApiCall[] ) =>
	calls.filter( ( call ) => call.path.includes( '/reports/' ) );

/**
 * The rows of a card's table, padding left out.
 *
 * @param title  The card's heading.
 * @param hidden Whether the card is under the upsell (hidden from the accessibility tree).
 */
function rowsOf( title: string, hidden = false ): string[][] {
	const card = screen.getByRole( 'heading', {
		level: 2,
		name: title,
		hidden,
	} ).parentElement as HTMLElement;
	return Array.from( card.querySelectorAll( 'tbody tr' ) )
		.map( ( row ) =>
			Array.from( row.querySelectorAll( 'th, td' ) ).map(
				( cell ) => cell.textContent ?? ''
			)
		)
		.filter( ( cells ) => cells.some( ( text ) => text !== '' ) );
}

/**
 * Lets time pass, settling the requests it starts.
 *
 * @param seconds Seconds.
 */
async function wait( seconds: number ) {
	await act( async () => {
		await jest.advanceTimersByTimeAsync( seconds * 1000 );
	} );
}

let focus: jest.SpyInstance;

beforeEach( () => {
	jest.useFakeTimers();
	resetChartCalls();
	focus = jest.spyOn( document, 'hasFocus' ).mockReturnValue( true );
} );

afterEach( () => {
	focus.mockRestore();
	jest.useRealTimers();
} );

describe( 'Real-Time report', () => {
	it( 'shows right now, the page views per minute and every list, without dates', async () => {
		const calls = mockApi( () => PAYLOAD );
		renderIn(
			<Routed report="realtime">
				<RealtimeScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		await wait( 0 );

		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: 'Real-Time Report',
			} )
		).toBeInTheDocument();
		expect( screen.getByText( 'Last 30 minutes' ) ).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: /Last 30 days/ } )
		).not.toBeInTheDocument();

		const now = screen.getByRole( 'region', { name: 'Right Now' } );
		expect( within( now ).getByTestId( 'realtime-now' ) ).toHaveTextContent(
			'2'
		);
		expect( now ).toHaveTextContent( 'active users on site' );

		expect( rowsOf( 'Top Pages' ) ).toEqual( [
			[ 'About Us', '2', '50%' ],
			[ '/', '1', '25%' ],
			[ '/pricing/', '1', '25%' ],
		] );
		expect( rowsOf( 'Top Referral Traffic Sources' ) ).toEqual( [
			[ 'google.com', '/', '(not set)', '1', '33.33%' ],
		] );
		expect( rowsOf( 'Top Countries' ) ).toEqual( [
			[ 'Germany', '1', '33.33%' ],
			[ 'United States', '1', '33.33%' ],
		] );
		expect( rowsOf( 'Top Cities' ) ).toEqual( [
			[ 'Berlin, Germany', '1' ],
			[ 'New York, United States', '1' ],
		] );
		// Image flags from the plugin beside the names (empty text), never emoji.
		for ( const title of [ 'Top Countries', 'Top Cities' ] ) {
			expect(
				flagsIn(
					screen.getByRole( 'heading', { level: 2, name: title } )
						.parentElement as HTMLElement
				)
			).toEqual( [
				[ 'DE.svg', '' ],
				[ 'US.svg', '' ],
			] );
		}

		const chart = lastChartProps( 'line' );
		expect( chart.data.labels?.[ 0 ] ).toBe( '-29 min' );
		expect( chart.data.labels?.[ 29 ] ).toBe( 'now' );
		expect( chart.data.datasets[ 0 ]?.data ).toEqual(
			PAYLOAD.pageviewsovertime.datapoints
		);
		expect( realtimeCalls( calls ).map( ( call ) => call.path ) ).toEqual( [
			REALTIME_PATH,
		] );
	} );

	it( 'refreshes every 60 seconds and counts the seconds since the update', async () => {
		let now = 2;
		const calls = mockApi( ( call ) =>
			call.path === REALTIME_PATH ? { ...PAYLOAD, now: now++ } : {}
		);
		renderIn(
			<Routed report="realtime">
				<RealtimeScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		await wait( 0 );
		// One punctuated text, translated as a whole.
		expect(
			screen.getByText(
				'Updated 0 seconds ago. The report refreshes every 60 seconds.'
			)
		).toBeInTheDocument();
		expect( screen.getByTestId( 'realtime-now' ) ).toHaveTextContent( '2' );

		await wait( 1 );
		expect(
			screen.getByText(
				'Updated 1 second ago. The report refreshes every 60 seconds.'
			)
		).toBeInTheDocument();
		await wait( 58 );
		expect(
			screen.getByText( /^Updated 59 seconds ago/ )
		).toBeInTheDocument();
		expect( realtimeCalls( calls ) ).toHaveLength( 1 );

		await wait( 1 );
		expect( realtimeCalls( calls ) ).toHaveLength( 2 );
		expect( screen.getByTestId( 'realtime-now' ) ).toHaveTextContent( '3' );
		expect(
			screen.getByText( /^Updated 0 seconds ago/ )
		).toBeInTheDocument();

		await wait( REFRESH_SECONDS * 3 );
		expect( realtimeCalls( calls ) ).toHaveLength( 5 );
		expect( screen.getByTestId( 'realtime-now' ) ).toHaveTextContent( '6' );
	} );

	it( 'keeps the last payload through failures and stops after more than 5', async () => {
		let first = true;
		const calls = mockApi( () => {
			if ( first ) {
				first = false;
				return PAYLOAD;
			}
			return restError( 'internal', 'Database gone.', { status: 500 } );
		} );
		renderIn(
			<Routed report="realtime">
				<RealtimeScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		await wait( 0 );

		await wait( REFRESH_SECONDS * MAX_FAILURES );
		// 5 failures: still refreshing, still showing the last payload.
		expect( realtimeCalls( calls ) ).toHaveLength( 1 + MAX_FAILURES );
		expect( screen.getByTestId( 'realtime-now' ) ).toHaveTextContent( '2' );
		expect(
			screen.queryByText( /stopped updating after repeated errors/ )
		).not.toBeInTheDocument();

		await wait( REFRESH_SECONDS );
		expect( realtimeCalls( calls ) ).toHaveLength( 2 + MAX_FAILURES );
		expect(
			screen.getByText(
				'The real-time report stopped updating after repeated errors. Refresh the page to try again.'
			)
		).toBeInTheDocument();
		expect( screen.getByText( 'Database gone.' ) ).toBeInTheDocument();
		expect( screen.getByTestId( 'realtime-now' ) ).toHaveTextContent( '2' );

		// Stopped for good; the counter goes on.
		await wait( REFRESH_SECONDS * 10 );
		expect( realtimeCalls( calls ) ).toHaveLength( 2 + MAX_FAILURES );
		// No longer refreshing: the one sentence that is still true.
		expect(
			screen.getByText( 'Updated 960 seconds ago.' )
		).toBeInTheDocument();
	} );

	it( 'pauses with a dialog when the window lacks focus at a refresh', async () => {
		const calls = mockApi( () => PAYLOAD );
		renderIn(
			<Routed report="realtime">
				<RealtimeScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		await wait( 0 );
		// The load itself does not look at the focus.
		expect( realtimeCalls( calls ) ).toHaveLength( 1 );

		focus.mockReturnValue( false );
		await wait( REFRESH_SECONDS );
		expect( realtimeCalls( calls ) ).toHaveLength( 1 );
		const dialog = screen.getByRole( 'alertdialog', {
			name: 'Real-Time Report Paused',
		} );
		expect( dialog ).toHaveTextContent(
			'Refresh the page to see the latest visitors.'
		);

		// Paused for good, focus or not.
		focus.mockReturnValue( true );
		await wait( REFRESH_SECONDS * 3 );
		expect( realtimeCalls( calls ) ).toHaveLength( 1 );

		jest.useRealTimers();
		await userEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Close' } )
		);
		expect(
			screen.queryByRole( 'alertdialog', {
				name: 'Real-Time Report Paused',
			} )
		).not.toBeInTheDocument();
		expect( screen.getByTestId( 'realtime-now' ) ).toHaveTextContent( '2' );
	} );

	it( 'shows its empty texts and no referral box on a quiet site', async () => {
		mockApi( () => EMPTY );
		renderIn(
			<Routed report="realtime">
				<RealtimeScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		await wait( 0 );
		expect( screen.getByTestId( 'realtime-now' ) ).toHaveTextContent( '0' );
		expect(
			screen.getByText( 'No pageviews currently.' )
		).toBeInTheDocument();
		expect( screen.getAllByText( 'No traffic currently.' ) ).toHaveLength(
			2
		);
		expect(
			screen.queryByRole( 'heading', {
				name: 'Top Referral Traffic Sources',
			} )
		).not.toBeInTheDocument();
	} );

	it( 'says the graph is not available when the payload has none, Top Pages in its place', async () => {
		mockApi( () => ( {
			...PAYLOAD,
			pageviewsovertime: {
				labels: [],
				datapoints: [],
				trendpoints: [],
				timestamps: [],
			},
		} ) );
		renderIn(
			<Routed report="realtime">
				<RealtimeScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		await wait( 0 );
		expect(
			screen.getByText(
				'The real-time graph of visitors over time is not currently available for this site. Please try again later.',
				{ selector: '.components-notice__content' }
			)
		).toBeInTheDocument();
		expect( () => lastChartProps( 'line' ) ).toThrow();
		expect( rowsOf( 'Top Pages' ) ).toHaveLength( 3 );
	} );

	it( 'locks itself when the server answers upgrade_required, and stops', async () => {
		const calls = mockApi( () =>
			restError( 'upgrade_required', 'Upgrade.', {
				status: 403,
				level: 'pro',
				feature: 'realtime',
			} )
		);
		const registry = registryFor( 'plus' );
		renderIn(
			<Routed report="realtime">
				<RealtimeScreen />
			</Routed>,
			registry
		);
		await wait( 0 );
		expect(
			registry.select( reportsStore ).isReportLocked( 'realtime' )
		).toBe( true );
		expect( await findUpsellHeading( 'realtime' ) ).toBeInTheDocument();
		await wait( REFRESH_SECONDS * 2 );
		expect( realtimeCalls( calls ) ).toHaveLength( 1 );
	} );

	it( 'shows its sample under its upsell to basic, without fetching', async () => {
		const calls = mockApi( () => PAYLOAD );
		renderIn(
			<Routed report="realtime">
				<RealtimeScreen />
			</Routed>,
			registryFor( 'basic' )
		);
		await wait( 0 );
		expect(
			screen.getByRole( 'heading', {
				name: getUpsellContent( 'realtime' ).title,
			} )
		).toBeInTheDocument();
		expect( screen.getByTestId( 'realtime-now' ) ).toHaveTextContent(
			String( sample.now )
		);
		expect( rowsOf( 'Top Pages', true ) ).toHaveLength(
			sample.toppages.length
		);
		expect( realtimeCalls( calls ) ).toHaveLength( 0 );
		await wait( REFRESH_SECONDS );
		expect( realtimeCalls( calls ) ).toHaveLength( 0 );
	} );
} );
