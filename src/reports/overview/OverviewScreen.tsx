import { useSelect } from '@wordpress/data';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { TOP_LANDING_PAGES_ID } from '../registry';
import { ChartOverlay } from '../../components/ChartOverlay';
import { CountryName } from '../../components/Flag';
import { InfoBox, getBounceRateHelp } from '../../components/InfoBox';
import { LineChart } from '../../components/LineChart';
import { MetricTabs } from '../../components/MetricTabs';
import { PieChart } from '../../components/PieChart';
import { SafeLink } from '../../components/SafeLink';
import { useChartNotes } from '../../components/report/chartNotes';
import { TopList } from '../../components/report/TopList';
import { FaviconCell } from '../../components/ReportTable';
import { formatMetricValue, isInverse } from '../../lib/format';
import { appStore, type ShopCurrency } from '../../store/app';
import { metricsStore } from '../../store/metrics';
import { offeredSelection } from '../../store/metrics/rules';
import { metricLabel, type MetricId } from '../../store/reports';
import type {
	CountryRow,
	OverviewReport,
	ReferralRow,
	TopPageRow,
} from '../../store/reports/types';
import { LiteBanner } from '../../upsell';
import { ReportScreen } from '../ReportScreen';
import { compareText } from '../shared/compareText';
import { ChartNotes, useChartNotesState } from '../shared/site-notes';
import { useReport } from '../shared/useReport';
import { SiteSummary } from '../site-summary/SiteSummary';
import { MetricSettings } from './MetricSettings';
import './overview.scss';

/** The four info boxes of the Overview. */
const INFO_BOXES: readonly MetricId[] = [
	'sessions',
	'pageviews',
	'average_session_duration',
	'bounce_rate',
];

/**
 * The Overview report (docs/product-rules.md#overview) in the report shell (header, loading,
 * refreshing, error): metric tabs and chart with the site notes under it, site summary, four info
 * boxes, the upsell block, pies, top countries, referrals and landing pages.
 */
export function OverviewScreen() {
	const { level, checkedMetrics, shop, source } = useSelect(
		( select ) => ( {
			level: select( appStore ).getLevel(),
			checkedMetrics: select( metricsStore ).getSelectedMetricIds(),
			shop: select( appStore ).getShop(),
			source: select( appStore ).getBoot()?.source.active ?? '',
		} ),
		[]
	);
	// Without a shop, no revenue or purchase tab (docs/product-rules.md#metrics).
	const hasShop = shop !== null;
	const selectedMetrics = useMemo(
		() => offeredSelection( checkedMetrics, hasShop ),
		[ checkedMetrics, hasShop ]
	);
	const [ metric, setMetric ] = useState< string >( '' );

	// The tab starts empty, then becomes the first enabled metric.
	useEffect( () => {
		if ( ! ( selectedMetrics as readonly string[] ).includes( metric ) ) {
			setMetric( selectedMetrics[ 0 ] ?? 'sessions' );
		}
	}, [ selectedMetrics, metric ] );

	return (
		// An all-zero range still draws the chart with its waiting-for-data overlay: never empty.
		<ReportScreen< OverviewReport > isEmpty={ () => false }>
			{ ( data, state ) => (
				<div className="monsterinsights-reports-overview">
					<OverviewBody
						data={ data }
						locale={ state.locale }
						metric={ metric }
						metrics={ selectedMetrics }
						onMetric={ setMetric }
						currency={ shop?.currency ?? null }
						comparing={ state.comparing }
						isLite={ level === 'lite' }
						builtin={ source !== 'google' }
					/>
				</div>
			) }
		</ReportScreen>
	);
}

interface BodyProps {
	data: OverviewReport;
	locale: string;
	metric: string;
	metrics: readonly string[];
	onMetric: ( metric: string ) => void;
	/** The shop's currency, for the revenue metrics; null without a shop. */
	currency: ShopCurrency | null;
	comparing: boolean;
	isLite: boolean;
	/** The built-in analytics answers (its own notion of a returning visitor is explained). */
	builtin: boolean;
}

