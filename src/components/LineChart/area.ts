import type { Chart, ChartType, LineElement, Plugin } from 'chart.js';

/** The plugin's id in chart.js's registry of a chart. */
export const AREA_PLUGIN_ID = 'monsterinsightsReportsArea';

/**
 * The area plugin's options (`options.plugins.monsterinsightsReportsArea`): which datasets it
 * fills. A dataset's own `fill` option stays unset: chart.js warns in the console about `fill`
 * on every chart that has not registered its Filler plugin.
 */
export interface AreaOptions {
	/** Indexes of the datasets to fill down to zero. */
	datasets?: readonly number[];
}

declare module 'chart.js' {
	// eslint-disable-next-line @typescript-eslint/no-unused-vars -- chart.js's own type parameter.
	interface PluginOptionsByType< TType extends ChartType > {
		monsterinsightsReportsArea?: AreaOptions;
	}
}

/** What drawing the area reads of a chart. */
export type AreaChart = Pick<
	Chart< 'line' >,
	'ctx' | 'chartArea' | 'data' | 'scales'
>;

/**
 * Fills the area between a dataset's line and the value axis's zero (or the chart's bottom when
 * zero is not on the axis) in the dataset's background colour.
 *
 * The outline is chart.js's own: the line element's `path()` (the same curve, tension included,
 * that chart.js strokes next), closed along the baseline.
 *
 * @param chart The chart.
 * @param index The dataset's index.
 * @param line  The dataset's line element.
 */
export function drawArea(
	chart: AreaChart,
	index: number,
	line: Pick< LineElement, 'path' | 'points' | 'updateControlPoints' >
): void {
	const dataset = chart.data.datasets[ index ];
	const points = line.points;
	const first = points[ 0 ];
	const last = points[ points.length - 1 ];
	if (
		! dataset ||
		typeof first?.x !== 'number' ||
		typeof last?.x !== 'number'
	) {
		return;
	}
	const { ctx, chartArea } = chart;
	// The curve's control points, as the line's own drawing computes them after this hook.
	line.updateControlPoints( chartArea, 'x' );
	const zero = chart.scales.y?.getPixelForValue( 0 ) ?? chartArea.bottom;
	const base = Math.min( Math.max( zero, chartArea.top ), chartArea.bottom );
	ctx.save();
	ctx.beginPath();
	ctx.rect(
		chartArea.left,
		chartArea.top,
		chartArea.right - chartArea.left,
		chartArea.bottom - chartArea.top
	);
	ctx.clip();
	ctx.beginPath();
	line.path( ctx );
	ctx.lineTo( last.x, base );
	ctx.lineTo( first.x, base );
	ctx.closePath();
	ctx.fillStyle = String( dataset.backgroundColor );
	ctx.fill();
	ctx.restore();
}

/**
 * The report charts' area fill, drawn under each filled dataset's line.
 *
 * chart.js's Filler plugin does this for every fill mode it knows (stacked, relative to other
 * datasets, boundaries, gaps); the report charts fill one series down to zero, and this takes
 * about 2.5 KB gzipped less of the Overview's JS than registering Filler.
 */
export const areaPlugin: Plugin< 'line', AreaOptions > = {
	id: AREA_PLUGIN_ID,
	beforeDatasetDraw( chart, { index, meta }, options ) {
		if ( options.datasets?.includes( index ) ) {
			drawArea( chart, index, meta.dataset as LineElement );
		}
	},
};
