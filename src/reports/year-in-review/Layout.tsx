/**
 * The Year in Review's layout: its sections in order, a thank-you line and a footer with the back
 * link to the Overview.
 */
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';

import { buildHash } from '../../lib/hash';
import { appStore } from '../../store/app';
import type { YearInReviewReport } from '../../store/reports/types';
import { AudienceSection } from './Audience';
import { BehaviorSection } from './Behavior';
import { DemographicsSection, hasDemographics } from './Demographics';
import { ReferralsSection } from './Referrals';

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

	return (
		<div className="monsterinsights-reports-yir">
			<AudienceSection data={ data } year={ year } locale={ locale } />
			{ hasDemographics( data ) && (
				<DemographicsSection data={ data } locale={ locale } />
			) }
			<BehaviorSection data={ data } locale={ locale } />
			<ReferralsSection data={ data } locale={ locale } />
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
