/**
 * The Real-Time report (docs/product-rules.md#real-time, route /real-time): Right Now (active users
 * of the last 5 minutes), page views per minute over the last 30 minutes, Top Pages, Top Referral
 * Traffic Sources (only when there are some), Top Countries and Top Cities.
 *
 * Real time has no date range: the header shows "Last 30 minutes" instead of the date picker, and
 * the screen fetches and refreshes the report itself (useRealtime) rather than by the app's dates.
 * Below the licence it needs, ReportScreen shows this layout with the sample payload under the
 * report's upsell.
 */
import { Notice } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useInstanceId } from '@wordpress/compose';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { ErrorDialog } from '../../components/Dialogs';
import { CountryName } from '../../components/Flag';
import { LineChart } from '../../components/LineChart';
import { Loader } from '../../components/Loader';
import { ReportTable, type ReportColumn } from '../../components/ReportTable';
import { defaultDateQuery } from '../../lib/dates';
import { formatNumber, formatPercent } from '../../lib/format';
import { appStore } from '../../store/app';
import { reportsStore } from '../../store/reports';
import type { RealtimeReport, ReportError } from '../../store/reports/types';
import { ReportScreen, type ReportLayoutState } from '../ReportScreen';
import { useRealtime } from './useRealtime';
import './style.scss';

export { MAX_FAILURES, REFRESH_SECONDS, REALTIME_PATH } from './useRealtime';

type Page = RealtimeReport[ 'toppages' ][ number ];
type Referral = RealtimeReport[ 'referrals' ][ number ];
type Country = RealtimeReport[ 'countries' ][ number ];
type City = RealtimeReport[ 'cities' ][ number ];

/**
 * One small list: a heading and its table.
 *
 * @param props           Component props.
 * @param props.title     The heading.
 * @param props.className A modifier class.
 * @param props.children  The table.
 */
function Card( {
	title,
	className,
	children,
}: {
	title: string;
	className: string;
	children: ReactNode;
} ) {
	return (
		<section
			className={ `monsterinsights-reports-realtime__card monsterinsights-reports-realtime__${ className }` }
		>
			<h2>{ title }</h2>
			{ children }
		</section>
	);
}

/**
 * A small list card: its heading and a table captioned the same.
 *
 * @param props           Component props.
 * @param props.title     The heading and caption.
 * @param props.className A modifier class.
 * @param props.columns   The table's columns.
 * @param props.rows      Its rows.
 * @param props.emptyText The text when there are none; "No traffic currently." by default.
 */
function ListCard< Row >( {
	title,
	className,
	columns,
	rows,
	emptyText = __( 'No traffic currently.', 'monsterinsights-reports' ),
}: {
	title: string;
	className: string;
	columns: Array< ReportColumn< Row > >;
	rows: Row[];
	emptyText?: string;
} ) {
	return (
		<Card title={ title } className={ className }>
			<ReportTable< Row >
				caption={ title }
				columns={ columns }
				rows={ rows }
				emptyText={ emptyText }
			/>
		</Card>
	);
}

/**
 * The report's layout for a payload, real or sample.
 *
 * @param props       Component props.
 * @param props.data  The payload.
 * @param props.state What the shell says about it.
 */
