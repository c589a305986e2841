import { formatChangeAbsolute, formatNumber } from '../../lib/format';
import { getLocale } from './locale';

export type TrendDirection = 'up' | 'down' | 'none';

export interface Trend {
	/** The arrow: up for a rise, down for a fall, none for zero or no value. */
	direction: TrendDirection;
	/** Whether the change is good news: a rise, or a fall of an inverse metric. */
	tone: 'positive' | 'negative' | 'neutral';
}

/**
 * Direction and colour of a percent change (docs/product-rules.md#numbers-and-comparison-colours):
 * a rise is green and a fall red, except for inverse metrics (bounce rate, exit rate, …), where
 * lower is better. The arrow always follows the number; only the colour is reversed.
 *
 * @param change  Percent change; null, undefined or NaN for none.
 * @param inverse Whether lower is better.
 */
export function getTrend(
	change: number | null | undefined,
	inverse = false
): Trend {
	if ( typeof change !== 'number' || ! Number.isFinite( change ) ) {
		return { direction: 'none', tone: 'neutral' };
	}
	if ( change === 0 ) {
		return { direction: 'none', tone: 'neutral' };
	}
	const up = change > 0;
	return {
		direction: up ? 'up' : 'down',
		tone: up !== inverse ? 'positive' : 'negative',
	};
}

/**
 * A number with 0 decimals when it is whole and 2 otherwise
 * (docs/product-rules.md#numbers-and-comparison-colours), in the admin user's locale:
 * src/lib/format.ts's formatNumber in the admin page's locale.
 *
 * @param value The number.
 */
export function formatDecimal( value: number ): string {
	return formatNumber( value, getLocale() );
}

/**
 * The text of a percent change as the trend arrows show it: the absolute percent (the arrow tells
 * the direction) with 0 or 2 decimals in the admin page's locale, "0%" for zero. Null when there
 * is no change to show.
 *
 * @param change Percent change.
 */
export function trendText( change: number | null | undefined ): string | null {
	if ( typeof change !== 'number' || ! Number.isFinite( change ) ) {
		return null;
	}
	return formatChangeAbsolute( change, getLocale() );
}
