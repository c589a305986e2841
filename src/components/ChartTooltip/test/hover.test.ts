import type { Chart, InteractionItem } from 'chart.js';

import {
	hoverOf,
	hoverPlugin,
	HOVER_PLUGIN_ID,
	type ChartHover,
} from '../hover';

/**
 * An element chart.js found under the pointer.
 *
 * @param index The data index.
 * @param x     Its tooltip position.
 * @param y     Its tooltip position.
 */
function item( index: number, x: number, y: number ): InteractionItem {
	return {
		index,
		datasetIndex: 0,
		element: { tooltipPosition: () => ( { x, y } ) },
	} as unknown as InteractionItem;
}

/**
 * Sends one chart event to the plugin, with chart.js's answer for the pointer.
 *
 * @param type  The event type.
 * @param items What chart.js finds under the pointer.
 * @param mode  The chart's interaction mode.
 */
function send(
	type: string,
	items: InteractionItem[],
	mode?: string
): { seen: Array< ChartHover | null >; asked: unknown[][] } {
	const seen: Array< ChartHover | null > = [];
	const asked: unknown[][] = [];
	const plugin = hoverPlugin( ( hover ) => seen.push( hover ) );
	const chart = {
		width: 640,
		options: { interaction: mode ? { mode, intersect: false } : {} },
		getElementsAtEventForMode: ( ...args: unknown[] ) => {
			asked.push( args );
			return items;
		},
	};
	plugin.afterEvent?.(
		chart as unknown as Chart,
		{
			event: { type, native: new MouseEvent( type ) },
		} as never,
		{}
	);
	return { seen, asked };
}

describe( 'hoverOf', () => {
	it( 'points at the first element, placed at the average of the elements (a compare line)', () => {
		expect(
			hoverOf( { width: 600 }, [
				item( 3, 100, 40 ),
				item( 3, 100, 120 ),
			] )
		).toEqual( { index: 3, x: 100, y: 80, width: 600 } );
	} );

	it( 'is null where there is no element', () => {
		expect( hoverOf( { width: 600 }, [] ) ).toBeNull();
	} );
} );

describe( 'hoverPlugin', () => {
	it( 'has an id of its own', () => {
		expect( hoverPlugin( () => undefined ).id ).toBe( HOVER_PLUGIN_ID );
	} );

	it( "asks chart.js for the elements under the pointer in the chart's interaction mode", () => {
		const { seen, asked } = send(
			'mousemove',
			[ item( 1, 50, 60 ) ],
			'index'
		);
		expect( seen ).toEqual( [ { index: 1, x: 50, y: 60, width: 640 } ] );
		expect( asked[ 0 ]?.[ 1 ] ).toBe( 'index' );
		expect( asked[ 0 ]?.[ 2 ] ).toEqual( {
			mode: 'index',
			intersect: false,
		} );
	} );

	it( "uses chart.js's default mode when the chart sets none", () => {
		const { asked } = send( 'click', [ item( 0, 1, 2 ) ] );
		expect( asked[ 0 ]?.[ 1 ] ).toBe( 'nearest' );
	} );

	it( 'says null when the pointer is on no point or leaves the canvas', () => {
		expect( send( 'mousemove', [] ).seen ).toEqual( [ null ] );
		const leaving = send( 'mouseout', [ item( 1, 50, 60 ) ] );
		expect( leaving.seen ).toEqual( [ null ] );
		expect( leaving.asked ).toEqual( [] );
	} );

	it( 'ignores other events', () => {
		expect( send( 'keydown', [ item( 1, 50, 60 ) ] ).seen ).toEqual( [] );
	} );
} );
