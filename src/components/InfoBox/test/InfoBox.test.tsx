import { render, screen } from '@testing-library/react';

import { InfoBox, getBounceRateHelp } from '..';

describe( 'InfoBox', () => {
	it( 'shows the title, value, change and compare text', () => {
		const { container } = render(
			<InfoBox
				title="Sessions"
				value="1,234"
				change={ 12 }
				compareText="vs. Previous 30 Days"
			/>
		);
		expect( screen.getByText( 'Sessions' ) ).toBeInTheDocument();
		expect( screen.getByText( '1,234' ) ).toBeInTheDocument();
		expect(
			screen.getByText( 'vs. Previous 30 Days' )
		).toBeInTheDocument();
		const trend = container.querySelector(
			'.monsterinsights-reports-trend'
		);
		expect( trend ).toHaveClass( 'is-positive' );
		expect( trend ).toHaveTextContent( 'Up 12%' );
	} );

	it( 'shows a zero change as 0%', () => {
		const { container } = render(
			<InfoBox title="Sessions" value="10" change={ 0 } />
		);
		expect(
			container.querySelector( '.monsterinsights-reports-trend' )
		).toHaveTextContent( /^0%$/ );
	} );

	it( 'shows a fall in red with a down arrow and the absolute percent', () => {
		const { container } = render(
			<InfoBox title="Sessions" value="10" change={ -8 } />
		);
		const trend = container.querySelector(
			'.monsterinsights-reports-trend'
		);
		expect( trend ).toHaveClass( 'is-negative' );
		expect( trend ).toHaveTextContent( 'Down 8%' );
	} );

	it( 'reverses the colours of an inverse metric', () => {
		const { container, rerender } = render(
			<InfoBox title="Bounce Rate" value="40%" change={ -8 } inverse />
		);
		expect(
			container.querySelector( '.monsterinsights-reports-trend' )
		).toHaveClass( 'is-positive' );
		rerender(
			<InfoBox title="Bounce Rate" value="40%" change={ 8 } inverse />
		);
		expect(
			container.querySelector( '.monsterinsights-reports-trend' )
		).toHaveClass( 'is-negative' );
	} );

	it( 'hides the change when there is none', () => {
		const { container } = render( <InfoBox title="Sessions" value="10" /> );
		expect(
			container.querySelector(
				'.monsterinsights-reports-infobox__compare'
			)
		).toBeNull();
	} );

	it( 'offers the help text on a labelled, focusable button', () => {
		render(
			<InfoBox
				title="Bounce Rate"
				value="40%"
				help={ getBounceRateHelp() }
			/>
		);
		const button = screen.getByRole( 'button', {
			name: 'About Bounce Rate',
		} );
		expect( button ).toHaveAccessibleDescription(
			'A session is engaged if an event occurs, it lasts 10 seconds or more, or it has more than one page.'
		);
	} );

	it( 'shows a placeholder while loading', () => {
		const { container } = render(
			<InfoBox title="Sessions" value="1,234" change={ 3 } isLoading />
		);
		expect( screen.queryByText( '1,234' ) ).not.toBeInTheDocument();
		expect( container.firstChild ).toHaveAttribute( 'aria-busy', 'true' );
		expect(
			container.querySelector( '.monsterinsights-reports-skeleton' )
		).toHaveAttribute( 'aria-hidden', 'true' );
	} );
} );
