/**
 * The report table's paged form: a table of a report payload (a TablePage) on DataViews
 * (`@wordpress/dataviews`), with the table rules (docs/product-rules.md#tables): server-side search
 * on the first column, sorting, paging by 10 with padding to 10 rows and an items-per-page choice,
 * expandable rows, a link on the first cell, empty and error texts, and a 'Download CSV' link for
 * every row matching the search in the chosen order. The payload carries the first page; the
 * reports store fetches the others (useTablePage). A sample pages itself.
 *
 * DataViews is bundled (WordPress has no wp.dataviews global): this module is only reached from
 * lazily loaded report screens, never from the initial bundle. The Overview's short lists use the
 * light form of the same table (./index.tsx) for that reason.
 */
import { Button, Notice } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { DataViews, type Field, type View } from '@wordpress/dataviews';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import {
	formatDuration,
	formatMoney,
	formatNumber,
	formatPercent,
	isInverse,
	SAMPLE_CURRENCY,
	type MoneyCurrency,
} from '../../lib/format';
import { appStore } from '../../store/app';
import { safeUrl } from '../../lib/safeUrl';
import { useTablePage } from '../../store/reports/hooks';
import type {
	SortOrder,
	TableColumn,
	TablePage,
	TableRow,
} from '../../types/reports';
import { HelpTip } from '../HelpTip';
import { fullReportLink } from '../report/FullReportLink';
import { useReportContext, type ReportDates } from '../report/context';
import { Trend } from '../Trend';
import {
	csvUrl,
	localPage,
	noDataText,
	PAD_ROWS,
	type TableParams,
} from './table';
import './DataTable.scss';

export interface DataTableProps {
	/** The table's id in the payload and in the tables route. */
	table: string;
	/** The table's first page, from the report payload. */
	page: TablePage;
	/** The table's heading. */
	title?: string;
	/** A help tooltip beside the heading. */
	help?: string;
	/** A line under the heading, e.g. what the table counts. */
	description?: string;
	/** Column ids whose `change` is good when it falls (bounce rate and the like). */
	inverse?: readonly string[];
	/** Shown when no row matches; 'No data to show' by default. */
	emptyText?: string;
	/** Shown when a page fails to load; 'An unknown error has occurred.' by default. */
	errorText?: string;
	/** Decorates a row's first cell, e.g. with a flag or an icon; the cell's text by default. */
	decorate?: ( row: TableRow, content: ReactNode ) => ReactNode;
	/** The source's own view of the table (the payload's `galinks`); a button under it when set. */
	link?: string;
	/** The link's button text. */
	linkText?: string;
}

/** A DataViews item: a row, a child row of an expanded row, or a padding row. */
interface Item {
	id: string;
	row: TableRow | null;
	/** 0 for a row, 1 for a child row. */
	level: number;
	/** Child rows, for the toggle. */
	expandable: boolean;
}

/**
 * The request parameters of a view.
 *
 * @param view  The DataViews view.
 * @param first The first column's id (the default order when the view has none).
 */
function paramsOf( view: View, first: string ): TableParams {
	return {
		search: view.search ?? '',
		orderby: view.sort?.field ?? first,
		order: view.sort?.direction === 'asc' ? 'asc' : 'desc',
		page: view.page ?? 1,
		per_page: view.perPage ?? PAD_ROWS,
	};
}

/**
 * The view a table page stands for.
 *
 * @param page The page.
 */
function viewOf( page: TablePage ): View {
	return {
		type: 'table',
		search: page.search,
		sort: { field: page.orderby, direction: page.order },
		page: page.page,
		perPage: page.per_page,
		fields: page.columns.map( ( column ) => column.id ),
		layout: {},
	};
}

/**
 * A cell's text or element for its column's type, in the user's locale.
 *
 * @param column   The column.
 * @param value    The value.
 * @param locale   WordPress locale.
 * @param inverse  Column ids whose falls are good.
 * @param currency The currency of money columns.
 */
export function cellContent(
	column: TableColumn,
	value: TableRow[ string ],
	locale: string,
	inverse: readonly string[],
	currency: MoneyCurrency = SAMPLE_CURRENCY
) {
	if ( column.type === 'change' ) {
		return (
			<Trend
				change={ typeof value === 'number' ? value : null }
				inverse={
					inverse.includes( column.id ) || isInverse( column.id )
				}
			/>
		);
	}
	if ( value === null || value === undefined || Array.isArray( value ) ) {
		return '';
	}
	if ( typeof value !== 'number' ) {
		const href = column.type === 'url' ? safeUrl( value ) : undefined;
		if ( href ) {
			return (
				<a href={ href } target="_blank" rel="noreferrer">
					{ value }
				</a>
			);
		}
		return value;
	}
	switch ( column.type ) {
		case 'percent':
			return formatPercent( value, locale );
		case 'duration':
			return formatDuration( value );
		case 'money':
			return formatMoney( value, currency, locale );
		default:
			return formatNumber( value, locale );
	}
}

