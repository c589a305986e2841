/**
 * The site notes are in one place on every report whose chart has them: the 'Site Notes' toggle
 * and its panel right under the chart, inside the chart's box (as on the Overview), by the one
 * shared component; none at the page bottom.
 */
import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';

import { installResizeObserver } from '../../components/report/test/dom';
import fixture from '../../store/reports/test/fixtures/forms.json';
import { CountriesScreen } from '../countries';
import { FormsScreen } from '../forms';
import {
	acquisition,
	CHART,
	COUNTRIES,
	SOCIAL,
} from '../traffic/test/fixtures';
import {
	renderScreen,
	tableRows,
	TRAFFIC_SCREENS,
	routedScreen,
} from './screen';

jest.mock( 'react-chartjs-2', () =>
	jest.requireActual( '../../components/test/chartMock' ).chartMock()
);

beforeAll( installResizeObserver );

const ROW: Array< [ string, number, number, number ] > = [
	[ 'Direct', 1, 0, 1 ],
];

/** Each screen with a notes panel, and a payload of it. */
const NOTED: Array< [ string, ComponentType, unknown ] > = [
	[
		'Traffic Overview',
		TRAFFIC_SCREENS.traffic_overview,
		{ chart: CHART, channels: acquisition( 'channel', 'Channel', ROW ) },
	],
	[
		'Landing Page Details',
		TRAFFIC_SCREENS.traffic_landing_pages,
		{
			chart: CHART,
			landing_pages: acquisition( 'landing_page', 'Landing Page', ROW ),
		},
	],
	[
		'Campaigns',
		TRAFFIC_SCREENS.traffic_campaign,
		{ chart: CHART, campaigns: acquisition( 'campaign', 'Campaign', ROW ) },
	],
	[
		'Source / Medium',
		TRAFFIC_SCREENS.traffic_source_medium,
		{
			chart: CHART,
			source_medium: acquisition(
				'source_medium',
				'Source / Medium',
				ROW
			),
		},
	],
	[
		'Country Report',
		routedScreen( 'countries', CountriesScreen ),
		{ chart: CHART, regions: { available: false }, countries: COUNTRIES },
	],
	[ 'Forms Overview Report', routedScreen( 'forms', FormsScreen ), fixture ],
];

describe( 'site notes of a report chart', () => {
	it.each( NOTED )(
		'%s: the toggle and its panel are right under the chart, in its box',
		async ( _title, Screen, payload ) => {
			const { container } = renderScreen( <Screen />, 'plus', payload );
			await waitFor( () =>
				expect( tableRows( container ).length ).toBeGreaterThan( 0 )
			);
			const toggles = screen.getAllByRole( 'button', {
				name: 'Site Notes',
			} );
			expect( toggles ).toHaveLength( 1 );
			const chart = screen.getByRole( 'region', {
				name: 'Traffic chart',
			} );
			expect( chart ).toContainElement( toggles[ 0 ]! );
			// The shared block follows the chart's tabs, and nothing comes between or after.
			const block = toggles[ 0 ]!.closest(
				'.monsterinsights-reports-chart-notes'
			);
			expect( block?.parentElement ).toBe( chart );
			expect( block?.previousElementSibling ).toContainElement(
				within( chart ).getByRole( 'tablist', { name: 'Metrics' } )
			);
			expect( block?.nextElementSibling ).toBeNull();
			// The panel it controls is in the block, closed.
			const panel = document.getElementById(
				toggles[ 0 ]!.getAttribute( 'aria-controls' ) ?? ''
			);
			expect( block ).toContainElement( panel );
			expect( panel ).not.toBeVisible();
		}
	);

	it( 'Social Media has no notes panel', async () => {
		const Screen = TRAFFIC_SCREENS.traffic_social;
		const { container } = renderScreen( <Screen />, 'plus', {
			chart: CHART,
			social: SOCIAL,
		} );
		await waitFor( () =>
			expect( tableRows( container ).length ).toBeGreaterThan( 0 )
		);
		expect(
			screen.queryByRole( 'button', { name: 'Site Notes' } )
		).toBeNull();
	} );
} );
