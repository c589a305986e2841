/**
 * The Technology report (docs/product-rules.md#traffic-publishers-and-pages, route
 * /traffic-technology): the Browser Breakdown and Device Breakdown pies of the sessions, each with
 * the compare range beside it.
 */
import { __ } from '@wordpress/i18n';

import { SharePie } from '../../components/report/SharePie';
import type { TrafficTechnologyReport } from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';
import './style.scss';

export function TrafficTechnologyScreen() {
	return (
		<ReportScreen< TrafficTechnologyReport >>
			{ ( data, { comparing } ) => (
				<div className="monsterinsights-reports-technology">
					<SharePie
						id="traffic-technology-browsers"
						title={ __(
							'Browser Breakdown',
							'monsterinsights-reports'
						) }
						shares={ data.browser_breakdown }
						comparing={ comparing }
					/>
					<SharePie
						id="traffic-technology-devices"
						title={ __(
							'Device Breakdown',
							'monsterinsights-reports'
						) }
						shares={ data.device_breakdown }
						comparing={ comparing }
					/>
				</div>
			) }
		</ReportScreen>
	);
}

export default TrafficTechnologyScreen;
