/**
 * Sample (demo) payloads, one module per report, shown blurred under a report's upsell and never
 * presented as real data (docs/product-rules.md#sample-data). Each module is loaded lazily, so none
 * of them weighs on the initial bundle.
 *
 * A module exports `payload`, shaped like the report's REST payload
 * (src/store/reports/types.ts), and `layout()`, the same sample as simple boxes and tables for
 * reports whose screen is not built yet; a report outside the product's upsell table also exports
 * its `upsell()` copy here, which loads with the sample only when the report is locked.
 *
 * Samples are data: they know no report screen. The report registry (src/reports/registry.ts)
 * names each report's module and loads it (`loadDemo`).
 */

/** A figure of a sample box. */
export interface SampleBox {
	label: string;
	value: string | number;
	/** The value is money: shown in the shop's currency (a sample currency without a shop). */
	money?: boolean;
}

/** A sample table; numbers are formatted with the user's locale when shown. */
export interface SampleTable {
	title: string;
	columns: string[];
	rows: Array< Array< string | number > >;
	/** The indexes of the money columns: shown in the shop's currency (a sample one without). */
	money?: number[];
}

export interface SampleLayout {
	boxes?: SampleBox[];
	tables?: SampleTable[];
}

/**
 * A locked report's upsell copy (docs/product-rules.md#upsells): main heading, title, optional
 * subtitle, optional feature columns (2 above 4 features by default), 3 to 8 features.
 */
export interface UpsellCopy {
	mainheading: string;
	title: string;
	subtitle?: string;
	columns?: number;
	features: string[];
}

export interface DemoModule< P = unknown > {
	/** Marks the module's data as sample data. */
	SAMPLE: true;
	payload: P;
	layout: () => SampleLayout;
	/**
	 * The report's upsell copy, translated when called; for a report whose registry entry names no
	 * upsell key of src/upsell/content.ts (the keys the product's upsell table fixes).
	 */
	upsell?: () => UpsellCopy;
}
