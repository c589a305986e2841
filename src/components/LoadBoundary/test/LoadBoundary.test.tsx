import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, lazy } from '@wordpress/element';
import type { ComponentType } from 'react';

import { silenceConsoleErrors } from '../../../../tests/js/console';
import { LoadBoundary, isLoadError } from '..';

/** A chunk that webpack could not fetch. */
function chunkError(): Error {
	const error = new Error( 'Loading chunk 123 failed.' );
	error.name = 'ChunkLoadError';
	return error;
}

// React and the boundary log the caught error; the tests assert what the user sees.
silenceConsoleErrors();

describe( 'LoadBoundary', () => {
	it( 'tells a script that could not be fetched from a render error', () => {
		expect( isLoadError( chunkError() ) ).toBe( true );
		expect(
			isLoadError(
				new TypeError(
					'Failed to fetch dynamically imported module: x.js'
				)
			)
		).toBe( true );
		expect( isLoadError( new TypeError( 'x is undefined' ) ) ).toBe(
			false
		);
		expect( isLoadError( 'Loading chunk 1 failed' ) ).toBe( false );
	} );

	it( 'says a lazy part failed to load and loads it again on Try again', async () => {
		let attempts = 0;
		const made: ComponentType[] = [];
		/** A lazy part whose first import fails, as a dropped connection would. */
		function makePart(): ComponentType {
			const part = lazy( () => {
				attempts++;
				return attempts === 1
					? Promise.reject( chunkError() )
					: Promise.resolve( {
							default: ( () => (
								<p>The report</p>
							) ) as ComponentType,
					  } );
			} );
			made.push( part );
			return part;
		}
		let Part = makePart();
		function View() {
			return (
				<LoadBoundary
					onRetry={ () => {
						// React keeps a rejected import for good: the next render makes a new one.
						Part = makePart();
					} }
				>
					{ () => (
						<Suspense fallback={ <p>Loading</p> }>
							<Part />
						</Suspense>
					) }
				</LoadBoundary>
			);
		}
		render( <View /> );

		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent(
			'This part of the page could not be loaded. Check your connection and try again.'
		);
		expect( screen.queryByText( 'The report' ) ).not.toBeInTheDocument();

		await userEvent.click(
			screen.getByRole( 'button', { name: 'Try again' } )
		);
		expect( made ).toHaveLength( 2 );
		expect( attempts ).toBe( 2 );
		expect( await screen.findByText( 'The report' ) ).toBeInTheDocument();
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
	} );

	it( 'says a part that throws while rendering could not be shown, and keeps its siblings', () => {
		function Broken(): JSX.Element {
			throw new TypeError( 'rows is undefined' );
		}
		render(
			<div>
				<p>The menu</p>
				<LoadBoundary>
					<Broken />
				</LoadBoundary>
			</div>
		);
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'This part of the page could not be shown because of an error. Try again, or reload the page.'
		);
		expect( screen.getByText( 'The menu' ) ).toBeInTheDocument();
	} );
} );
