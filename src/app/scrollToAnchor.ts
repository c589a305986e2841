/** How long to wait for an anchor's element to appear (its block renders once data arrives). */
export const ANCHOR_WAIT_MS = 10000;

/**
 * Scrolls smoothly to the element with an id, once it exists: now, or when it is added to the
 * document, for at most `timeout` ms. Users who ask for reduced motion get an instant jump.
 *
 * @param id      The element id.
 * @param doc     The document.
 * @param timeout How long to wait for the element.
 * @return A function that stops waiting.
 */
export function scrollToAnchor(
	id: string,
	doc: Document = document,
	timeout = ANCHOR_WAIT_MS
): () => void {
	const view = doc.defaultView;
	const reduce =
		typeof view?.matchMedia === 'function' &&
		view.matchMedia( '(prefers-reduced-motion: reduce)' ).matches;
	const scroll = ( element: HTMLElement ) =>
		element.scrollIntoView( {
			behavior: reduce ? 'auto' : 'smooth',
			block: 'start',
		} );

	const existing = doc.getElementById( id );
	if ( existing ) {
		scroll( existing );
		return () => {};
	}
	const observer = new MutationObserver( () => {
		const element = doc.getElementById( id );
		if ( element ) {
			stop();
			scroll( element );
		}
	} );
	const timer = setTimeout( () => stop(), timeout );
	function stop() {
		observer.disconnect();
		clearTimeout( timer );
	}
	observer.observe( doc.body, { childList: true, subtree: true } );
	return stop;
}
