/**
 * The building blocks of report payloads (includes/Reports/Blocks/* on the PHP side), shared by
 * the reports store and the report components (src/components/report).
 */

/** How a table column's values are shown. */
export type ColumnType =
	| 'text'
	| 'url'
	| 'number'
	| 'percent'
	| 'duration'
	| 'money'
	| 'change';

export interface TableColumn {
	id: string;
	/** Translated by the server. */
	label: string;
	type: ColumnType;
	sortable: boolean;
}

/** A table row: a value per column id, optional child rows and a link for its first cell. */
export type TableRow = {
	[ column: string ]: string | number | null | TableRow[] | undefined;
} & {
	children?: TableRow[];
	url?: string;
};

export type SortOrder = 'asc' | 'desc';

/** A page of a table: in a report payload (its first page) and the answer of the tables route. */
export interface TablePage {
	columns: TableColumn[];
	rows: TableRow[];
	/** Rows matching the search, on every page. */
	total: number;
	page: number;
	per_page: number;
	orderby: string;
	order: SortOrder;
	search: string;
}

/**
 * A published site note of a chart's range (includes/Notes/Module.php chart_notes): a marker on
 * its day.
 */
export interface ChartBlockNote {
	id: number;
	/** Plain text. */
	title: string;
	/** Y-m-d. */
	date: string;
	/** Unix time of 00:00 of its day in the site's timezone: the unit of `timestamps`. */
	timestamp: number;
	/** Its category's background colour, or the default shade. */
	color: string;
	/** Its category's name; empty without one. */
	category: string;
	important: boolean;
}

/** The sessions chart of the traffic, country, forms and media reports. */
export interface ChartBlock {
	/** Day labels ('M j'). */
	categories: string[];
	timestamps: number[];
	sessions: number[];
	page_views: number[];
	session_trendpoints: Array< number | null >;
	page_view_trendpoints: Array< number | null >;
	notes: ChartBlockNote[];
	compare?: { sessions: number[]; page_views: number[] };
}

/** A pie: labels and their shares in percent (2 decimals). */
export interface SharesBlock {
	labels: string[];
	series: number[];
	compare?: number[];
}

/** Info boxes: a value, its change in percent (null without a base) and the compare value. */
export type TotalsBlock = Record<
	string,
	{ value: number; prev: number | null; compare_value: number }
>;
