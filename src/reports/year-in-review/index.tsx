/**
 * The Year in Review (docs/product-rules.md#year-in-review; route /year-in-review):
 * the previous calendar year of the site — Audience (users, sessions, page views and session
 * duration with the year before's, users by month with the best month, top countries),
 * Demographics (only when the payload has age and gender: the google source), Behavior (top pages,
 * device cards), referrals with their favicons, a thank-you line and a footer. The year is fixed,
 * so the header shows it instead of the date picker; the PDF export stays. While the source has no
 * session of the year yet (`is_enabled` false) the screen says the report is still calculating,
 * with a link back to the Overview.
 */
import { useInstanceId } from '@wordpress/compose';
import { useSelect } from '@wordpress/data';
import { useContext } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';

import { CountryName } from '../../components/Flag';
import { InfoBox } from '../../components/InfoBox';
import { LineChart } from '../../components/LineChart';
import { SafeLink } from '../../components/SafeLink';
import { FaviconCell } from '../../components/ReportTable/FaviconCell';
import { formatRangeText } from '../../lib/dates';
import { formatDuration, formatNumber, formatPercent } from '../../lib/format';
import { buildHash } from '../../lib/hash';
import { appStore } from '../../store/app';
import type {
	YearInReviewReport,
	YearInReviewValue,
} from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';
import { RouteContextContext } from '../registry';
import './style.scss';

/** Rows a list box shows. */
export const LIST_BOX_ROWS = 5;

/**
 * The change from the year before in percent (2 decimals); null when the year before had none.
 *
 * @param figure The figure and the year before's.
 */
export function yearChange( figure: YearInReviewValue ): number | null {
	if ( ! figure.prev ) {
		return null;
	}
	return (
		Math.round( ( ( figure.value - figure.prev ) / figure.prev ) * 10000 ) /
		100
	);
}

/** A column of a list box. */
interface ListColumn< Row > {
	header: string;
	cell: ( row: Row ) => ReactNode;
	numeric?: boolean;
}

interface ListBoxProps< Row > {
	title: string;
	columns: Array< ListColumn< Row > >;
	rows: Row[];
	/** Shown when there are no rows. */
	emptyText: string;
}

/**
 * A titled table of the first five rows.
 *
 * @param props           Component props.
 * @param props.title     The heading.
 * @param props.columns   The columns.
 * @param props.rows      The rows; the first five show.
 * @param props.emptyText Shown without rows.
 */
function ListBox< Row >( {
	title,
	columns,
	rows,
	emptyText,
}: ListBoxProps< Row > ) {
	const id = useInstanceId( ListBox, 'monsterinsights-reports-yir-list' );
	return (
		<section
			className="monsterinsights-reports-yir__list-box"
			aria-labelledby={ id }
		>
			<h3 id={ id } className="monsterinsights-reports-yir__box-title">
				{ title }
			</h3>
			{ rows.length === 0 ? (
				<p className="monsterinsights-reports-yir__empty">
					{ emptyText }
				</p>
			) : (
				<table
					className="monsterinsights-reports-yir__table"
					aria-labelledby={ id }
				>
					<thead>
						<tr>
							{ columns.map( ( column ) => (
								<th
									key={ column.header }
									scope="col"
									className={
										column.numeric
											? 'is-numeric'
											: undefined
									}
								>
									{ column.header }
								</th>
							) ) }
						</tr>
					</thead>
					<tbody>
						{ rows
							.slice( 0, LIST_BOX_ROWS )
							.map( ( row, index ) => (
								<tr key={ index }>
									{ columns.map( ( column ) => (
										<td
											key={ column.header }
											className={
												column.numeric
													? 'is-numeric'
													: undefined
											}
										>
											{ column.cell( row ) }
										</td>
									) ) }
								</tr>
							) ) }
					</tbody>
				</table>
			) }
		</section>
	);
}

/**
 * A section with its heading.
 *
 * @param props          Component props.
 * @param props.title    The heading.
 * @param props.children The content.
 * @param props.name     A modifier of the class name.
 */
function Section( {
	title,
	name,
	children,
}: {
	title: string;
	name: string;
	children: ReactNode;
} ) {
	const id = useInstanceId( Section, 'monsterinsights-reports-yir-section' );
	return (
		<section
			className={ `monsterinsights-reports-yir__section monsterinsights-reports-yir__section--${ name }` }
			aria-labelledby={ id }
		>
			<h2 id={ id } className="monsterinsights-reports-yir__heading">
				{ title }
			</h2>
			{ children }
		</section>
	);
}

/**
 * The calculating message, with the back link to the Overview
 * (docs/product-rules.md#year-in-review).
 *
 * @param props      Component props.
 * @param props.year The report year.
 */
