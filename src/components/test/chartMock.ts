/**
 * A stand-in for react-chartjs-2 in jsdom, which has no canvas: each chart component renders a
 * bare <canvas> with the accessibility attributes it was given, records its props, and exposes a
 * fake chart instance through its ref (scales and chart area for the site-note markers).
 *
 * tests/js/setup.ts mocks react-chartjs-2 with it for every test.
 */
import type { ForwardedRef } from 'react';

export interface RecordedChartProps {
	data: {
		labels?: string[];
		datasets: Array< Record< string, unknown > & { data: number[] } >;
	};
	options: Record< string, unknown > & {
		plugins?: {
			legend?: { display?: boolean };
		};
		cutout?: string | number;
	};
	plugins?: Array< Record< string, unknown > >;
	height?: number;
	width?: number;
	role?: string;
	'aria-label'?: string;
	'aria-describedby'?: string;
}

/** The chart components mocked. */
export type ChartKind = 'line' | 'doughnut' | 'bar';

export const FAKE_CHART = {
	width: 600,
	chartArea: { top: 8, bottom: 300, left: 40, right: 600 },
	scales: {
		x: { getPixelForValue: ( index: number ) => 40 + index * 20 },
	},
};

export function chartMock() {
	// eslint-disable-next-line @typescript-eslint/no-var-requires -- jest.mock factories may not import.
	const React = require( 'react' ) as typeof import('react');
	const calls: Record< ChartKind, RecordedChartProps[] > = {
		line: [],
		doughnut: [],
		bar: [],
	};
	const make = ( name: ChartKind ) =>
		React.forwardRef(
			( props: RecordedChartProps, ref: ForwardedRef< unknown > ) => {
				calls[ name ].push( props );
				React.useImperativeHandle( ref, () => FAKE_CHART, [] );
				return React.createElement( 'canvas', {
					'data-testid': `${ name }-chart`,
					role: props.role,
					'aria-label': props[ 'aria-label' ],
					'aria-describedby': props[ 'aria-describedby' ],
				} );
			}
		);
	return {
		__esModule: true,
		Line: make( 'line' ),
		Doughnut: make( 'doughnut' ),
		Bar: make( 'bar' ),
		calls,
	};
}

/**
 * The props a chart component was last rendered with.
 *
 * @param name  Which component.
 * @param index Which render from the end; 1 for the last.
 */
export function lastChartProps(
	name: ChartKind,
	index = 1
): RecordedChartProps {
	const { calls } = jest.requireMock( 'react-chartjs-2' ) as ReturnType<
		typeof chartMock
	>;
	const props = calls[ name ][ calls[ name ].length - index ];
	if ( ! props ) {
		throw new Error( `${ name } chart was not rendered` );
	}
	return props;
}

export function resetChartCalls(): void {
	const { calls } = jest.requireMock( 'react-chartjs-2' ) as ReturnType<
		typeof chartMock
	>;
	calls.line.length = 0;
	calls.doughnut.length = 0;
	calls.bar.length = 0;
}

/**
 * Points the pointer at a point of the chart last rendered, as chart.js reports it to the
 * chart's hover plugin (src/components/ChartTooltip/hover.ts); `null` points at no point.
 *
 * @param name     Which component.
 * @param index    The data index, or null.
 * @param position Where chart.js places the pointed element.
 * @param width    Width of the chart box.
 */
export function hoverChart(
	name: 'line' | 'doughnut',
	index: number | null,
	position = { x: 120, y: 80 },
	width = 600
): void {
	const plugin = ( lastChartProps( name ).plugins ?? [] ).find(
		( candidate ) => candidate.id === 'monsterinsightsReportsHover'
	) as { afterEvent: ( chart: unknown, args: unknown ) => void } | undefined;
	if ( ! plugin ) {
		throw new Error( `${ name } chart has no hover plugin` );
	}
	const chart = {
		width,
		options: { interaction: {} },
		getElementsAtEventForMode: () =>
			index === null
				? []
				: [
						{
							index,
							datasetIndex: 0,
							element: { tooltipPosition: () => position },
						},
				  ],
	};
	const { act } = jest.requireActual(
		'@testing-library/react'
	) as typeof import('@testing-library/react');
	act( () => {
		plugin.afterEvent( chart, {
			event: { type: 'mousemove', native: new MouseEvent( 'mousemove' ) },
		} );
	} );
}

/** Whether the reduced-motion query matches in withReducedMotion(). */
let prefersReducedMotion = false;

/**
 * The one MediaQueryList of the reduced-motion query: @wordpress/compose keeps the first list it
 * gets per query for good, so its `matches` reads the current preference.
 */
const REDUCED_MOTION_QUERY = {
	media: '(prefers-reduced-motion: reduce)',
	get matches() {
		return prefersReducedMotion;
	},
	addEventListener: () => {},
	removeEventListener: () => {},
};

// Installed when this module loads, before any chart renders: @wordpress/compose keeps the first
// list it gets per query for the whole test file, so that list must be REDUCED_MOTION_QUERY.
const originalMatchMedia = window.matchMedia as
	| typeof window.matchMedia
	| undefined;
window.matchMedia = ( query: string ): MediaQueryList => {
	if ( query === REDUCED_MOTION_QUERY.media ) {
		return REDUCED_MOTION_QUERY as unknown as MediaQueryList;
	}
	if ( originalMatchMedia ) {
		return originalMatchMedia.call( window, query );
	}
	return {
		matches: false,
		media: query,
		addEventListener: () => {},
		removeEventListener: () => {},
	} as unknown as MediaQueryList;
};

/**
 * Runs a test body as a user who prefers reduced motion, or who does not.
 *
 * @param reduce Whether `(prefers-reduced-motion: reduce)` matches.
 * @param body   The test body.
 */
export function withReducedMotion( reduce: boolean, body: () => void ): void {
	prefersReducedMotion = reduce;
	try {
		body();
	} finally {
		prefersReducedMotion = false;
	}
}