export interface TableCardProps {
	/** The heading; also the card's accessible name. */
	title?: string;
	/** A help tooltip beside the heading. */
	help?: string;
	/** A line under the header. */
	description?: string;
	/** The header's end: the table's 'Download CSV' link. */
	action?: ReactNode;
	/** Under the content: a link on (left out of the PDF). */
	footer?: ReactNode;
	children: ReactNode;
}

/**
 * The card of a report table, the same on every report: a header with the heading (and its help
 * tooltip) at the start and the CSV link at the end, always on the right, then the content.
 *
 * @param props             Component props.
 * @param props.title       The heading.
 * @param props.help        The heading's help tooltip.
 * @param props.description A line under the header.
 * @param props.action      The header's end.
 * @param props.footer      Under the content.
 * @param props.children    The content.
 */
export function TableCard( {
	title,
	help,
	description,
	action,
	footer,
	children,
}: TableCardProps ) {
	return (
		<section
			className="monsterinsights-reports-data-table"
			aria-label={ title }
		>
			<div className="monsterinsights-reports-data-table__header">
				{ title && (
					<h2>
						<span>{ title }</span>
						{ help && (
							<HelpTip
								title={ title }
								help={ help }
								className="monsterinsights-reports-data-table__help"
							/>
						) }
					</h2>
				) }
				{ action }
			</div>
			{ description && (
				<p className="monsterinsights-reports-data-table__description">
					{ description }
				</p>
			) }
			{ children }
			{ footer && (
				<div
					className="monsterinsights-reports-data-table__footer"
					data-pdf-exclude
				>
					{ footer }
				</div>
			) }
		</section>
	);
}

/**
 * The table: its heading, the CSV link and the DataViews table of the current page.
 *
 * @param props Component props.
 */
export function DataTable( props: DataTableProps ) {
	const context = useReportContext();
	// A new payload (new dates) starts the table over from its first page.
	const key = JSON.stringify( [
		context.report,
		props.table,
		context.dates,
		props.page.orderby,
		props.page.order,
		props.page.search,
	] );
	return <DataTableView key={ key } { ...props } />;
}

