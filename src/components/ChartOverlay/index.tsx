import { __ } from '@wordpress/i18n';

import './style.scss';

export interface ChartOverlayProps {
	title?: string;
	text?: string;
	className?: string;
}

/**
 * Covers a chart while there is no data yet (docs/product-rules.md#overview): the screen shows it
 * when the graph count is 0. Place it inside the chart's box, e.g. as a child of LineChart, which
 * positions it.
 *
 * @param props Component props.
 */
export function ChartOverlay( props: ChartOverlayProps ) {
	const { title, text, className } = props;
	return (
		<div
			className={ [ 'monsterinsights-reports-chart-overlay', className ]
				.filter( Boolean )
				.join( ' ' ) }
		>
			<div className="monsterinsights-reports-chart-overlay__content">
				<p className="monsterinsights-reports-chart-overlay__title">
					{ title ??
						__(
							"We're Waiting for Your Stats!",
							'monsterinsights-reports'
						) }
				</p>
				<p>
					{ text ??
						__(
							"We're waiting to process your data which might take up to 24 hours.",
							'monsterinsights-reports'
						) }
				</p>
			</div>
		</div>
	);
}
