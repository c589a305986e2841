/**
 * SAMPLE DATA helpers of the samples' tables: a column, a table page holding every sample row, and
 * a table page as a layout table.
 */
import type { SampleLayout } from '.';
import type {
	ColumnType,
	TableColumn,
	TablePage,
	TableRow,
} from '../types/reports';
import { pct } from './series';

/**
 * A sample column whose label is translated when it is read (the server sends it translated).
 *
 * @param id    Its id.
 * @param label Its label.
 * @param type  Its type.
 */
export function translatedColumn(
	id: string,
	label: () => string,
	type: ColumnType = 'number'
): TableColumn {
	return {
		id,
		get label() {
			return label();
		},
		type,
		sortable: true,
	};
}

/**
 * A column; labels are translated when the columns are read (the server sends them translated).
 *
 * @param id    Column id.
 * @param label Translated label.
 * @param type  Value type.
 */
export function column(
	id: string,
	label: string,
	type: ColumnType = 'number'
): TableColumn {
	return { id, label, type, sortable: true };
}

/**
 * A table page holding every sample row, in the table's default order (most sessions first,
 * unless the table says otherwise).
 *
 * @param columns Its columns, read when the page is read.
 * @param rows    Its rows.
 * @param orderby The column its rows are sorted by, descending.
 */
export function samplePage(
	columns: () => TableColumn[],
	rows: TableRow[],
	orderby = 'sessions'
): TablePage {
	return {
		get columns() {
			return columns();
		},
		rows,
		total: rows.length,
		page: 1,
		per_page: 10,
		orderby,
		order: 'desc',
		search: '',
	};
}

/**
 * A table page as a sample layout table (percentages with their sign).
 *
 * @param title The table's title.
 * @param page  The page.
 */
export function pageLayout( title: string, page: TablePage ): SampleLayout {
	const columns = page.columns;
	return {
		tables: [
			{
				title,
				columns: columns.map( ( c ) => c.label ),
				rows: page.rows.map( ( row ) =>
					columns.map( ( c ) => {
						const value = row[ c.id ];
						if ( c.type === 'percent' ) {
							return pct( Number( value ) );
						}
						return typeof value === 'number'
							? value
							: String( value ?? '' );
					} )
				),
			},
		],
	};
}
