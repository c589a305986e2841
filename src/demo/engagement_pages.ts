/**
 * SAMPLE DATA — the Pages report (spec 3 §3 "Pages report row"), shaped as its REST payload: one
 * TablePage. Shown blurred under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type { EngagementPagesReport } from '../store/reports/types';
import type { TableColumn, TableRow } from '../types/reports';
import { pct } from './series';

export const SAMPLE = true;

const page = ( path: string, pageviews: number ): TableRow => ( {
	page_path: path,
	pageviews,
	engaged_sessions: Math.round( pageviews * 0.38 ),
	new_session: Math.round( pageviews * 0.27 ),
	bounce_rate: 35 + ( pageviews % 13 ),
} );

/**
 * The columns, translated when read (the server sends them translated).
 */
function columns(): TableColumn[] {
	return [
		{
			id: 'page_path',
			label: __( 'Page Path', 'monsterinsights-reports' ),
			type: 'text',
			sortable: true,
		},
		{
			id: 'pageviews',
			label: __( 'Page Views', 'monsterinsights-reports' ),
			type: 'number',
			sortable: true,
		},
		{
			id: 'engaged_sessions',
			label: __( 'Engaged Sessions', 'monsterinsights-reports' ),
			type: 'number',
			sortable: true,
		},
		{
			id: 'new_session',
			label: __( 'New Sessions', 'monsterinsights-reports' ),
			type: 'number',
			sortable: true,
		},
		{
			id: 'bounce_rate',
			label: __( 'Bounce Rate (%)', 'monsterinsights-reports' ),
			type: 'percent',
			sortable: true,
		},
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
	pages: {
		get columns() {
			return columns();
		},
		rows,
		total: rows.length,
		page: 1,
		per_page: 10,
		orderby: 'pageviews',
		order: 'desc',
		search: '',
	},
};

export function layout(): SampleLayout {
	const cols = columns();
	return {
		tables: [
			{
				title: __( 'Pages Report', 'monsterinsights-reports' ),
				columns: cols.map( ( column ) => column.label ),
				rows: rows.map( ( row ) =>
					cols.map( ( column ) => {
						const value = row[ column.id ];
						if ( column.type === 'percent' ) {
							return pct( Number( value ) );
						}
						return typeof value === 'number'
							? value
							: String( value );
					} )
				),
			},
		],
	};
}
