/**
 * The report table's rules, in both its forms (the light list and the paged DataViews table) and
 * for the sample tables: padding, search on the first column, natural or numeric sorting with ties
 * by the first column, paging, and the CSV URL of the tables route (issue #11 contract). The
 * request of a table page is the reports store's (src/store/reports/query.ts, tablePath).
 */
import { __ } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';

import {
	REST_NAMESPACE,
	type RequestDates,
	type TableParams,
} from '../../store/reports/query';
import type { TableColumn, TablePage, TableRow } from '../../types/reports';

export type { TableParams };

/** Rows a table shows at least: fewer are padded with empty rows (docs/product-rules.md#tables). */
export const PAD_ROWS = 10;

/** What a table says when no row matches, unless its report says otherwise. */
export function noDataText(): string {
	return __( 'No data to show', 'monsterinsights-reports' );
}

/** The items-per-page choices; the tables route allows 1–100. */
export const PER_PAGE_CHOICES = [ 10, 20, 50, 100 ] as const;

const collator = new Intl.Collator( undefined, {
	numeric: true,
	sensitivity: 'base',
} );

/**
 * Compares two cells: numbers numerically, text in natural order, case-insensitively; empty cells
 * first.
 *
 * @param a A cell.
 * @param b A cell.
 */
export function compareCells( a: unknown, b: unknown ): number {
	if ( typeof a === 'number' && typeof b === 'number' ) {
		return a - b;
	}
	if ( a === null || a === undefined ) {
		return b === null || b === undefined ? 0 : -1;
	}
	if ( b === null || b === undefined ) {
		return 1;
	}
	return collator.compare( String( a ), String( b ) );
}

/**
 * One page of rows held in full (a sample payload), with the same rules as the server.
 *
 * @param rows    Every row.
 * @param columns The columns; the first is searched and breaks ties.
 * @param params  Search, order and page.
 */
export function localPage(
	rows: TableRow[],
	columns: TableColumn[],
	params: TableParams
): { rows: TableRow[]; total: number } {
	const first = columns[ 0 ]?.id ?? '';
	const needle = params.search.toLowerCase();
	const matching = needle
		? rows.filter( ( row ) =>
				String( row[ first ] ?? '' )
					.toLowerCase()
					.includes( needle )
		  )
		: rows;
	const sign = params.order === 'desc' ? -1 : 1;
	const sorted = [ ...matching ].sort(
		( a, b ) =>
			sign * compareCells( a[ params.orderby ], b[ params.orderby ] ) ||
			compareCells( a[ first ], b[ first ] )
	);
	const start = ( params.page - 1 ) * params.per_page;
	return {
		rows: sorted.slice( start, start + params.per_page ),
		total: matching.length,
	};
}

/**
 * The URL of a table's CSV download: every row matching the search in the requested order,
 * authenticated by the cookie and the REST nonce.
 *
 * @param restRoot The REST root (…/wp-json/ or …/?rest_route=/).
 * @param nonce    The REST nonce.
 * @param report   The report name.
 * @param table    The table id.
 * @param dates    The dates.
 * @param params   Search and order.
 */
export function csvUrl(
	restRoot: string,
	nonce: string,
	report: string,
	table: string,
	dates: RequestDates,
	params: Pick< TableParams, 'search' | 'orderby' | 'order' >
): string {
	return addQueryArgs(
		`${ restRoot }${ REST_NAMESPACE }/reports/${ encodeURIComponent(
			report
		) }/tables/${ encodeURIComponent( table ) }/csv`,
		{
			...dates,
			search: params.search,
			orderby: params.orderby,
			order: params.order,
			_wpnonce: nonce,
		}
	);
}

/**
 * Whether a table page has rows at all.
 *
 * @param page A table page.
 */
export function isTableEmpty( page: TablePage | undefined ): boolean {
	return ! page || page.total === 0 || page.rows.length === 0;
}
