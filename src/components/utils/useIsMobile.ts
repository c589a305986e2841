import { useEffect, useState } from '@wordpress/element';

/** Widths under this many CSS pixels use the mobile layout (docs/product-rules.md#tables). */
export const MOBILE_BREAKPOINT = 783;

/** Delay of the resize handler when matchMedia is not available. */
export const RESIZE_THROTTLE_MS = 66;

const QUERY = `(max-width: ${ MOBILE_BREAKPOINT - 1 }px)`;

function measure(): boolean {
	if ( typeof window === 'undefined' ) {
		return false;
	}
	if ( typeof window.matchMedia === 'function' ) {
		return Boolean( window.matchMedia( QUERY ).matches );
	}
	return window.innerWidth < MOBILE_BREAKPOINT;
}

/**
 * Whether the viewport is narrower than 783 px. Follows a media query; where matchMedia is
 * missing, a resize handler throttled to 66 ms measures the window instead.
 */
export function useIsMobile(): boolean {
	const [ isMobile, setIsMobile ] = useState( measure );

	useEffect( () => {
		const update = () => setIsMobile( measure() );
		const media =
			typeof window.matchMedia === 'function'
				? window.matchMedia( QUERY )
				: null;
		if ( media && typeof media.addEventListener === 'function' ) {
			media.addEventListener( 'change', update );
			update();
			return () => media.removeEventListener( 'change', update );
		}
		let timer: ReturnType< typeof setTimeout > | undefined;
		const onResize = () => {
			if ( timer === undefined ) {
				timer = setTimeout( () => {
					timer = undefined;
					update();
				}, RESIZE_THROTTLE_MS );
			}
		};
		window.addEventListener( 'resize', onResize );
		update();
		return () => {
			window.removeEventListener( 'resize', onResize );
			if ( timer !== undefined ) {
				clearTimeout( timer );
			}
		};
	}, [] );

	return isMobile;
}
