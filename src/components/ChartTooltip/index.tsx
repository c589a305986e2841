import type { CSSProperties, ReactNode } from 'react';

import './style.scss';

/** The chart tooltips sit above everything in wp-admin (docs/product-rules.md#charts). */
export const TOOLTIP_Z_INDEX = 99999;

export interface ChartTooltipProps {
	/** Position of the pointed data point, in pixels from the chart box's top left corner. */
	x: number;
	y: number;
	/** Width of the chart box, to keep the tooltip inside it near the right edge. */
	width?: number;
	/** The chart id of the tooltip payload. */
	chartId: string;
	children: ReactNode;
	className?: string;
}

/**
 * The HTML tooltip of a chart, drawn by React where chart.js's external tooltip hook points. It
 * is hidden from screen readers: each chart gives them the same data as a table.
 *
 * @param props Component props.
 */
export function ChartTooltip( props: ChartTooltipProps ) {
	const { x, y, width, chartId, children, className } = props;
	let shift = '-50%';
	if ( width !== undefined && x > width - 90 ) {
		shift = '-100%';
	} else if ( x < 90 ) {
		shift = '0%';
	}
	const style: CSSProperties = {
		left: x,
		top: y,
		zIndex: TOOLTIP_Z_INDEX,
		transform: `translate(${ shift }, calc(-100% - 10px))`,
	};
	return (
		<div
			className={ [ 'monsterinsights-reports-chart-tooltip', className ]
				.filter( Boolean )
				.join( ' ' ) }
			style={ style }
			data-chart-id={ chartId }
			aria-hidden="true"
		>
			{ children }
		</div>
	);
}