export function Calculating( { year }: { year: number } ) {
	const dateQuery = useSelect(
		( select ) => select( appStore ).getDateQuery(),
		[]
	);
	return (
		<div className="monsterinsights-reports-calculating">
			<p>
				{ sprintf(
					/* translators: %s: the year the report looks back on, e.g. 2025. */
					__(
						'Your %s Year in Review is still calculating. Please check back later to see how your website performed last year.',
						'monsterinsights-reports'
					),
					String( year )
				) }
			</p>
			<a href={ buildHash( '/', dateQuery ) }>
				{ __(
					'Back to the Overview report',
					'monsterinsights-reports'
				) }
			</a>
		</div>
	);
}

interface YearInReviewLayoutProps {
	data: YearInReviewReport;
	/** The year the texts name (the sample's is the route's). */
	year: number;
	locale: string;
}

/**
 * The report's sections.
 *
 * @param props        Component props.
 * @param props.data   The payload.
 * @param props.year   The report year.
 * @param props.locale The user's locale.
 */
export function YearInReviewLayout( {
	data,
	year,
	locale,
}: YearInReviewLayoutProps ) {
	const siteName = useSelect(
		( select ) => select( appStore ).getSite()?.name ?? '',
		[]
	);
	const dateQuery = useSelect(
		( select ) => select( appStore ).getDateQuery(),
		[]
	);
	const number = ( value: number ) => formatNumber( value, locale, 0 );
	const versus = ( prev: string ) =>
		sprintf(
			/* translators: 1: the year before's value, 2: the year before, e.g. 2024. */
			__( 'vs. %1$s in %2$s', 'monsterinsights-reports' ),
			prev,
			String( year - 1 )
		);
	const { info, usersgraph } = data;
	const boxes = [
		{
			title: __( 'Total Users', 'monsterinsights-reports' ),
			figure: info.users,
			format: number,
		},
		{
			title: __( 'Total Sessions', 'monsterinsights-reports' ),
			figure: info.sessions,
			format: number,
		},
		{
			title: __( 'Total Pageviews', 'monsterinsights-reports' ),
			figure: info.pageviews,
			format: number,
		},
		{
			title: __( 'Avg. Session Duration', 'monsterinsights-reports' ),
			figure: info.duration,
			format: formatDuration,
		},
	];
	const devices = [
		{
			key: 'mobile',
			label: __( 'Mobile', 'monsterinsights-reports' ),
			value: data.devices.mobile,
		},
		{
			key: 'desktop',
			label: __( 'Desktop', 'monsterinsights-reports' ),
			value: data.devices.desktop,
		},
		{
			key: 'tablet',
			label: __( 'Tablet', 'monsterinsights-reports' ),
			value: data.devices.tablet,
		},
	];
	const sessionsColumn = {
		header: __( 'Sessions', 'monsterinsights-reports' ),
		cell: ( row: { sessions: number } ) => number( row.sessions ),
		numeric: true,
	};
	const percentColumn = {
		header: __( 'Percent', 'monsterinsights-reports' ),
		cell: ( row: { percent: number } ) =>
			formatPercent( row.percent, locale ),
		numeric: true,
	};
	// A demographics box: the shares of one dimension, its name column headed as the box.
	const shareBox = < Row extends { percent: number } >(
		title: string,
		rows: Row[],
		name: ( row: Row ) => string
	) => (
		<ListBox< Row >
			title={ title }
			columns={ [ { header: title, cell: name }, percentColumn ] }
			rows={ rows }
			emptyText={ __( 'No data to show', 'monsterinsights-reports' ) }
		/>
	);
	const hasDemographics =
		( data.age?.length ?? 0 ) > 0 || ( data.gender?.length ?? 0 ) > 0;

	return (
		<div className="monsterinsights-reports-yir">
			<Section
				name="audience"
				title={ __( 'Audience', 'monsterinsights-reports' ) }
			>
				<div className="monsterinsights-reports-yir__boxes">
					{ boxes.map( ( box ) => (
						<InfoBox
							key={ box.title }
							title={ box.title }
							value={ box.format( box.figure.value ) }
							change={ yearChange( box.figure ) }
							compareText={ versus(
								box.format( box.figure.prev )
							) }
						/>
					) ) }
				</div>
				<p className="monsterinsights-reports-yir__minutes">
					{ sprintf(
						/* translators: 1: minutes, 2: the report year. */
						_n(
							'Visitors spent %1$s minute in total engaged with your website in %2$s.',
							'Visitors spent %1$s minutes in total engaged with your website in %2$s.',
							info.duration.total_minutes,
							'monsterinsights-reports'
						),
						number( info.duration.total_minutes ),
						String( year )
					) }
				</p>
				<div className="monsterinsights-reports-yir__graph">
					<h3 className="monsterinsights-reports-yir__box-title">
						{ __( 'Users by Month', 'monsterinsights-reports' ) }
					</h3>
					{ usersgraph.max > 0 && (
						<p className="monsterinsights-reports-yir__best-month">
							{ sprintf(
								/* translators: 1: a month, e.g. March, 2: its users. */
								__(
									'%1$s was your best month, with %2$s users.',
									'monsterinsights-reports'
								),
								usersgraph.bestmonth,
								number( usersgraph.max )
							) }
						</p>
					) }
					<LineChart
						id="yearinreview-users"
						label={ __( 'Users', 'monsterinsights-reports' ) }
						labels={ usersgraph.labels }
						datapoints={ usersgraph.datapoints }
						formatValue={ number }
						height={ 280 }
					/>
				</div>
				<ListBox
					title={ __( 'Top Countries', 'monsterinsights-reports' ) }
					columns={ [
						{
							header: __( 'Country', 'monsterinsights-reports' ),
							cell: ( row ) => (
								<CountryName iso={ row.iso }>
									{ row.name }
								</CountryName>
							),
						},
						sessionsColumn,
					] }
					rows={ data.countries }
					emptyText={ __(
						'No traffic currently.',
						'monsterinsights-reports'
					) }
				/>
			</Section>
			{ hasDemographics && (
				<Section
					name="demographics"
					title={ __( 'Demographics', 'monsterinsights-reports' ) }
				>
					<div className="monsterinsights-reports-yir__lists">
						{ shareBox(
							__( 'Age', 'monsterinsights-reports' ),
							data.age ?? [],
							( row ) => row.age
						) }
						{ shareBox(
							__( 'Gender', 'monsterinsights-reports' ),
							data.gender ?? [],
							( row ) => row.gender
						) }
					</div>
				</Section>
			) }
			<Section
				name="behavior"
				title={ __( 'Behavior', 'monsterinsights-reports' ) }
			>
				<ListBox
					title={ __( 'Top Pages', 'monsterinsights-reports' ) }
					columns={ [
						{
							header: __( 'Page', 'monsterinsights-reports' ),
							cell: ( row ) => (
								<SafeLink url={ row.url }>
									{ row.title }
								</SafeLink>
							),
						},
						sessionsColumn,
					] }
					rows={ data.toppages }
					emptyText={ __(
						'No pageviews currently.',
						'monsterinsights-reports'
					) }
				/>
				<ul
					className="monsterinsights-reports-yir__devices"
					aria-label={ __(
						'Device Breakdown',
						'monsterinsights-reports'
					) }
				>
					{ devices.map( ( device ) => (
						<li
							key={ device.key }
							className={ `monsterinsights-reports-yir__device monsterinsights-reports-yir__device--${ device.key }` }
						>
							<span className="monsterinsights-reports-yir__device-label">
								{ device.label }
							</span>
							<span className="monsterinsights-reports-yir__device-value">
								{ formatPercent( device.value, locale ) }
							</span>
						</li>
					) ) }
				</ul>
			</Section>
			<Section
				name="referrals"
				title={ __( 'Referrals', 'monsterinsights-reports' ) }
			>
				<ListBox
					title={ __(
						'Top Referral Traffic Sources',
						'monsterinsights-reports'
					) }
					columns={ [
						{
							header: __( 'Referral', 'monsterinsights-reports' ),
							cell: ( row ) => (
								<FaviconCell domain={ row.url } showFavicon />
							),
						},
						sessionsColumn,
					] }
					rows={ data.referrals }
					emptyText={ __(
						'No referral traffic currently.',
						'monsterinsights-reports'
					) }
				/>
			</Section>
			<p className="monsterinsights-reports-yir__thanks">
				{ sprintf(
					/* translators: 1: the report year, 2: the year after it. */
					__(
						'Thank you for an amazing %1$s. Here is to growing your website even more in %2$s!',
						'monsterinsights-reports'
					),
					String( year ),
					String( year + 1 )
				) }
			</p>
			<footer className="monsterinsights-reports-yir__footer">
				<span>
					{ sprintf(
						/* translators: 1: the site's name, 2: the report year. */
						__( '%1$s in %2$s', 'monsterinsights-reports' ),
						siteName,
						String( year )
					) }
				</span>
				<a href={ buildHash( '/', dateQuery ) } data-pdf-exclude>
					{ __(
						'Back to the Overview report',
						'monsterinsights-reports'
					) }
				</a>
			</footer>
		</div>
	);
}

export function YearInReviewScreen() {
	const { yearInReview } = useContext( RouteContextContext );
	const locale = useSelect(
		( select ) => select( appStore ).getBoot()?.user.locale ?? 'en_US',
		[]
	);
	const routeYear = yearInReview.report_year;
	return (
		<ReportScreen< YearInReviewReport >
			period={
				routeYear > 0
					? formatRangeText(
							`${ routeYear }-01-01`,
							`${ routeYear }-12-31`,
							locale
					  )
					: ''
			}
			// The calculating state is the report's own, not the generic empty text.
			isEmpty={ () => false }
		>
			{ ( data, state ) => {
				// The sample's year is the route's; real data names its own.
				const year =
					state.demo && routeYear > 0 ? routeYear : data.report_year;
				return data.is_enabled ? (
					<YearInReviewLayout
						data={ data }
						year={ year }
						locale={ state.locale }
					/>
				) : (
					<Calculating year={ year } />
				);
			} }
		</ReportScreen>
	);
}

export default YearInReviewScreen;
