import { render, screen } from '@testing-library/react';

import { Loader, Skeleton } from '..';

describe( 'Loader', () => {
	it( 'announces loading', () => {
		render( <Loader /> );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( 'Loading…' );
	} );

	it( 'takes another label', () => {
		render( <Loader label="Loading site notes…" /> );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading site notes…'
		);
	} );
} );

describe( 'Skeleton', () => {
	it( 'is a sized block hidden from screen readers', () => {
		const { container } = render(
			<Skeleton height={ 355 } width="50%" circle />
		);
		const block = container.firstChild as HTMLElement;
		expect( block ).toHaveAttribute( 'aria-hidden', 'true' );
		expect( block ).toHaveClass( 'is-circle' );
		expect( block.style.height ).toBe( '355px' );
		expect( block.style.width ).toBe( '50%' );
	} );
} );
