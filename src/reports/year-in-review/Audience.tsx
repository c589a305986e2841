/**
 * The Year in Review's Audience section: users, sessions, page views and session duration against
 * the year before's, the minutes engaged, users by month with the best month, and top countries.
 */
import { __, _n, sprintf } from '@wordpress/i18n';

import { CountryName } from '../../components/Flag';
import { InfoBox } from '../../components/InfoBox';
import { LineChart } from '../../components/LineChart';
import { formatDuration, formatNumber } from '../../lib/format';
import type {
	YearInReviewReport,
	YearInReviewValue,
} from '../../store/reports/types';
import { ListBox, Section, sessionsColumn } from './blocks';

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

interface SectionProps {
	data: YearInReviewReport;
	/** The year the texts name. */
	year: number;
	locale: string;
}

/**
 * The Audience section.
 *
 * @param props        Component props.
 * @param props.data   The payload.
 * @param props.year   The report year.
 * @param props.locale The user's locale.
 */
export function AudienceSection( { data, year, locale }: SectionProps ) {
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

	return (
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
						compareText={ versus( box.format( box.figure.prev ) ) }
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
					sessionsColumn( locale ),
				] }
				rows={ data.countries }
				emptyText={ __(
					'No traffic currently.',
					'monsterinsights-reports'
				) }
			/>
		</Section>
	);
}
