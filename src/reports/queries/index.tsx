/**
 * The Search Console report (docs/reports.md#the-search-console-report, route /search-console): the
 * Top 50 Google Search Terms table — Terms, Clicks, Impressions, CTR, Avg. Position (1 decimal) —
 * searchable and sortable, the link to the full queries report in Search Console, and the promo
 * card slot under it. Never compared; the date picker offers no Today or Yesterday (Search Console's
 * data lags). On a source that does not read Search Console, or without a Search Console site, the
 * server's notice says what is missing (ReportScreen).
 */
import { __ } from '@wordpress/i18n';

import { fullReportLink } from '../../components/report/FullReportLink';
import { ListCard } from '../../components/report/ListCard';
import type { QueriesReport, SearchQueryRow } from '../../demo/queries';
import { formatNumber, formatPercent } from '../../lib/format';
import { ReportScreen } from '../ReportScreen';
import { PromoSlot } from './PromoSlot';

/** The table's text without terms. */
const emptyText = () =>
	__( 'No data for this time period.', 'monsterinsights-reports' );

/**
 * The table, its link and the promo slot of a payload, real or sample.
 *
 * @param props        Component props.
 * @param props.data   The payload.
 * @param props.locale The user's locale.
 * @param props.demo   Whether the payload is the sample.
 */
export function QueriesLayout( {
	data,
	locale,
	demo,
}: {
	data: QueriesReport;
	locale: string;
	demo: boolean;
} ) {
	return (
		<div className="monsterinsights-reports-queries">
			<ListCard< SearchQueryRow >
				title={ __(
					'Top 50 Google Search Terms',
					'monsterinsights-reports'
				) }
				columns={ [
					{
						key: 'term',
						header: __( 'Terms', 'monsterinsights-reports' ),
						sortable: true,
					},
					{
						key: 'clicks',
						header: __( 'Clicks', 'monsterinsights-reports' ),
						numeric: true,
						sortable: true,
						cell: ( row ) => formatNumber( row.clicks, locale, 0 ),
					},
					{
						key: 'impressions',
						header: __( 'Impressions', 'monsterinsights-reports' ),
						numeric: true,
						sortable: true,
						cell: ( row ) =>
							formatNumber( row.impressions, locale, 0 ),
					},
					{
						key: 'ctr',
						header: __( 'CTR', 'monsterinsights-reports' ),
						numeric: true,
						sortable: true,
						cell: ( row ) => formatPercent( row.ctr, locale ),
					},
					{
						key: 'position',
						header: __(
							'Avg. Position',
							'monsterinsights-reports'
						),
						numeric: true,
						sortable: true,
						cell: ( row ) =>
							formatNumber( row.position, locale, 1 ),
					},
				] }
				rows={ data.queries }
				rowKey={ ( row ) => row.term }
				searchable
				searchLabel={ __( 'Search', 'monsterinsights-reports' ) }
				emptyText={ emptyText() }
				footer={ fullReportLink(
					data.galinks?.queries,
					__( 'View Full Queries Report', 'monsterinsights-reports' )
				) }
			/>
			<PromoSlot hasQueries={ data.queries.length > 0 } demo={ demo } />
		</div>
	);
}

export function QueriesScreen() {
	return (
		<ReportScreen< QueriesReport >
			// No terms is the table's own text: the link and the promo slot still show.
			isEmpty={ () => false }
			errorText={ __(
				'An unknown error has occurred.',
				'monsterinsights-reports'
			) }
		>
			{ ( data, { locale, demo } ) => (
				<QueriesLayout data={ data } locale={ locale } demo={ demo } />
			) }
		</ReportScreen>
	);
}

export default QueriesScreen;
