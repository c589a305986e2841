/**
 * The metric selection rules (docs/product-rules.md#metrics), for the metric settings panel: at
 * most 7 checked, an unchecked metric cannot be added once 7 are; pro-only metrics need pro; none
 * left means sessions. The server applies the same rules (includes/REST/MetricsController.php).
 * Without a shop the revenue and purchase metrics are not offered at all (offeredMetrics).
 */
import { __ } from '@wordpress/i18n';

import { isShopMetric } from '../../lib/metricIds';
import { levelAtLeast } from '../../lib/tiers';
import type { Level } from '../app/types';
import {
	FALLBACK_METRIC,
	MAX_METRICS,
	isProMetric,
	type MetricId,
} from '../reports/constants';

/** Why a metric cannot be ticked: the 7-metric limit, or it needs pro. */
export type MetricCheckBlocker = 'limit' | 'pro';

/**
 * Why the user cannot tick a metric, or null when they can. Unticking is always allowed, so a
 * metric already checked is never blocked.
 *
 * @param checked The checked metric ids.
 * @param id      The metric to tick.
 * @param level   The licence level.
 */
export function metricCheckBlocker(
	checked: readonly string[],
	id: string,
	level: Level
): MetricCheckBlocker | null {
	if ( checked.includes( id ) ) {
		return null;
	}
	if ( isProMetric( id ) && ! levelAtLeast( level, 'pro' ) ) {
		return 'pro';
	}
	if ( checked.length >= MAX_METRICS ) {
		return 'limit';
	}
	return null;
}

/**
 * Whether the user may tick a metric: at most 7 checked, and pro-only metrics need pro.
 *
 * @param checked The checked metric ids.
 * @param id      The metric to tick.
 * @param level   The licence level.
 */
export function canCheckMetric(
	checked: readonly string[],
	id: string,
	level: Level
): boolean {
	return metricCheckBlocker( checked, id, level ) === null;
}

/**
 * The selection after clicking a metric: unticked if it was checked, else ticked when allowed
 * (unchanged otherwise).
 *
 * @param checked The checked metric ids.
 * @param id      The clicked metric.
 * @param level   The licence level.
 */
export function toggleMetric(
	checked: readonly string[],
	id: string,
	level: Level
): string[] {
	if ( checked.includes( id ) ) {
		return checked.filter( ( other ) => other !== id );
	}
	return canCheckMetric( checked, id, level )
		? [ ...checked, id ]
		: [ ...checked ];
}

/**
 * The ids a selection saves as: sessions when none is left.
 *
 * @param checked The checked metric ids.
 */
export function selectionToSave( checked: readonly string[] ): string[] {
	return checked.length > 0 ? [ ...checked ] : [ FALLBACK_METRIC ];
}

/**
 * The metrics offered: without a shop, neither the revenue and purchase metrics in the list nor
 * their ids among the checked ones (the tabs), and sessions when nothing else is left.
 *
 * @param metrics The metrics or metric ids, in order.
 * @param hasShop Whether the site has a shop (the boot data's shop).
 */
export function offeredMetrics< T extends string | { id: string } >(
	metrics: readonly T[],
	hasShop: boolean
): T[] {
	if ( hasShop ) {
		return [ ...metrics ];
	}
	return metrics.filter(
		( metric ) =>
			! isShopMetric( typeof metric === 'string' ? metric : metric.id )
	);
}

/**
 * The checked metric ids a site offers: offeredMetrics() of them, sessions when none is left.
 *
 * @param checked The checked metric ids.
 * @param hasShop Whether the site has a shop.
 */
export function offeredSelection(
	checked: readonly MetricId[],
	hasShop: boolean
): MetricId[] {
	const offered = offeredMetrics( checked, hasShop );
	return offered.length > 0 ? offered : [ FALLBACK_METRIC ];
}

/** The limit's text. */
export function metricLimitText(): string {
	return __( 'Select up to 7 metrics', 'monsterinsights-reports' );
}

export type { MetricId };
