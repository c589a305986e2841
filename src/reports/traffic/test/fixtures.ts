/**
 * Payloads of includes/Reports/Traffic.php and CountriesReport.php for the scripted visits of
 * tests/php/Shared/Reports/TrafficReportsTest.php (10–12 March 2025): the numbers that test
 * asserts on the server, as the screens receive them.
 */
import { samplePage } from '../../../demo/pages';
import type {
	ChartBlock,
	ColumnType,
	TableColumn,
	TablePage,
	TableRow,
} from '../../../store/reports/types';

export const CHART: ChartBlock = {
	categories: [ 'Mar 10', 'Mar 11', 'Mar 12' ],
	timestamps: [ 1741561200, 1741647600, 1741734000 ],
	sessions: [ 2, 2, 2 ],
	page_views: [ 3, 3, 2 ],
	session_trendpoints: [ 100, null, null ],
	page_view_trendpoints: [ 200, null, null ],
	notes: [
		{
			id: 7,
			title: 'Spring campaign',
			date: '2025-03-11',
			timestamp: 1741647600,
			color: '#d63638',
			category: '',
			important: false,
		},
	],
};

const col = (
	id: string,
	label: string,
	type: ColumnType = 'number'
): TableColumn => ( { id, label, type, sortable: true } );

/**
 * A payload's first table page (every row, most sessions first).
 *
 * @param columns Its columns.
 * @param rows    Its rows.
 */
export const page = ( columns: TableColumn[], rows: TableRow[] ) =>
	samplePage( () => columns, rows );

/**
 * The acquisition table of a name column (sessions, engaged sessions, pages / session,
 * purchases, conversion rate, revenue).
 *
 * @param id    Name column id.
 * @param label Its label.
 * @param cells Rows as [ name, sessions, engaged, pages per session ].
 */
export function acquisition(
	id: string,
	label: string,
	cells: Array< [ string, number, number, number ] >
): TablePage {
	return page(
		[
			col( id, label, 'text' ),
			col( 'sessions', 'Sessions' ),
			col( 'engaged_sessions', 'Engaged Sessions' ),
			col( 'pages_per_sessions', 'Pages / Session' ),
			col( 'purchases', 'Purchases' ),
			col( 'conversion_rate', 'Conversion Rate', 'percent' ),
			col( 'revenue', 'Revenue', 'money' ),
		],
		cells.map( ( [ name, sessions, engaged, pages ] ) => ( {
			[ id ]: name,
			sessions,
			engaged_sessions: engaged,
			pages_per_sessions: pages,
			purchases: 0,
			conversion_rate: 0,
			revenue: 0,
		} ) )
	);
}

/**
 * A social network row without sales.
 *
 * @param name     Network.
 * @param icon     Its host for the icon, or ''.
 * @param sessions Sessions.
 * @param engaged  Engaged sessions.
 * @param bounce   Bounce rate.
 */
const network = (
	name: string,
	icon: string,
	sessions: number,
	engaged: number,
	bounce: number
): TableRow => ( {
	network: name,
	icon,
	sessions,
	engaged_sessions: engaged,
	bounce_rate: bounce,
	purchases: 0,
	revenue: 0,
	conversion_rate: 0,
} );

export const SOCIAL = page(
	[
		col( 'network', 'Social Network', 'text' ),
		col( 'sessions', 'Sessions' ),
		col( 'engaged_sessions', 'Engaged Sessions' ),
		col( 'bounce_rate', 'Bounce Rate', 'percent' ),
		col( 'purchases', 'Purchases' ),
		col( 'revenue', 'Revenue', 'money' ),
		col( 'conversion_rate', 'Conversion Rate', 'percent' ),
	],
	[ network( 'Facebook', 'facebook.com', 2, 1, 50 ) ]
);

export const COUNTRIES = page(
	[
		col( 'name', 'Country', 'text' ),
		col( 'sessions', 'Sessions' ),
		col( 'engagedSessions', 'Engaged Sessions' ),
		col( 'bounceRate', 'Bounce Rate', 'percent' ),
		col( 'purchases', 'Purchases' ),
	],
	[
		{
			name: 'Germany',
			iso: 'DE',
			sessions: 3,
			engagedSessions: 2,
			bounceRate: 33.33,
			purchases: 0,
		},
		{
			name: 'United States',
			iso: 'US',
			sessions: 2,
			engagedSessions: 0,
			bounceRate: 100,
			purchases: 0,
		},
		{
			name: 'France',
			iso: 'FR',
			sessions: 1,
			engagedSessions: 0,
			bounceRate: 100,
			purchases: 0,
		},
	]
);

/** The empty version of a chart: every day zero, no notes. */
export const EMPTY_CHART: ChartBlock = {
	...CHART,
	sessions: [ 0, 0, 0 ],
	page_views: [ 0, 0, 0 ],
	session_trendpoints: [ null, null, null ],
	page_view_trendpoints: [ null, null, null ],
	notes: [],
};
