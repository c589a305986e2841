import { render, screen } from '@testing-library/react';
import { Suspense, lazy } from '@wordpress/element';

import { forgetScreen, lazyScreenLoader, loadScreen } from '../screenModules';

function Screen() {
	return <p>The screen</p>;
}

describe( 'lazyScreenLoader', () => {
	it( 'suspends for a screen whose script is not loaded yet', async () => {
		const load = jest.fn( () => Promise.resolve( { default: Screen } ) );
		const Lazy = lazy( lazyScreenLoader( load ) );
		render(
			<Suspense fallback={ <p>Loading</p> }>
				<Lazy />
			</Suspense>
		);
		expect( screen.getByText( 'Loading' ) ).toBeInTheDocument();
		expect( await screen.findByText( 'The screen' ) ).toBeInTheDocument();
		expect( load ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'renders a screen whose script is loaded in the same pass, without its fallback', async () => {
		const load = jest.fn( () => Promise.resolve( { default: Screen } ) );
		await loadScreen( load );
		const Lazy = lazy( lazyScreenLoader( load ) );
		render(
			<Suspense fallback={ <p>Loading</p> }>
				<Lazy />
			</Suspense>
		);
		// Synchronously: no fallback, no wait.
		expect( screen.getByText( 'The screen' ) ).toBeInTheDocument();
		expect( screen.queryByText( 'Loading' ) ).not.toBeInTheDocument();
		expect( load ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'loads a forgotten screen anew (its "Try again")', async () => {
		const load = jest.fn( () => Promise.resolve( { default: Screen } ) );
		await loadScreen( load );
		forgetScreen( load );
		await loadScreen( load );
		expect( load ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'does not remember a failed load', async () => {
		const load = jest
			.fn()
			.mockRejectedValueOnce( new Error( 'offline' ) )
			.mockResolvedValueOnce( { default: Screen } );
		await expect( loadScreen( load ) ).rejects.toThrow( 'offline' );
		await expect( loadScreen( load ) ).resolves.toEqual( {
			default: Screen,
		} );
	} );
} );
