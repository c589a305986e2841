import { getLocale } from './locale';

const numberFormats = new Map< string, Intl.NumberFormat >();

/**
 * A cached Intl.NumberFormat in the admin user's locale (tables format many cells).
 *
 * @param options Intl options.
 */
function numberFormat( options: Intl.NumberFormatOptions ): Intl.NumberFormat {
	const locale = getLocale();
	const key = `${ locale ?? '' }|${ JSON.stringify( options ) }`;
	let format = numberFormats.get( key );
	if ( ! format ) {
		format = new Intl.NumberFormat( locale, options );
		numberFormats.set( key, format );
	}
	return format;
}

export type TrendDirection = 'up' | 'down' | 'none';

export interface Trend {
	/** The arrow: up for a rise, down for a fall, none for zero or no value. */
	direction: TrendDirection;
	/** Whether the change is good news: a rise, or a fall of an inverse metric. */
	tone: 'positive' | 'negative' | 'neutral';
}

/**
 * Direction and colour of a percent change (decisions.md, "Comparison colours"): a rise is green
 * and a fall red, except for inverse metrics (bounce rate, exit rate, …), where lower is better.
 * The arrow always follows the number; only the colour is reversed.
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
 * A number with 0 decimals when it is whole and 2 otherwise (spec 1 §9: "Number formats use 0
 * or 2 decimals"), in the admin user's locale.
 *
 * @param value The number.
 */
export function formatDecimal( value: number ): string {
	const rounded = Math.round( value * 100 ) / 100;
	const whole = Number.isInteger( rounded );
	return numberFormat( {
		minimumFractionDigits: whole ? 0 : 2,
		maximumFractionDigits: whole ? 0 : 2,
	} ).format( rounded );
}

/**
 * A percent for display in the admin user's locale, with 0 or 2 decimals: "12%", "12.50%",
 * "0%" ("12,50 %" in German).
 *
 * @param value The percent (12 for 12%).
 */
export function formatPercent( value: number ): string {
	const rounded = Math.round( value * 100 ) / 100;
	const digits = Number.isInteger( rounded ) ? 0 : 2;
	return numberFormat( {
		style: 'percent',
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
	} ).format( rounded / 100 );
}

/**
 * The absolute percent of a change, as the trend arrows show it: zero is "0%", a fall of 12.5
 * is "12.50%" (the arrow tells the direction). Null when there is no change to show.
 *
 * @param change Percent change.
 */
export function formatChange(
	change: number | null | undefined
): string | null {
	if ( typeof change !== 'number' || ! Number.isFinite( change ) ) {
		return null;
	}
	return formatPercent( Math.abs( change ) );
}
