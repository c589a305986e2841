/**
 * SAMPLE DATA — the Pages report (spec 3 §3 "Pages report row"). Shown blurred under its upsell;
 * never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import { pct } from './series';

export const SAMPLE = true;

const page = ( path: string, pageviews: number ) => ( {
	page_path: path,
	pageviews,
	engaged_sessions: Math.round( pageviews * 0.38 ),
	new_session: Math.round( pageviews * 0.27 ),
	bounce_rate: 35 + ( pageviews % 13 ),
} );

export const payload = {
	pages: [
		page( '/', 6210 ),
		page( '/getting-started/', 3890 ),
		page( '/ten-quick-tips/', 2470 ),
		page( '/about/', 1320 ),
		page( '/pricing/', 1190 ),
		page( '/contact/', 860 ),
	],
};

export function layout(): SampleLayout {
	return {
		tables: [
			{
				title: __( 'Pages Report', 'monsterinsights-reports' ),
				columns: [
					__( 'Page Path', 'monsterinsights-reports' ),
					__( 'Page Views', 'monsterinsights-reports' ),
					__( 'Engaged Sessions', 'monsterinsights-reports' ),
					__( 'New Sessions', 'monsterinsights-reports' ),
					__( 'Bounce Rate (%)', 'monsterinsights-reports' ),
				],
				rows: payload.pages.map( ( r ) => [
					r.page_path,
					r.pageviews,
					r.engaged_sessions,
					r.new_session,
					pct( r.bounce_rate ),
				] ),
			},
		],
	};
}
