/**
 * SAMPLE DATA — the Dimensions report (spec 2 §3 "dimensions"). Shown blurred under its upsell;
 * never real.
 */
import { __ } from '@wordpress/i18n';

import type { SampleLayout } from '.';

export const SAMPLE = true;

export const payload = {
	dimensions: {
		author: {
			label: 'Most Popular Authors',
			name: 'author',
			id: 'author',
			enabled: true,
			tooltip: '',
		},
		category: {
			label: 'Most Popular Categories',
			name: 'category',
			id: 'category',
			enabled: true,
			tooltip: '',
		},
		post_type: {
			label: 'Most Popular Post Types',
			name: 'post_type',
			id: 'post_type',
			enabled: true,
			tooltip: '',
		},
	},
	author: {
		data: [
			{ label: 'Sample author: Alex', pageview: 8120 },
			{ label: 'Sample author: Sam', pageview: 5410 },
			{ label: 'Sample author: Robin', pageview: 2230 },
		],
		error: null,
	},
	category: {
		data: [
			{ label: 'Sample category: guides', pageview: 9870 },
			{ label: 'Sample category: news', pageview: 4120 },
			{ label: 'Sample category: reviews', pageview: 1760 },
		],
		error: null,
	},
	post_type: {
		data: [
			{ label: 'post', pageview: 14210 },
			{ label: 'page', pageview: 6320 },
			{ label: 'product', pageview: 1980 },
		],
		error: null,
	},
};

export function layout(): SampleLayout {
	const ids = [ 'author', 'category', 'post_type' ] as const;
	return {
		tables: ids.map( ( id ) => ( {
			title: payload.dimensions[ id ].label,
			columns: [
				__( 'Label', 'monsterinsights-reports' ),
				__( 'Views', 'monsterinsights-reports' ),
			],
			rows: payload[ id ].data.map( ( r ) => [ r.label, r.pageview ] ),
		} ) ),
	};
}
