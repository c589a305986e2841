/**
 * The date presets (docs/product-rules.md#dates): their keys, the rules PHP exports for them
 * (./dates.json), their order in the picker and their translated labels.
 */
import { __ } from '@wordpress/i18n';

import datesJson from './dates.json';

/** Date presets; `custom` for a range picked by hand. */
export type PresetKey =
	| 'today'
	| 'yesterday'
	| 'lastweek'
	| 'lastmonth'
	| 'last7days'
	| 'last30days'
	| 'last90days'
	| 'custom';

/** A preset interval (every preset key but custom). */
export type IntervalKey = Exclude< PresetKey, 'custom' >;

/**
 * Whether a name is one of the preset intervals the app has labels for (the exported rules are
 * checked against it, so an unknown name never reaches the picker).
 *
 * @param name A name.
 */
function isIntervalName( name: string ): name is IntervalKey {
	return INTERVAL_NAMES.includes( name as IntervalKey );
}

/** Every interval the app knows: the members of IntervalKey (a missing one is a compile error). */
const INTERVAL_NAME_SET: Readonly< Record< IntervalKey, true > > = {
	today: true,
	yesterday: true,
	lastweek: true,
	lastmonth: true,
	last7days: true,
	last30days: true,
	last90days: true,
};
const INTERVAL_NAMES = Object.keys( INTERVAL_NAME_SET ) as IntervalKey[];

/**
 * The date rules PHP owns (includes/Query/DateRange.php), as bin/export-tiers.php writes them to
 * ./dates.json; a PHPUnit test fails while the file is stale.
 */
const RULES: {
	earliest: string;
	presets: readonly string[];
	default: string;
	hiddenForQueries: readonly string[];
} = datesJson;

/** The first day the date picker offers and the server accepts. */
export const EARLIEST_DATE = RULES.earliest;

/** Preset keys in the order the date picker lists them. */
export const PRESET_KEYS: readonly IntervalKey[] = RULES.presets.filter(
	( key ): key is IntervalKey => isIntervalName( key )
);

/** The default preset: the last 30 days, ending yesterday. */
export const DEFAULT_PRESET: IntervalKey = isIntervalName( RULES.default )
	? RULES.default
	: 'last30days';

/** The presets the Queries (search console) report hides: its data lags by two days. */
export const PRESETS_HIDDEN_FOR_QUERIES: readonly IntervalKey[] =
	RULES.hiddenForQueries.filter( ( key ): key is IntervalKey =>
		isIntervalName( key )
	);

export interface Preset {
	key: IntervalKey;
	/** Translated when read, so it follows translations loaded after this module. */
	readonly label: string;
}

/**
 * The translated label of a preset.
 *
 * @param key Preset key.
 */
export function presetLabel( key: IntervalKey ): string {
	switch ( key ) {
		case 'today':
			return __( 'Today', 'monsterinsights-reports' );
		case 'yesterday':
			return __( 'Yesterday', 'monsterinsights-reports' );
		case 'lastweek':
			return __( 'Last Week', 'monsterinsights-reports' );
		case 'lastmonth':
			return __( 'Last Month', 'monsterinsights-reports' );
		case 'last7days':
			return __( 'Last 7 days', 'monsterinsights-reports' );
		case 'last30days':
			return __( 'Last 30 days', 'monsterinsights-reports' );
		case 'last90days':
			return __( 'Last 90 days', 'monsterinsights-reports' );
	}
}

/** Every preset with its translated label, in the picker's order. */
export const PRESETS: readonly Preset[] = PRESET_KEYS.map( ( key ) => ( {
	key,
	get label() {
		return presetLabel( key );
	},
} ) );

/**
 * The presets a report offers: the Queries report hides Today and Yesterday.
 *
 * @param options                       Options.
 * @param options.hideTodayAndYesterday True for the Queries (search console) report.
 */
export function presetsFor(
	options: { hideTodayAndYesterday?: boolean } = {}
): readonly Preset[] {
	if ( ! options.hideTodayAndYesterday ) {
		return PRESETS;
	}
	return PRESETS.filter(
		( preset ) => ! PRESETS_HIDDEN_FOR_QUERIES.includes( preset.key )
	);
}

/**
 * Whether a value is a preset key (custom excluded).
 *
 * @param value Anything.
 */
export function isIntervalKey( value: unknown ): value is IntervalKey {
	return (
		typeof value === 'string' &&
		( PRESET_KEYS as readonly string[] ).includes( value )
	);
}
