/**
 * The Year in Review's Referrals section: the top referral sources with their favicons.
 */
import { __ } from '@wordpress/i18n';

import { FaviconCell } from '../../components/ReportTable/FaviconCell';
import type { YearInReviewReport } from '../../store/reports/types';
import { ListBox, Section, sessionsColumn } from './blocks';

interface ReferralsProps {
	data: YearInReviewReport;
	locale: string;
}

/**
 * The Referrals section.
 *
 * @param props        Component props.
 * @param props.data   The payload.
 * @param props.locale The user's locale.
 */
export function ReferralsSection( { data, locale }: ReferralsProps ) {
	return (
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
					sessionsColumn( locale ),
				] }
				rows={ data.referrals }
				emptyText={ __(
					'No referral traffic currently.',
					'monsterinsights-reports'
				) }
			/>
		</Section>
	);
}
