import { useSelect } from '@wordpress/data';

import { defaultDateQuery } from '../../lib/dates';
import { appStore, type DateQuery } from '../../store/app';
import { reportsStore } from '../../store/reports';
import type { PayloadOf } from '../../store/reports/types';

export interface ReportState< N extends string > {
	/** The payload, undefined while loading or after an error. */
	data: PayloadOf< N > | undefined;
	isLoading: boolean;
	/** The date query the report was asked for. */
	query: DateQuery;
	locale: string;
}

/**
 * Reads a report for the app's current dates; the reports store fetches it when missing, so a
 * change of dates re-resolves the report on screen.
 *
 * @param name The report name.
 */
export function useReport< N extends string >( name: N ): ReportState< N > {
	return useSelect(
		( select ) => {
			const app = select( appStore );
			const boot = app.getBoot();
			const query =
				app.getDateQuery() ??
				defaultDateQuery( boot?.site.today ?? '' );
			const reports = select( reportsStore );
			return {
				data: reports.getReport( name, query ) as
					| PayloadOf< N >
					| undefined,
				isLoading: reports.isReportLoading( name, query ),
				query,
				locale: boot?.user.locale ?? 'en_US',
			};
		},
		[ name ]
	);
}
