import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderIn } from '../../../../tests/js/shell';
import type { CountriesReport } from '../../../store/reports/types';
import { mockApi } from '../../../store/test/api';
import { CHART, COUNTRIES, EMPTY_CHART } from '../../traffic/test/fixtures';
import { CountriesScreen } from '..';
import {
	registryFor,
	reportCalls,
	expectNoReportRequest,
	tableRows,
	renderLocked,
	renderScreen,
	Routed,
} from '../../test/screen';

/** Where the flags are: the boot data's assetsUrl (tests/js/registry.ts) and flags/. */
const FLAGS =
	'http://example.org/wp-content/plugins/monsterinsights-reports/build/flags/';

const REGIONS_NOTE =
	'Regions show here when a city-level database is set as the Country database (.mmdb path) in Settings. Without one, the built-in analytics knows countries only.';

describe( 'Country report', () => {
	it( 'shows the countries with their flags and the regions note', async () => {
		const payload: CountriesReport = {
			chart: CHART,
			regions: { available: false },
			countries: COUNTRIES,
		};
		const { calls, container } = renderScreen(
			<Routed report="countries">
				<CountriesScreen />
			</Routed>,
			'plus',
			payload
		);
		await waitFor( () =>
			expect( tableRows( container ) ).toEqual( [
				[ 'Germany', '3', '2', '33.33%', '0' ],
				[ 'United States', '2', '0', '100%', '0' ],
				[ 'France', '1', '0', '100%', '0' ],
			] )
		);
		// Each name has its flag as an image from the plugin's build/flags/, with empty text
		// (the name is beside it): no emoji flag, which Windows shows as two letters.
		expect(
			Array.from(
				container.querySelectorAll( 'tbody tr td:first-child img' ),
				( img ) => [
					img.getAttribute( 'src' ),
					img.getAttribute( 'alt' ),
				]
			)
		).toEqual( [
			[ `${ FLAGS }DE.svg`, '' ],
			[ `${ FLAGS }US.svg`, '' ],
			[ `${ FLAGS }FR.svg`, '' ],
		] );
		expect( container.textContent ).not.toMatch( /[\u{1F1E6}-\u{1F1FF}]/u );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Country Report' } )
		).toBeInTheDocument();
		expect(
			within( screen.getByRole( 'tablist', { name: 'Metrics' } ) )
				.getAllByRole( 'tab' )
				.map( ( tab ) => tab.textContent )
		).toEqual( [ 'Sessions6', 'Pageviews8' ] );
		expect( screen.getByText( REGIONS_NOTE ) ).toBeInTheDocument();
		// The site notes panel sits under the report.
		expect(
			screen.getByRole( 'button', { name: /Site Notes/ } )
		).toBeInTheDocument();
		expect( reportCalls( calls ) ).toEqual( [
			'/monsterinsights-reports/v1/reports/countries?start=2025-03-10&end=2025-03-12',
		] );
	} );

	it( 'expands a country to its regions when a city database gives them', async () => {
		const germany = COUNTRIES.rows[ 0 ];
		const payload: CountriesReport = {
			chart: CHART,
			regions: { available: true },
			countries: {
				...COUNTRIES,
				rows: [
					{
						...germany,
						children: [
							{
								name: 'Berlin',
								sessions: 2,
								engagedSessions: 1,
								bounceRate: 50,
								purchases: 0,
							},
						],
					},
				],
				total: 1,
			},
		};
		mockApi( () => payload );
		const { container } = renderIn(
			<Routed report="countries">
				<CountriesScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Show details' } )
		);
		expect( tableRows( container ) ).toEqual( [
			[ 'Germany', '3', '2', '33.33%', '0' ],
			[ 'Berlin', '2', '1', '50%', '0' ],
		] );
		expect( screen.queryByText( REGIONS_NOTE ) ).not.toBeInTheDocument();
	} );

	it( 'shows its sample under its upsell to basic, without fetching', async () => {
		const { calls, container } = await renderLocked(
			<Routed report="countries">
				<CountriesScreen />
			</Routed>,
			'countries'
		);
		await waitFor( () =>
			expect( tableRows( container ).map( ( row ) => row[ 0 ] ) ).toEqual(
				[
					'United States',
					'United Kingdom',
					'Germany',
					'Canada',
					'India',
				]
			)
		);
		await expectNoReportRequest( calls );
	} );

	it( 'shows “No data to show” without sessions', async () => {
		mockApi( () => ( {
			chart: EMPTY_CHART,
			regions: { available: false },
			countries: { ...COUNTRIES, rows: [], total: 0 },
		} ) );
		renderIn(
			<Routed report="countries">
				<CountriesScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		expect(
			await screen.findByText( 'No data to show' )
		).toBeInTheDocument();
	} );
} );
