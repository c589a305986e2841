import type { Chart, InteractionItem, Plugin } from 'chart.js';

/** The data point under the pointer: its index and where the tooltip points, in pixels. */
export interface ChartHover {
	index: number;
	x: number;
	y: number;
	/** Width of the chart box. */
	width: number;
}

/** The plugin's id in chart.js's registry of a chart. */
export const HOVER_PLUGIN_ID = 'monsterinsightsReportsHover';

/**
 * The point the pointer is on, from chart.js's own interaction modes (the chart's `interaction`
 * options: `index` for line charts, `nearest` for doughnuts), placed at the average of the
 * pointed elements' tooltip positions, as chart.js's tooltip does with its `average` positioner.
 *
 * @param chart The chart.
 * @param items The elements chart.js found under the pointer.
 */
export function hoverOf(
	chart: Pick< Chart, 'width' >,
	items: InteractionItem[]
): ChartHover | null {
	const first = items[ 0 ];
	if ( ! first ) {
		return null;
	}
	let x = 0;
	let y = 0;
	for ( const item of items ) {
		const position = item.element.tooltipPosition( false );
		x += position.x ?? 0;
		y += position.y ?? 0;
	}
	return {
		index: first.index,
		x: x / items.length,
		y: y / items.length,
		width: chart.width,
	};
}

/**
 * A chart.js plugin that tells the chart's React tooltip which point the pointer is on, and
 * `null` when it leaves the points or the canvas.
 *
 * The charts draw their tooltips in HTML (ChartTooltip), so chart.js's Tooltip plugin would only
 * have found the point: this does the same with the chart's interaction modes and leaves that
 * plugin, and its canvas drawing, out of the bundle (about 5 KB gzipped of the Overview's JS).
 *
 * @param onHover Called with the point under the pointer, or null.
 */
export function hoverPlugin(
	onHover: ( hover: ChartHover | null ) => void
): Plugin {
	return {
		id: HOVER_PLUGIN_ID,
		afterEvent( chart, { event } ) {
			if ( event.type === 'mouseout' ) {
				onHover( null );
				return;
			}
			if (
				( event.type !== 'mousemove' && event.type !== 'click' ) ||
				! event.native
			) {
				return;
			}
			// Resolved options: chart.js fills in its defaults (`nearest`, intersecting).
			const interaction = chart.options.interaction ?? {};
			onHover(
				hoverOf(
					chart,
					chart.getElementsAtEventForMode(
						event.native,
						interaction.mode ?? 'nearest',
						interaction,
						false
					)
				)
			);
		},
	};
}
