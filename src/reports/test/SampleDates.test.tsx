/**
 * A locked report's sample (its demo payload under the upsell) is dated with the range the header
 * shows, not with the sample's own fixed days.
 */
import '@testing-library/jest-dom';
import { waitFor } from '@testing-library/react';

import { lastChartProps } from '../../components/test/chartMock';
import { installResizeObserver } from '../../components/report/test/dom';
import { MediaScreen } from '../media';
import { renderLocked, Routed, TRAFFIC_SCREENS } from './screen';

jest.mock( 'react-chartjs-2', () =>
	jest.requireActual( '../../components/test/chartMock' ).chartMock()
);

beforeAll( installResizeObserver );

describe( 'a locked report’s sample', () => {
	it( 'charts the days of the header’s range (10–12 March 2025)', async () => {
		const Screen = TRAFFIC_SCREENS.traffic_overview;
		await renderLocked( <Screen />, 'traffic', 'lite' );
		await waitFor( () =>
			expect( lastChartProps( 'line' ).data.labels ).toEqual( [
				'Mar 10',
				'Mar 11',
				'Mar 12',
			] )
		);
		// The sample's last three days of sessions.
		expect(
			lastChartProps( 'line' ).data.datasets[ 0 ]?.data
		).toHaveLength( 3 );
	} );

	it( 'dates the Media sample’s Video Plays chart too', async () => {
		await renderLocked(
			<Routed report="media">
				<MediaScreen />
			</Routed>,
			'media',
			'lite'
		);
		await waitFor( () =>
			expect( lastChartProps( 'line' ).data.labels ).toEqual( [
				'Mar 10',
				'Mar 11',
				'Mar 12',
			] )
		);
	} );
} );
