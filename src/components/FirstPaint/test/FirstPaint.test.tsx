import { act, render, screen } from '@testing-library/react';

import {
	AfterFirstPaint,
	holdChartsUntilFirstPaint,
	useChartsMayDraw,
} from '..';

function Chart() {
	return <p>{ useChartsMayDraw() ? 'drawn' : 'held' }</p>;
}

describe( 'charts after the first paint', () => {
	afterEach( () => {
		jest.useRealTimers();
	} );

	it( 'draws at once when nothing holds the charts', () => {
		render( <Chart /> );
		expect( screen.getByText( 'drawn' ) ).toBeInTheDocument();
	} );

	it( 'holds a chart of the first render until the frame after it has painted', async () => {
		jest.useFakeTimers();
		const frames: FrameRequestCallback[] = [];
		const frame = jest
			.spyOn( window, 'requestAnimationFrame' )
			.mockImplementation( ( callback ) => {
				frames.push( callback );
				return frames.length;
			} );
		holdChartsUntilFirstPaint();
		render(
			<AfterFirstPaint>
				<Chart />
			</AfterFirstPaint>
		);
		// Committed: the box is there, the chart is not drawn.
		expect( screen.getByText( 'held' ) ).toBeInTheDocument();
		expect( frames ).toHaveLength( 1 );

		// The frame's callback runs before its paint: still held.
		act( () => frames[ 0 ]!( 0 ) );
		expect( screen.getByText( 'held' ) ).toBeInTheDocument();

		// Its timer runs after the paint: drawn.
		await act( async () => {
			jest.runAllTimers();
		} );
		expect( screen.getByText( 'drawn' ) ).toBeInTheDocument();

		// A chart rendered later draws at once.
		render( <Chart /> );
		expect( screen.getAllByText( 'drawn' ) ).toHaveLength( 2 );
		frame.mockRestore();
	} );
} );
