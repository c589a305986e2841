import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';

import { renderIn } from '../../../../tests/js/shell';
import {
	lastChartProps,
	resetChartCalls,
} from '../../../components/test/chartMock';
import type { Level } from '../../../store/app/types';
import type { YearInReviewReport } from '../../../store/reports/types';
import fixture from '../../../store/reports/test/fixtures/yearinreview.json';
import { settingsStore } from '../../../store/settings';
import { settingsWith } from '../../../store/settings/test/fixture';
import { mockApi, type ApiCall } from '../../../store/test/api';
import { RouteContextContext } from '../../registry';
import { LIST_BOX_ROWS, YearInReviewScreen, yearChange } from '..';
import { registryAt, expectLockedSample, Routed } from '../../test/screen';
import { flagsIn } from '../../../components/Flag/test/flags';

beforeEach( resetChartCalls );

/**
 * The server's payload of YearInReviewTest::test_the_year_in_numbers (tests/php/Shared/Reports),
 * with 2025 as the report year: five visits of 2025, one of 2024. ReportPayloadContractTest holds
 * the fixture to the route's schema, tsc to the TypeScript type.
 */
const PAYLOAD: YearInReviewReport = fixture;

/**
 * The screen in a shell registry with a licence level, inside the route context of early 2026.
 *
 * @param level The licence level.
 */
function renderScreen( level: Level ) {
	const registry = registryAt( level, {
		preset: 'last30days',
		start: '2025-12-06',
		end: '2026-01-04',
	} );
	registry
		.dispatch( settingsStore )
		.receiveSettings( settingsWith( { referral_favicons: true } ) );
	return renderIn(
		<RouteContextContext.Provider
			value={ { yearInReview: { show_report: true, report_year: 2025 } } }
		>
			<Routed report="yearinreview">
				<YearInReviewScreen />
			</Routed>
		</RouteContextContext.Provider>,
		registry
	);
}

const reportCalls = ( calls: ApiCall[] ) =>
	calls
		.map( ( call ) => call.path )
		.filter( ( path ) => path.includes( '/reports/' ) );

/**
 * The cells of a list box's body rows, by the box's heading.
 *
 * @param title  The heading.
 * @param hidden Whether the box is out of reach (under the upsell).
 */
function listRows( title: string, hidden = false ): string[][] {
	const box = screen.getByRole( 'region', { name: title, hidden } );
	return within( box )
		.getAllByRole( 'row', { hidden } )
		.slice( 1 )
		.map( ( row ) =>
			within( row )
				.getAllByRole( 'cell', { hidden } )
				.map( ( cell ) => cell.textContent ?? '' )
		);
}

/**
 * An info box's texts, by its title.
 *
 * @param title The title.
 */
function infoBox( title: string ): string {
	const box = screen
		.getByText( title )
		.closest( '.monsterinsights-reports-infobox' );
	return box?.textContent ?? '';
}

