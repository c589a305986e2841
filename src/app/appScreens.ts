/**
 * Screens of the app that are not reports: the settings screen and the setup wizard. They live
 * beside the report route table because they need no connected source, no dates and no licence
 * gate; the hash router leaves their paths alone and the App renders them itself.
 */
import { useEffect, useState } from '@wordpress/element';

import { parseHash } from '../lib/hash';

export type AppScreen = 'settings' | 'setup-wizard';

/** Hash path → screen. */
export const APP_SCREEN_PATHS: Readonly< Record< string, AppScreen > > = {
	'/settings': 'settings',
	'/setup-wizard': 'setup-wizard',
};

/**
 * The app screen a location hash shows, or null for a report route.
 *
 * @param hash `location.hash`.
 */
export function appScreenOf( hash: string ): AppScreen | null {
	return APP_SCREEN_PATHS[ parseHash( hash ).path ] ?? null;
}

/**
 * The app screen of the current location, following hash changes.
 *
 * @param win The window.
 */
export function useAppScreen( win: Window = window ): AppScreen | null {
	const [ screen, setScreen ] = useState( () =>
		appScreenOf( win.location.hash )
	);
	useEffect( () => {
		const update = () => setScreen( appScreenOf( win.location.hash ) );
		win.addEventListener( 'hashchange', update );
		return () => win.removeEventListener( 'hashchange', update );
	}, [ win ] );
	return screen;
}
