import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';

import { renderIn } from '../../../../tests/js/shell';
import { installResizeObserver } from '../../../components/report/test/dom';
import { payload as sample } from '../../../demo/media';
import type { MediaReport } from '../../../store/reports/types';
import fixture from '../../../store/reports/test/fixtures/media.json';
import { mockApi } from '../../../store/test/api';
import { MediaScreen } from '..';
import {
	registryFor,
	reportCalls,
	tableRows as rows,
	renderLocked,
	renderScreen,
	Routed,
} from '../../test/screen';

jest.mock( 'react-chartjs-2', () =>
	jest.requireActual( '../../../components/test/chartMock' ).chartMock()
);

beforeAll( installResizeObserver );

/** The payload of tests/php/Shared/Reports/MediaReportTest.php (10–12 March 2025, with compare). */
const PAYLOAD = fixture as unknown as MediaReport;

describe( 'Media report', () => {
	it( 'shows the Video Plays chart and every video with its numbers', async () => {
		const { calls, container } = renderScreen(
			<Routed report="media">
				<MediaScreen />
			</Routed>,
			'plus',
			PAYLOAD
		);
		await waitFor( () =>
			expect( rows( container ) ).toEqual( [
				[ 'Tour', '4', '0:20', '45%', '25%' ],
				[ 'Demo', '1', '2:00', '100%', '100%' ],
			] )
		);
		expect(
			screen.getByRole( 'heading', { level: 1, name: 'Media Report' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', { level: 2, name: 'Video Plays' } )
		).toBeInTheDocument();
		expect( reportCalls( calls ) ).toEqual( [
			'/monsterinsights-reports/v1/reports/media?start=2025-03-10&end=2025-03-12',
		] );
	} );

	it( 'shows its own layout with the sample under its upsell to basic, without fetching', async () => {
		const { calls, container } = await renderLocked(
			<Routed report="media">
				<MediaScreen />
			</Routed>,
			'media'
		);
		await waitFor( () =>
			expect( rows( container ).map( ( row ) => row[ 0 ] ) ).toEqual(
				sample.video_details_rows.rows.map( ( row ) =>
					String( row.title )
				)
			)
		);
		await act( async () => {} );
		expect( reportCalls( calls ) ).toEqual( [] );
	} );

	it( 'says its empty text when no video was played', async () => {
		mockApi( () => ( {
			...PAYLOAD,
			video_details_rows: {
				...PAYLOAD.video_details_rows,
				rows: [],
				total: 0,
			},
		} ) );
		renderIn(
			<Routed report="media">
				<MediaScreen />
			</Routed>,
			registryFor( 'plus' )
		);
		expect(
			await screen.findByText(
				'No video plays tracked during this time period.'
			)
		).toBeInTheDocument();
	} );
} );
