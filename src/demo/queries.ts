/**
 * SAMPLE DATA — the Search Console report, shaped as its REST payload (includes/Reports/Queries.php),
 * and that payload's type. Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { pct } from './series';

export const SAMPLE = true;

/** A Google search term of the range with its figures. */
export interface SearchQueryRow {
	term: string;
	clicks: number;
	impressions: number;
	/** Click-through rate, in percent. */
	ctr: number;
	/** Average position in the results, 1 the top. */
	position: number;
}

/**
 * GET /reports/queries: the top 50 Google search terms, most clicks first, and where the source
 * shows them in full (`galinks.queries`, left out when it has no such page).
 */
export interface QueriesReport {
	queries: SearchQueryRow[];
	galinks?: { queries: string };
}

declare module '../store/reports/types' {
	interface ReportPayloads {
		queries: QueriesReport;
	}
}

export const payload: QueriesReport = {
	queries: [
		[ 'sample search term', 412, 8120, 5.07, 3.2 ],
		[ 'how to get started', 298, 10450, 2.85, 5.8 ],
		[ 'quick tips', 221, 6930, 3.19, 4.4 ],
		[ 'beginners guide', 164, 5210, 3.15, 6.1 ],
		[ 'example pricing', 97, 2240, 4.33, 2.7 ],
		[ 'contact example', 58, 1310, 4.43, 1.9 ],
	].map( ( [ term, clicks, impressions, ctr, position ] ) => ( {
		term: term as string,
		clicks: clicks as number,
		impressions: impressions as number,
		ctr: ctr as number,
		position: position as number,
	} ) ),
	galinks: {
		queries:
			'https://search.google.com/search-console/performance/search-analytics',
	},
};

export function layout(): SampleLayout {
	return {
		tables: [
			{
				title: __(
					'Top 50 Google Search Terms',
					'monsterinsights-reports'
				),
				columns: [
					__( 'Terms', 'monsterinsights-reports' ),
					__( 'Clicks', 'monsterinsights-reports' ),
					__( 'Impressions', 'monsterinsights-reports' ),
					__( 'CTR', 'monsterinsights-reports' ),
					__( 'Avg. Position', 'monsterinsights-reports' ),
				],
				rows: payload.queries.map( ( r ) => [
					r.term,
					r.clicks,
					r.impressions,
					pct( r.ctr ),
					r.position.toFixed( 1 ),
				] ),
			},
		],
	};
}
