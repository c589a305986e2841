import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';

import { Pager } from '..';

describe( 'Pager', () => {
	it( 'shows nothing with one page or none', () => {
		const { container } = render(
			<Pager
				className="pager"
				page={ 1 }
				pages={ 1 }
				onPage={ jest.fn() }
			/>
		);
		expect( container ).toBeEmptyDOMElement();
	} );

	it( 'asks for the page before and after; the first and last page keep their button focusable but disabled', () => {
		const onPage = jest.fn();
		const { rerender } = render(
			<Pager className="pager" page={ 1 } pages={ 3 } onPage={ onPage } />
		);
		expect( screen.getByText( 'Page 1 of 3' ) ).toBeInTheDocument();
		const previous = screen.getByRole( 'button', { name: 'Previous' } );
		expect( previous ).toHaveAttribute( 'aria-disabled', 'true' );
		fireEvent.click( previous );
		expect( onPage ).not.toHaveBeenCalled();
		fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		expect( onPage ).toHaveBeenLastCalledWith( 2 );

		rerender(
			<Pager className="pager" page={ 3 } pages={ 3 } onPage={ onPage } />
		);
		expect(
			screen.getByRole( 'button', { name: 'Next' } )
		).toHaveAttribute( 'aria-disabled', 'true' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Previous' } ) );
		expect( onPage ).toHaveBeenLastCalledWith( 2 );
	} );

	it( 'waits while a page loads, and without a way to ask', () => {
		const onPage = jest.fn();
		const { rerender } = render(
			<Pager
				className="pager"
				page={ 2 }
				pages={ 3 }
				onPage={ onPage }
				busy
			/>
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Previous' } ) );
		expect( onPage ).not.toHaveBeenCalled();
		rerender( <Pager className="pager" page={ 2 } pages={ 3 } /> );
		expect(
			screen.getByRole( 'button', { name: 'Next' } )
		).toHaveAttribute( 'aria-disabled', 'true' );
	} );
} );
