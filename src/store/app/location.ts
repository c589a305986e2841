/**
 * The URL's hash is where the route and the dates live: the app changes them by changing the
 * hash, and the hash router (src/app/router) puts what the hash stands for into the app store.
 */

/**
 * Replaces the current history entry's hash (a change of dates is no new entry: Back goes to the
 * previous report) and announces it with a `hashchange` event, which `history.replaceState`
 * does not fire, so the router reads it as it reads a hash typed by hand.
 *
 * @param hash The new hash, with "#".
 * @param win  The window.
 */
export function replaceHash( hash: string, win: Window = window ): void {
	const oldURL = win.location.href;
	win.history.replaceState(
		win.history.state,
		'',
		win.location.pathname + win.location.search + hash
	);
	if ( win.location.href !== oldURL ) {
		win.dispatchEvent(
			new HashChangeEvent( 'hashchange', {
				oldURL,
				newURL: win.location.href,
			} )
		);
	}
}
