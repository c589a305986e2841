/**
 * SAMPLE DATA — the Dimensions report, shaped as its REST payload
 * (includes/Reports/Dimensions.php): the dimensions map and one table per dimension. Shown blurred
 * under its upsell; never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';
import type {
	DimensionInfo,
	DimensionKey,
	DimensionTable,
	DimensionsReport,
} from '../store/reports/types';
import type { TableRow } from '../types/reports';
import { DIMENSION_KEYS } from '../store/reports/constants';

export const SAMPLE = true;

/** Each dimension's title, name, tooltip and sample rows (value, views). */
function samples(): Record<
	DimensionKey,
	{
		title: string;
		name: string;
		tooltip: string;
		rows: Array< [ string, number ] >;
	}
> {
	return {
		author: {
			title: __( 'Most Popular Authors', 'monsterinsights-reports' ),
			name: __( 'Author', 'monsterinsights-reports' ),
			tooltip: __(
				'Page views of the posts of each author.',
				'monsterinsights-reports'
			),
			rows: [
				[ 'Sample author: Alex', 8120 ],
				[ 'Sample author: Sam', 5410 ],
				[ 'Sample author: Robin', 2230 ],
			],
		},
		post_type: {
			title: __( 'Most Popular Post Types', 'monsterinsights-reports' ),
			name: __( 'Post Type', 'monsterinsights-reports' ),
			tooltip: __(
				'Page views of the posts, pages and other content of each type.',
				'monsterinsights-reports'
			),
			rows: [
				[ 'Post', 14210 ],
				[ 'Page', 6320 ],
				[ 'Product', 1980 ],
			],
		},
		category: {
			title: __( 'Most Popular Categories', 'monsterinsights-reports' ),
			name: __( 'Category', 'monsterinsights-reports' ),
			tooltip: __(
				'Page views of the posts in each category; a post in two categories counts in both.',
				'monsterinsights-reports'
			),
			rows: [
				[ 'Sample category: guides', 9870 ],
				[ 'Sample category: news', 4120 ],
				[ 'Sample category: reviews', 1760 ],
			],
		},
		tags: {
			title: __( 'Most Popular Tags', 'monsterinsights-reports' ),
			name: __( 'Tag', 'monsterinsights-reports' ),
			tooltip: __(
				'Page views of the posts with each tag; a post with two tags counts for both.',
				'monsterinsights-reports'
			),
			rows: [
				[ 'Sample tag: beginners', 6540 ],
				[ 'Sample tag: how-to', 5230 ],
				[ 'Sample tag: updates', 1870 ],
			],
		},
		published_at: {
			title: __(
				'Most Popular Publication Months',
				'monsterinsights-reports'
			),
			name: __( 'Published', 'monsterinsights-reports' ),
			tooltip: __(
				'Page views of the posts published in each month.',
				'monsterinsights-reports'
			),
			rows: [
				[ '2025-01', 7310 ],
				[ '2024-11', 4650 ],
				[ '2024-09', 2980 ],
			],
		},
		logged_in: {
			title: __( 'Logged-in Status', 'monsterinsights-reports' ),
			name: __( 'Status', 'monsterinsights-reports' ),
			tooltip: __(
				'Page views by visitors who were logged in and by those who were not.',
				'monsterinsights-reports'
			),
			rows: [
				[ __( 'Logged out', 'monsterinsights-reports' ), 19870 ],
				[ __( 'Logged in', 'monsterinsights-reports' ), 2640 ],
			],
		},
		user_role: {
			title: __( 'Most Active User Roles', 'monsterinsights-reports' ),
			name: __( 'User Role', 'monsterinsights-reports' ),
			tooltip: __(
				'Page views by the role of the logged-in visitor; visitors who were not logged in are Logged out.',
				'monsterinsights-reports'
			),
			rows: [
				[ __( 'Logged out', 'monsterinsights-reports' ), 19870 ],
				[ 'Subscriber', 1930 ],
				[ 'Editor', 710 ],
			],
		},
	};
}

/**
 * A dimension's table page.
 *
 * @param key The dimension.
 */
function table( key: DimensionKey ): DimensionTable {
	const sample = samples()[ key ];
	const rows: TableRow[] = sample.rows.map( ( [ label, pageview ] ) => ( {
		label,
		pageview,
	} ) );
	return {
		columns: [
			{ id: 'label', label: sample.name, type: 'text', sortable: true },
			{
				id: 'pageview',
				label: __( 'Views', 'monsterinsights-reports' ),
				type: 'number',
				sortable: true,
			},
		],
		rows,
		total: rows.length,
		page: 1,
		per_page: 10,
		orderby: 'pageview',
		order: 'desc',
		search: '',
		error: null,
	};
}

/**
 * The dimensions map entry.
 *
 * @param key The dimension.
 */
function info( key: DimensionKey ): DimensionInfo {
	const sample = samples()[ key ];
	return {
		label: sample.title,
		name: sample.name,
		id: key,
		enabled: true,
		tooltip: sample.tooltip,
	};
}

/** Translated when read: the server sends its labels translated. */
export const payload: DimensionsReport = {
	get dimensions() {
		return {
			author: info( 'author' ),
			post_type: info( 'post_type' ),
			category: info( 'category' ),
			tags: info( 'tags' ),
			published_at: info( 'published_at' ),
			logged_in: info( 'logged_in' ),
			user_role: info( 'user_role' ),
		};
	},
	get author() {
		return table( 'author' );
	},
	get post_type() {
		return table( 'post_type' );
	},
	get category() {
		return table( 'category' );
	},
	get tags() {
		return table( 'tags' );
	},
	get published_at() {
		return table( 'published_at' );
	},
	get logged_in() {
		return table( 'logged_in' );
	},
	get user_role() {
		return table( 'user_role' );
	},
};

export function layout(): SampleLayout {
	return {
		tables: DIMENSION_KEYS.map( ( key ) => {
			const page = table( key );
			return {
				title: info( key ).label,
				columns: page.columns.map( ( column ) => column.label ),
				rows: page.rows.map( ( row ) => [
					String( row.label ),
					Number( row.pageview ),
				] ),
			};
		} ),
	};
}
