import { render, screen } from '@testing-library/react';

import { Trend } from '..';
import { getTrend, trendText } from '../../utils/trend';

describe( 'getTrend', () => {
	it( 'is green up for a rise and red down for a fall', () => {
		expect( getTrend( 12 ) ).toEqual( {
			direction: 'up',
			tone: 'positive',
		} );
		expect( getTrend( -3 ) ).toEqual( {
			direction: 'down',
			tone: 'negative',
		} );
	} );

	it( 'reverses the colour, not the arrow, for inverse metrics', () => {
		expect( getTrend( 12, true ) ).toEqual( {
			direction: 'up',
			tone: 'negative',
		} );
		expect( getTrend( -3, true ) ).toEqual( {
			direction: 'down',
			tone: 'positive',
		} );
	} );

	it( 'is neutral for zero and for no value', () => {
		expect( getTrend( 0 ) ).toEqual( {
			direction: 'none',
			tone: 'neutral',
		} );
		expect( getTrend( null ) ).toEqual( {
			direction: 'none',
			tone: 'neutral',
		} );
		expect( getTrend( NaN ) ).toEqual( {
			direction: 'none',
			tone: 'neutral',
		} );
	} );
} );

describe( 'trendText', () => {
	it( 'shows the absolute percent with 0 or 2 decimals', () => {
		expect( trendText( 0 ) ).toBe( '0%' );
		expect( trendText( 12 ) ).toBe( '12%' );
		expect( trendText( -12.5 ) ).toBe( '12.50%' );
		expect( trendText( 1234.567 ) ).toBe( '1,234.57%' );
		expect( trendText( undefined ) ).toBeNull();
	} );

	it( 'formats in the locale of the admin page', () => {
		document.documentElement.lang = 'de-DE';
		try {
			expect( trendText( 12.5 ) ).toBe( '12,50\u00a0%' );
		} finally {
			document.documentElement.lang = '';
		}
	} );
} );

describe( 'Trend', () => {
	it( 'shows zero as 0% without an arrow', () => {
		const { container } = render( <Trend change={ 0 } /> );
		expect( container ).toHaveTextContent( /^0%$/ );
		expect( container.querySelector( 'svg' ) ).toBeNull();
		expect( container.firstChild ).toHaveClass( 'is-neutral' );
	} );

	it( 'shows a rise as a green up arrow with the percent', () => {
		const { container } = render( <Trend change={ 7 } /> );
		expect( container.firstChild ).toHaveClass( 'is-positive' );
		expect( container.firstChild ).toHaveAttribute(
			'data-direction',
			'up'
		);
		expect( container ).toHaveTextContent( 'Up 7%' );
	} );

	it( 'shows a fall as a red down arrow with the absolute percent', () => {
		const { container } = render( <Trend change={ -7.25 } /> );
		expect( container.firstChild ).toHaveClass( 'is-negative' );
		expect( container.firstChild ).toHaveAttribute(
			'data-direction',
			'down'
		);
		expect( container ).toHaveTextContent( 'Down 7.25%' );
		expect( container ).not.toHaveTextContent( '-' );
	} );

	it( 'shows a placeholder when there is no change', () => {
		render( <Trend change={ null } /> );
		expect( screen.getByText( '--' ) ).toBeInTheDocument();
	} );
} );
