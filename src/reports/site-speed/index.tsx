/**
 * The Site Speed report (docs/product-rules.md#site-speed; route /site-speed):
 * a mobile/desktop toggle kept in local storage (default desktop), a Run Audit button, an overall
 * score circle, six metric tiles — each with its value, its rating by the Core Web Vitals
 * thresholds (the tile's colour, and its goal line from the same limits) and its Lighthouse-style
 * score — and the How to Improve accordion (one item open at a time, the open one closes on a
 * second click, items by ascending score) with concrete steps for every metric not rated Good.
 *
 * Run Audit blurs the display and hides the layout while the server fetches the front page, then
 * the report is fetched again and the blur removed; a failed audit shows the toast 'Failed to load
 * report: {status}, {statusText}'. Under the upsell (demo data) the toggle and the audit do nothing.
 * Total Blocking Time is a lab metric: without a value its tile says PageSpeed (the Google source)
 * provides it. A device without field data yet says so instead of inventing numbers.
 */
import type { SiteSpeedReport } from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';
import { SiteSpeedLayout } from './Layout';
import './style.scss';

export { AUDIT_PATH } from './audit';
export { DEVICE_STORAGE_KEY, storedDevice } from './device';
export { failingMetrics } from './HowToImprove';
export { SiteSpeedLayout } from './Layout';

export function SiteSpeedScreen() {
	return (
		<ReportScreen< SiteSpeedReport > isEmpty={ () => false }>
			{ ( data, { demo, locale } ) => (
				<SiteSpeedLayout
					data={ data }
					demo={ demo }
					locale={ locale }
				/>
			) }
		</ReportScreen>
	);
}

export default SiteSpeedScreen;
