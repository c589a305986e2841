import type { Chart, LineElement, Plugin } from 'chart.js';

/** The plugin's id in chart.js's registry of a chart. */
export const AREA_PLUGIN_ID = 'monsterinsightsReportsArea';

/** What drawing the area reads of a chart. */
export type AreaChart = Pick<
	Chart< 'line' >,
	'ctx' | 'chartArea' | 'data' | 'scales'
>;

/**
 * Fills the area between a dataset's line and the value axis's zero (or the chart's bottom when
 * zero is not on the axis) in the dataset's background colour, for each dataset with `fill: true`.
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
		dataset.fill !== true ||
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
export const areaPlugin: Plugin< 'line' > = {
	id: AREA_PLUGIN_ID,
	beforeDatasetDraw( chart, { index, meta } ) {
		drawArea( chart, index, meta.dataset as LineElement );
	},
};
