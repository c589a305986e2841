/**
 * Charts drawn after the app's first paint, so its numbers are on screen first.
 *
 * Creating a chart.js chart measures its box (a forced layout of the page) and draws on a canvas:
 * about 20 ms for the Overview's three charts on a quiet two-core machine, all of it in the task
 * that commits the app's first render, before the browser may paint its numbers. The reports
 * page's entry point holds the charts until the app's first frame has painted; a chart rendered
 * meanwhile keeps its box (same size, so nothing moves) and draws a moment later. Nothing is held
 * unless the entry point asks (tests and later renders draw at once).
 */
import { useEffect, useLayoutEffect, useState } from '@wordpress/element';
import type { ReactNode } from 'react';

/** Resolves once the app's first frame has painted; null when nothing is held. */
let held: Promise< void > | null = null;
let release: () => void = () => undefined;

/**
 * Holds the charts until the app's first frame has painted (AfterFirstPaint marks that frame).
 * Called by the entry point before the app's first render.
 */
export function holdChartsUntilFirstPaint(): void {
	held = new Promise( ( resolve ) => {
		release = () => {
			held = null;
			resolve();
		};
	} );
}

/**
 * Whether a chart may draw now: at once unless held, else once the first frame has painted.
 */
export function useChartsMayDraw(): boolean {
	const [ mayDraw, setMayDraw ] = useState( held === null );
	useEffect( () => {
		if ( mayDraw || held === null ) {
			if ( ! mayDraw ) {
				setMayDraw( true );
			}
			return undefined;
		}
		let mounted = true;
		held.then( () => mounted && setMayDraw( true ) );
		return () => {
			mounted = false;
		};
	}, [ mayDraw ] );
	return mayDraw;
}

/**
 * Wraps the app's first render: once it is committed, the charts are released after the next
 * frame has painted (a timer set in the frame's callback runs after its paint).
 *
 * @param props          Component props.
 * @param props.children The app.
 */
export function AfterFirstPaint( { children }: { children: ReactNode } ) {
	useLayoutEffect( () => {
		if ( held === null ) {
			return;
		}
		window.requestAnimationFrame( () => window.setTimeout( release, 0 ) );
	}, [] );
	return <>{ children }</>;
}
