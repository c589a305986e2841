import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';

import { renderIn } from '../../../../tests/js/shell';
import {
	lastChartProps,
	resetChartCalls,
} from '../../../components/test/chartMock';
import type { TrafficTechnologyReport } from '../../../store/reports/types';
import { mockApi } from '../../../store/test/api';
import { TrafficTechnologyScreen } from '..';
import {
	registryFor,
	reportCalls,
	expectNoReportRequest,
	findUpsellHeading,
	Routed,
} from '../../test/screen';

beforeEach( resetChartCalls );

/** The server's payload of TrafficReportsTest::test_technology (10–12 vs 7–9 March 2025). */
const PAYLOAD: TrafficTechnologyReport = {
	browser_breakdown: {
		labels: [ 'Chrome', 'Safari' ],
		series: [ 66.67, 33.33 ],
		compare: [ 100, 0 ],
	},
	device_breakdown: {
		labels: [ 'Desktop', 'Mobile', 'Tablet' ],
		series: [ 50, 33.33, 16.67 ],
		compare: [ 100, 0, 0 ],
	},
};

/**
 * The section of a pie, by its heading.
 *
 * @param title   The heading.
 * @param options Testing Library options.
 */
const pie = ( title: string, options = {} ) =>
	screen.getByRole( 'region', { name: title, ...options } );

describe( 'Technology report', () => {
	it( 'draws the browser and device shares of the payload', async () => {
		const calls = mockApi( () => PAYLOAD );
		renderIn(
			<Routed report="traffic_technology">
				<TrafficTechnologyScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		await screen.findByRole( 'region', { name: 'Device Breakdown' } );
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Technology' } )
		).toBeInTheDocument();
		expect(
			within( pie( 'Browser Breakdown' ) ).getByRole( 'img' )
		).toHaveAccessibleName(
			'Browser Breakdown: Chrome 66.67%, Safari 33.33%'
		);
		expect(
			within( pie( 'Device Breakdown' ) ).getByRole( 'img' )
		).toHaveAccessibleName(
			'Device Breakdown: Desktop 50%, Mobile 33.33%, Tablet 16.67%'
		);
		expect( lastChartProps( 'doughnut' ).data.datasets[ 0 ]?.data ).toEqual(
			[ 50, 33.33, 16.67 ]
		);
		expect( reportCalls( calls ) ).toEqual( [
			'/monsterinsights-reports/v1/reports/traffic_technology?start=2025-03-10&end=2025-03-12',
		] );
	} );

	it( 'draws the compare range’s shares beside them while comparing', async () => {
		mockApi( () => PAYLOAD );
		renderIn(
			<Routed report="traffic_technology">
				<TrafficTechnologyScreen />
			</Routed>,
			registryFor( 'plus', true )
		);
		await screen.findByRole( 'region', { name: 'Device Breakdown' } );
		await waitFor( () =>
			expect(
				within( pie( 'Device Breakdown' ) ).getAllByRole( 'img' )
			).toHaveLength( 2 )
		);
		expect( lastChartProps( 'doughnut' ).data.datasets[ 0 ]?.data ).toEqual(
			[ 100, 0, 0 ]
		);
	} );

	it( 'shows its sample pies under its upsell to basic, without fetching', async () => {
		const calls = mockApi( () => PAYLOAD );
		renderIn(
			<Routed report="traffic_technology">
				<TrafficTechnologyScreen />
			</Routed>,
			registryFor( 'basic' )
		);
		expect(
			await findUpsellHeading( 'traffic_technology' )
		).toBeInTheDocument();
		await waitFor( () =>
			expect(
				within( pie( 'Device Breakdown', { hidden: true } ) ).getByRole(
					'img',
					{
						hidden: true,
					}
				)
			).toHaveAccessibleName(
				'Device Breakdown: Desktop 52.60%, Mobile 41.30%, Tablet 6.10%'
			)
		);
		await expectNoReportRequest( calls );
	} );

	it( 'shows “No data to show” when no session has a browser or device', async () => {
		mockApi( () => ( {
			browser_breakdown: { labels: [], series: [] },
			device_breakdown: { labels: [], series: [] },
		} ) );
		renderIn(
			<Routed report="traffic_technology">
				<TrafficTechnologyScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		expect(
			await screen.findByText( 'No data to show' )
		).toBeInTheDocument();
	} );
} );
