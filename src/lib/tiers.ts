/**
 * Licence tiers (docs/product-rules.md#licence-levels) as data.
 *
 * The server is the gate: a report route answers 403 upgrade_required for a locked report. This
 * table lets the app decide what to show before it asks (upsells, locked controls).
 *
 * The table itself lives in PHP (includes/Licensing/Tiers.php) and reaches the app as
 * ./tiers.json, which `php bin/export-tiers.php` writes; a PHPUnit test fails when the committed
 * JSON differs from the PHP table, and src/lib/test/tiers.test.ts checks this module against the
 * JSON.
 *
 * Typing: a JSON import's keys are literal-typed but its values are plain strings. So `Feature` and
 * `GatedReport` are the JSON's own key unions, and the values are narrowed by a validated cast:
 * every level is checked against the `Level` union (LEVEL_NAMES below must list exactly its
 * members, which the compiler enforces), every report's feature against the table. A value that
 * fails the check never unlocks anything — a feature with an unknown level needs agency, a report
 * with an unknown feature is left out and so needs agency — and the jest test fails on it.
 */
import tiersJson from './tiers.json';

/** Licence levels, lowest first. */
export type Level = 'lite' | 'basic' | 'plus' | 'pro' | 'agency';

type TierData = typeof tiersJson;

/** Every gated feature of the table (docs/product-rules.md#licence-levels). */
export type Feature = keyof TierData[ 'tiers' ];

/**
 * Every report name of the table: the names of GET monsterinsights-reports/v1/reports/{name} and
 * of the demo payloads (the report keys and, as aliases, the route paths with underscores).
 */
export type GatedReport = keyof TierData[ 'reports' ];

/** The members of the `Level` union; a missing or extra key is a compile error. */
const LEVEL_NAMES: Readonly< Record< Level, true > > = {
	lite: true,
	basic: true,
	plus: true,
	pro: true,
	agency: true,
};

/**
 * Whether a value is one of the licence levels.
 *
 * @param value Anything.
 */
export function isLevel( value: unknown ): value is Level {
	return (
		typeof value === 'string' &&
		Object.prototype.hasOwnProperty.call( LEVEL_NAMES, value )
	);
}

/** Licence levels, lowest first (from the JSON, each checked to be a `Level`). */
export const LEVELS: readonly Level[] = Object.freeze(
	( tiersJson.levels as readonly unknown[] ).filter( isLevel )
);

/**
 * Every gated feature with the lowest level that unlocks it. Report names map to these features
 * through REPORT_FEATURES.
 */
export const TIERS: Readonly< Record< Feature, Level > > = Object.freeze(
	Object.fromEntries(
		Object.entries( tiersJson.tiers ).map( ( [ feature, level ] ) => [
			feature,
			isLevel( level ) ? level : 'agency',
		] )
		// Validated cast: the keys are the JSON's own, each value was checked above.
	) as Record< Feature, Level >
);

/**
 * Whether a value names a feature of the tier table.
 *
 * @param value Anything.
 */
export function isFeature( value: unknown ): value is Feature {
	return (
		typeof value === 'string' &&
		Object.prototype.hasOwnProperty.call( TIERS, value )
	);
}

/** Report name → the feature that gates it. */
export const REPORT_FEATURES: Readonly< Record< GatedReport, Feature > > =
	Object.freeze(
		Object.fromEntries(
			Object.entries( tiersJson.reports ).filter( ( [ , feature ] ) =>
				isFeature( feature )
			)
			// Validated cast: only entries whose feature is in the table are kept.
		) as Record< GatedReport, Feature >
	);

/**
 * The rank of a level (lite 0 … agency 4); an unknown level ranks as lite.
 *
 * @param level A level.
 */
export function levelRank( level: Level ): number {
	return Math.max( 0, LEVELS.indexOf( level ) );
}

/**
 * Whether `level` is `needed` or higher.
 *
 * @param level  The licence's level.
 * @param needed The level a feature needs.
 */
export function levelAtLeast( level: Level, needed: Level ): boolean {
	return levelRank( level ) >= levelRank( needed );
}

/**
 * The feature behind a feature or report name; undefined for a name neither table knows.
 *
 * @param name A feature or report name.
 */
export function featureOf( name: string ): Feature | undefined {
	if ( Object.prototype.hasOwnProperty.call( REPORT_FEATURES, name ) ) {
		return REPORT_FEATURES[ name as GatedReport ];
	}
	return isFeature( name ) ? name : undefined;
}

/**
 * The lowest level that unlocks a feature or report; agency (locked for all but the highest) for a
 * name the tables do not know, so nothing unknown is ever unlocked by mistake.
 *
 * @param name A feature or report name.
 */
export function levelNeeded( name: string ): Level {
	const feature = featureOf( name );
	return feature ? TIERS[ feature ] : 'agency';
}

/**
 * Whether a licence level may use a feature or report.
 *
 * @param level The licence's level.
 * @param name  A feature or report name.
 */
export function canUse( level: Level, name: string ): boolean {
	return levelAtLeast( level, levelNeeded( name ) );
}
