/**
 * The Exceptions report (docs/product-rules.md#exceptions, route /exceptions): a table of the days
 * on which a series of the site left its usual range — Category, Time, Recurring, Description and
 * a delete action (with a confirmation) — newest first, with an items-per-page selector (20, 50,
 * 100, 200, 500) and pagination when there is more than one page. Below the agency licence the same
 * table shows the sample payload blurred under the upsell (ReportScreen), with nothing fetched and
 * nothing deletable.
 *
 * The first page comes with the report (the reports store); other pages, other page sizes and the
 * page after a deletion are fetched here with the report's dates.
 */
import apiFetch from '@wordpress/api-fetch';
import { Button, Notice, SelectControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';

import { ErrorDialog } from '../../components/Dialogs';
import { useReportContext } from '../../components/report/context';
import { toLocaleTag } from '../../lib/format';
import { appStore } from '../../store/app';
import { reportsStore } from '../../store/reports';
import { REST_NAMESPACE } from '../../store/reports/query';
import type { ExceptionRow, ExceptionsReport } from '../../store/reports/types';
import {
	categoryLabel,
	columnHeadings,
	recurringLabel,
} from '../../store/reports/exceptionLabels';
import { ReportScreen } from '../ReportScreen';
import './style.scss';

/** Items a page the user can choose (the server's enum; the first is the default). */
export const PER_PAGE_CHOICES = [ 20, 50, 100, 200, 500 ] as const;

/** The report's route. */
export const EXCEPTIONS_PATH = `/${ REST_NAMESPACE }/reports/exceptions`;

/**
 * The delete route of an exception.
 *
 * @param id The exception's id.
 */
export const deletePath = ( id: number ) =>
	`/${ REST_NAMESPACE }/exceptions/${ id }`;

/**
 * A day (Y-m-d) in the user's locale, e.g. "Mar 11, 2025".
 *
 * @param day    The day.
 * @param locale WordPress locale.
 */
export function formatDay( day: string, locale: string ): string {
	const date = new Date( `${ day }T00:00:00Z` );
	if ( Number.isNaN( date.getTime() ) ) {
		return day;
	}
	return new Intl.DateTimeFormat( toLocaleTag( locale ), {
		dateStyle: 'medium',
		timeZone: 'UTC',
	} ).format( date );
}

/** The empty text of the report. */
const emptyText = () =>
	__( 'No data currently for the report.', 'monsterinsights-reports' );

/** What a source that does not detect exceptions shows instead (both the built-in and the Google source detect them). */
const notDetectedText = () =>
	__(
		'The active data source does not find exceptions, so none are listed.',
		'monsterinsights-reports'
	);

export function ExceptionsScreen() {
	return (
		<ReportScreen< ExceptionsReport >
			emptyText={ emptyText() }
			isEmpty={ ( data ) =>
				data.pagination.total === 0 && data.detects !== false
			}
		>
			{ ( data, state ) => (
				<ExceptionsTable first={ data } locale={ state.locale } />
			) }
		</ReportScreen>
	);
}

interface ExceptionsTableProps {
	/** The report's first page, as the store has it (or the sample). */
	first: ExceptionsReport;
	locale: string;
}

/**
 * The table with its page size selector, pagination and delete actions.
 *
 * @param props        Component props.
 * @param props.first  The first page.
 * @param props.locale The user's locale.
 */
function ExceptionsTable( { first, locale }: ExceptionsTableProps ) {
	const context = useReportContext();
	const { invalidateReport } = useDispatch( reportsStore );
	// Deleting hides an exception from everyone: only a user who may change settings can.
	const canDelete = useSelect(
		( select ) => select( appStore ).userCan( 'saveSettings' ),
		[]
	);
	const [ shown, setShown ] = useState< ExceptionsReport >( first );
	const [ deleting, setDeleting ] = useState< ExceptionRow | null >( null );
	const [ error, setError ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const datesKey = JSON.stringify( context.dates );
	const request = useRef( 0 );
	const shownDates = useRef( datesKey );

	// New dates start again from the first page; a refreshed first page (the store fetched it
	// again) replaces the first page only, not another page the user went to.
	useEffect( () => {
		const newDates = shownDates.current !== datesKey;
		shownDates.current = datesKey;
		setShown( ( current ) =>
			newDates ||
			( current.pagination.page === 1 &&
				current.pagination.per_page === first.pagination.per_page )
				? first
				: current
		);
	}, [ first, datesKey ] );

	/**
	 * Fetches a page of the report for its dates.
	 *
	 * @param page    Page, from 1.
	 * @param perPage Items a page.
	 */
	const load = async ( page: number, perPage: number ) => {
		const id = ++request.current;
		setBusy( true );
		setError( '' );
		try {
			const next = await apiFetch< ExceptionsReport >( {
				path: addQueryArgs( EXCEPTIONS_PATH, {
					...context.dates,
					page,
					per_page: perPage,
				} ),
			} );
			if ( id !== request.current ) {
				return;
			}
			// A page emptied by a deletion: show the last page that has items.
			if (
				next.items.length === 0 &&
				page > 1 &&
				next.pagination.pages > 0
			) {
				await load( next.pagination.pages, perPage );
				return;
			}
			setShown( next );
		} catch ( failure ) {
			if ( id === request.current ) {
				setError( messageOf( failure ) );
			}
		} finally {
			if ( id === request.current ) {
				setBusy( false );
			}
		}
	};

	const onConfirmDelete = async () => {
		const row = deleting;
		setDeleting( null );
		if ( ! row ) {
			return;
		}
		try {
			await apiFetch( { path: deletePath( row.id ), method: 'DELETE' } );
		} catch ( failure ) {
			setError( messageOf( failure ) );
			return;
		}
		// Other date ranges the store holds may list it too.
		invalidateReport( 'exceptions' );
		await load( shown.pagination.page, shown.pagination.per_page );
	};

	const { page, pages, per_page: perPage, total } = shown.pagination;

	if ( total === 0 ) {
		return (
			<p className="monsterinsights-reports-report__empty">
				{ shown.detects === false ? notDetectedText() : emptyText() }
			</p>
		);
	}

	return (
		<section className="monsterinsights-reports-exceptions">
			<h2 className="monsterinsights-reports-exceptions__title">
				{ __( 'Exceptions', 'monsterinsights-reports' ) }
			</h2>
			{ error && (
				<Notice status="error" isDismissible={ false }>
					<p>{ error }</p>
				</Notice>
			) }
			<div className="monsterinsights-reports-table__scroll">
				<table
					className="wp-list-table widefat striped monsterinsights-reports-exceptions__table"
					aria-busy={ busy }
				>
					<caption className="screen-reader-text">
						{ __( 'Exceptions', 'monsterinsights-reports' ) }
					</caption>
					<thead>
						<tr>
							{ [
								...columnHeadings(),
								__( 'Action', 'monsterinsights-reports' ),
							].map( ( heading ) => (
								<th key={ heading } scope="col">
									{ heading }
								</th>
							) ) }
						</tr>
					</thead>
					<tbody>
						{ shown.items.map( ( row ) => (
							<tr key={ row.id }>
								<td>{ categoryLabel( row.category ) }</td>
								<td>
									<time dateTime={ row.time }>
										{ formatDay( row.time, locale ) }
									</time>
								</td>
								<td>{ recurringLabel( row.recurring ) }</td>
								<td>{ row.description }</td>
								<td>
									<Button
										variant="link"
										isDestructive
										disabled={
											context.demo || busy || ! canDelete
										}
										label={ sprintf(
											/* translators: %s: an exception's description. */
											__(
												'Delete the exception: %s',
												'monsterinsights-reports'
											),
											row.description
										) }
										onClick={ () => setDeleting( row ) }
									>
										{ __(
											'Delete',
											'monsterinsights-reports'
										) }
									</Button>
								</td>
							</tr>
						) ) }
					</tbody>
				</table>
			</div>
			<div className="monsterinsights-reports-exceptions__footer">
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Items per page', 'monsterinsights-reports' ) }
					value={ String( perPage ) }
					disabled={ context.demo || busy }
					options={ PER_PAGE_CHOICES.map( ( choice ) => ( {
						value: String( choice ),
						label: String( choice ),
					} ) ) }
					onChange={ ( value: string ) => load( 1, Number( value ) ) }
				/>
				{ pages > 1 && (
					<nav
						className="monsterinsights-reports-exceptions__pages"
						aria-label={ __(
							'Exceptions pages',
							'monsterinsights-reports'
						) }
					>
						<Button
							variant="secondary"
							disabled={ page <= 1 || busy || context.demo }
							onClick={ () => load( page - 1, perPage ) }
						>
							{ __( 'Previous page', 'monsterinsights-reports' ) }
						</Button>
						<span className="monsterinsights-reports-exceptions__page">
							{ sprintf(
								/* translators: 1: the current page, 2: the number of pages. */
								__(
									'Page %1$d of %2$d',
									'monsterinsights-reports'
								),
								page,
								pages
							) }
						</span>
						<Button
							variant="secondary"
							disabled={ page >= pages || busy || context.demo }
							onClick={ () => load( page + 1, perPage ) }
						>
							{ __( 'Next page', 'monsterinsights-reports' ) }
						</Button>
					</nav>
				) }
			</div>
			{ deleting && (
				<ErrorDialog
					title={ __(
						'Delete Exception',
						'monsterinsights-reports'
					) }
					text={ sprintf(
						/* translators: %s: an exception's description. */
						__(
							'Delete this exception? It will not be shown again: %s',
							'monsterinsights-reports'
						),
						deleting.description
					) }
					confirmLabel={ __( 'Delete', 'monsterinsights-reports' ) }
					onConfirm={ onConfirmDelete }
					onCancel={ () => setDeleting( null ) }
				/>
			) }
		</section>
	);
}

/**
 * The message of a failed request (a WP_Error body), else the unknown error
 * (docs/product-rules.md#empty-states-and-errors).
 *
 * @param failure What api-fetch threw.
 */
function messageOf( failure: unknown ): string {
	if (
		typeof failure === 'object' &&
		failure !== null &&
		'message' in failure &&
		typeof failure.message === 'string' &&
		failure.message !== ''
	) {
		return failure.message;
	}
	return __( 'An unknown error has occurred.', 'monsterinsights-reports' );
}

export default ExceptionsScreen;
