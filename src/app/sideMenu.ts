/**
 * Highlights the matching item of the WordPress admin side menu for the user journey, AI insights
 * and AI chat routes (docs/product-rules.md#navigation). WordPress marks the reports page's own
 * item current; while one of those routes shows, an item linking to that route (when the menu has
 * one) is marked current instead, and the page's item again once the route is left.
 */
import { normalizePath } from '../lib/hash';

/** Route (or route prefix, ending in "/") → the hash route of the admin menu item to highlight. */
export const SIDE_MENU_ROUTES: Readonly< Record< string, string > > = {
	'/user-journey-report': '/user-journey-report',
	'/ai-insights': '/ai-insights',
	'/ai-insights/chat': '/ai-insights/chat',
	'/ai-insights/chat/': '/ai-insights/chat',
	'/settings': '/settings',
};

/**
 * The hash route whose admin menu item a route highlights, if any.
 *
 * @param route The active route.
 */
export function sideMenuTarget( route: string ): string | undefined {
	const path = normalizePath( route );
	if ( SIDE_MENU_ROUTES[ path ] ) {
		return SIDE_MENU_ROUTES[ path ];
	}
	const prefix = Object.keys( SIDE_MENU_ROUTES ).find(
		( key ) => key.endsWith( '/' ) && path.startsWith( key )
	);
	return prefix ? SIDE_MENU_ROUTES[ prefix ] : undefined;
}

/**
 * The hash route an admin menu link points to on the reports page, or undefined for another page.
 *
 * @param href       The link's href.
 * @param reportsUrl The reports page URL (boot plugin.reportsUrl).
 */
function linkRoute( href: string, reportsUrl: string ): string | undefined {
	let url: URL;
	let page: URL;
	try {
		page = new URL( reportsUrl );
		url = new URL( href, page );
	} catch {
		return undefined;
	}
	if (
		url.pathname !== page.pathname ||
		url.searchParams.get( 'page' ) !== page.searchParams.get( 'page' )
	) {
		return undefined;
	}
	const hash = url.hash.replace( /^#/, '' ).split( '?' )[ 0 ] ?? '';
	return normalizePath( hash );
}

/**
 * Marks the admin menu item of a route as current and returns a function that undoes it. Nothing
 * changes when the route has no item, or the menu has no link to it.
 *
 * @param route      The active route.
 * @param reportsUrl The reports page URL.
 * @param doc        The document.
 */
export function highlightSideMenu(
	route: string,
	reportsUrl: string,
	doc: Document = document
): () => void {
	const target = sideMenuTarget( route );
	const menu = doc.getElementById( 'adminmenu' );
	if ( ! target || ! menu ) {
		return () => {};
	}
	const links = Array.from(
		menu.querySelectorAll< HTMLAnchorElement >( '.wp-submenu a[href]' )
	);
	const link = links.find(
		( a ) =>
			linkRoute( a.getAttribute( 'href' ) ?? '', reportsUrl ) === target
	);
	if ( ! link ) {
		return () => {};
	}
	const item = link.closest( 'li' );
	const previous = Array.from(
		menu.querySelectorAll< HTMLElement >( '.wp-submenu li.current' )
	).filter( ( li ) => li !== item );

	const set = ( li: HTMLElement, on: boolean ) => {
		li.classList.toggle( 'current', on );
		const a = li.querySelector( 'a' );
		if ( a ) {
			a.classList.toggle( 'current', on );
			if ( on ) {
				a.setAttribute( 'aria-current', 'page' );
			} else {
				a.removeAttribute( 'aria-current' );
			}
		}
	};
	previous.forEach( ( li ) => set( li, false ) );
	if ( item ) {
		set( item, true );
	}
	return () => {
		if ( item ) {
			set( item, false );
		}
		previous.forEach( ( li ) => set( li, true ) );
	};
}