describe( 'Year in Review', () => {
	it( 'shows the year’s figures exactly as the server computed them', async () => {
		const calls = mockApi( () => PAYLOAD );
		renderScreen( 'plus' );
		await screen.findByRole( 'heading', { level: 2, name: 'Audience' } );

		expect(
			screen.getByRole( 'heading', {
				level: 1,
				name: '2025 Year in Review',
			} )
		).toBeInTheDocument();
		// The year is fixed: its dates instead of the date picker; the PDF export stays.
		expect(
			screen.getByText( 'January 1 – December 31, 2025' )
		).toBeInTheDocument();
		expect(
			document.querySelector( '.monsterinsights-reports-datepicker' )
		).toBeNull();
		expect(
			screen.getByRole( 'button', { name: 'Export PDF Report' } )
		).toBeInTheDocument();

		// Audience: the values, the year before's and the change.
		expect( infoBox( 'Total Users' ) ).toBe(
			'Total Users5Up 400%vs. 1 in 2024'
		);
		expect( infoBox( 'Total Sessions' ) ).toBe(
			'Total Sessions5Up 400%vs. 1 in 2024'
		);
		expect( infoBox( 'Total Pageviews' ) ).toBe(
			'Total Pageviews6Up 500%vs. 1 in 2024'
		);
		// No duration the year before: no change, the 0:00 of 2024.
		expect( infoBox( 'Avg. Session Duration' ) ).toBe(
			'Avg. Session Duration0:24vs. 0:00 in 2024'
		);
		expect(
			screen.getByText(
				'Visitors spent 2 minutes in total engaged with your website in 2025.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByText( 'March was your best month, with 3 users.' )
		).toBeInTheDocument();
		const chart = lastChartProps( 'line' );
		expect( chart.data.labels ).toEqual( PAYLOAD.usersgraph.labels );
		expect( chart.data.datasets[ 0 ]?.data ).toEqual( [
			1, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1,
		] );
		expect( listRows( 'Top Countries' ) ).toEqual( [
			[ 'Germany', '3' ],
			[ 'France', '1' ],
			[ 'United States', '1' ],
		] );
		// Image flags from the plugin beside the names (empty text), never emoji.
		expect(
			flagsIn( screen.getByRole( 'region', { name: 'Top Countries' } ) )
		).toEqual( [
			[ 'DE.svg', '' ],
			[ 'FR.svg', '' ],
			[ 'US.svg', '' ],
		] );

		// No age or gender from the builtin source: no Demographics.
		expect(
			screen.queryByRole( 'heading', { name: 'Demographics' } )
		).not.toBeInTheDocument();

		// Behavior: pages and the device cards in their order.
		expect( listRows( 'Top Pages' ) ).toEqual( [
			[ 'Home Page', '3' ],
			[ '/blog/', '2' ],
		] );
		expect(
			screen.getByRole( 'link', { name: '/blog/' } )
		).toHaveAttribute( 'href', 'http://example.org/blog/' );
		expect(
			within( screen.getByRole( 'list', { name: 'Device Breakdown' } ) )
				.getAllByRole( 'listitem' )
				.map( ( item ) => item.textContent )
		).toEqual( [ 'Mobile20%', 'Desktop60%', 'Tablet20%' ] );

		// Referrals with their favicon (the first asks the public service).
		expect( listRows( 'Top Referral Traffic Sources' ) ).toEqual( [
			[ 'news.example.org', '2' ],
		] );
		expect(
			screen
				.getByRole( 'region', { name: 'Top Referral Traffic Sources' } )
				.querySelector( 'img' )
		).toHaveAttribute(
			'src',
			'https://www.google.com/s2/favicons?domain=news.example.org'
		);

		expect(
			screen.getByText(
				'Thank you for an amazing 2025. Here is to growing your website even more in 2026!'
			)
		).toBeInTheDocument();
		expect(
			screen.getByText( 'Example Site in 2025' )
		).toBeInTheDocument();
		expect( reportCalls( calls ) ).toEqual( [
			'/monsterinsights-reports/v1/reports/yearinreview?start=2025-12-06&end=2026-01-04',
		] );
	} );

	it( 'lists five rows per box at most', async () => {
		const names = [ 'A', 'B', 'C', 'D', 'E', 'F', 'G' ];
		mockApi( () => ( {
			...PAYLOAD,
			countries: names.map( ( name, index ) => ( {
				name,
				iso: name,
				sessions: 70 - index,
			} ) ),
		} ) );
		renderScreen( 'plus' );
		await screen.findByRole( 'region', { name: 'Top Countries' } );
		expect( LIST_BOX_ROWS ).toBe( 5 );
		expect( listRows( 'Top Countries' ) ).toEqual( [
			[ 'A', '70' ],
			[ 'B', '69' ],
			[ 'C', '68' ],
			[ 'D', '67' ],
			[ 'E', '66' ],
		] );
	} );

	it( 'shows Demographics only when the payload has age and gender: every age bracket, GA4’s genders named', async () => {
		mockApi( () => ( {
			...PAYLOAD,
			age: [
				{ age: '18-24', percent: 10 },
				{ age: '25-34', percent: 20 },
				{ age: '35-44', percent: 30 },
				{ age: '45-54', percent: 15 },
				{ age: '55-64', percent: 15 },
				{ age: '65+', percent: 10 },
			],
			gender: [
				{ gender: 'female', percent: 55.5 },
				{ gender: 'male', percent: 44.5 },
			],
		} ) );
		renderScreen( 'plus' );
		await screen.findByRole( 'heading', {
			level: 2,
			name: 'Demographics',
		} );
		// Every bracket shows (a list box's five rows would leave 65+ out).
		expect( listRows( 'Age' ) ).toEqual( [
			[ '18-24', '10%' ],
			[ '25-34', '20%' ],
			[ '35-44', '30%' ],
			[ '45-54', '15%' ],
			[ '55-64', '15%' ],
			[ '65+', '10%' ],
		] );
		expect( listRows( 'Gender' ) ).toEqual( [
			[ 'Female', '55.50%' ],
			[ 'Male', '44.50%' ],
		] );
	} );

	it( 'says the year is still calculating while it has no session', async () => {
		mockApi( () => ( { ...PAYLOAD, is_enabled: false } ) );
		renderScreen( 'plus' );
		expect(
			await screen.findByText(
				'Your 2025 Year in Review is still calculating. Please check back later to see how your website performed last year.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Back to the Overview report' } )
		).toHaveAttribute(
			'href',
			'#/?start=2025-12-06&end=2026-01-04&preset=last30days'
		);
		expect(
			screen.queryByRole( 'heading', { name: 'Audience' } )
		).not.toBeInTheDocument();
	} );

	it.each( [ 'lite', 'basic' ] as const )(
		'shows %s its sample in the same layout under the upsell, without fetching',
		async ( level ) => {
			const calls = mockApi( () => PAYLOAD );
			renderScreen( level );
			await expectLockedSample(
				'yearinreview',
				'.monsterinsights-reports-yir'
			);
			expect( listRows( 'Top Countries', true ) ).toEqual( [
				[ 'United States', '47,210' ],
				[ 'United Kingdom', '18,320' ],
				[ 'Germany', '13,040' ],
				[ 'Canada', '10,190' ],
				[ 'India', '9,620' ],
			] );
			// The sample speaks of the route's year.
			expect(
				screen.getByText(
					'December was your best month, with 10,820 users.'
				)
			).toBeInTheDocument();
			expect(
				screen.getByText(
					'Thank you for an amazing 2025. Here is to growing your website even more in 2026!'
				)
			).toBeInTheDocument();
			expect( reportCalls( calls ) ).toEqual( [] );
		}
	);

	it( 'computes the change from the year before', () => {
		expect( yearChange( { value: 5, prev: 1 } ) ).toBe( 400 );
		expect( yearChange( { value: 2, prev: 3 } ) ).toBe( -33.33 );
		expect( yearChange( { value: 4, prev: 0 } ) ).toBeNull();
	} );
} );
