/**
 * The licence levels' names as the app shows them: a label ("Agency") and the upsell badge
 * ("AGENCY"), translated.
 */
import { __ } from '@wordpress/i18n';

import type { Level } from './tiers';

const LEVEL_LABELS: Record< Level, () => string > = {
	lite: () => __( 'Lite', 'monsterinsights-reports' ),
	basic: () => __( 'Basic', 'monsterinsights-reports' ),
	plus: () => __( 'Plus', 'monsterinsights-reports' ),
	pro: () => __( 'Pro', 'monsterinsights-reports' ),
	agency: () => __( 'Agency', 'monsterinsights-reports' ),
};

/* The upsell badge of each level (docs/product-rules.md#upsells): PRO, and the others like it. */
const LEVEL_BADGES: Record< Level, () => string > = {
	lite: () => __( 'LITE', 'monsterinsights-reports' ),
	basic: () => __( 'BASIC', 'monsterinsights-reports' ),
	plus: () => __( 'PLUS', 'monsterinsights-reports' ),
	pro: () => __( 'PRO', 'monsterinsights-reports' ),
	agency: () => __( 'AGENCY', 'monsterinsights-reports' ),
};

/**
 * The translated name of a level.
 *
 * @param level The level.
 */
export function levelLabel( level: Level ): string {
	return LEVEL_LABELS[ level ]();
}

/**
 * The translated upsell badge of a level.
 *
 * @param level The level.
 */
export function levelBadge( level: Level ): string {
	return LEVEL_BADGES[ level ]();
}
