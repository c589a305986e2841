/**
 * The Site Speed report's metrics: their titles, their ratings and goals, how their values read,
 * and what to do when one fails (the How to Improve accordion).
 *
 * Two figures per metric, each for what it is:
 * - the rating (Good, Needs improvement, Poor) of the field value by the Core Web Vitals
 *   thresholds web.dev publishes (LCP 2.5 / 4 s, INP 200 / 500 ms, CLS 0.1 / 0.25, FCP 1.8 / 3 s,
 *   TTFB 0.8 / 1.8 s: the `web-vitals` package's own constants) — the tile's colour and its goal
 *   line both come from these, so they always agree;
 * - the 0–100 score from Lighthouse's log-normal curves (Reports/SpeedScore on the server), which
 *   are stricter on desktop (a 2.35 s LCP rates Good and scores about 51 there): shown as the
 *   "Lighthouse-style score", coloured by the score bands (docs/product-rules.md#site-speed) only
 * in the overall circle. Total Blocking Time is a lab metric with no Core Web Vitals threshold; it
 * is rated by the limits PageSpeed Insights colours it with (200 / 600 ms).
 */
import { __, sprintf } from '@wordpress/i18n';
import {
	CLSThresholds,
	FCPThresholds,
	INPThresholds,
	LCPThresholds,
	TTFBThresholds,
} from 'web-vitals';

import { toLocaleTag } from '../../lib/format';
import type { SpeedMetricKey } from '../../store/reports/types';

/** The score bands: poor, needs improvement, good. */
export type ScoreBand = 'danger' | 'warning' | 'success';

/**
 * A score's band: 0–49 danger, 50–89 warning, 90 and above success.
 *
 * @param score 0–100.
 */
export function scoreBand( score: number ): ScoreBand {
	if ( score >= 90 ) {
		return 'success';
	}
	return score >= 50 ? 'warning' : 'danger';
}

/** How a metric's value reads. */
type Unit = 'seconds' | 'milliseconds' | 'score';

/** A field value's rating by the Core Web Vitals thresholds (web.dev). */
export type SpeedRating = 'good' | 'needs-improvement' | 'poor';

/**
 * Each metric's limits: at most the first is good, above the second poor; times in milliseconds,
 * the layout shift as it is.
 */
export const SPEED_THRESHOLDS: Readonly<
	Record< SpeedMetricKey, readonly [ number, number ] >
> = {
	largest_contentful_paint: [ LCPThresholds[ 0 ], LCPThresholds[ 1 ] ],
	cumulative_layout_shift: [ CLSThresholds[ 0 ], CLSThresholds[ 1 ] ],
	server_response_time: [ TTFBThresholds[ 0 ], TTFBThresholds[ 1 ] ],
	first_contentful_paint: [ FCPThresholds[ 0 ], FCPThresholds[ 1 ] ],
	// A lab metric: PageSpeed Insights' limits.
	total_blocking_time: [ 200, 600 ],
	interaction_to_next_paint: [ INPThresholds[ 0 ], INPThresholds[ 1 ] ],
};

export interface SpeedMetricDef {
	key: SpeedMetricKey;
	unit: Unit;
	title: () => string;
	/** Concrete steps for a failing metric. */
	advice: () => string[];
}

/** The six tiles, in display order. */
export const SPEED_METRICS: readonly SpeedMetricDef[] = [
	{
		key: 'largest_contentful_paint',
		unit: 'seconds',
		title: () =>
			__( 'Largest Contentful Paint', 'monsterinsights-reports' ),
		advice: () => [
			__(
				'Load the largest image or heading of your pages first: preload the hero image, give it fetchpriority="high" and never lazy-load it.',
				'monsterinsights-reports'
			),
			__(
				'Compress and resize images to the size the page shows them, in WebP or AVIF.',
				'monsterinsights-reports'
			),
			__(
				'Serve pages from a page cache and a CDN so the HTML arrives sooner.',
				'monsterinsights-reports'
			),
			__(
				'Remove render-blocking CSS and JavaScript from the head: inline the critical CSS and defer scripts.',
				'monsterinsights-reports'
			),
		],
	},
	{
		key: 'cumulative_layout_shift',
		unit: 'score',
		title: () => __( 'Cumulative Layout Shift', 'monsterinsights-reports' ),
		advice: () => [
			__(
				'Give every image, video, iframe and embed width and height attributes (or a CSS aspect-ratio) so the browser reserves their space.',
				'monsterinsights-reports'
			),
			__(
				'Reserve space for ads, cookie banners and notices instead of inserting them above content that is already shown.',
				'monsterinsights-reports'
			),
			__(
				'Preload your web fonts and use font-display: optional or a size-adjusted fallback font, so text does not jump when they load.',
				'monsterinsights-reports'
			),
		],
	},
	{
		key: 'server_response_time',
		unit: 'milliseconds',
		title: () => __( 'Server Response Time', 'monsterinsights-reports' ),
		advice: () => [
			__(
				'Turn on page caching (a caching plugin or your host’s server cache) so pages are not built for every visit.',
				'monsterinsights-reports'
			),
			__(
				'Add a persistent object cache such as Redis or Memcached.',
				'monsterinsights-reports'
			),
			__(
				'Find slow plugins and database queries (for example with Query Monitor) and remove or replace them.',
				'monsterinsights-reports'
			),
			__(
				'Run a current PHP version on hosting with enough CPU, and serve visitors far away through a CDN.',
				'monsterinsights-reports'
			),
		],
	},
	{
		key: 'first_contentful_paint',
		unit: 'seconds',
		title: () => __( 'First Contentful Paint', 'monsterinsights-reports' ),
		advice: () => [
			__(
				'Eliminate render-blocking resources: defer or async scripts, and load only the CSS the page needs.',
				'monsterinsights-reports'
			),
			__(
				'Preconnect to the origins your pages need early (fonts, CDNs).',
				'monsterinsights-reports'
			),
			__(
				'Improve the server response time: the first paint cannot come before the HTML.',
				'monsterinsights-reports'
			),
		],
	},
	{
		key: 'total_blocking_time',
		unit: 'milliseconds',
		title: () => __( 'Total Blocking Time', 'monsterinsights-reports' ),
		advice: () => [
			__(
				'Break long JavaScript tasks into smaller ones and load third-party scripts after the page.',
				'monsterinsights-reports'
			),
			__(
				'Remove plugins that add JavaScript your visitors do not need.',
				'monsterinsights-reports'
			),
		],
	},
	{
		key: 'interaction_to_next_paint',
		unit: 'seconds',
		title: () =>
			__( 'Interaction to Next Paint', 'monsterinsights-reports' ),
		advice: () => [
			__(
				'Keep click and key handlers short: move heavy work after the next paint (setTimeout or scheduler.yield).',
				'monsterinsights-reports'
			),
			__(
				'Delay or remove heavy third-party scripts such as chat widgets and trackers.',
				'monsterinsights-reports'
			),
			__(
				'Keep the page’s DOM small and avoid large updates of it after an interaction.',
				'monsterinsights-reports'
			),
		],
	},
];

