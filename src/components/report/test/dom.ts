/**
 * What DataViews needs from a browser that jsdom lacks: ResizeObserver (its table watches its
 * width) and CSS.supports (its menus). Nothing here resizes; the observer is only constructed.
 */
class NoResizeObserver {
	observe(): void {}
	unobserve(): void {}
	disconnect(): void {}
}

export function installResizeObserver(): void {
	// Ariakit's menus ask CSS.supports, which jsdom does not define.
	const css = ( globalThis as { CSS?: { supports?: unknown } } ).CSS;
	if ( typeof css?.supports !== 'function' ) {
		Object.defineProperty( globalThis, 'CSS', {
			value: { ...( css ?? {} ), supports: () => false },
			configurable: true,
			writable: true,
		} );
	}
	if ( ! ( 'ResizeObserver' in globalThis ) ) {
		Object.defineProperty( globalThis, 'ResizeObserver', {
			value: NoResizeObserver,
			configurable: true,
			writable: true,
		} );
	}
}
