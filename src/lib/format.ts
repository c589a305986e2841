/**
 * Number, percent, duration and change formatting
 * (docs/product-rules.md#numbers-and-comparison-colours): Intl.NumberFormat in the admin user's
 * locale, with 0 or 2 decimals; average page count and time 2; position 1.
 */
import type { MetricId } from './metricIds';

/** The locale used when the user's locale is missing or unknown to Intl. */
export const FALLBACK_LOCALE = 'en-US';

/**
 * Turns a WordPress locale (de_DE, pt_PT_ao90, de_CH_informal, zh_TW) into a BCP 47 tag Intl
 * accepts (de-DE, pt-PT, de-CH, zh-TW). Variants WordPress adds for formal or spelling forms are
 * dropped. Unknown or empty locales give en-US.
 *
 * @param wpLocale The locale from the boot data (user.locale).
 */
export function toLocaleTag( wpLocale?: string | null ): string {
	if ( ! wpLocale ) {
		return FALLBACK_LOCALE;
	}
	const [ language = '', region ] = wpLocale
		.replace( /-/g, '_' )
		.split( '_' );
	const parts = [ language ];
	// A region (DE, 419) or a script (Hans) follows the language; anything else is a variant.
	if ( region && /^([A-Za-z]{2}|\d{3}|[A-Za-z]{4})$/.test( region ) ) {
		parts.push( region );
	}
	try {
		return (
			Intl.getCanonicalLocales( parts.join( '-' ) )[ 0 ] ??
			FALLBACK_LOCALE
		);
	} catch {
		return FALLBACK_LOCALE;
	}
}

/** Decimals by kind of value. */
export const DECIMALS = {
	/** Counts: sessions, page views, users, purchases. */
	count: 0,
	/** Rates and shares in percent, money, per-user and per-session averages. */
	fraction: 2,
	/** Average page count (pages per session or per user). */
	pageCount: 2,
	/** Average time, as a number. */
	time: 2,
	/** Average position (search console). */
	position: 1,
} as const;

/**
 * "0 or 2 decimals": 0 for a whole number (after rounding to 2 decimals), else 2.
 *
 * @param value The number.
 */
export function autoDecimals( value: number ): 0 | 2 {
	return Number.isInteger( Math.round( value * 100 ) / 100 ) ? 0 : 2;
}

const formatters = new Map< string, Intl.NumberFormat >();

/**
 * A cached Intl.NumberFormat (building one is slow; tables format thousands of cells).
 *
 * @param locale  BCP 47 tag or WordPress locale.
 * @param options Intl options.
 */
function numberFormat(
	locale: string,
	options: Intl.NumberFormatOptions
): Intl.NumberFormat {
	const tag = locale.includes( '_' ) ? toLocaleTag( locale ) : locale;
	const key = tag + JSON.stringify( options );
	let formatter = formatters.get( key );
	if ( ! formatter ) {
		try {
			formatter = new Intl.NumberFormat( tag, options );
		} catch {
			formatter = new Intl.NumberFormat( FALLBACK_LOCALE, options );
		}
		formatters.set( key, formatter );
	}
	return formatter;
}

/**
 * Whether a value is a finite number; anything else formats as 0.
 *
 * @param value The value.
 */
function finite( value: number | null | undefined ): number {
	return typeof value === 'number' && Number.isFinite( value ) ? value : 0;
}

/**
 * A value in the user's locale with fixed decimals: the given ones, else 0 or 2 (autoDecimals of
 * the value as given).
 *
 * @param value    The value; anything but a finite number is 0.
 * @param locale   BCP 47 tag or WordPress locale.
 * @param decimals Fixed decimals; omitted, 0 or 2.
 * @param options  Intl options besides the decimals.
 * @param divisor  What the value is divided by before formatting (100 for percent units).
 */
function formatFixed(
	value: number | null | undefined,
	locale: string,
	decimals: number | undefined,
	options: Intl.NumberFormatOptions,
	divisor: number
): string {
	const number = finite( value );
	const digits = decimals ?? autoDecimals( number );
	return numberFormat( locale, {
		...options,
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
	} ).format( number / divisor );
}

/**
 * A number with grouping in the user's locale: "1,234", "1.234,57".
 *
 * @param value    The number.
 * @param locale   BCP 47 tag or WordPress locale (de_DE works too).
 * @param decimals Fixed decimals; omitted, 0 or 2 (see autoDecimals).
 */
export function formatNumber(
	value: number | null | undefined,
	locale: string = FALLBACK_LOCALE,
	decimals?: number
): string {
	return formatFixed( value, locale, decimals, {}, 1 );
}

