/**
 * The User Journey report (docs/product-rules.md#user-journey, route /user-journey-report): the
 * shop's orders of the range, newest first, 10 a page, each with the pages its visitor saw before
 * buying (title, time on page, when, and the visit's source, medium and campaign). Filters for
 * source, medium and campaign (selects that always have a value: 'All …' is the empty one), a
 * Transaction ID search, 'Filter' and 'Search Journeys' buttons, the date picker, paging, and on
 * small screens rows that expand to their details. The route has no standard navigation: the screen
 * brings its own (JourneyNav).
 *
 * The screen fetches the report itself (ReportScreen's `live`), with the app's dates, the applied
 * filters and the page; a loading notice shows while a search or another page loads. The server's
 * 400 (a module it needs is off, or no shop plugin) blurs the sample and opens the 'Report
 * Unavailable' dialog, whose 'Activate Addon' turns the missing module on (the addons store) and
 * loads the report again. Below pro the sample shows blurred under the upsell (ReportScreen).
 */
import apiFetch from '@wordpress/api-fetch';
import {
	Button,
	Notice,
	SelectControl,
	Spinner,
	TextControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';
import type { ReactNode } from 'react';

import { ErrorDialog } from '../../components/Dialogs';
import { Loader } from '../../components/Loader';
import { Pager } from '../../components/Pager';
import { SafeLink } from '../../components/SafeLink';
import { formatDuration, toLocaleTag } from '../../lib/format';
import { defaultDateQuery } from '../../lib/dates';
import { addonsStore } from '../../store/addons';
import type { AddonKey, AddonsMap } from '../../store/addons/types';
import { appStore } from '../../store/app';
import { reportsStore, requestDates } from '../../store/reports';
import { toReportError } from '../../store/reports/errors';
import { REST_NAMESPACE } from '../../store/reports/query';
import type {
	JourneyFilterParams,
	JourneyItem,
	ReportError,
	UserJourneyReport,
} from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';
import { loadDemo } from '../registry';
import './style.scss';

/** The report's route. */
export const JOURNEY_PATH = `/${ REST_NAMESPACE }/reports/userjourney`;

/** The route of the filters' choices. */
export const JOURNEY_FILTERS_PATH = `${ JOURNEY_PATH }/filter-params`;

/** Orders a page (the server's UserJourney::PER_PAGE). */
export const JOURNEY_PAGE_SIZE = 10;

/** The empty text, word for word. */
export const emptyJourneyText = () =>
	__(
		"No User Journey's matched your filters. Please remove some conditions and try again.",
		'monsterinsights-reports'
	);

/** The modules the report needs, in the order the dialog checks them. */
const NEEDED: AddonKey[] = [ 'user-journey', 'woocommerce' ];

/** Errors the app handles itself (the lock, no data source, the dates). */
const HANDLED_BY_APP = [
	'not_connected',
	'upgrade_required',
	'invalid_date_range',
];

/** The filters of a request. */
export interface JourneyFilters {
	search: string;
	sources: string;
	mediums: string;
	campaigns: string;
}

const NO_FILTERS: JourneyFilters = {
	search: '',
	sources: '',
	mediums: '',
	campaigns: '',
};

/**
 * Text from the server's escaped HTML (the order total): its entities decoded, no markup kept.
 *
 * @param html Escaped text.
 */
export function htmlText( html: string ): string {
	if ( ! /[&<]/.test( html ) ) {
		return html;
	}
	const doc = new window.DOMParser().parseFromString(
		`<!doctype html><body>${ html }`,
		'text/html'
	);
	return doc.body.textContent ?? '';
}

/**
 * A site-time moment (Y-m-d H:i:s) in the user's locale, e.g. "Mar 11, 2025, 10:03 AM".
 *
 * @param moment The moment.
 * @param locale WordPress locale.
 */
export function formatMoment( moment: string, locale: string ): string {
	const date = new Date( `${ moment.replace( ' ', 'T' ) }Z` );
	if ( Number.isNaN( date.getTime() ) ) {
		return moment;
	}
	return new Intl.DateTimeFormat( toLocaleTag( locale ), {
		dateStyle: 'medium',
		timeStyle: 'short',
		timeZone: 'UTC',
	} ).format( date );
}

/**
 * The route's own navigation: back to the eCommerce reports, and where the user is.
 */
function JourneyNav() {
	return (
		<nav
			className="monsterinsights-reports-journey__nav"
			aria-label={ __( 'User Journey', 'monsterinsights-reports' ) }
		>
			<a href="#/">{ __( 'Overview', 'monsterinsights-reports' ) }</a>
			<span aria-hidden="true">›</span>
			<a href="#/ecommerce">
				{ __( 'eCommerce', 'monsterinsights-reports' ) }
			</a>
			<span aria-hidden="true">›</span>
			<span aria-current="page">
				{ __( 'User Journey', 'monsterinsights-reports' ) }
			</span>
		</nav>
	);
}

interface JourneyTableProps {
	data: UserJourneyReport;
	locale: string;
	/** Goes to a page; absent for the sample. */
	onPage?: ( page: number ) => void;
	busy?: boolean;
}

/**
 * The orders with their journeys, and the pager.
 *
 * @param props        Component props.
 * @param props.data   The payload.
 * @param props.locale The user's locale.
 * @param props.onPage Goes to a page.
 * @param props.busy   A page is loading.
 */
export function JourneyTable( {
	data,
	locale,
	onPage,
	busy,
}: JourneyTableProps ) {
	const [ open, setOpen ] = useState< string[] >( [] );
	if ( data.items.length === 0 ) {
		return (
			<p className="monsterinsights-reports-report__empty">
				{ emptyJourneyText() }
			</p>
		);
	}
	const { page, pages } = data.pagination;
	const toggle = ( id: string ) =>
		setOpen( ( current ) =>
			current.includes( id )
				? current.filter( ( other ) => other !== id )
				: [ ...current, id ]
		);
	return (
		<div className="monsterinsights-reports-journey__results">
			<div className="monsterinsights-reports-table__scroll">
				<table
					className="wp-list-table widefat striped monsterinsights-reports-journey__table"
					aria-busy={ busy }
				>
					<caption className="screen-reader-text">
						{ __( 'User Journeys', 'monsterinsights-reports' ) }
					</caption>
					<thead>
						<tr>
							<th scope="col">
								{ __(
									'Transaction ID',
									'monsterinsights-reports'
								) }
							</th>
							<th scope="col" className="is-detail">
								{ __(
									'Purchase Date',
									'monsterinsights-reports'
								) }
							</th>
							<th scope="col" className="is-detail">
								{ __( 'Source', 'monsterinsights-reports' ) }
							</th>
							<th scope="col" className="is-detail">
								{ __( 'Medium', 'monsterinsights-reports' ) }
							</th>
							<th scope="col" className="is-detail">
								{ __( 'Campaign', 'monsterinsights-reports' ) }
							</th>
							<th scope="col">
								{ __(
									'Order Total',
									'monsterinsights-reports'
								) }
							</th>
							<th scope="col" className="is-detail">
								{ __( 'Journey', 'monsterinsights-reports' ) }
							</th>
						</tr>
					</thead>
					<tbody>
						{ data.items.map( ( item ) => (
							<JourneyRow
								key={ item.transaction_id }
								item={ item }
								locale={ locale }
								expanded={ open.includes(
									item.transaction_id
								) }
								onToggle={ () => toggle( item.transaction_id ) }
							/>
						) ) }
					</tbody>
				</table>
			</div>
			<Pager
				className="monsterinsights-reports-journey__pager"
				page={ page }
				pages={ pages }
				onPage={ onPage }
				busy={ busy }
			/>
		</div>
	);
}

interface JourneyRowProps {
	item: JourneyItem;
	locale: string;
	expanded: boolean;
	onToggle: () => void;
}

/**
 * The pages of an order's journey, oldest first.
 *
 * @param props        Component props.
 * @param props.item   The order.
 * @param props.locale The user's locale.
 */
function JourneySteps( {
	item,
	locale,
}: {
	item: JourneyItem;
	locale: string;
} ) {
	if ( item.steps.length === 0 ) {
		return (
			<span className="monsterinsights-reports-journey__nosteps">
				{ __(
					'No pages recorded for this order.',
					'monsterinsights-reports'
				) }
			</span>
		);
	}
	return (
		<ol className="monsterinsights-reports-journey__steps">
			{ item.steps.map( ( step, index ) => (
				<li key={ index }>
					{ step.url ? (
						<SafeLink url={ step.url }>{ step.title }</SafeLink>
					) : (
						<span>{ step.title }</span>
					) }
					<span className="monsterinsights-reports-journey__time">
						{ sprintf(
							/* translators: %s: time on the page, e.g. 1:05. */
							__( 'Time on page: %s', 'monsterinsights-reports' ),
							formatDuration( step.time )
						) }
					</span>
					<time
						className="monsterinsights-reports-journey__when"
						dateTime={ step.date.replace( ' ', 'T' ) }
					>
						{ formatMoment( step.date, locale ) }
					</time>
				</li>
			) ) }
		</ol>
	);
}

/**
 * One order: its cells and its steps; on small screens only its id and total, and a row of its
 * details under it once expanded.
 *
 * @param props          Component props.
 * @param props.item     The order.
 * @param props.locale   The user's locale.
 * @param props.expanded Its details show on small screens.
 * @param props.onToggle Expands or collapses it.
 */
function JourneyRow( { item, locale, expanded, onToggle }: JourneyRowProps ) {
	const none = '—';
	const date = (
		<time dateTime={ item.purchase_date.replace( ' ', 'T' ) }>
			{ formatMoment( item.purchase_date, locale ) }
		</time>
	);
	const details: Array< [ string, ReactNode ] > = [
		[ __( 'Purchase Date', 'monsterinsights-reports' ), date ],
		[ __( 'Source', 'monsterinsights-reports' ), item.utm_source || none ],
		[ __( 'Medium', 'monsterinsights-reports' ), item.utm_medium || none ],
		[
			__( 'Campaign', 'monsterinsights-reports' ),
			item.utm_campaign || none,
		],
	];
	return (
		<>
			{ /* Not WordPress's is-expanded: its list tables show every cell of such a row on small screens. */ }
			<tr className={ expanded ? 'is-open' : undefined }>
				<td className="monsterinsights-reports-journey__id">
					<button
						type="button"
						className="monsterinsights-reports-journey__toggle"
						aria-expanded={ expanded }
						onClick={ onToggle }
					>
						<span className="screen-reader-text">
							{ sprintf(
								/* translators: %s: a transaction ID. */
								__(
									'Details of the order %s',
									'monsterinsights-reports'
								),
								item.transaction_id
							) }
						</span>
						<span aria-hidden="true">{ expanded ? '−' : '+' }</span>
					</button>
					{ item.edit_order_url ? (
						<SafeLink url={ item.edit_order_url }>
							{ item.transaction_id }
						</SafeLink>
					) : (
						item.transaction_id
					) }
				</td>
				{ details.map( ( [ label, value ] ) => (
					<td key={ label } className="is-detail">
						{ value }
					</td>
				) ) }
				<td className="monsterinsights-reports-journey__total">
					{ htmlText( item.order_total ) }
				</td>
				<td className="is-detail">
					<JourneySteps item={ item } locale={ locale } />
				</td>
			</tr>
			{ expanded && (
				<tr className="monsterinsights-reports-journey__details">
					<td colSpan={ 7 }>
						<dl>
							{ details.map( ( [ label, value ] ) => (
								<div key={ label }>
									<dt>{ label }</dt>
									<dd>{ value }</dd>
								</div>
							) ) }
							<div>
								<dt>
									{ __(
										'Journey',
										'monsterinsights-reports'
									) }
								</dt>
								<dd>
									<JourneySteps
										item={ item }
										locale={ locale }
									/>
								</dd>
							</div>
						</dl>
					</td>
				</tr>
			) }
		</>
	);
}

/**
 * The first module the report needs that is off, per the addons map.
 *
 * @param addons The map, once loaded.
 */
function missingAddon( addons: AddonsMap | null | undefined ): AddonKey | null {
	if ( ! addons ) {
		return null;
	}
	return NEEDED.find( ( key ) => ! addons[ key ]?.active ) ?? null;
}

interface UnavailableProps {
	/** The server's error. */
	error: ReportError;
	/** The module was turned on: load again. */
	onActivated: () => void;
	onDismiss: () => void;
}

/**
 * 'Report Unavailable': the module to activate, else the server's message.
 *
 * @param props             Component props.
 * @param props.error       The server's 400.
 * @param props.onActivated Called once the module is on.
 * @param props.onDismiss   Called on Dismiss.
 */
function UnavailableDialog( {
	error,
	onActivated,
	onDismiss,
}: UnavailableProps ) {
	const { addons, saving } = useSelect( ( select ) => {
		const store = select( addonsStore );
		return {
			addons: store.getAddons(),
			saving:
				store.isAddonSaving( 'user-journey' ) ||
				store.isAddonSaving( 'woocommerce' ),
		};
	}, [] );
	const { setAddonActive } = useDispatch( addonsStore );
	const [ failed, setFailed ] = useState( '' );
	if ( ! addons ) {
		return null;
	}
	const missing = missingAddon( addons );
	const title = __( 'Report Unavailable', 'monsterinsights-reports' );
	if ( ! missing ) {
		return (
			<ErrorDialog
				title={ title }
				text={ error.message }
				confirmLabel={ __( 'Dismiss', 'monsterinsights-reports' ) }
				onConfirm={ onDismiss }
			/>
		);
	}
	const name =
		missing === 'woocommerce'
			? __( 'eCommerce', 'monsterinsights-reports' )
			: __( 'User Journey', 'monsterinsights-reports' );
	const activate = async () => {
		setFailed( '' );
		const result = await setAddonActive( missing, true );
		if ( result.success ) {
			onActivated();
		} else {
			setFailed( result.error );
		}
	};
	return (
		<ErrorDialog
			title={ title }
			text={
				<>
					<p>
						{ sprintf(
							/* translators: %s: the addon's name, e.g. eCommerce. */
							__(
								'Please activate the %s addon to view User journey reports.',
								'monsterinsights-reports'
							),
							name
						) }
					</p>
					{ failed && <p role="alert">{ failed }</p> }
				</>
			}
			confirmLabel={
				saving
					? __( 'Activating…', 'monsterinsights-reports' )
					: __( 'Activate Addon', 'monsterinsights-reports' )
			}
			onConfirm={ () => {
				if ( ! saving ) {
					activate();
				}
			} }
			onCancel={ onDismiss }
			cancelLabel={ __( 'Dismiss', 'monsterinsights-reports' ) }
		/>
	);
}

interface FilterFormProps {
	choices: JourneyFilterParams;
	draft: JourneyFilters;
	onChange: ( draft: JourneyFilters ) => void;
	onApply: () => void;
	busy: boolean;
}

/**
 * The three selects with 'Filter', the Transaction ID box with 'Search Journeys'.
 *
 * @param props          Component props.
 * @param props.choices  The selects' values.
 * @param props.draft    What the form holds.
 * @param props.onChange The form changed.
 * @param props.onApply  Apply the form.
 * @param props.busy     A request runs.
 */
function FilterForm( {
	choices,
	draft,
	onChange,
	onApply,
	busy,
}: FilterFormProps ) {
	const options = ( all: string, values: string[] ) => [
		{ label: all, value: '' },
		...values.map( ( value ) => ( { label: value, value } ) ),
	];
	const select = (
		key: 'sources' | 'mediums' | 'campaigns',
		label: string,
		all: string
	) => (
		<SelectControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			label={ label }
			hideLabelFromVision
			value={ draft[ key ] }
			options={ options( all, choices[ key ] ) }
			onChange={ ( value: string ) =>
				onChange( { ...draft, [ key ]: value } )
			}
		/>
	);
	return (
		<div className="monsterinsights-reports-journey__filters">
			<form
				className="monsterinsights-reports-journey__selects"
				onSubmit={ ( event ) => {
					event.preventDefault();
					onApply();
				} }
			>
				{ select(
					'sources',
					__( 'Source', 'monsterinsights-reports' ),
					__( 'All Sources', 'monsterinsights-reports' )
				) }
				{ select(
					'mediums',
					__( 'Medium', 'monsterinsights-reports' ),
					__( 'All Mediums', 'monsterinsights-reports' )
				) }
				{ select(
					'campaigns',
					__( 'Campaign', 'monsterinsights-reports' ),
					__( 'All Campaigns', 'monsterinsights-reports' )
				) }
				<Button variant="primary" type="submit" disabled={ busy }>
					{ __( 'Filter', 'monsterinsights-reports' ) }
				</Button>
			</form>
			<form
				className="monsterinsights-reports-journey__search"
				role="search"
				onSubmit={ ( event ) => {
					event.preventDefault();
					onApply();
				} }
			>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Transaction ID', 'monsterinsights-reports' ) }
					hideLabelFromVision
					placeholder={ __(
						'Transaction ID',
						'monsterinsights-reports'
					) }
					value={ draft.search }
					onChange={ ( value: string ) =>
						onChange( { ...draft, search: value } )
					}
				/>
				<Button variant="secondary" type="submit" disabled={ busy }>
					{ __( 'Search Journeys', 'monsterinsights-reports' ) }
				</Button>
			</form>
		</div>
	);
}

interface LiveProps {
	layout: ( data: UserJourneyReport, locale: string ) => JSX.Element;
}

/**
 * The report with the app's dates, the filters and the page: fetched here.
 *
 * @param props        Component props.
 * @param props.layout Renders a payload (for the blurred sample).
 */
function JourneyLive( { layout }: LiveProps ) {
	const { query, locale } = useSelect( ( select ) => {
		const app = select( appStore );
		const boot = app.getBoot();
		return {
			query:
				app.getDateQuery() ??
				defaultDateQuery( boot?.site.today ?? '' ),
			locale: boot?.user.locale ?? 'en_US',
		};
	}, [] );
	const { handleReportError } = useDispatch( reportsStore );
	const dates = requestDates( query );
	const datesKey = JSON.stringify( dates );
	const [ draft, setDraft ] = useState< JourneyFilters >( NO_FILTERS );
	const [ applied, setApplied ] = useState< JourneyFilters >( NO_FILTERS );
	const [ page, setPage ] = useState( 1 );
	const [ reload, setReload ] = useState( 0 );
	const [ data, setData ] = useState< UserJourneyReport | null >( null );
	const [ busy, setBusy ] = useState( true );
	const [ error, setError ] = useState< ReportError | null >( null );
	const [ dialog, setDialog ] = useState( false );
	const [ sample, setSample ] = useState< UserJourneyReport | null >( null );
	const [ choices, setChoices ] = useState< JourneyFilterParams >( {
		campaigns: [],
		mediums: [],
		sources: [],
	} );
	const request = useRef( 0 );

	// New dates start again from the first page.
	useEffect( () => setPage( 1 ), [ datesKey ] );

	useEffect( () => {
		const id = ++request.current;
		setBusy( true );
		apiFetch< UserJourneyReport >( {
			path: addQueryArgs( JOURNEY_PATH, {
				...JSON.parse( datesKey ),
				...applied,
				page,
			} ),
		} ).then(
			( payload ) => {
				if ( id === request.current ) {
					setData( payload );
					setError( null );
					setBusy( false );
				}
			},
			( failure: unknown ) => {
				if ( id !== request.current ) {
					return;
				}
				const reportError = toReportError( failure );
				setBusy( false );
				setError( reportError );
				setDialog( reportError.status === 400 );
				if ( HANDLED_BY_APP.includes( reportError.code ) ) {
					handleReportError( 'userjourney', query, reportError );
				}
			}
		);
		// The query object is read only with its dates (datesKey).
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ datesKey, applied, page, reload ] );

	// The filters' choices, once the report answers.
	const answered = data !== null;
	useEffect( () => {
		if ( ! answered ) {
			return;
		}
		apiFetch< JourneyFilterParams >( { path: JOURNEY_FILTERS_PATH } ).then(
			setChoices,
			() => {}
		);
	}, [ answered, reload ] );

	// The blurred sample behind the 400 dialog.
	const unavailable = error?.status === 400;
	useEffect( () => {
		if ( unavailable && ! sample ) {
			loadDemo( 'userjourney' ).then(
				( module ) => setSample( module.payload as UserJourneyReport ),
				() => {}
			);
		}
	}, [ unavailable, sample ] );

	if ( unavailable ) {
		return (
			<>
				<div
					className="monsterinsights-reports-journey__blurred"
					aria-hidden="true"
					ref={ ( element ) => element?.setAttribute( 'inert', '' ) }
				>
					{ sample ? layout( sample, locale ) : <Loader /> }
				</div>
				{ dialog && error && (
					<UnavailableDialog
						error={ error }
						onActivated={ () => {
							setDialog( false );
							setError( null );
							setReload( ( n ) => n + 1 );
						} }
						onDismiss={ () => setDialog( false ) }
					/>
				) }
			</>
		);
	}
	if ( error && ! data ) {
		return HANDLED_BY_APP.includes( error.code ) ? null : (
			<Notice status="error" isDismissible={ false }>
				<p>
					{ __(
						'An unknown error has occurred.',
						'monsterinsights-reports'
					) }
				</p>
				{ error.message && <p>{ error.message }</p> }
			</Notice>
		);
	}
	if ( ! data ) {
		return <Loader />;
	}
	const apply = () => {
		setApplied( { ...draft, search: draft.search.trim() } );
		setPage( 1 );
	};
	return (
		<div className="monsterinsights-reports-journey">
			<FilterForm
				choices={ choices }
				draft={ draft }
				onChange={ setDraft }
				onApply={ apply }
				busy={ busy }
			/>
			{ busy && (
				<div
					className="monsterinsights-reports-journey__loading"
					role="status"
				>
					<Spinner />
					{ __( 'Loading journeys…', 'monsterinsights-reports' ) }
				</div>
			) }
			{ error && (
				<Notice status="error" isDismissible={ false }>
					<p>{ error.message }</p>
				</Notice>
			) }
			<JourneyTable
				data={ data }
				locale={ locale }
				onPage={ setPage }
				busy={ busy }
			/>
		</div>
	);
}

export function UserJourneyScreen() {
	return (
		<>
			<JourneyNav />
			<ReportScreen< UserJourneyReport >
				isEmpty={ () => false }
				live={ ( layout ) => (
					<JourneyLive
						layout={ ( data, locale ) => (
							<>
								{ layout( data, {
									demo: true,
									locale,
									comparing: false,
								} ) }
							</>
						) }
					/>
				) }
			>
				{ ( data, state ) => (
					<JourneyTable data={ data } locale={ state.locale } />
				) }
			</ReportScreen>
		</>
	);
}

export default UserJourneyScreen;
