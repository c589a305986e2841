/**
 * The report table. It comes in two forms that follow the same rules (./table.ts):
 *
 * - this light one, for short lists held whole (the Overview's top lists, the Real-Time cards):
 *   a plain admin table sorted, searched and shown 10, 25, 50 or all rows at a time here, with
 *   compare columns; it keeps DataViews off the Overview's bundle;
 * - the paged one (./DataTable.tsx), for a report payload's table: DataViews, each further page
 *   from the reports store, a CSV download.
 */
import { Button, SearchControl } from '@wordpress/components';
import { useResizeObserver } from '@wordpress/compose';
import { useCallback, useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { Loader } from '../Loader';
import { Trend } from '../Trend';
import { getLocale } from '../utils/locale';
import { formatDecimal } from '../utils/trend';
import { noDataText, PAD_ROWS } from './table';
import './style.scss';

export { FaviconCell, faviconUrl, FAVICON_SERVICE } from './FaviconCell';
export type { FaviconCellProps } from './FaviconCell';

/** Tables pad to this many rows, and show this many at first (docs/product-rules.md#tables). */
export const TABLE_PAD_ROWS = PAD_ROWS;

/**
 * Page-size choices (docs/product-rules.md#tables); each is offered only when there are more rows
 * than the choice before it, so 25 appears above 10 rows, 50 above 25 and All above 50.
 */
export const TABLE_PAGE_SIZES: Array< number | 'all' > = [ 10, 25, 50, 'all' ];

export interface ReportColumn< Row > {
	key: string;
	header: string;
	/** Renders a cell; by default the column's value (numbers formatted). */
	cell?: ( row: Row, index: number ) => ReactNode;
	/** The raw value, for sorting, searching and the default cell; by default `row[ key ]`. */
	value?: ( row: Row ) => string | number | null | undefined;
	/** Right-aligned, sorted as a number. */
	numeric?: boolean;
	sortable?: boolean;
	className?: string;
}

export interface ReportTableCompare< Row > {
	/** Header of the compare value column, e.g. the compare period. */
	header: string;
	/** Header of the change column; "Change" by default. */
	changeHeader?: string;
	value: ( row: Row ) => ReactNode;
	/** Percent change of the row. */
	change: ( row: Row ) => number | null | undefined;
	/** Lower is better (bounce rate, exit rate, …): a fall is green and a rise red. */
	inverse?: boolean;
}

export interface ReportTableProps< Row > {
	columns: Array< ReportColumn< Row > >;
	rows: Row[];
	/** Accessible name of the table (a caption only screen readers see). */
	caption: string;
	/** Compare mode: two more columns, the compare value and the change. */
	compare?: ReportTableCompare< Row > | null;
	/** Shown when there are no rows. */
	emptyText?: string;
	/** Shown when a search matches no row. */
	noResultsText?: string;
	/** Anchor id of the wrapper, e.g. "top-landing-pages". */
	id?: string;
	isLoading?: boolean;
	/** A search box filtering rows on their first cell. */
	searchable?: boolean;
	searchLabel?: string;
	rowKey?: ( row: Row, index: number ) => string;
	className?: string;
}

type SortState = { key: string; direction: 'ascending' | 'descending' } | null;

function rawValue< Row >(
	column: ReportColumn< Row >,
	row: Row
): string | number | null | undefined {
	if ( column.value ) {
		return column.value( row );
	}
	// Rows are plain objects keyed by column; the column says which member it shows.
	const member = ( row as Record< string, unknown > )[ column.key ];
	return typeof member === 'string' || typeof member === 'number'
		? member
		: null;
}

/**
 * Which page sizes to offer for a number of rows: none up to 10 rows, then 10 and each choice
 * whose predecessor the rows exceed.
 *
 * @param count Number of rows.
 */
export function pageSizesFor( count: number ): Array< number | 'all' > {
	if ( count <= TABLE_PAD_ROWS ) {
		return [];
	}
	return TABLE_PAGE_SIZES.filter( ( size, index ) => {
		const previous = TABLE_PAGE_SIZES[ index - 1 ];
		return (
			previous === undefined ||
			( typeof previous === 'number' && count > previous )
		);
	} );
}

/**
 * The report table in WordPress admin style: optional sorting and search, padded to 10 rows,
 * 10 rows at first with 25, 50 and All on offer when there are more, compare columns, an empty
 * text, and a stacked layout under 783 px.
 *
 * @param props Component props.
 */
export function ReportTable< Row >( props: ReportTableProps< Row > ) {
	const {
		columns,
		rows,
		caption,
		compare,
		emptyText,
		noResultsText,
		id,
		isLoading = false,
		searchable = false,
		searchLabel,
		rowKey,
		className,
	} = props;
	const [ limit, setLimit ] = useState< number | 'all' >( TABLE_PAD_ROWS );
	// A table wider than its card scrolls; the keyboard must reach that region too.
	const [ overflows, setOverflows ] = useState( false );
	const scrollRef = useResizeObserver(
		useCallback( ( entries: ResizeObserverEntry[] ) => {
			const element = entries[ 0 ]?.target;
			if ( element ) {
				setOverflows( element.scrollWidth > element.clientWidth );
			}
		}, [] )
	);
	const [ sort, setSort ] = useState< SortState >( null );
	const [ search, setSearch ] = useState( '' );

	const filtered = useMemo( () => {
		const first = columns[ 0 ];
		const query = search.trim().toLowerCase();
		if ( ! query || ! first ) {
			return rows;
		}
		return rows.filter( ( row ) =>
			String( rawValue( first, row ) ?? '' )
				.toLowerCase()
				.includes( query )
		);
	}, [ rows, columns, search ] );

	const sorted = useMemo( () => {
		const column = sort && columns.find( ( c ) => c.key === sort.key );
		if ( ! sort || ! column ) {
			return filtered;
		}
		const collator = new Intl.Collator( getLocale(), {
			numeric: true,
			sensitivity: 'base',
		} );
		const factor = sort.direction === 'ascending' ? 1 : -1;
		return [ ...filtered ].sort( ( a, b ) => {
			const x = rawValue( column, a );
			const y = rawValue( column, b );
			if ( column.numeric ) {
				const nx = Number( x );
				const ny = Number( y );
				return (
					factor *
					( ( Number.isFinite( nx ) ? nx : -Infinity ) -
						( Number.isFinite( ny ) ? ny : -Infinity ) || 0 )
				);
			}
			return (
				factor *
				collator.compare( String( x ?? '' ), String( y ?? '' ) )
			);
		} );
	}, [ filtered, columns, sort ] );

	const sizes = pageSizesFor( sorted.length );
	const visible = limit === 'all' ? sorted : sorted.slice( 0, limit );
	const padding =
		visible.length > 0 ? Math.max( 0, TABLE_PAD_ROWS - visible.length ) : 0;
	const columnCount = columns.length + ( compare ? 2 : 0 );

	const toggleSort = ( key: string ) =>
		setSort( ( current ) =>
			current?.key === key
				? {
						key,
						direction:
							current.direction === 'ascending'
								? 'descending'
								: 'ascending',
				  }
				: { key, direction: 'ascending' }
		);

	const renderCell = (
		column: ReportColumn< Row >,
		row: Row,
		index: number
	) => {
		if ( column.cell ) {
			return column.cell( row, index );
		}
		const value = rawValue( column, row );
		return typeof value === 'number' ? formatDecimal( value ) : value ?? '';
	};

	let body: ReactNode;
	if ( isLoading ) {
		body = (
			<tr className="is-loading">
				<td colSpan={ columnCount }>
					<Loader />
				</td>
			</tr>
		);
	} else if ( visible.length === 0 ) {
		body = (
			<tr className="is-empty">
				<td colSpan={ columnCount }>
					{ rows.length > 0 && search
						? noResultsText ??
						  __( 'No records found.', 'monsterinsights-reports' )
						: emptyText ?? noDataText() }
				</td>
			</tr>
		);
	} else {
		body = (
			<>
				{ visible.map( ( row, index ) => (
					<tr key={ rowKey ? rowKey( row, index ) : index }>
						{ columns.map( ( column, columnIndex ) => {
							const Cell = columnIndex === 0 ? 'th' : 'td';
							return (
								<Cell
									key={ column.key }
									scope={
										columnIndex === 0 ? 'row' : undefined
									}
									className={ cellClass( column ) }
									data-label={ column.header }
								>
									{ renderCell( column, row, index ) }
								</Cell>
							);
						} ) }
						{ compare && (
							<>
								<td
									className="is-numeric"
									data-label={ compare.header }
								>
									{ compare.value( row ) }
								</td>
								<td
									className="is-numeric"
									data-label={
										compare.changeHeader ??
										__(
											'Change',
											'monsterinsights-reports'
										)
									}
								>
									<Trend
										change={ compare.change( row ) }
										inverse={ compare.inverse }
									/>
								</td>
							</>
						) }
					</tr>
				) ) }
				{ Array.from( { length: padding }, ( _, index ) => (
					<tr
						key={ `pad-${ index }` }
						className="is-padding"
						aria-hidden="true"
					>
						{ Array.from(
							{ length: columnCount },
							( __unused, cell ) => (
								<td key={ cell } />
							)
						) }
					</tr>
				) ) }
			</>
		);
	}

	return (
		<div
			id={ id }
			className={ [ 'monsterinsights-reports-table', className ]
				.filter( Boolean )
				.join( ' ' ) }
		>
			{ searchable && (
				<div className="monsterinsights-reports-table__search">
					<SearchControl
						__nextHasNoMarginBottom
						label={
							searchLabel ??
							__( 'Search', 'monsterinsights-reports' )
						}
						value={ search }
						onChange={ ( value ) => setSearch( value ?? '' ) }
					/>
				</div>
			) }
			<div
				className="monsterinsights-reports-table__scroll"
				ref={ scrollRef }
				{ ...( overflows
					? { tabIndex: 0, role: 'region', 'aria-label': caption }
					: {} ) }
			>
				<table
					className="monsterinsights-reports-table__table widefat striped"
					aria-busy={ isLoading || undefined }
				>
					<caption className="screen-reader-text">
						{ caption }
					</caption>
					<thead>
						<tr>
							{ columns.map( ( column ) => {
								const direction =
									sort?.key === column.key
										? sort.direction
										: undefined;
								return (
									<th
										key={ column.key }
										scope="col"
										className={ cellClass( column ) }
										aria-sort={ direction }
									>
										{ column.sortable ? (
											<button
												type="button"
												className="monsterinsights-reports-table__sort"
												onClick={ () =>
													toggleSort( column.key )
												}
											>
												{ column.header }
												<span
													className={ `monsterinsights-reports-table__sort-icon is-${
														direction ?? 'none'
													}` }
													aria-hidden="true"
												/>
											</button>
										) : (
											column.header
										) }
									</th>
								);
							} ) }
							{ compare && (
								<>
									<th scope="col" className="is-numeric">
										{ compare.header }
									</th>
									<th scope="col" className="is-numeric">
										{ compare.changeHeader ??
											__(
												'Change',
												'monsterinsights-reports'
											) }
									</th>
								</>
							) }
						</tr>
					</thead>
					<tbody>{ body }</tbody>
				</table>
			</div>
			{ ! isLoading && sizes.length > 0 && (
				<div
					className="monsterinsights-reports-table__sizes"
					role="group"
					aria-label={ __(
						'Number of rows to show',
						'monsterinsights-reports'
					) }
				>
					<span aria-hidden="true">
						{ __( 'Show:', 'monsterinsights-reports' ) }
					</span>
					{ sizes.map( ( size ) => (
						<Button
							key={ size }
							size="compact"
							variant={ limit === size ? 'primary' : 'secondary' }
							aria-pressed={ limit === size }
							onClick={ () => setLimit( size ) }
						>
							{ size === 'all'
								? __( 'All', 'monsterinsights-reports' )
								: String( size ) }
						</Button>
					) ) }
				</div>
			) }
		</div>
	);
}

function cellClass< Row >( column: ReportColumn< Row > ): string | undefined {
	return (
		[ column.numeric && 'is-numeric', column.className ]
			.filter( Boolean )
			.join( ' ' ) || undefined
	);
}