/**
 * A percent given in percent units (45.5 is 45.5 %): "45.50%", "45,50 %".
 *
 * @param value    Percent.
 * @param locale   BCP 47 tag or WordPress locale.
 * @param decimals Fixed decimals; omitted, 0 or 2.
 */
export function formatPercent(
	value: number | null | undefined,
	locale: string = FALLBACK_LOCALE,
	decimals?: number
): string {
	return formatFixed( value, locale, decimals, { style: 'percent' }, 100 );
}

/**
 * A change in percent with its sign: "+12.50%", "-3%", "0%".
 *
 * @param value    Change in percent.
 * @param locale   BCP 47 tag or WordPress locale.
 * @param decimals Fixed decimals; omitted, 0 or 2.
 */
export function formatChange(
	value: number | null | undefined,
	locale: string = FALLBACK_LOCALE,
	decimals?: number
): string {
	return formatFixed(
		value,
		locale,
		decimals,
		{ style: 'percent', signDisplay: 'exceptZero' },
		100
	);
}

/**
 * The absolute change without a sign, for the trend arrows (a fall shows a down arrow with the
 * absolute percent): "3%".
 *
 * @param value    Change in percent.
 * @param locale   BCP 47 tag or WordPress locale.
 * @param decimals Fixed decimals; omitted, 0 or 2.
 */
export function formatChangeAbsolute(
	value: number | null | undefined,
	locale: string = FALLBACK_LOCALE,
	decimals?: number
): string {
	return formatPercent( Math.abs( finite( value ) ), locale, decimals );
}

/**
 * Seconds as "m:ss", or "h:mm:ss" from one hour: 75 → "1:15", 3725 → "1:02:05". Rounded to whole
 * seconds; negative or missing values are 0:00.
 *
 * @param seconds Seconds.
 */
export function formatDuration( seconds: number | null | undefined ): string {
	const total = Math.max( 0, Math.round( finite( seconds ) ) );
	const hours = Math.floor( total / 3600 );
	const minutes = Math.floor( ( total % 3600 ) / 60 );
	const secs = String( total % 60 ).padStart( 2, '0' );
	if ( hours > 0 ) {
		return `${ hours }:${ String( minutes ).padStart( 2, '0' ) }:${ secs }`;
	}
	return `${ minutes }:${ secs }`;
}

export type ChangeDirection = 'up' | 'down' | 'none';

/**
 * Which way a change goes; a change that rounds to 0.00 goes nowhere.
 *
 * @param value Change in percent.
 */
export function changeDirection(
	value: number | null | undefined
): ChangeDirection {
	const rounded = Math.round( finite( value ) * 100 ) / 100;
	if ( rounded > 0 ) {
		return 'up';
	}
	return rounded < 0 ? 'down' : 'none';
}

/**
 * Metrics and columns where lower is better (docs/product-rules.md#numbers-and-comparison-colours),
 * normalised to lower case without separators so bounce_rate, bounceRate and "Bounce Rate" all
 * match.
 */
export const INVERSE_COLUMNS: readonly string[] = [
	// Bounce rate.
	'bouncerate',
	'bounce',
	// Exit rate.
	'exitrate',
	// Cart abandonment %.
	'cartabandonment',
	'cartabandonmentrate',
	'cartabandonmentpercent',
	'cartabandonmentpercentage',
	// Checkout abandonment %.
	'checkoutabandonment',
	'checkoutabandonmentrate',
	'checkoutabandonmentpercent',
	'checkoutabandonmentpercentage',
	// Funnel abandonment rate.
	'funnelabandonmentrate',
	'abandonmentrate',
	// Abandoned checkouts.
	'abandonedcheckouts',
	// Removed from cart.
	'removedfromcart',
	'remfromcart',
	// Average position.
	'averageposition',
	'avgposition',
	'position',
];

/**
 * Lower case, no spaces, underscores, hyphens, dots or percent signs.
 *
 * @param name A metric id, column key or label.
 */
function normaliseColumn( name: string ): string {
	return name.toLowerCase().replace( /[\s_\-.%]/g, '' );
}

/**
 * Whether lower is better for a metric or column, so a fall shows green and a rise red.
 *
 * @param metricOrColumn A metric id or column key (bounce_rate, exitrate, remfromcart, position…).
 */
export function isInverse( metricOrColumn: string ): boolean {
	return INVERSE_COLUMNS.includes( normaliseColumn( metricOrColumn ) );
}

export type ChangeTone = 'positive' | 'negative' | 'neutral';

