/**
 * Core Web Vitals of the page view, measured with the `web-vitals` package and sent once through
 * the tracker's public API (`window.monsterinsightsReports.track`, src/tracker/track.ts), so the
 * same endpoint and privacy rules apply: nothing is sent when the tracker is off (Do Not Track,
 * Global Privacy Control) or absent.
 *
 * WordPress prints build/vitals.js deferred after build/tracker.js, only while the Site Speed
 * report is in use (includes/Sources/Builtin/Collection/Tracking/TrackerScript.php), with one data attribute:
 *   data-rate  the share of page views that report their vitals, 0–100 (percent)
 *
 * A sampled page view sends one `web_vitals` event when the page is first hidden (the moment
 * LCP, CLS and INP are final), with the values known by then, rounded:
 *   lcp, fcp, ttfb, inp  milliseconds (integers)
 *   cls                  the layout shift score, 4 decimals
 * A metric the page never produced (INP without an interaction) is left out. A page restored from
 * the back/forward cache is a new page view: web-vitals reports its metrics again and they are
 * sent once more.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import type { Metric } from 'web-vitals';

import type { EventProps, TrackerApi } from '../tracker/track';

/** The event the collector validates (Body::VITALS_EVENT). */
export const EVENT = 'web_vitals';

/** The props of the event, by web-vitals metric name. */
const KEYS: Record< Metric[ 'name' ], string > = {
	CLS: 'cls',
	FCP: 'fcp',
	FID: 'fid',
	INP: 'inp',
	LCP: 'lcp',
	TTFB: 'ttfb',
};

/**
 * Whether this page view is in the sample.
 *
 * @param rate   Percent of page views sampled (0–100).
 * @param random A number in [0, 1).
 */
export function sampled( rate: number, random: number ): boolean {
	return random * 100 < rate;
}

/**
 * A metric's value as sent: CLS to 4 decimals, times as whole milliseconds.
 *
 * @param metric The metric.
 */
export function rounded( metric: Pick< Metric, 'name' | 'value' > ): number {
	return metric.name === 'CLS'
		? Math.round( metric.value * 10000 ) / 10000
		: Math.round( metric.value );
}

/**
 * Starts measuring, and sends the values when the page is hidden.
 *
 * @param w    The page's window.
 * @param rate Percent of page views sampled.
 */
export function start( w: Window, rate: number ): void {
	const api: TrackerApi | undefined = w.monsterinsightsReports;
	if ( ! api || ! sampled( rate, Math.random() ) ) {
		return;
	}
	let props: EventProps = {};
	const record = ( metric: Metric ) => {
		props[ KEYS[ metric.name ] ] = rounded( metric );
	};
	const send = () => {
		if ( w.document.visibilityState === 'hidden' ) {
			if ( Object.keys( props ).length ) {
				api.track( EVENT, props );
			}
			props = {};
		}
	};
	onTTFB( record );
	onFCP( record );
	onLCP( record );
	onCLS( record );
	onINP( record );
	// web-vitals reports LCP, CLS and INP from listeners of `visibilitychange` on the document,
	// some added late (after the first paint). The event bubbles to the window, where this
	// listener runs after every one of them.
	w.addEventListener( 'visibilitychange', send );
}
