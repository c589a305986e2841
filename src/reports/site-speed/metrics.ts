/**
 * The Site Speed report's metrics: their titles, the spec's goals (spec 3 §9), how their values
 * read, and what to do when one fails (the How to Improve accordion).
 */
import { __ } from '@wordpress/i18n';

import { toLocaleTag } from '../../lib/format';
import type { SpeedMetricKey } from '../../store/reports/types';

/** The score bands of spec 3 §4 / §9. */
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

export interface SpeedMetricDef {
	key: SpeedMetricKey;
	unit: Unit;
	title: () => string;
	/** The spec's goal, as a sentence. */
	goal: () => string;
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
		goal: () => __( 'Goal: 2.5 s or less', 'monsterinsights-reports' ),
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
		goal: () => __( 'Goal: 0.1 or less', 'monsterinsights-reports' ),
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
		goal: () => __( 'Goal: 600 ms or less', 'monsterinsights-reports' ),
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
		goal: () => __( 'Goal: 1.5 s', 'monsterinsights-reports' ),
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
		goal: () => __( 'Goal: 300 ms or less', 'monsterinsights-reports' ),
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
		goal: () => __( 'Goal: 1.5 s', 'monsterinsights-reports' ),
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