function DataTableView( {
	table,
	page,
	title,
	help,
	description,
	inverse = [],
	emptyText,
	errorText,
	decorate,
	link,
	linkText,
}: DataTableProps ) {
	const { report, dates, locale, restRoot, nonce, demo } = useReportContext();
	// Money in the shop's currency; a sample on a site without a shop in the sample currency.
	const currency = useSelect(
		( select ) => select( appStore ).getShop()?.currency ?? SAMPLE_CURRENCY,
		[]
	);
	const columns = page.columns;
	const first = columns[ 0 ]?.id ?? '';
	const [ view, setView ] = useState< View >( () => viewOf( page ) );
	const [ expanded, setExpanded ] = useState< ReadonlySet< string > >(
		() => new Set()
	);

	const params = paramsOf( view, first );
	// The payload's own page needs no request, and a sample pages itself.
	const ownPage =
		demo ||
		JSON.stringify( params ) ===
			JSON.stringify( paramsOf( viewOf( page ), first ) );
	const {
		page: answer,
		loading,
		failed,
	} = useTablePage( ownPage ? null : { report, table, dates, params } );
	// The page shown: the payload's, else the answer; while the next page loads, or when it
	// fails, the one shown last.
	const [ last, setLast ] = useState< TablePage >( page );
	const current = ownPage ? page : answer ?? last;
	useEffect( () => setLast( current ), [ current ] );

	// A sample holds every row: search, sort and page it here with the server's rules.
	const shown = demo
		? localPage( page.rows, columns, params )
		: { rows: current.rows, total: current.total };

	const items = useMemo( () => {
		const list: Item[] = [];
		shown.rows.forEach( ( row, index ) => {
			const id = `${ index }:${ String( row[ first ] ?? '' ) }`;
			const children = Array.isArray( row.children ) ? row.children : [];
			list.push( {
				id,
				row,
				level: 0,
				expandable: children.length > 0,
			} );
			if ( expanded.has( id ) ) {
				children.forEach( ( child, c ) =>
					list.push( {
						id: `${ id }/${ c }`,
						row: child,
						level: 1,
						expandable: false,
					} )
				);
			}
		} );
		if ( list.length > 0 ) {
			for ( let pad = shown.rows.length; pad < PAD_ROWS; pad++ ) {
				list.push( {
					id: `pad-${ pad }`,
					row: null,
					level: 0,
					expandable: false,
				} );
			}
		}
		return list;
	}, [ shown.rows, expanded, first ] );

	const fields = useMemo(
		(): Array< Field< Item > > =>
			columns.map( ( column, index ) => ( {
				id: column.id,
				label: column.label,
				enableSorting: column.sortable,
				enableHiding: false,
				getValue: ( { item } ) => item.row?.[ column.id ] ?? null,
				render: ( { item } ) => {
					if ( ! item.row ) {
						return null;
					}
					const content = cellContent(
						column,
						item.row[ column.id ],
						locale,
						inverse,
						currency
					);
					if ( index > 0 ) {
						return <>{ content }</>;
					}
					return (
						<FirstCell
							item={ item }
							content={
								decorate
									? decorate( item.row, content )
									: content
							}
							expanded={ expanded.has( item.id ) }
							onToggle={ () =>
								setExpanded( ( was ) => {
									const next = new Set( was );
									if ( next.has( item.id ) ) {
										next.delete( item.id );
									} else {
										next.add( item.id );
									}
									return next;
								} )
							}
						/>
					);
				},
			} ) ),
		[ columns, locale, inverse, currency, expanded, decorate ]
	);

	const onChangeView = ( next: View ) => {
		const nextParams = paramsOf( next, first );
		// A new search, order or page size starts at the first page.
		const restart =
			nextParams.search !== params.search ||
			nextParams.orderby !== params.orderby ||
			nextParams.order !== params.order ||
			nextParams.per_page !== params.per_page;
		setExpanded( new Set() );
		setView( {
			...next,
			fields: columns.map( ( column ) => column.id ),
			page: restart ? 1 : next.page,
		} );
	};

	const perPage = params.per_page;
	const csv = csvUrl( restRoot, nonce, report, table, dates, params );

	return (
		<TableCard
			title={ title }
			help={ help }
			description={ description }
			footer={ fullReportLink( link, linkText ?? '' ) }
			action={
				! demo && (
					<Button
						variant="secondary"
						href={ csv }
						download
						className="monsterinsights-reports-data-table__csv"
						data-pdf-exclude
					>
						{ __( 'Download CSV', 'monsterinsights-reports' ) }
					</Button>
				)
			}
		>
			{ failed && (
				<Notice status="error" isDismissible={ false }>
					{ errorText ??
						__(
							'An unknown error has occurred.',
							'monsterinsights-reports'
						) }
				</Notice>
			) }
			<DataViews< Item >
				data={ items }
				fields={ fields }
				view={ view }
				onChangeView={ onChangeView }
				getItemId={ ( item ) => item.id }
				isLoading={ loading }
				paginationInfo={ {
					totalItems: shown.total,
					totalPages: Math.ceil( shown.total / perPage ),
				} }
				defaultLayouts={ { table: {} } }
				searchLabel={ sprintf(
					/* translators: %s: the first column's label, e.g. "Page Path". */
					__( 'Search %s', 'monsterinsights-reports' ),
					columns[ 0 ]?.label ?? ''
				) }
			/>
			{ ! failed && shown.total === 0 && (
				<p className="monsterinsights-reports-data-table__empty">
					{ emptyText ?? noDataText() }
				</p>
			) }
		</TableCard>
	);
}

/**
 * The first cell: the row's toggle when it has child rows, its link when it has a url.
 *
 * @param props          Component props.
 * @param props.item     The item.
 * @param props.content  The cell's content.
 * @param props.expanded Whether its child rows show.
 * @param props.onToggle Shows or hides its child rows.
 */
function FirstCell( {
	item,
	content,
	expanded,
	onToggle,
}: {
	item: Item;
	content: ReactNode;
	expanded: boolean;
	onToggle: () => void;
} ) {
	const url = safeUrl( item.row?.url );
	const body = url ? (
		<a href={ url } target="_blank" rel="noreferrer">
			{ content }
		</a>
	) : (
		content
	);
	return (
		<span
			className={
				'monsterinsights-reports-data-table__first' +
				( item.level > 0 ? ' is-child' : '' )
			}
		>
			{ item.expandable && (
				<Button
					size="small"
					className="monsterinsights-reports-data-table__toggle"
					aria-expanded={ expanded }
					icon={ expanded ? 'arrow-down-alt2' : 'arrow-right-alt2' }
					label={
						expanded
							? __( 'Hide details', 'monsterinsights-reports' )
							: __( 'Show details', 'monsterinsights-reports' )
					}
					onClick={ onToggle }
				/>
			) }
			{ body }
		</span>
	);
}

export type { ReportDates, SortOrder };