/**
 * The colour of a change: positive (green) for a rise, negative (red) for a fall, the other way
 * round for inverse columns; neutral when nothing changed.
 *
 * @param metricOrColumn Metric id or column key.
 * @param value          Change in percent.
 */
export function changeTone(
	metricOrColumn: string,
	value: number | null | undefined
): ChangeTone {
	const direction = changeDirection( value );
	if ( direction === 'none' ) {
		return 'neutral';
	}
	const good = direction === 'up' ? 'positive' : 'negative';
	const bad = direction === 'up' ? 'negative' : 'positive';
	return isInverse( metricOrColumn ) ? bad : good;
}

/** Where a currency symbol goes, as WooCommerce names it. */
export type SymbolPosition = 'left' | 'right' | 'left_space' | 'right_space';

/** A shop's currency (the boot data's shop.currency). */
export interface MoneyCurrency {
	/** ISO 4217 code. */
	code: string;
	/** The shop's symbol; empty shows the code. */
	symbol: string;
	/** The shop's price decimals. */
	decimals: number;
	position: SymbolPosition;
}

/**
 * The currency of sample payloads (a locked report's demo data) on a site without a shop: money
 * is never shown without a symbol.
 */
export const SAMPLE_CURRENCY: MoneyCurrency = {
	code: 'USD',
	symbol: '$',
	decimals: 2,
	position: 'left',
};

/**
 * An amount in the shop's currency and the user's locale: the shop's symbol, decimals and symbol
 * position (WooCommerce's left, right, left_space, right_space; a no-break space), the locale's
 * grouping and decimal separator. "$1,234.50" (USD, en_US), "1.234,50 €" (EUR right_space,
 * de_DE), "¥1,235" (JPY, 0 decimals).
 *
 * @param value    The amount; anything but a finite number is 0.
 * @param currency The shop's currency.
 * @param locale   BCP 47 tag or WordPress locale.
 */
export function formatMoney(
	value: number | null | undefined,
	currency: MoneyCurrency,
	locale: string = FALLBACK_LOCALE
): string {
	const digits = Math.min(
		4,
		Math.max( 0, Math.trunc( finite( currency.decimals ) ) )
	);
	const number = finite( value );
	const amount = formatFixed( Math.abs( number ), locale, digits, {}, 1 );
	const rounded = Math.round( Math.abs( number ) * 10 ** digits );
	const sign = number < 0 && rounded > 0 ? '-' : '';
	const symbol = currency.symbol || currency.code;
	switch ( currency.position ) {
		case 'right':
			return `${ sign }${ amount }${ symbol }`;
		case 'right_space':
			return `${ sign }${ amount }\u00a0${ symbol }`;
		case 'left_space':
			return `${ sign }${ symbol }\u00a0${ amount }`;
		default:
			return `${ sign }${ symbol }${ amount }`;
	}
}

export type MetricFormat =
	| 'count'
	| 'decimal'
	| 'money'
	| 'pageCount'
	| 'duration'
	| 'percent';

/** How each metric id of the overview shows its value. */
export const METRIC_FORMATS: Readonly< Record< MetricId, MetricFormat > > = {
	sessions: 'count',
	pageviews: 'count',
	totalusers: 'count',
	pageviews_per_user: 'pageCount',
	average_session_duration: 'duration',
	bounce_rate: 'percent',
	revenue_sales: 'money',
	average_revenue_per_user: 'money',
	average_revenue_per_session: 'money',
	new_users: 'count',
	ecommerce_purchases: 'count',
	engagement_rate: 'percent',
	sessions_per_user: 'pageCount',
};

/**
 * A metric's value as the overview shows it: counts without decimals, per-user averages with 2,
 * durations as m:ss, rates in percent, money in the shop's currency (formatMoney).
 *
 * @param id       Metric id.
 * @param value    The value from the report payload.
 * @param locale   BCP 47 tag or WordPress locale.
 * @param currency The shop's currency; without a shop, the sample currency.
 */
export function formatMetricValue(
	id: MetricId,
	value: number | null | undefined,
	locale: string = FALLBACK_LOCALE,
	currency: MoneyCurrency | null = null
): string {
	switch ( METRIC_FORMATS[ id ] ) {
		case 'money':
			return formatMoney( value, currency ?? SAMPLE_CURRENCY, locale );
		case 'count':
			return formatNumber( value, locale, DECIMALS.count );
		case 'pageCount':
			return formatNumber( value, locale, DECIMALS.pageCount );
		case 'duration':
			return formatDuration( value );
		case 'percent':
			return formatPercent( value, locale );
		default:
			return formatNumber( value, locale, DECIMALS.fraction );
	}
}
