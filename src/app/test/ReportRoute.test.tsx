import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';

import { ReportRoute } from '../ReportRoute';
import { resolveRoute, type RouteContext, type ScreenModule } from '../routes';
import { createShellRegistry, renderIn } from './shell';

const context: RouteContext = {
	yearInReview: { show_report: false, report_year: 2025 },
};

describe( 'ReportRoute when a screen cannot be loaded', () => {
	let consoleError: jest.SpyInstance;
	beforeEach( () => {
		// React and the boundary log the caught error; the test asserts what the user sees.
		consoleError = jest
			.spyOn( console, 'error' )
			.mockImplementation( () => undefined );
	} );
	afterEach( () => consoleError.mockRestore() );

	it( 'says so in place of the screen, and Try again imports it anew', async () => {
		const matched = resolveRoute( '/traffic-overview', context );
		let attempts = 0;
		// The route's screen import: the first fails as a dropped connection would.
		const load = (): Promise< ScreenModule > => {
			attempts++;
			if ( attempts === 1 ) {
				const error = new Error( 'Loading chunk 7 failed.' );
				error.name = 'ChunkLoadError';
				return Promise.reject( error );
			}
			return Promise.resolve( {
				default: ( () => <h2>Loaded screen</h2> ) as ComponentType,
			} );
		};
		renderIn(
			<ReportRoute
				matched={ { ...matched, route: { ...matched.route, load } } }
				context={ context }
			/>,
			createShellRegistry()
		);

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'This part of the page could not be loaded. Check your connection and try again.'
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Try again' } )
		);
		expect(
			await screen.findByRole( 'heading', { name: 'Loaded screen' } )
		).toBeInTheDocument();
		expect( attempts ).toBe( 2 );
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
	} );
} );
