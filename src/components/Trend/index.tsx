import { VisuallyHidden } from '@wordpress/components';
import { _x } from '@wordpress/i18n';

import { getTrend, trendText } from '../utils/trend';
import './style.scss';

export interface TrendProps {
	/** Percent change; null or undefined shows the placeholder. */
	change: number | null | undefined;
	/** Lower is better (bounce rate, exit rate, …): a fall is green and a rise red. */
	inverse?: boolean;
	/** Shown when there is no change to show. */
	placeholder?: string;
	className?: string;
}

/**
 * A percent change with its arrow: zero shows "0%" without an arrow, a rise an up arrow with the
 * percent, a fall a down arrow with the absolute percent. Green when the change is good news,
 * red when it is bad (docs/product-rules.md#numbers-and-comparison-colours). Screen readers hear
 * "Up" or "Down" before the number, since the arrow is an image.
 *
 * @param props Component props.
 */
export function Trend( props: TrendProps ) {
	const { change, inverse = false, placeholder = '--', className } = props;
	const text = trendText( change );
	const { direction, tone } = getTrend( change, inverse );
	const classes = [
		'monsterinsights-reports-trend',
		`is-${ tone }`,
		className,
	]
		.filter( Boolean )
		.join( ' ' );

	if ( text === null ) {
		return <span className={ classes }>{ placeholder }</span>;
	}
	return (
		<span className={ classes } data-direction={ direction }>
			{ direction !== 'none' && (
				<>
					<svg
						className="monsterinsights-reports-trend__arrow"
						viewBox="0 0 10 10"
						width="10"
						height="10"
						aria-hidden="true"
						focusable="false"
					>
						<path
							d={
								direction === 'up'
									? 'M5 1 9.5 8h-9z'
									: 'M5 9 .5 2h9z'
							}
						/>
					</svg>
					<VisuallyHidden as="span">
						{ direction === 'up'
							? _x(
									'Up',
									'percent change',
									'monsterinsights-reports'
							  )
							: _x(
									'Down',
									'percent change',
									'monsterinsights-reports'
							  ) }{ ' ' }
					</VisuallyHidden>
				</>
			) }
			{ text }
		</span>
	);
}
