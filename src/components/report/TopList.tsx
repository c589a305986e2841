/**
 * A top list card of the Overview (Top 10 Countries, Top 10 Referrals, Top Posts/Pages): a
 * heading, a table whose first column the report chooses, then sessions, users and engagement
 * rate, in compare mode the compare sessions and the change; and a button to the source's own
 * view of the list when the payload links one.
 */
import { __ } from '@wordpress/i18n';

import { ReportTable, type ReportColumn } from '../ReportTable';
import { formatNumber, formatPercent } from '../../lib/format';
import type { TopListRow } from '../../store/reports/types';
import { fullReportLink } from './FullReportLink';

export interface TopListProps< Row extends TopListRow > {
	title: string;
	rows: Row[];
	first: ReportColumn< Row >;
	/** The source's own view of the list; the button shows only with a link. */
	link?: string;
	linkText: string;
	comparing: boolean;
	locale: string;
	id?: string;
}

/**
 * A top list: its first column, sessions, users and engagement rate, and in compare mode the
 * compare sessions and the change.
 *
 * @param props           Component props.
 * @param props.title
 * @param props.rows
 * @param props.first
 * @param props.link
 * @param props.linkText
 * @param props.comparing
 * @param props.locale
 * @param props.id
 */
export function TopList< Row extends TopListRow >( {
	title,
	rows,
	first,
	link,
	linkText,
	comparing,
	locale,
	id,
}: TopListProps< Row > ) {
	const columns: Array< ReportColumn< Row > > = [
		first,
		{
			key: 'sessions',
			header: __( 'Sessions', 'monsterinsights-reports' ),
			numeric: true,
			cell: ( row ) => formatNumber( row.sessions, locale, 0 ),
		},
		{
			key: 'users',
			header: __( 'Users', 'monsterinsights-reports' ),
			numeric: true,
			cell: ( row ) => formatNumber( row.users, locale, 0 ),
		},
		{
			key: 'engagement_rate',
			header: __( 'Engagement Rate', 'monsterinsights-reports' ),
			numeric: true,
			cell: ( row ) => formatPercent( row.engagement_rate, locale ),
		},
	];
	return (
		<section className="monsterinsights-reports-toplist" id={ id }>
			<h2>{ title }</h2>
			<ReportTable< Row >
				caption={ title }
				columns={ columns }
				rows={ rows }
				compare={
					comparing
						? {
								header: __(
									'Compare Sessions',
									'monsterinsights-reports'
								),
								value: ( row ) =>
									formatNumber(
										row.compare_sessions ?? 0,
										locale,
										0
									),
								change: ( row ) => row.compare_change,
						  }
						: null
				}
			/>
			{ fullReportLink( link, linkText ) }
		</section>
	);
}
