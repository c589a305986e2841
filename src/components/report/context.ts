/**
 * What the report shell tells the shared report parts: which report they belong to, the dates it
 * shows, the user's locale, where the REST API is, and whether the payload is a sample (a locked
 * report's demo data, which nothing may fetch for).
 */
import { createContext, useContext } from '@wordpress/element';

import type { RequestDates } from '../../store/reports/query';

/** The dates a report request carries; compare dates only as a pair. */
export type ReportDates = RequestDates;

export interface ReportContextValue {
	/** The report name of GET /reports/{name}. */
	report: string;
	dates: ReportDates;
	/** WordPress locale of the user, e.g. de_DE. */
	locale: string;
	/** The REST API root, e.g. https://example.com/wp-json/. */
	restRoot: string;
	/** The REST nonce (cookie authentication of plain links). */
	nonce: string;
	/** The payload is sample data: nothing is fetched, nothing downloaded. */
	demo: boolean;
}

export const ReportContext = createContext< ReportContextValue | null >( null );

/** The context of the report a part is in; a neutral sample context outside of one. */
export function useReportContext(): ReportContextValue {
	return (
		useContext( ReportContext ) ?? {
			report: '',
			dates: { start: '', end: '' },
			locale: 'en_US',
			restRoot: '',
			nonce: '',
			demo: true,
		}
	);
}
