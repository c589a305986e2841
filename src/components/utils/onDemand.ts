import { useCallback, useState } from '@wordpress/element';
import type { ComponentType } from 'react';

/** A component whose module loads the first time it is asked for. */
export interface OnDemand< Props > {
	/** The component once its module arrived, else null. */
	readonly loaded: ComponentType< Props > | null;
	/** Loads the module once; later calls share the first load. */
	load: () => Promise< ComponentType< Props > >;
}

/**
 * Declares a component that loads on demand, e.g. the content of a popover: the module arrives
 * before the popover opens, so the popover mounts with its content and moves focus into it as it
 * does with a component of the page (React.lazy would mount a placeholder first, with nothing to
 * focus).
 *
 * @param load Imports the module and picks the component.
 */
export function onDemand< Props >(
	load: () => Promise< ComponentType< Props > >
): OnDemand< Props > {
	let loaded: ComponentType< Props > | null = null;
	let pending: Promise< ComponentType< Props > > | null = null;
	return {
		get loaded() {
			return loaded;
		},
		load() {
			pending ??= load().then(
				( component ) => ( loaded = component ),
				( error: unknown ) => {
					// A failed load (the network) may be tried again.
					pending = null;
					throw error;
				}
			);
			return pending;
		},
	};
}

/** An on-demand component in a render. */
export interface OnDemandState< Props > {
	/** The component, once its module arrived. */
	Component: ComponentType< Props > | null;
	/** The last load failed (the network); the next `load()` tries again. */
	failed: boolean;
	/** Loads the module; resolves when it arrived or failed, never rejects. */
	load: () => Promise< void >;
}

/**
 * The on-demand component for a render, and a function that loads it, e.g. before opening what
 * shows it: `load().then( open )`; where the load failed, show LoadFailed instead.
 *
 * @param component The on-demand component.
 */
export function useOnDemand< Props >(
	component: OnDemand< Props >
): OnDemandState< Props > {
	const [ Component, setComponent ] = useState( () => component.loaded );
	const [ failed, setFailed ] = useState( false );
	const load = useCallback( async () => {
		try {
			const arrived = await component.load();
			setComponent( () => arrived );
			setFailed( false );
		} catch {
			setFailed( true );
		}
	}, [ component ] );
	return { Component, failed, load };
}
