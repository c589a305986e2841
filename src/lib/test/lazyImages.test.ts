import { loadLazyImages } from '../pdfExport';

describe( 'loadLazyImages (before a PDF is drawn)', () => {
	it( 'loads the lazily loaded images now and settles once each has loaded or failed', async () => {
		const element = document.createElement( 'div' );
		element.innerHTML =
			'<img loading="lazy" src="https://example.org/flags/DE.svg" alt="">' +
			'<img loading="lazy" src="https://example.org/flags/XX.svg" alt="">' +
			'<img src="https://example.org/logo.png" alt="">';
		const [ first, second, eager ] = Array.from(
			element.querySelectorAll( 'img' )
		);
		// Not loaded yet, as in a page where they are far below the fold.
		[ first, second ].forEach( ( image ) =>
			Object.defineProperty( image, 'complete', { value: false } )
		);
		let settled = false;
		const loading = loadLazyImages( element ).then( () => {
			settled = true;
		} );
		expect( first!.loading ).toBe( 'eager' );
		expect( second!.loading ).toBe( 'eager' );
		expect( eager!.getAttribute( 'loading' ) ).toBeNull();

		first!.dispatchEvent( new Event( 'load' ) );
		await Promise.resolve();
		expect( settled ).toBe( false );
		second!.dispatchEvent( new Event( 'error' ) );
		await loading;
		expect( settled ).toBe( true );
	} );
} );