export function RealtimeLayout( {
	data,
	state,
}: {
	data: RealtimeReport;
	state: ReportLayoutState;
} ) {
	const { locale } = state;
	const nowId = useInstanceId(
		RealtimeLayout,
		'monsterinsights-reports-realtime-now'
	);
	const count = ( value: number ) => formatNumber( value, locale, 0 );
	const usersHeader = __( 'Active Users', 'monsterinsights-reports' );
	const graph = data.pageviewsovertime;
	const hasGraph = Boolean( graph && graph.labels.length > 0 );
	// Every list ends with its count, and all but the cities with the count's share.
	const countColumn = < R extends { count: number } >(
		header: string
	): ReportColumn< R > => ( {
		key: 'count',
		header,
		numeric: true,
		cell: ( row ) => count( row.count ),
	} );
	const percentColumn = <
		R extends { percent: number },
	>(): ReportColumn< R > => ( {
		key: 'percent',
		header: __( 'Percent', 'monsterinsights-reports' ),
		numeric: true,
		cell: ( row ) => formatPercent( row.percent, locale ),
	} );

	const pageColumns: Array< ReportColumn< Page > > = [
		{ key: 'title', header: __( 'Page', 'monsterinsights-reports' ) },
		countColumn( __( 'Pageviews', 'monsterinsights-reports' ) ),
		percentColumn(),
	];
	const referralColumns: Array< ReportColumn< Referral > > = [
		{ key: 'source', header: __( 'Source', 'monsterinsights-reports' ) },
		{ key: 'path', header: __( 'Path', 'monsterinsights-reports' ) },
		{
			key: 'campaign',
			header: __( 'Campaign', 'monsterinsights-reports' ),
		},
		countColumn( usersHeader ),
		percentColumn(),
	];
	const countryColumns: Array< ReportColumn< Country > > = [
		{
			key: 'name',
			header: __( 'Country', 'monsterinsights-reports' ),
			cell: ( row ) => (
				<CountryName iso={ row.iso }>{ row.name }</CountryName>
			),
		},
		countColumn( usersHeader ),
		percentColumn(),
	];
	const cityName = ( row: City ) =>
		[ row.city, row.region, row.name ]
			.filter(
				( part, index, parts ) =>
					part !== '' && parts.indexOf( part ) === index
			)
			.join( ', ' );
	const cityColumns: Array< ReportColumn< City > > = [
		{
			key: 'city',
			header: __( 'City', 'monsterinsights-reports' ),
			value: cityName,
			cell: ( row ) => (
				<CountryName iso={ row.iso }>{ cityName( row ) }</CountryName>
			),
		},
		countColumn( usersHeader ),
	];

	const topPages = (
		<ListCard< Page >
			title={ __( 'Top Pages', 'monsterinsights-reports' ) }
			className="pages"
			columns={ pageColumns }
			rows={ data.toppages }
			emptyText={ __(
				'No pageviews currently.',
				'monsterinsights-reports'
			) }
		/>
	);

	return (
		<div className="monsterinsights-reports-realtime">
			<div className="monsterinsights-reports-realtime__top">
				<section
					className="monsterinsights-reports-realtime__card monsterinsights-reports-realtime__now"
					aria-labelledby={ nowId }
				>
					<h2 id={ nowId }>
						{ __( 'Right Now', 'monsterinsights-reports' ) }
					</h2>
					<p
						className="monsterinsights-reports-realtime__now-count"
						data-testid="realtime-now"
					>
						{ count( data.now ) }
					</p>
					<p className="monsterinsights-reports-realtime__now-text">
						{ _n(
							'active user on site',
							'active users on site',
							data.now,
							'monsterinsights-reports'
						) }
					</p>
				</section>
				{ hasGraph ? (
					<Card
						title={ __(
							'Pageviews Per Minute',
							'monsterinsights-reports'
						) }
						className="chart"
					>
						<LineChart
							id="realtime-pageviews"
							label={ __(
								'Pageviews',
								'monsterinsights-reports'
							) }
							labels={ graph.labels }
							datapoints={ graph.datapoints }
							trendpoints={ graph.trendpoints }
							timestamps={ graph.timestamps }
							height={ 240 }
						/>
					</Card>
				) : (
					<div className="monsterinsights-reports-realtime__no-graph">
						<Notice status="info" isDismissible={ false }>
							{ __(
								'The real-time graph of visitors over time is not currently available for this site. Please try again later.',
								'monsterinsights-reports'
							) }
						</Notice>
						{ topPages }
					</div>
				) }
			</div>
			<div className="monsterinsights-reports-realtime__lists">
				{ hasGraph && topPages }
				{ data.referrals.length > 0 && (
					<ListCard< Referral >
						title={ __(
							'Top Referral Traffic Sources',
							'monsterinsights-reports'
						) }
						className="referrals"
						columns={ referralColumns }
						rows={ data.referrals }
						emptyText={ __(
							'No referral traffic currently.',
							'monsterinsights-reports'
						) }
					/>
				) }
				<ListCard< Country >
					title={ __( 'Top Countries', 'monsterinsights-reports' ) }
					className="countries"
					columns={ countryColumns }
					rows={ data.countries }
				/>
				<ListCard< City >
					title={ __( 'Top Cities', 'monsterinsights-reports' ) }
					className="cities"
					columns={ cityColumns }
					rows={ data.cities }
				/>
			</div>
		</div>
	);
}

