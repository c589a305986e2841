/**
 * SAMPLE DATA — the Pages report, shaped as its REST payload: one TablePage. Shown blurred under
 * its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type { EngagementPagesReport } from '../store/reports/types';
import type { TableColumn, TableRow } from '../types/reports';
import { column, pageLayout, samplePage } from './pages';

export const SAMPLE = true;

const page = ( path: string, pageviews: number ): TableRow => ( {
	page_path: path,
	url: `https://example.org${ path }`,
	pageviews,
	engaged_sessions: Math.round( pageviews * 0.38 ),
	new_session: Math.round( pageviews * 0.27 ),
	bounce_rate: 35 + ( pageviews % 13 ),
} );

/** The columns, translated when read (the server sends them translated). */
function columns(): TableColumn[] {
	return [
		column(
			'page_path',
			__( 'Page Path', 'monsterinsights-reports' ),
			'text'
		),
		column( 'pageviews', __( 'Page Views', 'monsterinsights-reports' ) ),
		column(
			'engaged_sessions',
			__( 'Engaged Sessions', 'monsterinsights-reports' )
		),
		column(
			'new_session',
			__( 'New Sessions', 'monsterinsights-reports' )
		),
		column(
			'bounce_rate',
			__( 'Bounce Rate (%)', 'monsterinsights-reports' ),
			'percent'
		),
	];
}

const rows: TableRow[] = [
	page( '/', 6210 ),
	page( '/getting-started/', 3890 ),
	page( '/ten-quick-tips/', 2470 ),
	page( '/about/', 1320 ),
	page( '/pricing/', 1190 ),
	page( '/contact/', 860 ),
];

export const payload: EngagementPagesReport = {
	pages: samplePage( columns, rows, 'pageviews' ),
};

export function layout(): SampleLayout {
	return pageLayout(
		__( 'Pages Report', 'monsterinsights-reports' ),
		payload.pages
	);
}
