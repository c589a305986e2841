/**
 * The line chart's tooltip: the payload of a point and what the tooltip shows of it.
 */
import { Trend } from '../Trend';
import { formatDecimal } from '../utils/trend';
import type { LineTooltipPayload, TooltipExtraItem } from './payload';
import type { LineChartProps } from './props';

/**
 * Builds the tooltip payload of a point.
 *
 * @param props Chart props.
 * @param index The point.
 */
export function buildTooltipPayload(
	props: Pick<
		LineChartProps,
		| 'id'
		| 'label'
		| 'labels'
		| 'datapoints'
		| 'trendpoints'
		| 'compare'
		| 'descriptor'
		| 'formatValue'
		| 'getExtraItems'
	>,
	index: number
): LineTooltipPayload {
	const format = props.formatValue ?? formatDecimal;
	const change = props.trendpoints?.[ index ];
	const extra: TooltipExtraItem[] = [];
	const compareValue = props.compare?.datapoints[ index ];
	if ( props.compare && compareValue !== undefined ) {
		extra.push( {
			label: props.compare.labels?.[ index ] ?? props.compare.label,
			value: format( compareValue ),
		} );
	}
	extra.push( ...( props.getExtraItems?.( index ) ?? [] ) );
	return {
		label: props.labels[ index ] ?? '',
		value: format( props.datapoints[ index ] ?? 0 ),
		change:
			typeof change === 'number' && Number.isFinite( change )
				? change
				: null,
		descriptor: props.descriptor ?? props.label,
		chartId: props.id,
		extra,
	};
}

/**
 * What the tooltip shows: label, value, the change with its arrow, descriptor, extra items.
 *
 * @param props         Component props.
 * @param props.payload The tooltip payload.
 * @param props.inverse Lower is better.
 */
export function LineTooltipContent( {
	payload,
	inverse = false,
}: {
	payload: LineTooltipPayload;
	inverse?: boolean;
} ) {
	return (
		<>
			<div className="monsterinsights-reports-chart-tooltip__title">
				{ payload.label }
			</div>
			<div className="monsterinsights-reports-chart-tooltip__value">
				{ payload.value }
			</div>
			{ payload.change !== null && (
				<div className="monsterinsights-reports-chart-tooltip__trend">
					<Trend change={ payload.change } inverse={ inverse } />
				</div>
			) }
			<div className="monsterinsights-reports-chart-tooltip__descriptor">
				{ payload.descriptor }
			</div>
			{ payload.extra.length > 0 && (
				<ul className="monsterinsights-reports-chart-tooltip__extra">
					{ payload.extra.map( ( item, index ) => (
						<li key={ index }>
							{ item.label }: <strong>{ item.value }</strong>
						</li>
					) ) }
				</ul>
			) }
		</>
	);
}
