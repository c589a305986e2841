import { render, screen } from '@testing-library/react';

import { ChartOverlay } from '..';

describe( 'ChartOverlay', () => {
	it( 'says the stats are being processed', () => {
		render( <ChartOverlay /> );
		expect(
			screen.getByText( "We're Waiting for Your Stats!" )
		).toBeInTheDocument();
		expect(
			screen.getByText(
				"We're waiting to process your data which might take up to 24 hours."
			)
		).toBeInTheDocument();
	} );

	it( 'takes other texts', () => {
		render( <ChartOverlay title="Title" text="Text" /> );
		expect( screen.getByText( 'Title' ) ).toBeInTheDocument();
		expect( screen.getByText( 'Text' ) ).toBeInTheDocument();
	} );
} );