function OverviewBody( {
	data,
	locale,
	metric,
	metrics,
	onMetric,
	currency,
	comparing,
	isLite,
	builtin,
}: BodyProps ) {
	const { query } = useReport( 'overview' );
	const graph = data.overviewgraph;
	const active = (
		metrics.includes( metric ) ? metric : metrics[ 0 ]
	) as MetricId;
	const series = graph[ active ];
	const compareGraph = comparing ? data.compare?.overviewgraph : undefined;
	const format = ( value: number ) =>
		formatMetricValue( active, value, locale, currency );
	const notes = useChartNotes( graph.notes );
	const siteNotes = useChartNotesState();

	return (
		<>
			<section
				className="monsterinsights-reports-overview__chart"
				aria-label={ __( 'Traffic chart', 'monsterinsights-reports' ) }
			>
				<MetricTabs
					label={ __( 'Metrics', 'monsterinsights-reports' ) }
					tabs={ metrics.map( ( id ) => ( {
						key: id,
						label: metricLabel( id as MetricId ),
						value: formatMetricValue(
							id as MetricId,
							graph[ id as MetricId ]?.total,
							locale,
							currency
						),
					} ) ) }
					selected={ active }
					onSelect={ onMetric }
					actions={ <MetricSettings onSaved={ onMetric } /> }
				>
					<LineChart
						id={ `overview-${ active }` }
						label={ metricLabel( active ) }
						labels={ graph.labels }
						timestamps={ graph.timestamps }
						datapoints={ series?.datapoints ?? [] }
						trendpoints={ series?.trendpoints }
						inverse={ isInverse( active ) }
						formatValue={ format }
						notes={ notes }
						onNoteSelect={ ( selected ) =>
							siteNotes.show(
								selected.flatMap( ( note ) =>
									note.id === undefined ? [] : [ note.id ]
								)
							)
						}
						compare={
							compareGraph
								? {
										label: __(
											'Compare Period',
											'monsterinsights-reports'
										),
										datapoints:
											compareGraph[ active ]
												?.datapoints ?? [],
										labels: compareGraph.labels,
								  }
								: undefined
						}
					>
						{ graph.count === 0 && <ChartOverlay /> }
					</LineChart>
				</MetricTabs>
				<ChartNotes state={ siteNotes } />
			</section>

			<SiteSummary />

			<section
				className="monsterinsights-reports-overview__infoboxes"
				aria-label={ __( 'Key metrics', 'monsterinsights-reports' ) }
			>
				{ INFO_BOXES.map( ( id ) => {
					const box = data.infobox[ id ];
					return (
						<InfoBox
							key={ id }
							title={ metricLabel( id ) }
							value={ formatMetricValue(
								id,
								box?.value,
								locale
							) }
							change={ box?.prev ?? null }
							inverse={ isInverse( id ) }
							compareText={ compareText( query, locale ) }
							help={
								id === 'bounce_rate'
									? getBounceRateHelp()
									: undefined
							}
						/>
					);
				} ) }
			</section>

			{ isLite && <LiteBanner /> }

			<section className="monsterinsights-reports-overview__pies">
				<div className="monsterinsights-reports-overview__pie">
					<h2>
						{ __(
							'New vs. Returning Visitors',
							'monsterinsights-reports'
						) }
					</h2>
					{ /* What "returning" means is the built-in analytics' own (no cookies); GA4 says it itself. */ }
					{ builtin && (
						<p className="monsterinsights-reports-overview__help">
							{ __(
								'A returning visitor came back the same day, or shortly after midnight. The built-in analytics recognises visitors for one day only, without cookies, so a visitor of yesterday counts as new today.',
								'monsterinsights-reports'
							) }
						</p>
					) }
					<PieChart
						id="overview-newvsreturn"
						title={ __(
							'New vs. Returning Visitors',
							'monsterinsights-reports'
						) }
						compare={
							comparing && Boolean( data.newvsreturn.compare )
						}
						slices={ [
							{
								label: __(
									'New Visitors',
									'monsterinsights-reports'
								),
								value: data.newvsreturn.new,
								compareValue: data.newvsreturn.compare?.new,
							},
							{
								label: __(
									'Returning Visitors',
									'monsterinsights-reports'
								),
								value: data.newvsreturn.returning,
								compareValue:
									data.newvsreturn.compare?.returning,
							},
						] }
					/>
				</div>
				<div className="monsterinsights-reports-overview__pie">
					<h2>
						{ __( 'Device Breakdown', 'monsterinsights-reports' ) }
					</h2>
					<PieChart
						id="overview-devices"
						title={ __(
							'Device Breakdown',
							'monsterinsights-reports'
						) }
						compare={
							comparing && Boolean( data.compare?.devices )
						}
						slices={ [
							{
								label: __(
									'Desktop',
									'monsterinsights-reports'
								),
								value: data.devices.desktop,
								compareValue: data.compare?.devices.desktop,
							},
							{
								label: __(
									'Tablet',
									'monsterinsights-reports'
								),
								value: data.devices.tablet,
								compareValue: data.compare?.devices.tablet,
							},
							{
								label: __(
									'Mobile',
									'monsterinsights-reports'
								),
								value: data.devices.mobile,
								compareValue: data.compare?.devices.mobile,
							},
						] }
					/>
				</div>
			</section>

			<section
				className={
					'monsterinsights-reports-overview__lists' +
					( comparing ? ' is-comparing' : '' )
				}
			>
				<TopList< CountryRow >
					title={ __(
						'Top 10 Countries',
						'monsterinsights-reports'
					) }
					rows={ data.countries }
					first={ {
						key: 'name',
						header: __( 'Country', 'monsterinsights-reports' ),
						cell: ( row ) => (
							<CountryName iso={ row.iso }>
								{ row.name }
							</CountryName>
						),
					} }
					link={ data.galinks?.countries }
					linkText={ __(
						'View Countries Report',
						'monsterinsights-reports'
					) }
					comparing={ comparing }
					locale={ locale }
				/>
				<TopList< ReferralRow >
					title={ __(
						'Top 10 Referrals',
						'monsterinsights-reports'
					) }
					rows={ data.referrals }
					first={ {
						key: 'url',
						header: __( 'Referral', 'monsterinsights-reports' ),
						cell: ( row ) => (
							<FaviconCell domain={ row.url } showFavicon />
						),
					} }
					link={ data.galinks?.referrals }
					linkText={ __(
						'View All Referral Sources',
						'monsterinsights-reports'
					) }
					comparing={ comparing }
					locale={ locale }
				/>
			</section>
			<TopList< TopPageRow >
				id={ TOP_LANDING_PAGES_ID }
				title={ __( 'Top Posts/Pages', 'monsterinsights-reports' ) }
				rows={ data.toppages }
				first={ {
					key: 'title',
					header: __( 'Post/Page', 'monsterinsights-reports' ),
					cell: ( row ) => (
						<SafeLink url={ row.url }>{ row.title }</SafeLink>
					),
				} }
				link={ data.galinks?.topposts }
				linkText={ __(
					'View Full Posts/Pages Report',
					'monsterinsights-reports'
				) }
				comparing={ comparing }
				locale={ locale }
			/>
		</>
	);
}
