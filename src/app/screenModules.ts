/**
 * The report screens' scripts, loaded once and remembered, so a screen whose script is already on
 * the page renders in the same pass as the app instead of suspending for a task first.
 *
 * `React.lazy` suspends on the first render of every lazy component, even when its import would
 * resolve at once (an import is always a promise). The reports page puts the default route's
 * screen on the page (includes/Admin/Preload.php), and the first screen's script is asked for
 * before the app renders (firstScreen.ts): once it is here, the lazy component is handed a
 * thenable that calls back at once, which React reads without suspending.
 */
import type { ScreenModule } from '../reports/registry';

/** A screen's script loader (a report's `screen` in the registry). */
export type ScreenLoader = () => Promise< ScreenModule >;

const loaded = new Map< ScreenLoader, ScreenModule >();

/**
 * Loads a screen's script, remembering it once loaded.
 *
 * @param load The screen's loader.
 */
export function loadScreen( load: ScreenLoader ): Promise< ScreenModule > {
	const known = loaded.get( load );
	if ( known ) {
		return Promise.resolve( known );
	}
	return load().then( ( module ) => {
		loaded.set( load, module );
		return module;
	} );
}

/**
 * The loader `React.lazy` takes for a screen: the loaded script at once when it is known (a
 * thenable that calls back synchronously, which React's lazy reads as resolved), else the load.
 *
 * @param load The screen's loader.
 */
export function lazyScreenLoader( load: ScreenLoader ): ScreenLoader {
	return () => {
		const known = loaded.get( load );
		if ( ! known ) {
			return loadScreen( load );
		}
		const now = {
			then( resolve: ( module: ScreenModule ) => void ) {
				resolve( known );
				return now;
			},
		};
		// React's lazy needs only `then`; a real promise would call back a microtask later.
		return now as unknown as Promise< ScreenModule >;
	};
}

/**
 * Forgets a screen's script (its "Try again" after a failure loads it anew).
 *
 * @param load The screen's loader.
 */
export function forgetScreen( load: ScreenLoader ): void {
	loaded.delete( load );
}
