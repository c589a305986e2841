import '@testing-library/jest-dom';
import { fireEvent, screen } from '@testing-library/react';

import { createShellRegistry, renderIn } from '../../../../tests/js/shell';
import { CountryName, Flag, flagUrl } from '..';

const BUILD =
	'http://example.org/wp-content/plugins/monsterinsights-reports/build/';

describe( 'Flag', () => {
	it( 'makes the URL of a two-letter code only', () => {
		expect( flagUrl( BUILD, 'DE' ) ).toBe( `${ BUILD }flags/DE.svg` );
		expect( flagUrl( BUILD, 'de' ) ).toBe( '' );
		expect( flagUrl( BUILD, '' ) ).toBe( '' );
		expect( flagUrl( BUILD, 'GB-ENG' ) ).toBe( '' );
		expect( flagUrl( BUILD, '../x' ) ).toBe( '' );
		expect( flagUrl( '', 'DE' ) ).toBe( '' );
	} );

	it( 'is an image from the plugin with the country name as its text when asked', () => {
		const { container } = renderIn(
			<Flag iso="JP" label="Japan" />,
			createShellRegistry()
		);
		const img = screen.getByRole( 'img', { name: 'Japan' } );
		expect( img ).toHaveAttribute( 'src', `${ BUILD }flags/JP.svg` );
		expect( img ).toHaveAttribute( 'width', '18' );
		expect( img ).toHaveAttribute( 'height', '12' );
		expect( img ).toHaveAttribute( 'loading', 'lazy' );
		expect( container.textContent ).toBe( '' );
	} );

	it( 'has empty text beside the name, and shows nothing for a code without a flag', () => {
		const { container } = renderIn(
			<>
				<CountryName iso="FR">France</CountryName>
				<CountryName iso="">(not set)</CountryName>
			</>,
			createShellRegistry()
		);
		const images = container.querySelectorAll( 'img' );
		expect( images ).toHaveLength( 1 );
		expect( images[ 0 ] ).toHaveAttribute( 'alt', '' );
		expect( images[ 0 ] ).toHaveAttribute(
			'src',
			`${ BUILD }flags/FR.svg`
		);
		expect( container.textContent ).toBe( 'France(not set)' );
		// A code the flag set lacks: the broken image goes, the name stays.
		fireEvent.error( images[ 0 ] as HTMLImageElement );
		expect( container.querySelectorAll( 'img' ) ).toHaveLength( 0 );
		expect( container.textContent ).toBe( 'France(not set)' );
	} );
} );
