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
import { useSelect } from '@wordpress/data';
import { useContext } from '@wordpress/element';

// The layout's components first: their styles come before the screen's, as they always did.
import { YearInReviewLayout } from './Layout';
import { formatRangeText } from '../../lib/dates';
import { appStore } from '../../store/app';
import type { YearInReviewReport } from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';
import { RouteContextContext } from '../registry';
import { Calculating } from './Calculating';
import './style.scss';

export { yearChange } from './Audience';
export { LIST_BOX_ROWS } from './blocks';
export { Calculating } from './Calculating';
export { YearInReviewLayout } from './Layout';

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
