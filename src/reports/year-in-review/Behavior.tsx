/**
 * The Year in Review's Behavior section: top pages and the device breakdown.
 */
import { __ } from '@wordpress/i18n';

import { SafeLink } from '../../components/SafeLink';
import { formatPercent } from '../../lib/format';
import type { YearInReviewReport } from '../../store/reports/types';
import { ListBox, Section, sessionsColumn } from './blocks';

interface BehaviorProps {
	data: YearInReviewReport;
	locale: string;
}

/**
 * The Behavior section.
 *
 * @param props        Component props.
 * @param props.data   The payload.
 * @param props.locale The user's locale.
 */
export function BehaviorSection( { data, locale }: BehaviorProps ) {
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
	return (
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
							<SafeLink url={ row.url }>{ row.title }</SafeLink>
						),
					},
					sessionsColumn( locale ),
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
	);
}