/**
 * A value in the thresholds' units: milliseconds for a time (rounded to a thousandth, so 0.2 s is
 * exactly 200 ms), the layout shift as it is.
 *
 * @param unit  The metric's unit.
 * @param value The payload's value.
 */
function inThresholdUnits( unit: Unit, value: number ): number {
	return unit === 'seconds' ? Math.round( value * 1e6 ) / 1e3 : value;
}

/**
 * The unit of a metric.
 *
 * @param key The metric.
 */
function unitOf( key: SpeedMetricKey ): Unit {
	return (
		SPEED_METRICS.find( ( metric ) => metric.key === key )?.unit ?? 'score'
	);
}

/**
 * A field value's rating, as web-vitals rates it: good up to the first limit, poor above the
 * second, needs improvement between.
 *
 * @param key   The metric.
 * @param value The payload's value (seconds, milliseconds or the layout shift, as the metric has it).
 */
export function rateSpeed( key: SpeedMetricKey, value: number ): SpeedRating {
	const [ good, poor ] = SPEED_THRESHOLDS[ key ];
	const measured = inThresholdUnits( unitOf( key ), value );
	if ( measured > poor ) {
		return 'poor';
	}
	return measured > good ? 'needs-improvement' : 'good';
}

/**
 * The translated word of a rating.
 *
 * @param rating The rating.
 */
export function ratingLabel( rating: SpeedRating ): string {
	switch ( rating ) {
		case 'good':
			return __( 'Good', 'monsterinsights-reports' );
		case 'needs-improvement':
			return __( 'Needs improvement', 'monsterinsights-reports' );
		default:
			return __( 'Poor', 'monsterinsights-reports' );
	}
}

/**
 * A limit as the goal line says it: "200 ms", "2.5 s", "0.1".
 *
 * @param key    The metric.
 * @param limit  The limit, in the thresholds' units.
 * @param locale The user's locale.
 */
function formatLimit(
	key: SpeedMetricKey,
	limit: number,
	locale: string
): string {
	const number = ( value: number ) =>
		new Intl.NumberFormat( toLocaleTag( locale ), {
			maximumFractionDigits: 2,
		} ).format( value );
	if ( unitOf( key ) === 'score' ) {
		return number( limit );
	}
	return limit < 1000
		? `${ number( limit ) } ms`
		: `${ number( limit / 1000 ) } s`;
}

/**
 * A metric's goal line, from the same limits as its rating: "Goal: 2.5 s or less (poor above 4 s)".
 *
 * @param key    The metric.
 * @param locale The user's locale.
 */
export function speedGoal( key: SpeedMetricKey, locale: string ): string {
	const [ good, poor ] = SPEED_THRESHOLDS[ key ];
	return sprintf(
		/* translators: 1: the most a good value may be, e.g. 2.5 s, 2: above this it is poor, e.g. 4 s. */
		__( 'Goal: %1$s or less (poor above %2$s)', 'monsterinsights-reports' ),
		formatLimit( key, good, locale ),
		formatLimit( key, poor, locale )
	);
}

/**
 * A metric's value as the tile shows it: times under a second in milliseconds ("480 ms"), longer
 * ones in seconds ("2.43 s", "12.4 s"), the layout shift with two to four decimals ("0.10",
 * "0.0567"), grouped and with decimals in the user's locale.
 *
 * @param unit   The metric's unit.
 * @param value  The payload's value.
 * @param locale The user's locale.
 */
export function formatSpeedValue(
	unit: Unit,
	value: number,
	locale: string
): string {
	const tag = toLocaleTag( locale );
	if ( unit === 'score' ) {
		return new Intl.NumberFormat( tag, {
			minimumFractionDigits: 2,
			maximumFractionDigits: 4,
		} ).format( value );
	}
	const ms = unit === 'seconds' ? Math.round( value * 1000 ) : value;
	if ( ms < 1000 ) {
		return `${ new Intl.NumberFormat( tag, {
			maximumFractionDigits: 0,
		} ).format( ms ) } ms`;
	}
	const digits = ms < 10000 ? 2 : 1;
	return `${ new Intl.NumberFormat( tag, {
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
	} ).format( ms / 1000 ) } s`;
}
