/**
 * Sample (demo) payloads, one module per report, shown blurred under a report's upsell and never
 * presented as real data (docs/product-rules.md#sample-data). Each module is loaded lazily, so none
 * of them weighs on the initial bundle.
 *
 * A module exports `payload`, shaped like the report's REST payload
 * (src/store/reports/types.ts), and `layout()`, the same sample as simple boxes and tables for
 * reports whose screen is not built yet.
 *
 * Samples are data: they know no report screen. The report registry (src/reports/registry.ts)
 * names each report's module and loads it (`loadDemo`).
 */

/** A figure of a sample box. */
export interface SampleBox {
	label: string;
	value: string | number;
}

/** A sample table; numbers are formatted with the user's locale when shown. */
export interface SampleTable {
	title: string;
	columns: string[];
	rows: Array< Array< string | number > >;
}

export interface SampleLayout {
	boxes?: SampleBox[];
	tables?: SampleTable[];
}

export interface DemoModule< P = unknown > {
	/** Marks the module's data as sample data. */
	SAMPLE: true;
	payload: P;
	layout: () => SampleLayout;
}
