/**
 * The Pages report (docs/product-rules.md#traffic-publishers-and-pages, route /publishers-pages):
 * one searchable, sortable table of page path, page views, engaged sessions, new sessions and
 * bounce rate (%).
 */
import { __ } from '@wordpress/i18n';

import { DataTable } from '../../components/ReportTable/DataTable';
import type { EngagementPagesReport } from '../../store/reports/types';
import { ReportScreen } from '../ReportScreen';

export function EngagementPagesScreen() {
	const emptyText = __(
		'No data currently for the Pages report.',
		'monsterinsights-reports'
	);
	const errorText = __(
		'An unknown error has occurred.',
		'monsterinsights-reports'
	);
	return (
		<ReportScreen< EngagementPagesReport >
			emptyText={ emptyText }
			errorText={ errorText }
		>
			{ ( data ) => (
				<DataTable
					table="pages"
					page={ data.pages }
					title={ __( 'Pages Report', 'monsterinsights-reports' ) }
					inverse={ [ 'bounce_rate' ] }
					emptyText={ emptyText }
					errorText={ errorText }
				/>
			) }
		</ReportScreen>
	);
}

export default EngagementPagesScreen;
