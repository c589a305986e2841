import { scrollToAnchor } from '../scrollToAnchor';

describe( 'scrollToAnchor', () => {
	let scrollIntoView: jest.Mock;

	beforeEach( () => {
		scrollIntoView = jest.fn();
		Element.prototype.scrollIntoView = scrollIntoView;
		document.body.innerHTML = '';
	} );

	it( 'scrolls smoothly to an element that is already there', () => {
		document.body.innerHTML = '<div id="target"></div>';
		scrollToAnchor( 'target' );
		expect( scrollIntoView ).toHaveBeenCalledWith( {
			behavior: 'smooth',
			block: 'start',
		} );
	} );

	it( 'waits for the element to be added', async () => {
		scrollToAnchor( 'late' );
		expect( scrollIntoView ).not.toHaveBeenCalled();
		const element = document.createElement( 'section' );
		element.id = 'late';
		document.body.appendChild( element );
		await Promise.resolve();
		expect( scrollIntoView ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'gives up after the timeout, or when stopped', async () => {
		jest.useFakeTimers();
		try {
			scrollToAnchor( 'never', document, 1000 );
			jest.advanceTimersByTime( 1000 );
			const stop = scrollToAnchor( 'stopped' );
			stop();
			[ 'never', 'stopped' ].forEach( ( id ) => {
				const element = document.createElement( 'div' );
				element.id = id;
				document.body.appendChild( element );
			} );
			await Promise.resolve();
			expect( scrollIntoView ).not.toHaveBeenCalled();
		} finally {
			jest.useRealTimers();
		}
	} );

	it( 'jumps without animation for users who prefer reduced motion', () => {
		const matchMedia = jest.fn( () => ( { matches: true } ) );
		Object.defineProperty( window, 'matchMedia', {
			value: matchMedia,
			configurable: true,
		} );
		try {
			document.body.innerHTML = '<div id="target"></div>';
			scrollToAnchor( 'target' );
			expect( matchMedia ).toHaveBeenCalledWith(
				'(prefers-reduced-motion: reduce)'
			);
			expect( scrollIntoView ).toHaveBeenCalledWith( {
				behavior: 'auto',
				block: 'start',
			} );
		} finally {
			// @ts-expect-error -- jsdom has no matchMedia; remove the stub.
			delete window.matchMedia;
		}
	} );
} );