/**
 * The live report: fetched on load and every minute, with the seconds since the last update, the
 * stop after repeated failures and the 'Real-Time Report Paused' dialog.
 *
 * @param props        Component props.
 * @param props.layout Renders a payload.
 */
function RealtimeBody( {
	layout,
}: {
	layout: ( data: RealtimeReport, state: ReportLayoutState ) => ReactNode;
} ) {
	const { locale, query } = useSelect( ( select ) => {
		const app = select( appStore );
		const boot = app.getBoot();
		return {
			locale: boot?.user.locale ?? 'en_US',
			query:
				app.getDateQuery() ??
				defaultDateQuery( boot?.site.today ?? '' ),
		};
	}, [] );
	const { handleReportError } = useDispatch( reportsStore );
	const { data, error, secondsSinceUpdate, stopped, paused } = useRealtime(
		( failure: ReportError ) =>
			handleReportError( 'realtime', query, failure )
	);
	const [ pausedClosed, setPausedClosed ] = useState( false );

	const refreshing = ! stopped && ! paused;
	let statusText = '';
	if ( secondsSinceUpdate !== null ) {
		statusText = refreshing
			? sprintf(
					/* translators: %d: seconds since the report was last updated. */
					_n(
						'Updated %d second ago. The report refreshes every 60 seconds.',
						'Updated %d seconds ago. The report refreshes every 60 seconds.',
						secondsSinceUpdate,
						'monsterinsights-reports'
					),
					secondsSinceUpdate
			  )
			: sprintf(
					/* translators: %d: seconds since the report was last updated. */
					_n(
						'Updated %d second ago.',
						'Updated %d seconds ago.',
						secondsSinceUpdate,
						'monsterinsights-reports'
					),
					secondsSinceUpdate
			  );
	} else if ( refreshing ) {
		statusText = __(
			'The report refreshes every 60 seconds.',
			'monsterinsights-reports'
		);
	}
	const status = (
		<p
			className="monsterinsights-reports-realtime__status"
			aria-live="polite"
		>
			{ statusText }
		</p>
	);

	let notice: ReactNode = null;
	if ( error && ( stopped ? error.code !== 'upgrade_required' : ! data ) ) {
		notice = (
			<Notice status="error" isDismissible={ false }>
				<p>
					{ stopped
						? __(
								'The real-time report stopped updating after repeated errors. Refresh the page to try again.',
								'monsterinsights-reports'
						  )
						: __(
								'An unknown error has occurred.',
								'monsterinsights-reports'
						  ) }
				</p>
				{ error.message && <p>{ error.message }</p> }
			</Notice>
		);
	}

	return (
		<>
			{ notice }
			{ status }
			{ data
				? layout( data, { demo: false, locale, comparing: false } )
				: ! error && <Loader /> }
			{ paused && ! pausedClosed && (
				<ErrorDialog
					className="monsterinsights-reports-realtime__paused"
					title={ __(
						'Real-Time Report Paused',
						'monsterinsights-reports'
					) }
					text={ __(
						'The real-time report stopped refreshing while this window was in the background. Refresh the page to see the latest visitors.',
						'monsterinsights-reports'
					) }
					confirmLabel={ __(
						'Refresh Page',
						'monsterinsights-reports'
					) }
					onConfirm={ () => window.location.reload() }
					cancelLabel={ __( 'Close', 'monsterinsights-reports' ) }
					onCancel={ () => setPausedClosed( true ) }
				/>
			) }
		</>
	);
}

export function RealtimeScreen() {
	return (
		<ReportScreen< RealtimeReport >
			period={ __( 'Last 30 minutes', 'monsterinsights-reports' ) }
			isEmpty={ () => false }
			live={ ( render ) => <RealtimeBody layout={ render } /> }
		>
			{ ( data, state ) => (
				<RealtimeLayout data={ data } state={ state } />
			) }
		</ReportScreen>
	);
}

export default RealtimeScreen;
