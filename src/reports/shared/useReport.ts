import { useSelect } from '@wordpress/data';
import { useMemo, useRef } from '@wordpress/element';

import { defaultDateQuery } from '../../lib/dates';
import { appStore, type DateQuery } from '../../store/app';
import { reportsStore } from '../../store/reports';
import type { PayloadOf } from '../../store/reports/types';

export interface ReportState< N extends string > {
	/**
	 * The payload; while new dates load, the previous payload (see isRefreshing); undefined before
	 * the first one or after an error.
	 */
	data: PayloadOf< N > | undefined;
	isLoading: boolean;
	/** New dates are loading while the previous payload is still shown. */
	isRefreshing: boolean;
	/** The date query the report was asked for. */
	query: DateQuery;
	locale: string;
}

/**
 * Reads a report for the app's current dates; the reports store fetches it when missing, so a
 * change of dates re-resolves the report on screen.
 *
 * @param name            The report name.
 * @param options         Options.
 * @param options.compare Whether the picked compare range is asked too (true by default).
 */
export function useReport< N extends string >(
	name: N,
	{ compare = true }: { compare?: boolean } = {}
): ReportState< N > {
	const { picked, locale } = useSelect( ( select ) => {
		const app = select( appStore );
		const boot = app.getBoot();
		return {
			picked:
				app.getDateQuery() ??
				defaultDateQuery( boot?.site.today ?? '' ),
			locale: boot?.user.locale ?? 'en_US',
		};
	}, [] );
	// A report that is never compared asks its dates alone.
	const query = useMemo(
		(): DateQuery =>
			compare
				? picked
				: {
						preset: picked.preset,
						start: picked.start,
						end: picked.end,
				  },
		[ compare, picked ]
	);
	const state = useSelect(
		( select ) => {
			const reports = select( reportsStore );
			return {
				data: reports.getReport( name, query ) as
					| PayloadOf< N >
					| undefined,
				isLoading: reports.isReportLoading( name, query ),
				failed: reports.getReportError( name, query ) !== undefined,
				query,
				locale,
			};
		},
		[ name, query, locale ]
	);
	// Keep showing the last payload while the next dates load (the 'Refreshing Report' dialog
	// covers it), instead of emptying the screen.
	const { failed, ...report } = state;
	const last = useRef< PayloadOf< N > | undefined >( undefined );
	if ( report.data ) {
		last.current = report.data;
	}
	// Between the moment a payload is forgotten (new dates, or invalidateReport after a site note
	// changed) and the moment its request starts, nothing is stored and nothing loads yet: that
	// is loading too, or the screen would drop the previous payload for a render and unmount
	// everything under it (an open notes panel, a form).
	const pending = report.isLoading || ( ! report.data && ! failed );
	const isRefreshing = ! report.data && pending && !! last.current;
	return {
		...report,
		data: report.data ?? ( pending ? last.current : undefined ),
		isRefreshing,
	};
}
